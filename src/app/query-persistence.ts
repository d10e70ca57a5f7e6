// The query cache's first-paint state, kept in localStorage so a cold start
// (an installed app opened on a train) paints at once: who is signed in and
// the approved sessions of the home page and of /study-sessions' first page
// (FIRST_PAINT_QUERIES). Nothing else of the cache is saved here; larger data
// (approved sessions for offline reading, kept materials, the notes outbox)
// lives in IndexedDB, each with one owner (docs/architecture/data-on-the-device.md).
//
// - Synchronous (query-sync-storage-persister): the saved state is a few KB,
//   and readPersistedCards() can read it before React renders.
// - Written at most every PERSIST_THROTTLE_MS, and at once when the page is
//   hidden or unloaded (pagehide, visibilitychange), so a write followed by a
//   reload is never lost.
// - Tied to the user it belongs to (`owner`, the signed-in email or null),
//   and read back only for that user (restorePersistedFor).
// - Kept across deploys: dropped only when DATA_SCHEMA_VERSION changes (the
//   shape of a saved answer changed) or after PERSIST_MAX_AGE.
// - A write that overflows the quota drops the oldest queries first.
import { hashKey, type QueryKey } from '@tanstack/react-query'
import { createSyncStoragePersister } from '@tanstack/query-sync-storage-persister'
import {
  removeOldestQuery,
  type PersistedClient,
  type PersistQueryClientOptions,
} from '@tanstack/react-query-persist-client'
import type { Session } from '../contract/entities'
import { sessionQueries } from '../features/sessions/api/session-queries'
import { PERSIST_MAX_AGE } from './query-client'

const QUERY_CACHE_KEY = 'studyhub-query-cache'

/** Bump when a saved answer's shape changes: older saved state is then dropped, never misread. */
export const DATA_SCHEMA_VERSION = '1'

export const PERSIST_THROTTLE_MS = 1000

/** The queries the first paint needs, and the only ones saved. */
export const FIRST_PAINT_QUERIES: readonly QueryKey[] = [
  sessionQueries.home().queryKey,
  sessionQueries.list({ page: 1, admin: false }).queryKey,
]

const firstPaintHashes = new Set(FIRST_PAINT_QUERIES.map((key) => hashKey(key)))

/** What localStorage holds under QUERY_CACHE_KEY. */
interface SavedState extends PersistedClient {
  owner: string | null
}

function storage(): Storage | undefined {
  return typeof window === 'undefined' ? undefined : window.localStorage
}

function readSaved(): SavedState | undefined {
  try {
    const text = storage()?.getItem(QUERY_CACHE_KEY)
    return text ? (JSON.parse(text) as SavedState) : undefined
  } catch {
    return undefined
  }
}

function usable(saved: SavedState | undefined): saved is SavedState {
  return (
    saved !== undefined &&
    saved.buster === DATA_SCHEMA_VERSION &&
    typeof saved.timestamp === 'number' &&
    Date.now() - saved.timestamp < PERSIST_MAX_AGE
  )
}

/**
 * The home page's cards as last saved, read synchronously (before React
 * renders, e.g. to paint a home-screen start), or undefined.
 */
export function readPersistedCards(): Session[] | undefined {
  const saved = readSaved()
  if (!usable(saved)) return undefined
  const home = hashKey(sessionQueries.home().queryKey)
  const query = saved.clientState.queries.find((q) => q.queryHash === home)
  return (query?.state.data as { items?: Session[] } | undefined)?.items
}

let latest: PersistedClient | undefined

function serialize(client: PersistedClient): string {
  return JSON.stringify({ ...client, owner: null } satisfies SavedState)
}

function write(client: PersistedClient): void {
  const target = storage()
  if (!target) return
  // Nothing to keep (the cache was cleared): no saved state at all.
  if (client.clientState.queries.length === 0) target.removeItem(QUERY_CACHE_KEY)
  else target.setItem(QUERY_CACHE_KEY, serialize(client))
}

const persister = createSyncStoragePersister({
  // The throttled writer hands the latest state to write() through this storage.
  storage: storage() && {
    getItem: (key) => storage()!.getItem(key),
    setItem: (_key, value) => write(JSON.parse(value) as PersistedClient),
    removeItem: (key) => storage()!.removeItem(key),
  },
  key: QUERY_CACHE_KEY,
  throttleTime: PERSIST_THROTTLE_MS,
  serialize: JSON.stringify,
  retry: removeOldestQuery,
})

/** Writes the latest state now (the page is going away). */
export function flushPersistedQueries(): void {
  if (!latest) return
  try {
    write(latest)
  } catch {
    // Full: the throttled write's retry drops the oldest queries; nothing more to do here.
  }
}

export function persistOptions(): Omit<PersistQueryClientOptions, 'queryClient'> {
  return {
    persister: {
      persistClient: (client) => {
        latest = client
        return persister.persistClient(client)
      },
      restoreClient: () => persister.restoreClient(),
      removeClient: () => persister.removeClient(),
    },
    maxAge: PERSIST_MAX_AGE,
    buster: DATA_SCHEMA_VERSION,
    dehydrateOptions: {
      shouldDehydrateQuery: (query) => query.state.status === 'success' && firstPaintHashes.has(query.queryHash),
    },
  }
}

/** The signed-in user changed: nothing of the last one's may be read again. */
export function clearPersistedQueries(): void {
  latest = undefined
  storage()?.removeItem(QUERY_CACHE_KEY)
}
