// Mirrors the answers of offline-capable queries (meta.offline, set by
// ./offline-query.ts) from the QueryCache into the app database, and reads
// them back for the offline fallback. Imported only on demand (it brings
// Dexie): by src/app/platform.ts after the first paint, and by the fallback.
import type { Query, QueryClient } from '@tanstack/react-query'
import type { Session } from '../../contract/entities'
import { readCachedSession, readSnapshot, saveSnapshot, type OfflineAnswer } from '../../shared/db/query-snapshots'
import { forgetServedFromPhone, offlineMetaOf, servedFromPhone, type OfflineEntity } from './offline-data'
import type { OfflineFirstOptions } from './offline-query'

const started = new WeakMap<QueryClient, () => void>()

function snapshotEntity(entity: OfflineEntity) {
  return entity === 'other' ? undefined : entity
}

/** Stores a successful query's data; a write that fails is reported by storageWrite and skipped here. */
export function mirrorQuery(query: Query): Promise<void> {
  const meta = offlineMetaOf(query)
  if (!meta || query.state.status !== 'success' || query.state.data === undefined) return Promise.resolve()
  return saveSnapshot({
    hash: query.queryHash,
    queryKey: query.queryKey,
    data: query.state.data,
    entity: snapshotEntity(meta.offline),
    savedAt: query.state.dataUpdatedAt,
  }).catch(() => undefined)
}

/**
 * Starts mirroring (once per client) and returns a function that stops it.
 * Queries that succeeded before it started are stored at once.
 */
export function startOfflineMirror(client: QueryClient): () => void {
  const running = started.get(client)
  if (running) return running
  const cache = client.getQueryCache()
  for (const query of cache.getAll()) void mirrorQuery(query)
  const unsubscribe = cache.subscribe((event) => {
    if (event.type !== 'updated' || event.action.type !== 'success') return
    const query = event.query
    if (!offlineMetaOf(query)) return
    const phone = servedFromPhone(query.queryHash)
    if (phone && phone.data === query.state.data) {
      // An answer from the phone: date it when it was fetched, not now, so
      // the screen says how old it is and it is refetched once online.
      if (query.state.dataUpdatedAt !== phone.savedAt) {
        client.setQueryData(query.queryKey, query.state.data, { updatedAt: phone.savedAt })
      }
      return
    }
    forgetServedFromPhone(query.queryHash)
    void mirrorQuery(query)
  })
  const stop = () => {
    unsubscribe()
    started.delete(client)
  }
  started.set(client, stop)
  return stop
}

/** The stored answer for a query, or for a details query the session as seen in a list. */
export async function readOfflineAnswer<T>(
  hash: string,
  options: OfflineFirstOptions = {},
): Promise<OfflineAnswer<T> | undefined> {
  const snapshot = await readSnapshot<T>(hash)
  if (snapshot) return snapshot
  if (options.entity === 'session' && options.sessionId) {
    const session: OfflineAnswer<Session> | undefined = await readCachedSession(options.sessionId)
    return session as OfflineAnswer<T> | undefined
  }
  return undefined
}
