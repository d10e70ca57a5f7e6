// Students' own notes. A note written offline brings the id the device gave
// it, so a second insert of one id is refused by the primary key, never merged.
// An edit or delete based on a revision is one statement whose WHERE names
// that revision: of two writes based on the same one, PostgreSQL's row lock
// lets only the first match.
import { and, desc, eq, sql } from 'drizzle-orm'
import type { NoteRow, Store } from '#core/store'
import { notes } from '../schema'
import { guarded } from './pg-errors'
import { present, type PgDb } from './shared'

const toNote = (row: typeof notes.$inferSelect): NoteRow => present(row)

const atRevision = (id: string, expected: number | undefined) =>
  expected === undefined ? eq(notes._id, id) : and(eq(notes._id, id), eq(notes.revision, expected))

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
    async update(id, patch, expected) {
      const [row] = await guarded(() =>
        db
          .update(notes)
          .set({
            title: patch.title,
            description: patch.description,
            updatedAt: patch.updatedAt ?? null,
            revision: sql`${notes.revision} + 1`,
          })
          .where(atRevision(id, expected))
          .returning(),
      )
      return row && toNote(row)
    },
    async delete(id, expected) {
      const gone = await db.delete(notes).where(atRevision(id, expected)).returning({ id: notes._id })
      return gone.length > 0
    },
  }
}
