// The API server's identity provider: Firebase Auth, through firebase-admin.
// A token is checked for signature, issuer, audience and expiry against the
// project id and Google's public keys, and then for revocation: firebase-admin
// looks the account up, and a disabled account, or one whose sessions were
// revoked (a password reset does that) since the token was issued, is refused
// at once instead of for the rest of the token's hour. That lookup is an admin
// call, so a real project needs a service account (Application Default
// Credentials, GOOGLE_APPLICATION_CREDENTIALS; docs/decisions/0050-sign-in-checks-revocation.md).
//
// In emulator mode (FIREBASE_AUTH_EMULATOR_HOST, allowed by ../config.ts only
// for a demo- project) firebase-admin accepts the emulator's unsigned tokens
// and looks each user up in the emulator.
import { getApps, initializeApp, type App } from 'firebase-admin/app'
import { getAuth, type DecodedIdToken } from 'firebase-admin/auth'
import type { IdentityVerifier, VerifiedIdentity } from '#core/identity'

/** The part of firebase-admin's Auth the verifier uses (a test passes a stub). */
export interface IdTokenAuth {
  verifyIdToken(idToken: string, checkRevoked?: boolean): Promise<DecodedIdToken>
}

export interface FirebaseIdentityOptions {
  projectId: string
  /** host:port of the Auth emulator; undefined for the real service. */
  emulatorHost?: string | undefined
  /** Called with each refused token's reason, for the logs. */
  onRejected?: (reason: unknown) => void
}

const APP_NAME = 'studyhub-api-identity'

/** What a decoded token says about its holder, or null when it names no email. */
export function identityFromToken(token: DecodedIdToken): VerifiedIdentity | null {
  const email = typeof token.email === 'string' ? token.email.trim().toLowerCase() : ''
  if (!token.uid || !email) return null
  const text = (value: unknown) => (typeof value === 'string' && value !== '' ? value : null)
  return {
    uid: token.uid,
    email,
    emailVerified: token.email_verified === true,
    name: text(token.name),
    picture: text(token.picture),
    authTime: token.auth_time,
  }
}

/** A verifier over any Auth-like object. */
export function identityVerifier(auth: IdTokenAuth, onRejected?: (reason: unknown) => void): IdentityVerifier {
  return {
    async verify(idToken) {
      if (!idToken) return null
      try {
        return identityFromToken(await auth.verifyIdToken(idToken, true))
      } catch (error) {
        // Wrong issuer, audience, signature, expired, revoked, malformed: all the same to the caller.
        onRejected?.(error)
        return null
      }
    },
  }
}

function firebaseApp(projectId: string): App {
  const existing = getApps().find((app) => app.name === APP_NAME)
  if (existing) {
    if (existing.options.projectId !== projectId) {
      throw new Error(`Firebase app ${APP_NAME} already exists for project ${existing.options.projectId}`)
    }
    return existing
  }
  return initializeApp({ projectId }, APP_NAME)
}

export function createFirebaseIdentity(options: FirebaseIdentityOptions): IdentityVerifier {
  // firebase-admin reads the emulator switch from the environment when Auth is
  // created. Clearing it otherwise keeps a stray variable from turning off
  // signature checks for a configuration that did not ask for the emulator.
  if (options.emulatorHost) process.env.FIREBASE_AUTH_EMULATOR_HOST = options.emulatorHost
  else delete process.env.FIREBASE_AUTH_EMULATOR_HOST
  return identityVerifier(getAuth(firebaseApp(options.projectId)), options.onRejected)
}
