// The signed-in state a screen sees, for tests that render a screen without
// signing in through the identity provider: the seeded demo account of a role
// (`null`: a visitor who is not signed in).
import { vi } from 'vitest'
import type { AppRole, AuthContextValue } from '../auth-context'

const NAMES: Record<AppRole, string> = { student: 'Sam Carter', tutor: 'Priya Sharma', admin: 'Morgan Ellis' }

export function authAs(role: AppRole | null): AuthContextValue {
  const email = role ? `${role}@studyhub.demo` : null
  return {
    user: role && email ? { uid: `uid-${role}`, email, displayName: NAMES[role], photoURL: null } : null,
    email,
    role: role ?? 'student',
    loading: false,
    signIn: vi.fn(),
    signUp: vi.fn(),
    signInWithGoogle: vi.fn(),
    logOut: vi.fn(),
  }
}
