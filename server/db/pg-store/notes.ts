// Students' own notes. A note written offline brings the id the device gave
// it, so a second insert of one id is refused by the primary key, never merged.
import { desc, eq } from 'drizzle-orm'
import type { NoteRow, Store } from '#core/store'
import { notes } from '../schema'
import { guarded } from './pg-errors'
import { present, type PgDb } from './shared'

const toNote = (row: typeof notes.$inferSelect): NoteRow => present(row)

export function notesStore(db: PgDb): Store['notes'] {
  return {
    async get(id) {
      const [row] = await db.select().from(notes).where(eq(notes._id, id))
      return row && toNote(row)
    },
    async ofOwner(email) {
      const rows = await db
        .select()
        .from(notes)
        .where(eq(notes.email, email))
        .orderBy(desc(notes.createdAt), desc(notes._id))
      return rows.map(toNote)
    },
    async insert(row) {
      await guarded(() => db.insert(notes).values({ ...row, updatedAt: row.updatedAt ?? null }))
    },
    async update(id, patch) {
      const changed = await guarded(() =>
        db
          .update(notes)
          .set({ title: patch.title, description: patch.description, updatedAt: patch.updatedAt ?? null })
          .where(eq(notes._id, id))
          .returning({ id: notes._id }),
      )
      return changed.length > 0
    },
    async delete(id) {
      const gone = await db.delete(notes).where(eq(notes._id, id)).returning({ id: notes._id })
      return gone.length > 0
    },
  }
}
