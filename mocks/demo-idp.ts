// The demo identity provider: the demo build's stand-in for Firebase Auth,
// served beside the REST API under /api/demo-idp (paths and types in
// src/contract/demo-identity.ts). Its accounts (the `identities` table) are
// not the REST `users`: the app creates the user record with POST /users
// after sign-up, as it would against Firebase and a live server.
// ID tokens are HS256 JWTs with their own issuer and audience, valid 7 days;
// POST /jwt accepts one as proof of an email, and nothing accepts an app token
// in its place. Its mails (a password reset's link, an email verification's)
// go to the demo mailbox, each with a one-time code that expires
// (DEMO_CODE_TTL_MS) and opens a demo page of the app (demoPages).
import { http, type HttpHandler } from 'msw'
import { z } from 'zod'
import {
  DEMO_CODE_TTL_MS,
  DEMO_IDP_BASE,
  DEMO_PASSWORD_MIN_LENGTH,
  demoIdpPaths,
  demoPages,
  type DemoCodeAnswer,
  type DemoIdentity,
  type DemoIdpErrorCode,
  type DemoIdpSession,
} from '#contract/demo-identity'
import type { DemoDb, IdentityRow, IdpCodeRow } from './db/demo-db'
import { bearerToken, HttpError, json } from '#core/http-errors'
import { newId } from '#core/ids'
import { renderAccountMail } from '#core/mail/render-mail'
import { mailRow } from './db/mailbox-row'
import { DEMO_GOOGLE_ACCOUNTS } from './demo-seed'
import { checkPassword, codeHash, hashPassword, newCode, signIdToken, verifyIdToken } from './server/crypto'
import { serve } from './server/serve'

const MESSAGES: Record<DemoIdpErrorCode, string> = {
  'auth/email-already-in-use': 'The email address is already in use by another account.',
  'auth/weak-password': `Password should be at least ${DEMO_PASSWORD_MIN_LENGTH} characters`,
  'auth/invalid-email': 'The email address is badly formatted.',
  'auth/missing-password': 'A password is required.',
  'auth/invalid-credential': 'The email or password is incorrect.',
  'auth/account-exists-with-different-credential':
    'An account already exists with the same email address but a different sign-in method.',
  'auth/network-request-failed': 'A network error occurred.',
  'auth/invalid-action-code': 'This link is not valid: it was used already, or it is not a link we sent.',
  'auth/expired-action-code': 'This link has expired. Ask for a new one.',
}

class IdpError extends HttpError {
  constructor(
    readonly code: DemoIdpErrorCode,
    status = 400,
  ) {
    super(status, MESSAGES[code], { code })
  }
}

const emailSchema = z.email()
const text = z.string().trim().max(500).nullish()

function readEmail(value: unknown): string {
  const parsed = emailSchema.safeParse(typeof value === 'string' ? value.trim() : value)
  if (!parsed.success) throw new IdpError('auth/invalid-email')
  return parsed.data.toLowerCase()
}

async function readJson(request: Request): Promise<Record<string, unknown>> {
  try {
    const body = (await request.json()) as unknown
    return body && typeof body === 'object' ? (body as Record<string, unknown>) : {}
  } catch {
    return {}
  }
}

function optionalText(value: unknown): string | null {
  const parsed = text.safeParse(value)
  return parsed.success && parsed.data ? parsed.data : null
}

function identityOf(row: IdentityRow): DemoIdentity {
  return { uid: row.uid, email: row.email, displayName: row.displayName, photoURL: row.photoURL }
}

async function sessionOf(db: DemoDb, row: IdentityRow): Promise<DemoIdpSession> {
  return { idToken: await signIdToken(db, { sub: row.uid, email: row.email }), user: identityOf(row) }
}

const path = (p: string) => `*${DEMO_IDP_BASE}${p}`

/** A password that the provider takes, or its refusal. */
function readPassword(value: unknown): string {
  const password = typeof value === 'string' ? value : ''
  if (!password) throw new IdpError('auth/missing-password')
  if (password.length < DEMO_PASSWORD_MIN_LENGTH) throw new IdpError('auth/weak-password')
  return password
}

/** The identity an ID token names, or 401. */
async function signedIn(db: DemoDb, request: Request): Promise<IdentityRow> {
  const token = bearerToken(request)
  const claims = token ? await verifyIdToken(db, token) : null
  const row = claims ? await db.identities.get(claims.sub) : undefined
  if (!row) throw new IdpError('auth/invalid-credential', 401)
  return row
}

type CodePurpose = IdpCodeRow['purpose']

/** Mails `row` a link with a fresh code for `purpose` to the app's page for it, on the origin the app asked from. */
async function mailCode(db: DemoDb, request: Request, row: IdentityRow, purpose: CodePurpose): Promise<void> {
  const code = newCode()
  const now = Date.now()
  const appOrigin = new URL(request.url).origin
  const page = purpose === 'password-reset' ? demoPages.resetPassword : demoPages.verifyEmail
  const link = `${appOrigin}${page}?code=${encodeURIComponent(code)}`
  const mail = renderAccountMail({ kind: purpose, to: row.email, link, appOrigin })
  const hash = await codeHash(code)
  await db.transaction('rw', db.idpCodes, db.mailbox, async () => {
    await db.idpCodes.add({
      hash,
      uid: row.uid,
      purpose,
      expiresAt: new Date(now + DEMO_CODE_TTL_MS[purpose]).toISOString(),
    })
    await db.mailbox.add(mailRow(row.email, mail, new Date(now).toISOString()))
  })
}

/** The identity a code of `purpose` is for; refused when it is unknown, spent, for something else or expired. */
async function identityOfCode(
  db: DemoDb,
  code: unknown,
  purpose: CodePurpose,
): Promise<{ row: IdentityRow; hash: string }> {
  const hash = typeof code === 'string' && code.length > 0 && code.length <= 200 ? await codeHash(code) : ''
  const stored = hash ? await db.idpCodes.get(hash) : undefined
  const row = stored?.purpose === purpose ? await db.identities.get(stored.uid) : undefined
  if (!stored || !row || row.disabled) throw new IdpError('auth/invalid-action-code')
  if (Date.parse(stored.expiresAt) <= Date.now()) {
    await db.idpCodes.delete(hash)
    throw new IdpError('auth/expired-action-code')
  }
  return { row, hash }
}

/** What the provider tells whoever asks for a reset: the same whether or not an account has the email. */
const RESET_ASKED = {
  success: true,
  message: 'If an account has this email, a link to choose a new password is on its way.',
}

export const demoIdpHandlers: HttpHandler[] = [
  http.post(path(demoIdpPaths.signUp), ({ request }) =>
    serve(async (db) => {
      const body = await readJson(request)
      const email = readEmail(body.email)
      const password = readPassword(body.password)
      if (await db.identities.where('email').equals(email).first()) throw new IdpError('auth/email-already-in-use')
      const row: IdentityRow = {
        uid: newId(),
        email,
        provider: 'password',
        emailVerified: false,
        ...(await hashPassword(password)),
        displayName: optionalText(body.displayName),
        photoURL: optionalText(body.photoURL),
        createdAt: new Date().toISOString(),
      }
      try {
        await db.identities.add(row)
      } catch {
        // The unique email index: a concurrent sign-up won.
        throw new IdpError('auth/email-already-in-use')
      }
      return json(await sessionOf(db, row))
    }),
  ),

  http.post(path(demoIdpPaths.signIn), ({ request }) =>
    serve(async (db) => {
      const body = await readJson(request)
      const email = readEmail(body.email)
      const password = typeof body.password === 'string' ? body.password : ''
      if (!password) throw new IdpError('auth/missing-password')
      const row = await db.identities.where('email').equals(email).first()
      // Unknown email and wrong password answer alike, so emails cannot be probed.
      const ok =
        row?.provider === 'password' &&
        row.passwordHash &&
        row.salt &&
        row.iterations &&
        (await checkPassword(password, { passwordHash: row.passwordHash, salt: row.salt, iterations: row.iterations }))
      if (!row || !ok) throw new IdpError('auth/invalid-credential')
      return json(await sessionOf(db, row))
    }),
  ),

  http.get(path(demoIdpPaths.googleAccounts), () =>
    serve(async () => json({ accounts: DEMO_GOOGLE_ACCOUNTS.map((a) => ({ ...a })) })),
  ),

  http.post(path(demoIdpPaths.google), ({ request }) =>
    serve(async (db) => {
      const body = await readJson(request)
      const email = readEmail(body.email)
      const existing = await db.identities.where('email').equals(email).first()
      if (existing && existing.provider !== 'google')
        throw new IdpError('auth/account-exists-with-different-credential')
      if (existing) return json(await sessionOf(db, existing))
      const known = DEMO_GOOGLE_ACCOUNTS.find((a) => a.email === email)
      const row: IdentityRow = {
        uid: newId(),
        email,
        provider: 'google',
        emailVerified: true,
        displayName: optionalText(body.displayName) ?? known?.displayName ?? null,
        photoURL: optionalText(body.photoURL) ?? known?.photoURL ?? null,
        createdAt: new Date().toISOString(),
      }
      await db.identities.add(row)
      return json(await sessionOf(db, row))
    }),
  ),

  http.post(path(demoIdpPaths.updateProfile), ({ request }) =>
    serve(async (db) => {
      const row = await signedIn(db, request)
      const body = await readJson(request)
      const changes: Partial<IdentityRow> = {}
      if ('displayName' in body) changes.displayName = optionalText(body.displayName)
      if ('photoURL' in body) changes.photoURL = optionalText(body.photoURL)
      await db.identities.update(row.uid, changes)
      return json(await sessionOf(db, { ...row, ...changes }))
    }),
  ),

  // Only a password account has a password to reset; anyone else's email gets nothing, and the same answer.
  http.post(path(demoIdpPaths.sendPasswordReset), ({ request }) =>
    serve(async (db) => {
      const email = readEmail((await readJson(request)).email)
      const row = await db.identities.where('email').equals(email).first()
      if (row?.provider === 'password' && !row.disabled) await mailCode(db, request, row, 'password-reset')
      return json(RESET_ASKED)
    }),
  ),

  http.post(path(demoIdpPaths.checkResetCode), ({ request }) =>
    serve(async (db) => {
      const { row } = await identityOfCode(db, (await readJson(request)).code, 'password-reset')
      return json({ email: row.email } satisfies DemoCodeAnswer)
    }),
  ),

  // Following the link proved the mailbox is theirs: the email counts as verified too, as Firebase does.
  http.post(path(demoIdpPaths.resetPassword), ({ request }) =>
    serve(async (db) => {
      const body = await readJson(request)
      const password = readPassword(body.password)
      const { row } = await identityOfCode(db, body.code, 'password-reset')
      const hash = await hashPassword(password)
      await db.transaction('rw', db.identities, db.idpCodes, async () => {
        await db.identities.update(row.uid, { ...hash, emailVerified: true })
        // Every reset link of the account is spent with the one used.
        await db.idpCodes
          .where('uid')
          .equals(row.uid)
          .filter((c) => c.purpose === 'password-reset')
          .delete()
      })
      return json({ email: row.email } satisfies DemoCodeAnswer)
    }),
  ),

  http.post(path(demoIdpPaths.sendEmailVerification), ({ request }) =>
    serve(async (db) => {
      const row = await signedIn(db, request)
      await mailCode(db, request, row, 'verify-email')
      return json({ success: true, message: `A link to verify ${row.email} is on its way.` })
    }),
  ),

  http.post(path(demoIdpPaths.verifyEmail), ({ request }) =>
    serve(async (db) => {
      const { row, hash } = await identityOfCode(db, (await readJson(request)).code, 'verify-email')
      await db.transaction('rw', db.identities, db.idpCodes, async () => {
        await db.identities.update(row.uid, { emailVerified: true })
        await db.idpCodes.delete(hash)
      })
      return json({ email: row.email } satisfies DemoCodeAnswer)
    }),
  ),
]
