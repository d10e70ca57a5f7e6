// Persists the query cache to localStorage so a cold start (an installed app
// opened on a train) shows the last data at once. Stored: successful queries
// only, at most PERSIST_MAX_AGE old, dropped when the build changes (buster).
// localStorage is small (about 5 MB) and synchronous; larger offline data
// (sessions, materials, notes) lives in IndexedDB (src/shared/db). A write
// that overflows the quota is dropped by the persister's retry, which here
// removes the oldest queries first.
import { createAsyncStoragePersister } from '@tanstack/query-async-storage-persister'
import { removeOldestQuery } from '@tanstack/react-query-persist-client'
import type { PersistQueryClientOptions } from '@tanstack/react-query-persist-client'
import { BUILD_ID } from '../shared/config/env'
import { PERSIST_MAX_AGE } from './query-client'

export const QUERY_CACHE_KEY = 'studyhub-query-cache'

export function persistOptions(): Omit<PersistQueryClientOptions, 'queryClient'> {
  const persister = createAsyncStoragePersister({
    storage: typeof window === 'undefined' ? undefined : window.localStorage,
    key: QUERY_CACHE_KEY,
    throttleTime: 1000,
    retry: removeOldestQuery,
  })
  return {
    persister,
    maxAge: PERSIST_MAX_AGE,
    buster: BUILD_ID,
    dehydrateOptions: {
      shouldDehydrateQuery: (query) => query.state.status === 'success' && query.meta?.persist !== false,
    },
  }
}

/** Logging out must not leave one user's data for the next. */
export function clearPersistedQueries(): void {
  localStorage.removeItem(QUERY_CACHE_KEY)
}
