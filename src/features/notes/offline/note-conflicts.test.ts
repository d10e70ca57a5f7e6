// Conflicts between two devices of one student, one case each, against the
// demo server's handlers (msw/node): what is sent (If-Match, and never the
// refused write again), what the device keeps, and what each choice sends.
// The random interleavings are in ./outbox.model.test.ts.
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { demoDb } from '../../../../mocks/db/demo-db'
import { resetDemoDb, signInAs } from '../../../../mocks/testing/sign-in'
import { server } from '../../../../tests/setup/msw-server'
import { api } from '#shared/api/http-client'
import { closeAppDb, createAppDb } from '#shared/db/app-db'
import type { NotesDb } from '../db/note-tables'
import { clearStorageFault } from '#shared/db/storage-status'
import { resolveConflict } from './note-conflicts'
import { applyServerNotes, queueDelete, queueUpdate, readLocalNotes, unsentCount } from './note-outbox'
import { createNoteSync } from './note-sync'

const STUDENT = 'student@studyhub.demo'
let db: NotesDb
let counter = 0
let ifMatch: (string | null)[] = []

const onRequest = ({ request }: { request: Request }) => {
  if (request.method === 'PATCH' || request.method === 'DELETE') ifMatch.push(request.headers.get('If-Match'))
}

beforeEach(async () => {
  await resetDemoDb()
  await signInAs(STUDENT)
  db = createAppDb<NotesDb>(`note-conflicts-test-${counter++}`)
  ifMatch = []
  server.events.on('request:start', onRequest)
})

afterEach(() => {
  server.events.removeListener('request:start', onRequest)
  closeAppDb(db)
  clearStorageFault()
})

const flush = () => createNoteSync({ email: STUDENT, db, isOnline: () => true, locks: null }).flush()
const serverNote = (id: string) => demoDb().notes.get(id)

/** A note on the server and on this device at revision 1. */
async function synced(description = 'First draft') {
  const { insertedId } = await api('createNote', { body: { email: STUDENT, title: 'Optics', description } })
  await applyServerNotes(STUDENT, await api('listStudentNotes', { params: { email: STUDENT } }), db)
  return insertedId
}
const elsewhere = (id: string, description: string) =>
  api('updateNote', { params: { id }, body: { title: 'Optics', description }, ifMatch: 1 })

describe('note conflicts', () => {
  it('an edit made on an older revision is kept beside the newer one, sent once, and counted as unsent', async () => {
    const id = await synced()
    await queueUpdate(STUDENT, id, { title: 'Optics', description: 'Mine' }, db)
    await elsewhere(id, 'Theirs')
    ifMatch = []
    expect(await flush()).toMatchObject({ sent: 0, conflicts: 1 })
    expect(ifMatch).toEqual(['"1"'])
    expect(await db.notes.get(id)).toMatchObject({
      description: 'Mine',
      conflict: { theirs: { description: 'Theirs' } },
    })
    expect(await db.outbox.count()).toBe(0)
    expect(await unsentCount(STUDENT, db)).toBe(1)
    // The server's list does not replace it, and nothing more is sent.
    await applyServerNotes(STUDENT, await api('listStudentNotes', { params: { email: STUDENT } }), db)
    expect(await flush()).toMatchObject({ sent: 0, conflicts: 0 })
    expect(ifMatch).toHaveLength(1)
    // Nor does it take a new edit before the student has chosen.
    await expect(queueUpdate(STUDENT, id, { title: 'Optics', description: 'Again' }, db)).rejects.toThrow()
    expect(await db.outbox.count()).toBe(0)

    // Keeping this device's version sends it on the revision the student saw.
    await resolveConflict(STUDENT, id, { keep: 'mine' }, db)
    expect(await flush()).toMatchObject({ sent: 1 })
    expect(ifMatch.at(-1)).toBe('"2"')
    expect(await serverNote(id)).toMatchObject({ description: 'Mine', revision: 3 })
    const settled = (await db.notes.get(id))!
    expect(settled).toMatchObject({ description: 'Mine', revision: 3 })
    expect([settled.pending, settled.conflict]).toEqual([undefined, undefined])
  })

  it('a delete made on an older revision gives way to the newer edit', async () => {
    const id = await synced()
    await queueDelete(STUDENT, id, db)
    await elsewhere(id, 'Kept')
    expect(await flush()).toMatchObject({ conflicts: 1 })
    expect(await serverNote(id)).toMatchObject({ description: 'Kept' })
    const [note] = await readLocalNotes(STUDENT, db)
    expect(note).toMatchObject({ _id: id, description: 'Kept', revision: 2 })
    expect(note!.conflict).toBeUndefined()
    expect(await unsentCount(STUDENT, db)).toBe(0)
  })

  it('an edit of a note deleted on another device waits for a choice, and keeping it makes it a new note', async () => {
    const id = await synced()
    await queueUpdate(STUDENT, id, { title: 'Optics', description: 'Still needed' }, db)
    await api('deleteNote', { params: { id } })
    expect(await flush()).toMatchObject({ conflicts: 1 })
    expect(await db.notes.get(id)).toMatchObject({ description: 'Still needed', conflict: { theirs: null } })
    await resolveConflict(STUDENT, id, { keep: 'mine' }, db)
    expect(await flush()).toMatchObject({ sent: 1, refused: 0 })
    const notes = await api('listStudentNotes', { params: { email: STUDENT } })
    expect(notes.filter((n) => n.title === 'Optics').map((n) => [n.description, n.revision])).toEqual([
      ['Still needed', 1],
    ])
    expect((await readLocalNotes(STUDENT, db)).filter((n) => n.title === 'Optics')).toHaveLength(1)
  })

  it('letting it go, or keeping the other version, sends nothing', async () => {
    const id = await synced()
    await queueUpdate(STUDENT, id, { title: 'Optics', description: 'Mine' }, db)
    await elsewhere(id, 'Theirs')
    ifMatch = []
    await flush()
    await resolveConflict(STUDENT, id, { keep: 'theirs' }, db)
    expect(await flush()).toMatchObject({ sent: 0 })
    expect(await db.notes.get(id)).toMatchObject({ description: 'Theirs', revision: 2 })
    expect(ifMatch).toHaveLength(1)
  })
})
