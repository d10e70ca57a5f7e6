// Making an account, as the auth session (./auth-session.ts) runs it while
// role lookups for the new identity wait: with a password (the identity, its
// name and photo, then the user record), or through Google (the user record
// made on the first sign-in). Loaded only when one of them runs.
import { whenApiReady } from '#shared/api/api-ready'
import { api } from '#shared/api/http-client'
import type { AuthGateway, AuthIdentity } from './auth-identity'
import type { SignUpInput } from './auth-session'

/** The bearer of a call made while signing up, given the provider's ID token. */
type Bearer = (idToken: string | null) => string | undefined

export async function registerWithPassword(
  gw: AuthGateway,
  { name, email, password, photoURL }: SignUpInput,
  bearer: Bearer,
): Promise<AuthIdentity> {
  await gw.signUp(email, password)
  const idToken = await gw.getIdToken()
  // A new account has no photo to remove: with none given, none is sent (the
  // SDK would send `photoUrl: null`, which the Auth emulator refuses).
  const updated = await gw.updateProfile(photoURL ? { displayName: name, photoURL } : { displayName: name })
  await whenApiReady()
  await api('createUser', { body: { name, email, photo: photoURL ?? '' }, authorization: bearer(idToken) })
  return updated
}

export async function registerWithGoogle(gw: AuthGateway, bearer: Bearer): Promise<AuthIdentity> {
  const signedIn = await gw.signInWithGoogle()
  if (signedIn.email) {
    const now = new Date().toISOString()
    try {
      const idToken = await gw.getIdToken()
      await whenApiReady()
      await api('createUser', {
        body: { email: signedIn.email, role: 'user', created_at: now, last_log_in: now },
        authorization: bearer(idToken),
      })
    } catch (err) {
      // The account is signed in either way; the role lookup decides what follows.
      console.log('AuthProvider error', err)
    }
  }
  return signedIn
}
