// Model-based test of the notes outbox against the demo server's handlers
// (msw/node): random sequences of create, edit and delete, going offline and
// online, reloads (a new engine over the same database), lost answers (the
// server saved, the answer never came back) and duplicated deliveries (the
// same request sent twice). After each sequence everything is sent, and the
// server must hold exactly the model's notes: none lost, none twice, the
// last text of each, created in the order they were written. Two devices of
// one student are outbox-two-devices.model.test.ts, a file of its own so that
// the two long runs take a test worker each.

import fc from 'fast-check'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { demoDb } from '../../../../mocks/db/demo-db'
import { ApiError } from '#shared/api/api-error'
import { closeAppDb } from '#shared/db/app-db'
import type { NotesDb } from '../db/note-tables'
import { openModel, resetModel, RUNS, STUDENT } from '../testing/outbox-model'
import { queueCreate, queueDelete, queueUpdate, readLocalNotes } from './note-outbox'
import type { OutboxSync as NoteSync } from '#shared/offline/outbox-sync'
import { createNoteSync, sendEntry, type SendEntry } from './note-sync'

type Fault = 'none' | 'lose' | 'duplicate' | 'duplicate-then-lose'

type Command =
  | { kind: 'create' }
  | { kind: 'edit'; pick: number }
  | { kind: 'delete'; pick: number }
  | { kind: 'offline' }
  | { kind: 'online' }
  | { kind: 'reload' }
  | { kind: 'flush' }
  | { kind: 'fault'; fault: Fault }

const command: fc.Arbitrary<Command> = fc.oneof(
  { weight: 4, arbitrary: fc.constant({ kind: 'create' } as const) },
  { weight: 3, arbitrary: fc.nat(20).map((pick) => ({ kind: 'edit', pick }) as const) },
  { weight: 2, arbitrary: fc.nat(20).map((pick) => ({ kind: 'delete', pick }) as const) },
  { weight: 1, arbitrary: fc.constant({ kind: 'offline' } as const) },
  { weight: 1, arbitrary: fc.constant({ kind: 'online' } as const) },
  { weight: 1, arbitrary: fc.constant({ kind: 'reload' } as const) },
  { weight: 2, arbitrary: fc.constant({ kind: 'flush' } as const) },
  {
    weight: 2,
    arbitrary: fc
      .constantFrom<Fault>('lose', 'duplicate', 'duplicate-then-lose')
      .map((fault) => ({ kind: 'fault', fault }) as const),
  },
)

interface ModelNote {
  id: string
  title: string
  description: string
  /** Position in the order the notes were written. */
  order: number
}

let db: NotesDb

beforeAll(async () => {
  ;[db] = await openModel('notes-outbox-model')
})

afterAll(() => closeAppDb(db))

const reset = () => resetModel([db])

async function runSequence(commands: Command[]): Promise<void> {
  await reset()
  const model: ModelNote[] = []
  let online = true
  let written = 0
  // Faults the next sends will suffer, one per send.
  const faults: Fault[] = []

  const send: SendEntry = async (entry) => {
    const fault = faults.shift() ?? 'none'
    if (fault === 'duplicate' || fault === 'duplicate-then-lose') {
      const [first] = await Promise.all([sendEntry(entry), sendEntry(entry)])
      if (fault === 'duplicate-then-lose') throw new ApiError('Network error', 0)
      return first
    }
    const answer = await sendEntry(entry)
    if (fault === 'lose') throw new ApiError('Network error', 0)
    return answer
  }
  const newEngine = (): NoteSync => createNoteSync({ email: STUDENT, db, send, isOnline: () => online, locks: null })
  let engine = newEngine()

  for (const c of commands) {
    switch (c.kind) {
      case 'create': {
        const n = written++
        const note = await queueCreate(STUDENT, { title: `Note ${n}`, description: `v0 of ${n}` }, db)
        model.push({ id: note._id, title: note.title, description: note.description, order: n })
        break
      }
      case 'edit': {
        const target = model[c.pick % Math.max(model.length, 1)]
        if (!target) break
        target.description = `${target.description}+`
        await queueUpdate(STUDENT, target.id, { title: target.title, description: target.description }, db)
        break
      }
      case 'delete': {
        const index = c.pick % Math.max(model.length, 1)
        const target = model[index]
        if (!target) break
        model.splice(index, 1)
        await queueDelete(STUDENT, target.id, db)
        break
      }
      case 'offline':
        online = false
        break
      case 'online':
        online = true
        await engine.flush()
        break
      case 'reload':
        // The tab reloads: whatever the old engine had in memory is gone.
        engine.stop()
        engine = newEngine()
        await engine.flush()
        break
      case 'flush':
        await engine.flush()
        break
      case 'fault':
        faults.push(c.fault)
        break
    }
  }

  // Back online for good: send until the outbox is empty (a lost answer stops a flush).
  online = true
  faults.length = 0
  for (let i = 0; i < 50 && (await db.outbox.count()) > 0; i++) await engine.flush()
  expect(await db.outbox.count()).toBe(0)

  const server = await demoDb().notes.where('email').equals(STUDENT).toArray()
  const byId = (a: { _id?: string; id?: string }, b: { _id?: string; id?: string }) =>
    (a._id ?? a.id)! < (b._id ?? b.id)! ? -1 : 1
  // None lost, none duplicated, each with its last text.
  expect(server.map((n) => ({ id: n._id, title: n.title, description: n.description })).sort(byId)).toEqual(
    model.map(({ id, title, description }) => ({ id, title, description })).sort(byId),
  )
  // In order: notes written later were created on the server no earlier.
  const createdAt = new Map(server.map((n) => [n._id, n.createdAt]))
  const inWriteOrder = [...model].sort((a, b) => a.order - b.order).map((m) => createdAt.get(m.id)!)
  expect(inWriteOrder).toEqual([...inWriteOrder].sort())
  // And the device agrees, with nothing left marked as waiting.
  const local = await readLocalNotes(STUDENT, db)
  expect(local.map((n) => n._id).sort()).toEqual(model.map((m) => m.id).sort())
  expect(local.every((n) => n.pending === undefined && n.error === undefined)).toBe(true)
}

describe('notes outbox model', () => {
  it(`keeps the server equal to the model over ${RUNS} random sequences`, async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(command, { minLength: 1, maxLength: 14 }), (commands) => runSequence(commands)),
      { numRuns: RUNS },
    )
  }, 240_000)
})
