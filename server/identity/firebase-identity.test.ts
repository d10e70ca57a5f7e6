// @vitest-environment node
import type { DecodedIdToken } from 'firebase-admin/auth'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { createFirebaseIdentity, identityFromToken, identityVerifier, type IdTokenAuth } from './firebase-identity'

function decoded(claims: Partial<DecodedIdToken> & Record<string, unknown>): DecodedIdToken {
  return {
    aud: 'demo-studyhub',
    auth_time: 1_700_000_000,
    exp: 1_700_003_600,
    iat: 1_700_000_000,
    iss: 'https://securetoken.google.com/demo-studyhub',
    sub: 'uid-1',
    uid: 'uid-1',
    firebase: { identities: {}, sign_in_provider: 'password' },
    ...claims,
  }
}

/** An Auth whose verifyIdToken knows one token. */
function stubAuth(token: string, answer: DecodedIdToken | Error): IdTokenAuth {
  return {
    verifyIdToken: vi.fn(async (idToken: string) => {
      if (idToken !== token || answer instanceof Error) throw answer instanceof Error ? answer : new Error('unknown')
      return answer
    }),
  }
}

describe('identityFromToken', () => {
  it('maps a Google sign-in: lowercase email, verified, name and picture', () => {
    const token = decoded({
      email: 'Ada.Lovelace@School.EDU',
      email_verified: true,
      name: 'Ada Lovelace',
      picture: 'https://lh3.googleusercontent.com/a/ada',
    })
    expect(identityFromToken(token)).toEqual({
      uid: 'uid-1',
      email: 'ada.lovelace@school.edu',
      emailVerified: true,
      name: 'Ada Lovelace',
      picture: 'https://lh3.googleusercontent.com/a/ada',
      authTime: 1_700_000_000,
    })
  })

  it('maps a fresh password account: unverified, no name or picture', () => {
    expect(identityFromToken(decoded({ email: 'new@school.edu', email_verified: false }))).toEqual({
      uid: 'uid-1',
      email: 'new@school.edu',
      emailVerified: false,
      name: null,
      picture: null,
      authTime: 1_700_000_000,
    })
    // Only a literal true vouches for the email.
    expect(
      identityFromToken(decoded({ email: 'new@school.edu', email_verified: 'true' as never }))?.emailVerified,
    ).toBe(false)
  })

  it('is null for a token without an email (phone or anonymous sign-in)', () => {
    expect(identityFromToken(decoded({}))).toBeNull()
    expect(identityFromToken(decoded({ email: '  ' }))).toBeNull()
  })
})

describe('identityVerifier', () => {
  it('answers the identity of a token the provider accepts', async () => {
    const auth = stubAuth('good', decoded({ email: 'a@school.edu', email_verified: true }))
    expect(await identityVerifier(auth).verify('good')).toMatchObject({ uid: 'uid-1', email: 'a@school.edu' })
  })

  it('answers null, and reports why, for any token the provider refuses', async () => {
    const rejected: unknown[] = []
    const expired = Object.assign(new Error('Firebase ID token has expired.'), { code: 'auth/id-token-expired' })
    const verifier = identityVerifier(stubAuth('good', expired), (reason) => rejected.push(reason))
    expect(await verifier.verify('good')).toBeNull()
    expect(await verifier.verify('forged')).toBeNull()
    expect(rejected).toHaveLength(2)
    expect(rejected[0]).toBe(expired)
  })

  it('refuses a token of a disabled or revoked account: firebase-admin checks that only when asked to', async () => {
    // firebase-admin's own rule: against the real service the account is
    // looked up only with checkRevoked (the emulator always looks it up, so the
    // conformance suite cannot tell the two apart).
    const disabled = Object.assign(new Error('The user record is disabled.'), { code: 'auth/user-disabled' })
    const auth: IdTokenAuth = {
      verifyIdToken: async (_idToken, checkRevoked) => {
        if (checkRevoked) throw disabled
        return decoded({ email: 'gone@school.edu', email_verified: true })
      },
    }
    const rejected: unknown[] = []
    expect(await identityVerifier(auth, (reason) => rejected.push(reason)).verify('still-signed')).toBeNull()
    expect(rejected).toEqual([disabled])
  })

  it('does not ask the provider about an empty token', async () => {
    const auth = stubAuth('good', decoded({ email: 'a@school.edu' }))
    expect(await identityVerifier(auth).verify('')).toBeNull()
    expect(auth.verifyIdToken).not.toHaveBeenCalled()
  })
})

describe('createFirebaseIdentity', () => {
  const before = process.env.FIREBASE_AUTH_EMULATOR_HOST
  afterEach(() => {
    if (before === undefined) delete process.env.FIREBASE_AUTH_EMULATOR_HOST
    else process.env.FIREBASE_AUTH_EMULATOR_HOST = before
  })

  const base64url = (value: unknown) => Buffer.from(JSON.stringify(value)).toString('base64url')
  /** What the Auth emulator issues: a well-formed token with no signature. */
  function unsignedToken(projectId: string): string {
    const now = Math.floor(Date.now() / 1000)
    const header = base64url({ alg: 'none', typ: 'JWT' })
    const payload = base64url({
      iss: `https://securetoken.google.com/${projectId}`,
      aud: projectId,
      auth_time: now,
      user_id: 'uid-1',
      sub: 'uid-1',
      iat: now,
      exp: now + 3600,
      email: 'mallory@school.edu',
      email_verified: true,
      firebase: { identities: {}, sign_in_provider: 'password' },
    })
    return `${header}.${payload}.`
  }

  it('refuses malformed and unsigned tokens when no emulator is configured', async () => {
    const rejected: unknown[] = []
    const verifier = createFirebaseIdentity({ projectId: 'demo-unit', onRejected: (reason) => rejected.push(reason) })
    expect(await verifier.verify('not-a-jwt')).toBeNull()
    expect(await verifier.verify(unsignedToken('demo-unit'))).toBeNull()
    expect(rejected).toHaveLength(2)
  })

  it('sets the emulator switch firebase-admin reads only when the config asks for the emulator', () => {
    process.env.FIREBASE_AUTH_EMULATOR_HOST = '127.0.0.1:1'
    createFirebaseIdentity({ projectId: 'demo-unit' })
    expect(process.env.FIREBASE_AUTH_EMULATOR_HOST).toBeUndefined()
    createFirebaseIdentity({ projectId: 'demo-unit', emulatorHost: '127.0.0.1:9099' })
    expect(process.env.FIREBASE_AUTH_EMULATOR_HOST).toBe('127.0.0.1:9099')
  })

  it('refuses to serve two project ids from one process', () => {
    createFirebaseIdentity({ projectId: 'demo-unit' })
    expect(() => createFirebaseIdentity({ projectId: 'demo-other' })).toThrow(/already exists/)
  })
})
