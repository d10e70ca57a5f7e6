// The app database as builds before the generic outbox (schema version 6)
// left it, for the tests of its upgrade: version 3, whose outbox held notes'
// writes only, with no `kind`; and version 5, whose entries said their kind
// and carried their note's or booking's fields beside it, with each user's
// inbox in a table of its own. Tests store what those builds stored, close
// it, and open it with today's schema (createAppDb) to prove the upgrade
// keeps those writes.
import { Dexie } from 'dexie'

/** A note's write as version 3 stored it (version 5 added `kind: 'note'`). */
export interface V3OutboxEntry {
  email: string
  noteId: string
  op: 'create' | 'update' | 'delete'
  body: { title?: string; description?: string; email?: string }
  idempotencyKey: string
  createdAt: number
  attempts: number
  error?: string
  baseRevision?: number
}

/** A booking's cancel as version 5 stored it. */
export interface V5CancelEntry {
  kind: 'booking-cancel'
  email: string
  bookingId: string
  idempotencyKey: string
  createdAt: number
  attempts: number
  error?: string
}

function declareUpTo(db: Dexie, version: 3 | 5): void {
  db.version(1).stores({ snapshots: 'hash, savedAt', sessions: '_id, savedAt' })
  db.version(2).stores({
    notes: '_id, email, createdAt',
    outbox: '++seq, email, noteId',
    materials: '_id, email, sessionId',
    materialFiles: 'materialId, email',
  })
  db.version(3).stores({ snapshots: null, sessionPages: 'key, savedAt', reviews: 'sessionId, savedAt' })
  if (version === 3) return
  db.version(4).stores({ outbox: '++seq, email, noteId, bookingId' })
  db.version(5).stores({ inboxes: 'email' })
}

/** Stores `notes` and `outbox` rows in a version-3 database called `name`, and closes it. */
export async function storeInV3(name: string, notes: object[], outbox: V3OutboxEntry[]): Promise<void> {
  const db = new Dexie(name)
  declareUpTo(db, 3)
  await db.table('notes').bulkAdd(notes)
  await db.table('outbox').bulkAdd(outbox)
  db.close()
}

/** Stores outbox rows (in order) and an inbox in a version-5 database called `name`, and closes it. */
export async function storeInV5(
  name: string,
  outbox: Array<(V3OutboxEntry & { kind: 'note' }) | V5CancelEntry>,
  inbox?: { email: string; items: unknown[]; total: number; savedAt: number },
): Promise<void> {
  const db = new Dexie(name)
  declareUpTo(db, 5)
  await db.table('outbox').bulkAdd(outbox)
  if (inbox) await db.table('inboxes').add(inbox)
  db.close()
}
