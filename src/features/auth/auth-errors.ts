// What the screens say when the identity provider refuses. Both gateways
// raise AuthError with a Firebase error code; the text for each code is
// decided here, once, so a demo build and a live build show the same words.

export const AUTH_MESSAGES = {
  'auth/weak-password': 'Password should be at least 6 characters',
  'auth/invalid-credential': 'Invalid email or password.',
  'auth/email-already-in-use': 'An account already exists with this email.',
  'auth/invalid-email': 'Please enter a valid email address.',
  'auth/missing-password': 'Please enter your password.',
  'auth/missing-email': 'Please enter your email address.',
  'auth/account-exists-with-different-credential':
    'An account already exists with this email. Sign in with your password instead.',
  'auth/popup-closed-by-user': 'The sign-in window was closed before signing in finished.',
  'auth/popup-blocked': 'The sign-in window was blocked by the browser. Allow pop-ups for this site and try again.',
  'auth/network-request-failed': 'Network error: check your connection and try again.',
  'auth/too-many-requests': 'Too many attempts. Please wait a moment and try again.',
  'auth/user-disabled': 'This account has been disabled.',
  'auth/unauthorized-domain': 'Sign-in is not allowed from this web address.',
  'auth/operation-not-allowed': 'This way of signing in is not enabled.',
  'auth/requires-recent-login': 'Please sign in again to do this.',
  'auth/no-current-user': 'You are not signed in.',
} as const

type AuthErrorCode = keyof typeof AUTH_MESSAGES

/** Codes that mean the same thing to a user, folded into one. */
const SAME_AS: Record<string, AuthErrorCode> = {
  'auth/wrong-password': 'auth/invalid-credential',
  'auth/user-not-found': 'auth/invalid-credential',
  'auth/invalid-login-credentials': 'auth/invalid-credential',
  'auth/invalid-password': 'auth/invalid-credential',
  'auth/cancelled-popup-request': 'auth/popup-closed-by-user',
  'auth/user-cancelled': 'auth/popup-closed-by-user',
  'auth/email-already-exists': 'auth/email-already-in-use',
  'auth/timeout': 'auth/network-request-failed',
}

const UNKNOWN_AUTH_MESSAGE = 'Something went wrong. Please try again.'

function canonicalAuthCode(code: string): string {
  return SAME_AS[code] ?? code
}

function authMessage(code: string, fallback = UNKNOWN_AUTH_MESSAGE): string {
  const canonical = canonicalAuthCode(code)
  return canonical in AUTH_MESSAGES ? AUTH_MESSAGES[canonical as AuthErrorCode] : fallback
}

export class AuthError extends Error {
  readonly code: string
  constructor(code: string, fallbackMessage?: string) {
    super(authMessage(code, fallbackMessage))
    this.name = 'AuthError'
    this.code = canonicalAuthCode(code)
  }
}

/** Any error from a provider's library, as an AuthError (a code string on the error is all it needs). */
export function toAuthError(error: unknown): AuthError {
  if (error instanceof AuthError) return error
  const code = (error as { code?: unknown } | null)?.code
  if (typeof code === 'string' && code.startsWith('auth/')) return new AuthError(code)
  if (error instanceof TypeError) return new AuthError('auth/network-request-failed')
  const message = error instanceof Error && error.message ? error.message : undefined
  return new AuthError('auth/unknown', message)
}
