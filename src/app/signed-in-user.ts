// Keeps who is signed in as data (src/features/auth/user-query.ts) and makes
// a change of user a clean break. The AuthProvider reports each session it
// works out; when the email differs from the one the cache holds (a log out,
// another account, or another tab's sign-in reaching this tab through the
// identity provider), every query of the last user is dropped with the saved
// first-paint copy before the new user is written, so nothing of theirs is
// shown, saved or sent again. Each tab does this for itself: both identity
// providers tell every open tab about a sign-in or sign-out.
import { authKeys, type SignedInUser } from '../features/auth/user-query'
import { queryClient } from './query-client'
import { clearPersistedQueries } from './query-persistence'

/** Drops every cached answer and the saved copy. */
export function forgetCachedData(): void {
  queryClient.clear()
  clearPersistedQueries()
}

export function publishSession(next: SignedInUser | null): void {
  const previous = queryClient.getQueryData<SignedInUser | null>(authKeys.user)
  if (previous !== undefined && (previous?.email ?? null) !== (next?.email ?? null)) forgetCachedData()
  queryClient.setQueryData<SignedInUser | null>(authKeys.user, next)
}
