// A stand-in identity provider for unit tests: password sign-in accepts
// 'right-password', Google signs in Gina, and it notifies like Firebase does.
import { vi } from 'vitest'
import { AuthError } from '../auth-errors'
import type { AuthGateway, AuthIdentity, ProfileUpdate } from '../auth-identity'

/** A stand-in identity provider that notifies like Firebase does: soon after subscribing, then on each change. */
export function fakeGateway(initial: AuthIdentity | null = null) {
  let current = initial
  const listeners = new Set<(identity: AuthIdentity | null) => void>()
  const emit = () => listeners.forEach((listener) => listener(current))
  const identityFor = (email: string): AuthIdentity => ({
    uid: `uid-${email}`,
    email,
    displayName: null,
    photoURL: null,
  })
  const gateway: AuthGateway = {
    signUp: vi.fn(async (email: string) => {
      current = identityFor(email)
      emit()
      return current
    }),
    signIn: vi.fn(async (email: string, password: string) => {
      if (password !== 'right-password') throw new AuthError('auth/invalid-credential')
      current = identityFor(email)
      emit()
      return current
    }),
    signInWithGoogle: vi.fn(async () => {
      current = { ...identityFor('gina@gmail.test'), displayName: 'Gina' }
      emit()
      return current
    }),
    updateProfile: vi.fn(async (profile: ProfileUpdate): Promise<AuthIdentity> => {
      current = { ...current!, ...profile }
      return current
    }),
    signOut: vi.fn(async () => {
      current = null
      emit()
    }),
    onAuthStateChanged: (callback) => {
      listeners.add(callback)
      queueMicrotask(() => callback(current))
      return () => listeners.delete(callback)
    },
    getIdToken: vi.fn(async () => (current ? `id-token-for-${current.email}` : null)),
    // Resolves for any email, as the providers do: whether an account has it is not told.
    sendPasswordReset: vi.fn(async () => {}),
    sendEmailVerification: vi.fn(async () => {
      if (!current) throw new AuthError('auth/no-current-user')
    }),
  }
  return { gateway, identityFor }
}
