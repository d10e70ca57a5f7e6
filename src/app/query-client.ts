// The app's one QueryClient, and how its cache survives a cold start.
import { QueryClient } from '@tanstack/react-query'
import { ApiError } from '../shared/api/api-error'

/** min(1000 * 2^n, 30000) ms before retry n + 1 (docs/product.md#constants). */
export function retryDelay(failureCount: number): number {
  return Math.min(1000 * 2 ** failureCount, 30_000)
}

export const MAX_RETRIES = 3

/** Retries what may succeed later (network, 5xx, 408, 429), not what will fail again. */
export function shouldRetry(failureCount: number, error: unknown): boolean {
  if (failureCount >= MAX_RETRIES) return false
  if (error instanceof ApiError && error.status >= 400 && error.status < 500) {
    return error.status === 408 || error.status === 429
  }
  return true
}

/** How long a persisted cache is trusted; gcTime must be at least this long. */
export const PERSIST_MAX_AGE = 24 * 60 * 60 * 1000

export function createQueryClient(): QueryClient {
  return new QueryClient({
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
}

export const queryClient = createQueryClient()
