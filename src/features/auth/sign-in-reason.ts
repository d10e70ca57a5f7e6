// What the login screen says to a visitor a guard sent there (docs/product.md#guards): the page they wanted is
// kept in `from`, and they are told why they must sign in first. Only the sign-in screens load it.
import { safeReturnPath } from './return-path'

/** Why a guard sent the visitor to sign in; nothing when they came of their own accord (or `from` is no path of this app). */
export function signInReason(
  from: string | null | undefined,
  origin: string = globalThis.location.origin,
): string | null {
  if (!from) return null
  const path = safeReturnPath(from, origin)
  if (path.startsWith('/session-details/')) return 'Sign in to see this session’s details.'
  if (path === '/dashboard' || path.startsWith('/dashboard/')) return 'Sign in to open your dashboard.'
  return null
}
