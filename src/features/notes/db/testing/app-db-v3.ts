// The app database as the builds before the shared outbox left it (schema
// version 3): an outbox of notes' writes only, with no `kind`. Tests store
// what those builds stored, close it, and open it with today's schema
// (createAppDb) to prove the upgrade keeps those writes.
import { Dexie } from 'dexie'

/** A note's write as version 3 stored it (versions 4 and 5 added `kind: 'note'`). */
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

/** Version 3's schema, as those builds declared it. */
export function declareV3(db: Dexie): void {
  db.version(1).stores({ snapshots: 'hash, savedAt', sessions: '_id, savedAt' })
  db.version(2).stores({
    notes: '_id, email, createdAt',
    outbox: '++seq, email, noteId',
    materials: '_id, email, sessionId',
    materialFiles: 'materialId, email',
  })
  db.version(3).stores({ snapshots: null, sessionPages: 'key, savedAt', reviews: 'sessionId, savedAt' })
}

/** Stores `notes` and `outbox` rows in a version-3 database called `name`, and closes it. */
export async function storeInV3(name: string, notes: object[], outbox: V3OutboxEntry[]): Promise<void> {
  const db = new Dexie(name)
  declareV3(db)
  await db.table('notes').bulkAdd(notes)
  await db.table('outbox').bulkAdd(outbox)
  db.close()
}
