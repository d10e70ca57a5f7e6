// Logging out, for the notes' table: forget(email) clears the notes, keeps
// another user's notes with unsent writes (their session ended, they go out at
// their next sign-in), and touches no other owner's tables: the outbox's
// entries are its own owner's (src/shared/offline/outbox.ts).
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { closeAppDb, createAppDb } from '#shared/db/app-db'
import type { NotesDb } from '../db/note-tables'
import { forget as forgetOutbox } from '#shared/offline/outbox'
import { forget, unsentCount as unsentNoteWrites } from './note-outbox'
import { queueCreate } from './note-outbox'

const STUDENT = 'student@studyhub.demo'
const text = (title: string) => ({ title, description: `${title} body` })

let db: NotesDb
let counter = 0

beforeEach(() => {
  db = createAppDb<NotesDb>(`notes-device-tables-test-${counter++}`)
})

afterEach(() => closeAppDb(db))

describe('forget', () => {
  it('forgetting at logout clears the notes, and no other owner’s tables', async () => {
    await queueCreate(STUDENT, text('Unsent'), db)
    await db.keptAnswers.put({ key: 'k', email: STUDENT, data: [], savedAt: 1 })
    expect(await unsentNoteWrites(STUDENT, db)).toBe(1)
    await forget(STUDENT, db)
    expect(await db.notes.count()).toBe(0)
    expect(await db.outbox.count()).toBe(1)
    await forgetOutbox(STUDENT, db)
    expect(await unsentNoteWrites(STUDENT, db)).toBe(0)
    // The kept answers' owner forgets those (src/app/device-data.ts composes every owner's forget).
    expect(await db.keptAnswers.count()).toBe(1)
  })

  it("logout keeps another user's unsent writes (their session ended), and only those", async () => {
    const OTHER = 'other@studyhub.demo'
    await queueCreate(STUDENT, text('Mine'), db)
    const theirs = await queueCreate(OTHER, text('Theirs'), db)
    await db.notes.put({ _id: 'srv-other', email: OTHER, title: 'Sent', description: '', createdAt: '' } as never)
    await Promise.all([forget(STUDENT, db), forgetOutbox(STUDENT, db)])
    expect(await unsentNoteWrites(STUDENT, db)).toBe(0)
    expect(await unsentNoteWrites(OTHER, db)).toBe(1)
    expect((await db.notes.toArray()).map((n) => n._id)).toEqual([theirs._id])
  })
})
