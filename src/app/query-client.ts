// The app's one QueryClient, and how its cache survives a cold start.
import { MutationCache, onlineManager, QueryClient } from '@tanstack/react-query'
import { ApiError } from '#shared/api/api-error'

/** min(1000 * 2^n, 30000) ms before retry n + 1 (docs/product.md#constants). */
export function retryDelay(failureCount: number): number {
  return Math.min(1000 * 2 ** failureCount, 30_000)
}

export const MAX_RETRIES = 3

/**
 * Retries what may succeed later (network, 5xx, 408, 429), not what will fail
 * again. No answer while the device is offline is not retried: the fetch
 * fails at once (a device-backed query has put the device's answer in the
 * cache by then), rather than wait paused, holding every refresh that awaits
 * it; the connection's return fetches again.
 */
export function shouldRetry(failureCount: number, error: unknown): boolean {
  if (failureCount >= MAX_RETRIES) return false
  if (error instanceof ApiError && error.isNetworkError && !onlineManager.isOnline()) return false
  if (error instanceof ApiError && error.status >= 400 && error.status < 500) {
    return error.status === 408 || error.status === 429
  }
  return true
}

/** How long a persisted cache is trusted; gcTime must be at least this long. */
export const PERSIST_MAX_AGE = 24 * 60 * 60 * 1000

export function createQueryClient(): QueryClient {
  const client: QueryClient = new QueryClient({
    // A write declares what it changes once, in its meta (typed in
    // src/shared/api/query-keys.ts); this refreshes it when
    // the write settles (also after a failure: the server may have changed anyway).
    // mutateAsync resolves only after the refresh, so a screen never shows the old list.
    mutationCache: new MutationCache({
      onSettled: (_data, _error, _variables, _context, mutation) =>
        Promise.all((mutation.meta?.invalidates ?? []).map((queryKey) => client.invalidateQueries({ queryKey }))),
    }),
    defaultOptions: {
      queries: {
        retry: shouldRetry,
        retryDelay,
        staleTime: 30_000,
        gcTime: PERSIST_MAX_AGE,
      },
      mutations: { retry: false },
    },
  })
  return client
}

export const queryClient = createQueryClient()
