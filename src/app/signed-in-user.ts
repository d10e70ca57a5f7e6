// Keeps who is signed in as data (src/features/auth/user-query.ts) and makes
// a change of user a clean break. The AuthProvider reports each session it
// works out (publishSession); when the email differs from the one the cache holds (a log out,
// another account, or another tab's sign-in reaching this tab through the
// identity provider), every query of the last user is dropped with the saved
// first-paint copy before the new user is written, so nothing of theirs is
// shown, saved or sent again. Each tab does this for itself: both identity
// providers tell every open tab about a sign-in or sign-out.
import { loginPathFor } from '#features/auth/return-path'
import { authKeys, type SignedInUser } from '#features/auth/user-query'
import { showAlert } from '#shared/ui/feedback'
import { queryClient } from './query-client'
import { clearPersistedQueries, endPersistedQueries } from './query-persistence'
import { router } from './router'

/** Drops every cached answer and the saved copy. */
function forgetCachedData(): void {
  queryClient.clear()
  clearPersistedQueries()
}

/** A log out the user asked for: the caches go, and this page saves no first-paint state again. */
export function signedOut(): void {
  forgetCachedData()
  endPersistedQueries()
}

export function publishSession(next: SignedInUser | null): void {
  const previous = queryClient.getQueryData<SignedInUser | null>(authKeys.user)
  if (previous !== undefined && (previous?.email ?? null) !== (next?.email ?? null)) forgetCachedData()
  queryClient.setQueryData<SignedInUser | null>(authKeys.user, next)
}

const SESSION_ENDED_ALERT = {
  title: 'Your session has ended',
  text: 'You have been signed out. Please sign in again.',
} as const

/**
 * The identity provider no longer vouches for the user (a dead token): they
 * are signed out without having asked, so they are told, and land on /login
 * with the way back to where they were. Their unsent writes stay on the
 * device for their next sign-in.
 */
export function sessionEnded(): void {
  const { location } = router.state
  if (location.pathname !== '/login') void router.navigate(loginPathFor(location), { replace: true })
  void showAlert({ ...SESSION_ENDED_ALERT, icon: 'warning' })
}
