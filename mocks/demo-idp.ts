// The demo identity provider: the demo build's stand-in for Firebase Auth,
// served beside the REST API under /api/demo-idp (paths and types in
// src/contract/demo-identity.ts). Its accounts (the `identities` table) are
// not the REST `users`: the app creates the user record with POST /users
// after sign-up, as it would against Firebase and a live server.
// ID tokens are HS256 JWTs with their own issuer and audience, valid 7 days;
// POST /jwt accepts one as proof of an email, and nothing accepts an app token
// in its place.
import { http, type HttpHandler } from 'msw'
import { z } from 'zod'
import {
  DEMO_IDP_BASE,
  DEMO_PASSWORD_MIN_LENGTH,
  demoIdpPaths,
  type DemoIdentity,
  type DemoIdpErrorCode,
  type DemoIdpSession,
} from '#contract/demo-identity'
import type { DemoDb, IdentityRow } from './db/demo-db'
import { bearerToken, HttpError, json } from '#core/http-errors'
import { newId } from '#core/ids'
import { DEMO_GOOGLE_ACCOUNTS } from './demo-seed'
import { checkPassword, hashPassword, signIdToken, verifyIdToken } from './server/crypto'
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

export const demoIdpHandlers: HttpHandler[] = [
  http.post(path(demoIdpPaths.signUp), ({ request }) =>
    serve(async (db) => {
      const body = await readJson(request)
      const email = readEmail(body.email)
      const password = typeof body.password === 'string' ? body.password : ''
      if (!password) throw new IdpError('auth/missing-password')
      if (password.length < DEMO_PASSWORD_MIN_LENGTH) throw new IdpError('auth/weak-password')
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
      const token = bearerToken(request)
      const claims = token ? await verifyIdToken(db, token) : null
      const row = claims ? await db.identities.get(claims.sub) : undefined
      if (!row) throw new IdpError('auth/invalid-credential', 401)
      const body = await readJson(request)
      const changes: Partial<IdentityRow> = {}
      if ('displayName' in body) changes.displayName = optionalText(body.displayName)
      if ('photoURL' in body) changes.photoURL = optionalText(body.photoURL)
      await db.identities.update(row.uid, changes)
      return json(await sessionOf(db, { ...row, ...changes }))
    }),
  ),
]
