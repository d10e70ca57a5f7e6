// The app's own IndexedDB database ('studyhub'), through Dexie: what the phone
// keeps for itself, apart from the demo server's ('studyhub-demo-server',
// mocks/db), which plays the remote server. Which table holds what, who owns
// it and how long it stays: docs/architecture/data-on-the-device.md.
//
// - Schema changes are new db.version() entries; never edit a shipped version.
// - Every write goes through storageWrite (./storage-faults.ts), so a full
//   disk, a lost connection or another tab's upgrade is reported and never
//   shown as saved.
// - Only dynamic imports may reach this module from the first load.
import { Dexie, type EntityTable, type Table } from 'dexie'
import type { Material, Note, Notification, Review, Session } from '#contract/entities'
import { reportStorageFault } from './storage-status'

const APP_DB_NAME = 'studyhub'

/** An approved session as last fetched; savedAt: when (ms since epoch). */
export type CachedSession = Session & { savedAt: number }

/** One page of an approved-session list: which sessions, in the server's order. */
interface SessionPage {
  /** The list and page, named by the query that stored it (src/features/sessions/api/session-queries.ts). */
  key: string
  ids: string[]
  total: number
  page: number
  limit: number
  savedAt: number
}

interface SessionReviews {
  sessionId: string
  items: Review[]
  savedAt: number
}

/** A note as this device knows it; `pending` while a local write is unsent. */
export type LocalNote = Note & {
  pending?: 'create' | 'update' | 'delete'
  /** Why the server refused the last attempt; kept until retried or discarded. */
  error?: string
  /**
   * Set when this device's edit met a newer one from another device: the
   * note's own text is this device's, `theirs` the server's (null when the
   * other device deleted it). Kept, and nothing sent, until the student chooses.
   */
  conflict?: { theirs: Note | null }
}

export type OutboxOperation = 'create' | 'update' | 'delete'

/**
 * What every outbox entry has, whatever it sends: one table holds every write
 * that waits for the server, in the order it was made (`seq`), sent by one
 * engine (src/shared/offline/outbox-sync.ts,
 * docs/decisions/0062-one-outbox-for-notes-and-cancels.md).
 */
interface OutboxEntryBase {
  seq?: number
  /** Whose write it is: only sent under that user's token, dropped at logout. */
  email: string
  idempotencyKey: string
  createdAt: number
  attempts: number
  /** Set when the server refused it (4xx): not retried until the user asks. */
  error?: string
  /**
   * Not sent before this time (ms since epoch): the few seconds the user has
   * to Undo a cancel or a delete, which drops the entry before it ever leaves.
   */
  holdUntil?: number
}

/** A note's create, edit or delete (src/features/notes/offline/note-outbox.ts). */
export interface NoteOutboxEntry extends OutboxEntryBase {
  kind: 'note'
  noteId: string
  op: OutboxOperation
  body: { title?: string; description?: string; email?: string }
  /**
   * The note's revision this write is based on, fixed when it is first sent:
   * a retry after a lost answer names the same one.
   */
  baseRevision?: number
}

/** A booking's cancel made offline (src/features/bookings/offline/booking-cancel-outbox.ts). */
export interface BookingCancelEntry extends OutboxEntryBase {
  kind: 'booking-cancel'
  bookingId: string
}

export type OutboxEntry = NoteOutboxEntry | BookingCancelEntry

export type OfflineMaterial = Material & { email: string; savedAt: number }

export interface MaterialFile {
  materialId: string
  email: string
  blob: Blob
  type: string
  size: number
  savedAt: number
}

/** The signed-in user's inbox as last fetched, for reading offline (src/features/notifications). */
interface KeptInbox {
  email: string
  items: Notification[]
  total: number
  savedAt: number
}

export type AppDb = Dexie & {
  sessions: EntityTable<CachedSession, '_id'>
  sessionPages: EntityTable<SessionPage, 'key'>
  reviews: EntityTable<SessionReviews, 'sessionId'>
  notes: EntityTable<LocalNote, '_id'>
  // Inserted as it is read: an entry of either kind, `seq` given by the table.
  outbox: Table<OutboxEntry, number, OutboxEntry>
  materials: EntityTable<OfflineMaterial, '_id'>
  materialFiles: EntityTable<MaterialFile, 'materialId'>
  inboxes: EntityTable<KeptInbox, 'email'>
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
  // Query snapshots (a second copy of whole answers) gave way to one row per
  // session, list pages as ids, and reviews per session.
  db.version(3).stores({
    snapshots: null,
    sessionPages: 'key, savedAt',
    reviews: 'sessionId, savedAt',
  })
  // The outbox sends more than notes: each entry says its kind, and a
  // booking's cancel is found by its booking. Entries queued before (all
  // notes) become 'note' entries and are sent as they were.
  db.version(4)
    .stores({ outbox: '++seq, email, noteId, bookingId' })
    .upgrade((tx) =>
      tx
        .table('outbox')
        .toCollection()
        .modify((entry: { kind?: string }) => {
          entry.kind ??= 'note'
        }),
    )
  // Each user's inbox, kept for offline reading.
  db.version(5).stores({
    inboxes: 'email',
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
