// Who is signed in, for tests that render a screen without signing in
// through the identity provider: the seeded demo account of a role (`null`:
// a visitor who is not signed in), as the ['auth', 'user'] entry holds it,
// and actions that do nothing.
import { vi } from 'vitest'
import type { Role } from '#contract/entities'
import type { AuthActions } from '../auth-provider'
import type { SignedInUser } from '../user-query'

const NAMES: Record<Role, string> = { student: 'Sam Carter', tutor: 'Priya Sharma', admin: 'Morgan Ellis' }

export function userAs(role: Role | null): SignedInUser | null {
  return role
    ? { uid: `uid-${role}`, email: `${role}@studyhub.demo`, displayName: NAMES[role], photoURL: null, role }
    : null
}

export function idleAuthActions(): AuthActions {
  return {
    signIn: vi.fn(),
    signUp: vi.fn(),
    signInWithGoogle: vi.fn(),
    logOut: vi.fn(),
    signOutEverywhere: vi.fn(),
    sendPasswordReset: vi.fn(),
    sendEmailVerification: vi.fn(),
  }
}
