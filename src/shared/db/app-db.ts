// The app's own IndexedDB database ('studyhub'), through Dexie. It is not the
// demo server's database ('studyhub-demo-server', mocks/db): that one plays
// the remote server, this one is what the phone keeps for itself.
//
// What lives where, and why:
// - snapshots: the last successful answer of each offline-capable query
//   (approved session lists, session details, a session's reviews), keyed by
//   TanStack Query's query hash, with the time it was fetched. A query that
//   fails for want of a network is answered from here (features/offline),
//   so /, /study-sessions and /session-details show what was last seen.
// - sessions: the approved sessions inside those answers, one row each, so a
//   session seen only in a list still opens offline on its details page.
// - The query cache itself is persisted separately in localStorage
//   (src/app/query-persistence.ts) for an instant cold start; it is dropped
//   with each new build and after a day, this database is not.
// - notes: the signed-in student's notes as this device knows them: the
//   server's copy plus local writes not yet confirmed (`pending`), so My Notes
//   works offline. outbox: those local writes, in order, each with the
//   Idempotency-Key it is sent with (src/features/notes/offline). A note's
//   local write and its outbox entry are stored in one transaction.
// - materials and materialFiles: approved materials of the student's booked
//   sessions, and the files themselves as Blobs, kept for offline reading
//   (src/features/materials/offline). The user sees each file's size and can
//   remove them.
// - Schema changes are new db.version() entries; never edit a shipped version.
//
// Every write goes through storageWrite (./storage-faults.ts) so a full disk,
// a lost connection or another tab's upgrade is reported and never shown as
// saved. Only dynamic imports may reach this module from the first load.
import { Dexie, type EntityTable } from 'dexie'
import type { Material, Note, Session } from '../../contract/entities'
import { reportStorageFault } from './storage-status'

export const APP_DB_NAME = 'studyhub'

/** What a snapshot's data holds, so its records can be kept one by one. */
export type SnapshotEntity = 'sessions' | 'session' | 'reviews'

export interface QuerySnapshot {
  /** TanStack Query's queryHash of the query. */
  hash: string
  queryKey: readonly unknown[]
  data: unknown
  entity?: SnapshotEntity
  /** When the data was fetched from the server (ms since epoch). */
  savedAt: number
}

export type CachedSession = Session & { savedAt: number }

/** A note as this device knows it; `pending` while a local write is unsent. */
export type LocalNote = Note & {
  pending?: 'create' | 'update' | 'delete'
  /** Why the server refused the last attempt; kept until retried or discarded. */
  error?: string
}

export type OutboxOperation = 'create' | 'update' | 'delete'

export interface OutboxEntry {
  seq?: number
  /** Whose write it is: only sent under that user's token, dropped at logout. */
  email: string
  noteId: string
  op: OutboxOperation
  body: { title?: string; description?: string; email?: string }
  idempotencyKey: string
  createdAt: number
  attempts: number
  /** Set when the server refused it (4xx): not retried until the user asks. */
  error?: string
}

export type OfflineMaterial = Material & { email: string; savedAt: number }

export interface MaterialFile {
  materialId: string
  email: string
  blob: Blob
  type: string
  size: number
  savedAt: number
}

export type AppDb = Dexie & {
  snapshots: EntityTable<QuerySnapshot, 'hash'>
  sessions: EntityTable<CachedSession, '_id'>
  notes: EntityTable<LocalNote, '_id'>
  outbox: EntityTable<OutboxEntry, 'seq'>
  materials: EntityTable<OfflineMaterial, '_id'>
  materialFiles: EntityTable<MaterialFile, 'materialId'>
}

let closingOnPurpose = false

export function createAppDb(name = APP_DB_NAME): AppDb {
  const db = new Dexie(name) as AppDb
  db.version(1).stores({
    snapshots: 'hash, savedAt',
    sessions: '_id, savedAt',
  })
  db.version(2).stores({
    notes: '_id, email, createdAt',
    outbox: '++seq, email, noteId',
    materials: '_id, email, sessionId',
    materialFiles: 'materialId, email',
  })

  // This tab wants to upgrade the database, and another tab still holds the old version open.
  db.on('blocked', () => reportStorageFault('blocked'))

  // Another tab opened a newer version (a new build) or deleted the database.
  // This tab's code knows only the old schema: close for good and ask for a
  // reload, rather than reopen and block the other tab's upgrade.
  db.on('versionchange', (event: IDBVersionChangeEvent) => {
    closingOnPurpose = true
    try {
      db.close({ disableAutoOpen: true })
    } finally {
      closingOnPurpose = false
    }
    reportStorageFault(event.newVersion ? 'versionchange' : 'closed')
    // Handlers run newest first; false stops Dexie's own, which would close
    // with auto-reopen and so fight the other tab's upgrade.
    return false
  })

  // Fired on every close; only an unplanned one (site data cleared, storage
  // evicted) is news to the user. Dexie reopens by itself on the next call.
  db.on('close', () => {
    if (!closingOnPurpose) reportStorageFault('closed')
  })
  return db
}

export const appDb: AppDb = createAppDb()

/** Closes the database without reporting a fault (tests, logout that deletes it). */
export function closeAppDb(db: AppDb = appDb): void {
  closingOnPurpose = true
  try {
    db.close()
  } finally {
    closingOnPurpose = false
  }
}
