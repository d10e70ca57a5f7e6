// Reads and writes of the query snapshots kept in the app database
// (./app-db.ts): the last answer of each offline-capable query, and the
// approved sessions inside it. Callers are features/offline's mirror (writes)
// and its offline fallback (reads).
import type { Session } from '../../contract/entities'
import { appDb, type AppDb, type CachedSession, type QuerySnapshot, type SnapshotEntity } from './app-db'
import { storageRead, storageWrite } from './storage-faults'

/** Enough for every list page and details page a student looks at; the oldest go first. */
export const MAX_SNAPSHOTS = 300
export const MAX_SESSIONS = 1_000

function isSession(value: unknown): value is Session {
  return (
    typeof value === 'object' &&
    value !== null &&
    typeof (value as Session)._id === 'string' &&
    typeof (value as Session).title === 'string'
  )
}

/** The approved sessions inside a snapshot's data: a list, a page `{ items }` or one session. */
export function sessionsIn(entity: SnapshotEntity | undefined, data: unknown): Session[] {
  let candidates: unknown[] = []
  if (entity === 'session') candidates = [data]
  else if (entity === 'sessions') {
    if (Array.isArray(data)) candidates = data
    else if (data && typeof data === 'object' && Array.isArray((data as { items?: unknown }).items)) {
      candidates = (data as { items: unknown[] }).items
    }
  }
  return candidates.filter(isSession).filter((s) => s.status === 'approved')
}

async function prune(db: AppDb): Promise<void> {
  const snapshots = await db.snapshots.count()
  if (snapshots > MAX_SNAPSHOTS) {
    const oldest = await db.snapshots
      .orderBy('savedAt')
      .limit(snapshots - MAX_SNAPSHOTS)
      .primaryKeys()
    await db.snapshots.bulkDelete(oldest)
  }
  const sessions = await db.sessions.count()
  if (sessions > MAX_SESSIONS) {
    const oldest = await db.sessions
      .orderBy('savedAt')
      .limit(sessions - MAX_SESSIONS)
      .primaryKeys()
    await db.sessions.bulkDelete(oldest)
  }
}

/** Stores a query's answer; rejects (and reports) when it was not stored. */
export function saveSnapshot(snapshot: QuerySnapshot, db: AppDb = appDb): Promise<void> {
  return storageWrite(() =>
    db.transaction('rw', db.snapshots, db.sessions, async () => {
      // A restored cache may hold an older answer than the one stored.
      const stored = await db.snapshots.get(snapshot.hash)
      if (stored && stored.savedAt > snapshot.savedAt) return
      await db.snapshots.put(snapshot)
      const rows: CachedSession[] = sessionsIn(snapshot.entity, snapshot.data).map((s) => ({
        ...s,
        savedAt: snapshot.savedAt,
      }))
      if (rows.length > 0) await db.sessions.bulkPut(rows)
      // A session seen as no longer approved must not be shown offline.
      if (snapshot.entity === 'session' && isSession(snapshot.data) && snapshot.data.status !== 'approved') {
        await db.sessions.delete(snapshot.data._id)
      }
      await prune(db)
    }),
  )
}

export interface OfflineAnswer<T> {
  data: T
  savedAt: number
}

/** The last answer stored for a query hash, if any. */
export async function readSnapshot<T>(hash: string, db: AppDb = appDb): Promise<OfflineAnswer<T> | undefined> {
  const row = await storageRead(() => db.snapshots.get(hash))
  return row ? { data: row.data as T, savedAt: row.savedAt } : undefined
}

/** An approved session seen in any list or details answer. */
export async function readCachedSession(id: string, db: AppDb = appDb): Promise<OfflineAnswer<Session> | undefined> {
  const row = await storageRead(() => db.sessions.get(id))
  if (!row) return undefined
  const { savedAt, ...session } = row
  return { data: session, savedAt }
}

/** Forgets everything kept for offline use (e.g. on logout). */
export function clearOfflineData(db: AppDb = appDb): Promise<void> {
  return storageWrite(() =>
    db.transaction('rw', db.snapshots, db.sessions, async () => {
      await db.snapshots.clear()
      await db.sessions.clear()
    }),
  )
}
