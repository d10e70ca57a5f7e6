// What the route loaders share. A loader starts the queries its screen is
// about to ask for (ensureQueryData on the app's one queryClient), so a
// navigation usually lands on a page that already has its data instead of
// on "Loading…". The screen's own useQuery stays in charge of what is shown:
// a loader never throws, never leaves an error behind, and never holds a
// navigation for long.
//
// Why a bounded wait and not plain ensureQueryData or prefetchQuery: both
// await the whole fetch, retries included, and with the app's retry policy
// (1 s, 2 s, 4 s) or a query paused while offline, or the demo API gate still
// closed (nothing answers until the service worker controls the page), that
// could hold a navigation for seconds or forever. So a loader waits for its
// queries at most LOADER_WAIT_MS, and not at all when waiting cannot help
// (API gate closed, offline); the fetch itself carries on in the cache, where
// the screen's useQuery picks it up without a second request.
//
// Who is signed in is data: the ['auth', 'user'] entry of the query cache
// (src/features/auth/user-query.ts), restored from the first-paint cache at
// start and kept current by the AuthProvider. cachedVisitor() reads it, so
// loaders of pages behind login fetch nothing for a visitor who is not
// signed in, and nothing before that is known.
import { onlineManager, type EnsureQueryDataOptions, type QueryKey } from '@tanstack/react-query'
import type { Role } from '#contract/entities'
import { authKeys, type SignedInUser } from '#features/auth/user-query'
import { isApiGateOpen } from '#shared/api/api-ready'
import { queryClient } from './query-client'

/** Longest a navigation waits for its data before the screen shows its own loading state. */
export const LOADER_WAIT_MS = 800

export type CachedVisitor =
  | { kind: 'anonymous' }
  | { kind: 'signed-in'; email: string; role: Role }
  /** Not known yet (the identity provider has not answered), or signed in without an email. */
  | { kind: 'unknown' }

/** Who is signed in, as far as the query cache knows. */
export function cachedVisitor(): CachedVisitor {
  const user = queryClient.getQueryData<SignedInUser | null>(authKeys.user)
  if (user === null) return { kind: 'anonymous' }
  if (user?.email) return { kind: 'signed-in', email: user.email, role: user.role }
  return { kind: 'unknown' }
}

/**
 * Starts (or reuses) one query. Never rejects: a failure is the screen's to
 * show, and if no screen is watching yet the failed query is dropped, so the
 * screen starts from a clean "Loading…" rather than a stale error.
 */
export function warm<TQueryFnData, TQueryKey extends QueryKey>(
  options: EnsureQueryDataOptions<TQueryFnData, Error, TQueryFnData, TQueryKey>,
): Promise<void> {
  return queryClient.ensureQueryData(options).then(
    () => undefined,
    () => {
      const query = queryClient.getQueryCache().find({ queryKey: options.queryKey, exact: true })
      if (query && query.getObserversCount() === 0 && query.state.status === 'error') {
        queryClient.removeQueries({ queryKey: options.queryKey, exact: true })
      }
    },
  )
}

/**
 * What a loader returns: resolves (to null) once the started queries are done,
 * after LOADER_WAIT_MS, or when the navigation is cancelled, whichever comes
 * first; at once when the API cannot answer yet or the device is offline.
 */
export function settle(request: Request, ...warming: Promise<void>[]): Promise<null> {
  if (!isApiGateOpen() || !onlineManager.isOnline() || request.signal.aborted) return Promise.resolve(null)
  return new Promise<null>((resolve) => {
    const done = () => {
      clearTimeout(timer)
      request.signal.removeEventListener('abort', done)
      resolve(null)
    }
    const timer = setTimeout(done, LOADER_WAIT_MS)
    request.signal.addEventListener('abort', done)
    void Promise.all(warming).then(done)
  })
}
