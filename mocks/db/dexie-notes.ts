// The notes part of the demo server's store. A revision check and its write
// run in one read-write transaction, which IndexedDB serialises, so it is the
// same compare-and-set as the API server's single UPDATE … WHERE revision.
import type { NoteRow, Store } from '#core/store'
import type { DemoDb, DemoNoteRow } from './demo-db'
import { byNewest } from './queries'

const withRevision = (row: DemoNoteRow): NoteRow => ({ ...row, revision: row.revision ?? 1 })

export function dexieNotes(db: DemoDb, insert: Store['notes']['insert']): Store['notes'] {
  /** The note while it is at `expected` (at any revision when undefined). */
  const at = async (id: string, expected: number | undefined) => {
    const row = await db.notes.get(id)
    const note = row && withRevision(row)
    return note && (expected === undefined || note.revision === expected) ? note : undefined
  }
  return {
    get: (id) => at(id, undefined),
    ofOwner: async (email) =>
      (await db.notes.where('email').equals(email).toArray()).map(withRevision).sort(byNewest('createdAt')),
    insert,
    update: (id, patch, expected) =>
      db.transaction('rw', db.notes, async () => {
        const note = await at(id, expected)
        if (!note) return undefined
        const written = { ...note, ...patch, revision: note.revision + 1 }
        await db.notes.put(written)
        return written
      }),
    delete: (id, expected) =>
      db.transaction('rw', db.notes, async () => {
        if (!(await at(id, expected))) return false
        await db.notes.delete(id)
        return true
      }),
  }
}
