// The query cache's first-paint state, kept in the origin's storage so a cold start
// (an installed app opened on a train) paints at once: who is signed in and
// /study-sessions' first page of approved sessions, whose first six are the
// home page's cards (FIRST_PAINT_QUERIES). Nothing else of the cache is saved here; larger data
// (approved sessions for offline reading, kept materials, the outbox)
// lives in IndexedDB, each with one owner (docs/architecture/data-on-the-device.md).
//
// - Synchronous (query-sync-storage-persister): the saved state is a few KB,
//   and is read before React renders.
// - Written at most every PERSIST_THROTTLE_MS, and at once when the page is
//   hidden or unloaded (pagehide, visibilitychange), so a write followed by a
//   reload is never lost.
// - Restored synchronously when this module is imported (src/main.tsx
//   imports it first), so the router's first loaders and the first render
//   already see who was signed in and the cards.
// - Tied to the user it belongs to (`owner`, the signed-in email or null):
//   a saved state whose owner is not the user it holds is never read, and
//   whenever the signed-in user changes, in this tab or another, the cache
//   and this saved copy are cleared (./signed-in-user.ts).
// - Ended by a log out: once the device is cleared, this page saves nothing
//   more (not even the signed-out state), so nothing can land after the
//   clear; the app's next start saves again.
// - Kept across deploys: dropped only when DATA_SCHEMA_VERSION changes (the
//   shape of a saved answer changed) or after PERSIST_MAX_AGE.
// - A write that overflows the quota drops the oldest queries first.
import { hashKey, hydrate, type QueryKey } from '@tanstack/react-query'
import { createSyncStoragePersister } from '@tanstack/query-sync-storage-persister'
import {
  persistQueryClientSubscribe,
  removeOldestQuery,
  type PersistedClient,
} from '@tanstack/react-query-persist-client'
import { authKeys, type SignedInUser } from '#features/auth/user-query'
import { sessionQueries } from '#features/sessions/api/session-queries'
import { LOCAL_KEYS, localStore } from '#shared/storage/browser-storage'
import { PERSIST_MAX_AGE, queryClient } from './query-client'

/** Bump when a saved answer's shape changes: older saved state is then dropped, never misread. */
const DATA_SCHEMA_VERSION = '1'

const PERSIST_THROTTLE_MS = 1000

/** The queries the first paint needs, and the only ones saved. */
const FIRST_PAINT_QUERIES: readonly QueryKey[] = [
  authKeys.user,
  // The home page's cards are the first of this page (sessionQueries.home selects them).
  sessionQueries.list({ page: 1, admin: false }).queryKey,
]

const firstPaintHashes = new Set(FIRST_PAINT_QUERIES.map((key) => hashKey(key)))
const userHash = hashKey(authKeys.user)

/** What the origin's storage holds under LOCAL_KEYS.queryCache. */
interface SavedState extends PersistedClient {
  /** The signed-in email the state belongs to; null: nobody was signed in. */
  owner: string | null
}

function ownerOf(client: PersistedClient): string | null {
  const user = client.clientState.queries.find((q) => q.queryHash === userHash)?.state.data as
    SignedInUser | null | undefined
  return user?.email ?? null
}

function readSaved(): SavedState | undefined {
  try {
    const text = localStore.get(LOCAL_KEYS.queryCache)
    const saved = text ? (JSON.parse(text) as SavedState) : undefined
    if (
      !saved ||
      saved.buster !== DATA_SCHEMA_VERSION ||
      typeof saved.timestamp !== 'number' ||
      Date.now() - saved.timestamp >= PERSIST_MAX_AGE ||
      saved.owner !== ownerOf(saved)
    ) {
      return undefined
    }
    return saved
  } catch {
    return undefined
  }
}

let latest: PersistedClient | undefined
/** Set by a log out: this page writes nothing more. */
let ended = false

function write(client: PersistedClient): void {
  if (ended) return
  // Nothing to keep (the cache was cleared): no saved state at all.
  if (client.clientState.queries.length === 0) localStore.set(LOCAL_KEYS.queryCache, null)
  // Throws when full: the persister's retry drops the oldest queries and writes again.
  else localStore.put(LOCAL_KEYS.queryCache, JSON.stringify({ ...client, owner: ownerOf(client) } satisfies SavedState))
}

const persister = createSyncStoragePersister({
  // The throttled writer hands the latest state to write() through this storage.
  storage: localStore.available()
    ? {
        getItem: () => localStore.get(LOCAL_KEYS.queryCache),
        setItem: (_key, value) => write(JSON.parse(value) as PersistedClient),
        removeItem: () => localStore.set(LOCAL_KEYS.queryCache, null),
      }
    : undefined,
  key: LOCAL_KEYS.queryCache,
  throttleTime: PERSIST_THROTTLE_MS,
  retry: removeOldestQuery,
})

/** Writes the latest state now (the page is going away). */
function flushPersistedQueries(): void {
  if (!latest) return
  try {
    write(latest)
  } catch {
    // Full: the throttled write's retry drops the oldest queries; nothing more to do here.
  }
}

/** The signed-in user changed: nothing of the last one's may be read again. */
export function clearPersistedQueries(): void {
  latest = undefined
  localStore.set(LOCAL_KEYS.queryCache, null)
}

/** A log out cleared the device: drop the saved copy and save nothing more in this page. */
export function endPersistedQueries(): void {
  ended = true
  clearPersistedQueries()
}

let deferred: PersistedClient | undefined

/**
 * The rest of the saved state, once React has adopted the markup the page
 * came with (App calls it from an effect): until then the first render must
 * match that markup, rendered from the page's own data or from none.
 */
export function restoreDeferredQueries(): void {
  if (deferred) hydrate(queryClient, deferred.clientState)
  deferred = undefined
}

function startPersistence(): void {
  const saved = readSaved()
  // main.tsx hydrates markup that came with the page whenever the root is not
  // empty (index.html's inline script empties it when the markup is another
  // page's): the first render must match that markup, not the saved state.
  const adoptsPrerendered = Boolean(document.getElementById('root')?.firstElementChild)
  if (saved && adoptsPrerendered) {
    // Who is signed in is not rendered by the prerendered page: it is safe to restore at once.
    const user = saved.clientState.queries.filter((q) => q.queryHash === userHash)
    hydrate(queryClient, { ...saved.clientState, queries: user })
    deferred = saved
  } else if (saved) {
    hydrate(queryClient, saved.clientState)
  }
  persistQueryClientSubscribe({
    // persist-client may bring its own copy of query-core's types; the client is the same.
    queryClient: queryClient as unknown as Parameters<typeof persistQueryClientSubscribe>[0]['queryClient'],
    buster: DATA_SCHEMA_VERSION,
    persister: {
      persistClient: (client) => {
        latest = client
        return persister.persistClient(client)
      },
      restoreClient: () => persister.restoreClient(),
      removeClient: () => persister.removeClient(),
    },
    dehydrateOptions: {
      shouldDehydrateQuery: (query) => query.state.status === 'success' && firstPaintHashes.has(query.queryHash),
    },
  })
  window.addEventListener('pagehide', flushPersistedQueries)
  document.addEventListener('visibilitychange', () => {
    if (document.visibilityState === 'hidden') flushPersistedQueries()
  })
}

if (typeof window !== 'undefined') startPersistence()
