// The live gateway against the Identity Toolkit endpoints the Firebase SDK
// calls through connectAuthEmulator (as Firebase Auth 12 does), answered
// here by msw: sign-up, sign-in, profile update, sign-out, the ID token, and
// the errors mapped to the same texts the demo gateway shows.
import { http, HttpResponse } from 'msw'
import { beforeAll, describe, expect, it } from 'vitest'
import { server } from '../../../tests/setup/msw-server'
import { AUTH_MESSAGES } from './auth-errors'
import type * as FirebaseAuth from 'firebase/auth'
import type { AuthGateway, AuthIdentity } from './auth-identity'
import type { createFirebaseAuthGateway as CreateGateway } from './firebase-auth-gateway'

// Firebase's Node build takes hold of `fetch` when it is first imported, so it
// is imported only after msw has patched fetch (the setup file's beforeAll).
let firebaseAuth: typeof FirebaseAuth
let createFirebaseAuthGateway: typeof CreateGateway
beforeAll(async () => {
  firebaseAuth = await import('firebase/auth')
  ;({ createFirebaseAuthGateway } = await import('./firebase-auth-gateway'))
})

const EMULATOR = 'http://localhost:3000'
const PROJECT = 'studyhub-test'

function b64url(value: object): string {
  return Buffer.from(JSON.stringify(value)).toString('base64url')
}

/** An emulator-style ID token: an unsigned JWT (alg none). */
function idToken(uid: string, email: string): string {
  const iat = Math.floor(Date.now() / 1000)
  return `${b64url({ alg: 'none', typ: 'JWT' })}.${b64url({
    iss: `https://securetoken.google.com/${PROJECT}`,
    aud: PROJECT,
    sub: uid,
    user_id: uid,
    iat,
    exp: iat + 3600,
    auth_time: iat,
    email,
    firebase: { sign_in_provider: 'password', identities: { email: [email] } },
  })}.`
}

interface Account {
  localId: string
  email: string
  password: string
  displayName?: string
  photoUrl?: string
}

function toolkitError(message: string) {
  return HttpResponse.json({ error: { code: 400, message, errors: [{ message, reason: 'invalid' }] } }, { status: 400 })
}

/** A tiny Identity Toolkit: enough of it for the SDK's email/password flows. */
function identityToolkit() {
  const accounts = new Map<string, Account>()
  const calls: string[] = []
  /** The mails the toolkit was asked to send: what, and to whom. */
  const mails: Array<{ requestType: string; email: string }> = []
  const byToken = (token: string) => {
    const payload = JSON.parse(Buffer.from(token.split('.')[1]!, 'base64url').toString()) as { sub: string }
    return [...accounts.values()].find((a) => a.localId === payload.sub)
  }
  const session = (a: Account) => ({
    idToken: idToken(a.localId, a.email),
    refreshToken: `refresh-${a.localId}`,
    expiresIn: '3600',
    localId: a.localId,
    email: a.email,
  })
  const endpoint = (name: string) => new RegExp(`/identitytoolkit\\.googleapis\\.com/v1/accounts:${name}(\\?|$)`)
  server.use(
    http.post(endpoint('signUp'), async ({ request }) => {
      calls.push('signUp')
      const { email, password } = (await request.json()) as { email: string; password: string }
      if (accounts.has(email)) return toolkitError('EMAIL_EXISTS')
      if (!password || password.length < 6)
        return toolkitError('WEAK_PASSWORD : Password should be at least 6 characters')
      const account = { localId: `uid-${accounts.size + 1}`, email, password }
      accounts.set(email, account)
      return HttpResponse.json({ kind: 'identitytoolkit#SignupNewUserResponse', ...session(account) })
    }),
    http.post(endpoint('signInWithPassword'), async ({ request }) => {
      calls.push('signInWithPassword')
      const { email, password } = (await request.json()) as { email: string; password: string }
      const account = accounts.get(email)
      if (!account || account.password !== password) return toolkitError('INVALID_LOGIN_CREDENTIALS')
      return HttpResponse.json({
        kind: 'identitytoolkit#VerifyPasswordResponse',
        registered: true,
        ...session(account),
      })
    }),
    http.post(endpoint('lookup'), async ({ request }) => {
      calls.push('lookup')
      const { idToken: token } = (await request.json()) as { idToken: string }
      const a = byToken(token)
      if (!a) return toolkitError('INVALID_ID_TOKEN')
      return HttpResponse.json({
        kind: 'identitytoolkit#GetAccountInfoResponse',
        users: [
          {
            localId: a.localId,
            email: a.email,
            displayName: a.displayName,
            photoUrl: a.photoUrl,
            emailVerified: false,
            providerUserInfo: [{ providerId: 'password', email: a.email, federatedId: a.email, rawId: a.email }],
            validSince: '0',
            createdAt: String(Date.now()),
            lastLoginAt: String(Date.now()),
          },
        ],
      })
    }),
    http.post(endpoint('update'), async ({ request }) => {
      calls.push('update')
      const body = (await request.json()) as { idToken: string; displayName?: string; photoUrl?: string }
      const a = byToken(body.idToken)
      if (!a) return toolkitError('INVALID_ID_TOKEN')
      if (body.displayName !== undefined) a.displayName = body.displayName
      if (body.photoUrl !== undefined) a.photoUrl = body.photoUrl
      return HttpResponse.json({
        kind: 'identitytoolkit#SetAccountInfoResponse',
        localId: a.localId,
        email: a.email,
        displayName: a.displayName,
        photoUrl: a.photoUrl,
        providerUserInfo: [{ providerId: 'password', email: a.email, federatedId: a.email }],
      })
    }),
    // The mails: a reset link to an email (refused for an unknown one, as a project without email enumeration
    // protection does), a verification link to the signed-in account.
    http.post(endpoint('sendOobCode'), async ({ request }) => {
      calls.push('sendOobCode')
      const body = (await request.json()) as { requestType: string; email?: string; idToken?: string }
      if (body.requestType === 'PASSWORD_RESET') {
        if (!/^[^@\s]+@[^@\s]+$/.test(body.email ?? '')) return toolkitError('INVALID_EMAIL')
        if (!accounts.has(body.email!)) return toolkitError('EMAIL_NOT_FOUND')
        mails.push({ requestType: body.requestType, email: body.email! })
        return HttpResponse.json({ kind: 'identitytoolkit#GetOobConfirmationCodeResponse', email: body.email })
      }
      const a = body.idToken ? byToken(body.idToken) : undefined
      if (body.requestType !== 'VERIFY_EMAIL' || !a) return toolkitError('INVALID_ID_TOKEN')
      mails.push({ requestType: body.requestType, email: a.email })
      return HttpResponse.json({ kind: 'identitytoolkit#GetOobConfirmationCodeResponse', email: a.email })
    }),
    http.post(/\/securetoken\.googleapis\.com\/v1\/token/, () => {
      calls.push('token')
      return HttpResponse.json({ error: { code: 400, message: 'TOKEN_EXPIRED' } }, { status: 400 })
    }),
  )
  return { accounts, calls, mails }
}

// A Firebase app per test, so no test sees another's signed-in user.
let appCount = 0

function gateway(): AuthGateway {
  return createFirebaseAuthGateway({
    appName: `firebase-gateway-test-${++appCount}`,
    config: { apiKey: 'test-api-key', projectId: PROJECT, authDomain: `${PROJECT}.firebaseapp.com` },
    persistence: firebaseAuth.inMemoryPersistence,
    emulatorUrl: EMULATOR,
  })
}

function changes(gw: AuthGateway) {
  const seen: Array<AuthIdentity | null> = []
  const stop = gw.onAuthStateChanged((identity) => seen.push(identity))
  return { seen, stop }
}

describe('Firebase auth gateway (Identity Toolkit under msw)', () => {
  it('signs up, updates the profile, gives an ID token, signs out, and reports each change', async () => {
    const toolkit = identityToolkit()
    const gw = gateway()
    const { seen, stop } = changes(gw)

    const created = await gw.signUp('nia@example.com', 'secret1')
    expect(created).toEqual({ uid: 'uid-1', email: 'nia@example.com', displayName: null, photoURL: null })

    const updated = await gw.updateProfile({ displayName: 'Nia', photoURL: 'https://img.example/nia.png' })
    expect(updated).toMatchObject({ uid: 'uid-1', displayName: 'Nia', photoURL: 'https://img.example/nia.png' })
    expect(toolkit.accounts.get('nia@example.com')).toMatchObject({ displayName: 'Nia' })

    const token = await gw.getIdToken()
    const payload = JSON.parse(Buffer.from(token!.split('.')[1]!, 'base64url').toString()) as { email: string }
    expect(payload.email).toBe('nia@example.com')

    await gw.signOut()
    expect(await gw.getIdToken()).toBeNull()
    await expect.poll(() => seen.map((i) => i?.email ?? null)).toEqual([null, 'nia@example.com', null])
    expect(toolkit.calls).toEqual(expect.arrayContaining(['signUp', 'lookup', 'update']))
    stop()
  })

  it('signs in with email and password', async () => {
    const toolkit = identityToolkit()
    toolkit.accounts.set('sam@example.com', {
      localId: 'uid-sam',
      email: 'sam@example.com',
      password: 'demo1234',
      displayName: 'Sam',
    })
    const gw = gateway()
    const identity = await gw.signIn('sam@example.com', 'demo1234')
    expect(identity).toEqual({ uid: 'uid-sam', email: 'sam@example.com', displayName: 'Sam', photoURL: null })
    expect(toolkit.calls).toEqual(['signInWithPassword', 'lookup'])
  })

  it.each([
    ['an email already in use', 'signUp', 'taken@example.com', 'secret1', AUTH_MESSAGES['auth/email-already-in-use']],
    ['a weak password', 'signUp', 'new@example.com', '123', AUTH_MESSAGES['auth/weak-password']],
    ['a wrong password', 'signIn', 'taken@example.com', 'nope-nope', AUTH_MESSAGES['auth/invalid-credential']],
    ['an unknown account', 'signIn', 'ghost@example.com', 'whatever', AUTH_MESSAGES['auth/invalid-credential']],
  ] as const)('maps %s to the shared message', async (_label, method, email, password, message) => {
    const toolkit = identityToolkit()
    toolkit.accounts.set('taken@example.com', { localId: 'uid-t', email: 'taken@example.com', password: 'secret1' })
    const gw = gateway()
    await expect(gw[method](email, password)).rejects.toMatchObject({ name: 'AuthError', message })
  })

  it('mails a password reset link to an account’s email, and answers an unknown email the same way', async () => {
    const toolkit = identityToolkit()
    toolkit.accounts.set('sam@example.com', { localId: 'uid-sam', email: 'sam@example.com', password: 'demo1234' })
    const gw = gateway()
    await expect(gw.sendPasswordReset('sam@example.com')).resolves.toBeUndefined()
    await expect(gw.sendPasswordReset('ghost@example.com')).resolves.toBeUndefined()
    expect(toolkit.mails).toEqual([{ requestType: 'PASSWORD_RESET', email: 'sam@example.com' }])
    expect(toolkit.calls).toEqual(['sendOobCode', 'sendOobCode'])
  })

  it('refuses a reset to what is no email with the shared message', async () => {
    identityToolkit()
    await expect(gateway().sendPasswordReset('not-an-email')).rejects.toMatchObject({
      name: 'AuthError',
      message: AUTH_MESSAGES['auth/invalid-email'],
    })
  })

  it('mails the signed-in account a verification link, and refuses when no one is signed in', async () => {
    const toolkit = identityToolkit()
    const gw = gateway()
    await expect(gw.sendEmailVerification()).rejects.toMatchObject({ code: 'auth/no-current-user' })
    await gw.signUp('nia@example.com', 'secret1')
    await gw.sendEmailVerification()
    expect(toolkit.mails).toEqual([{ requestType: 'VERIFY_EMAIL', email: 'nia@example.com' }])
  })

  it('reports an unreachable server as a network failure', async () => {
    server.use(http.post(/identitytoolkit\.googleapis\.com/, () => HttpResponse.error()))
    const gw = gateway()
    await expect(gw.signIn('sam@example.com', 'demo1234')).rejects.toMatchObject({
      code: 'auth/network-request-failed',
      message: AUTH_MESSAGES['auth/network-request-failed'],
    })
  })
})
