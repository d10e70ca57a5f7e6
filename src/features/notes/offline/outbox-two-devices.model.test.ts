// Model-based test of two devices of one student against one server (the demo
// server's handlers, msw/node): random interleavings of each device's offline
// and online edits, deletes, refreshes and choices in conflicts. No text is
// ever lost: every text a device saved ends up on the server or shown in a
// conflict on a device, unless a student replaced it knowingly (edited or
// deleted it where it was shown, or chose the other version). Against a server
// that ignores revisions the same model finds a lost text. One device's runs,
// with lost and duplicated answers, are outbox.model.test.ts.

import fc from 'fast-check'
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import { demoDb } from '../../../../mocks/db/demo-db'
import { signInAs } from '../../../../mocks/testing/sign-in'
import { ApiError } from '#shared/api/api-error'
import { api } from '#shared/api/http-client'
import { closeAppDb } from '#shared/db/app-db'
import type { LocalNote, NotesDb } from '../db/note-tables'
import { openModel, resetModel, RUNS, STUDENT } from '../testing/outbox-model'
import { resolveConflict, type Resolution } from './note-conflicts'
import { applyServerNotes, queueCreate, queueDelete, queueUpdate, readLocalNotes } from './note-outbox'
import type { OutboxSync as NoteSync } from '#shared/offline/outbox-sync'
import { createNoteSync, sendEntry, type SendEntry } from './note-sync'

let phone: NotesDb
let laptop: NotesDb

beforeAll(async () => {
  ;[phone, laptop] = await openModel('notes-outbox-model-phone', 'notes-outbox-model-laptop')
})

afterAll(() => {
  closeAppDb(phone)
  closeAppDb(laptop)
})

const reset = () => resetModel([phone, laptop])

type Device = 0 | 1
type DeviceCommand =
  | { kind: 'create' | 'offline' | 'online' | 'flush' | 'refresh' | 'lose'; device: Device }
  | { kind: 'edit' | 'delete'; device: Device; pick: number }
  | { kind: 'resolve'; device: Device; pick: number; keep: Resolution['keep'] }

const device = fc.constantFrom<Device>(0, 1)
const deviceCommand: fc.Arbitrary<DeviceCommand> = fc.oneof(
  { weight: 1, arbitrary: fc.record({ kind: fc.constant('create' as const), device }) },
  { weight: 5, arbitrary: fc.record({ kind: fc.constant('edit' as const), device, pick: fc.nat(3) }) },
  { weight: 1, arbitrary: fc.record({ kind: fc.constant('delete' as const), device, pick: fc.nat(3) }) },
  {
    weight: 5,
    arbitrary: fc.record({
      kind: fc.constantFrom(
        'offline' as const,
        'online' as const,
        'online' as const,
        'flush' as const,
        'refresh' as const,
      ),
      device,
    }),
  },
  { weight: 1, arbitrary: fc.record({ kind: fc.constant('lose' as const), device }) },
  {
    weight: 2,
    arbitrary: fc.record({
      kind: fc.constant('resolve' as const),
      device,
      pick: fc.nat(3),
      keep: fc.constantFrom<Resolution['keep']>('mine', 'theirs', 'both', 'merged'),
    }),
  },
)

/** Runs of the two-device model that ended with a conflict or resolved one: the model must reach them often. */
let runsWithConflicts = 0

/** How a device reaches the server: as it is, or with every If-Match left out (a server that ignores revisions). */
type Wire = 'revisions' | 'ignored'

async function runTwoDevices(commands: DeviceCommand[], wire: Wire = 'revisions'): Promise<void> {
  await reset()
  const dbs = [phone, laptop] as const
  const online = [true, true]
  const lose = [false, false]
  let written = 0
  // Every text saved, by its description (each one unique), and those a student replaced knowingly.
  const saved = new Set<string>()
  const replaced = new Set<string>()
  const save = (d: Device, what: string) => {
    const description = `${what} ${d}:${written++}`
    saved.add(description)
    return { title: `Note by ${d}`, description }
  }

  const engines = dbs.map((deviceDb, d) => {
    const send: SendEntry = async (entry) => {
      const answer = await sendEntry(
        wire === 'ignored' ? { ...entry, payload: { ...entry.payload, baseRevision: undefined } } : entry,
      )
      if (lose[d]) {
        lose[d] = false
        throw new ApiError('Network error', 0)
      }
      return answer
    }
    return createNoteSync({ email: STUDENT, db: deviceDb, send, isOnline: () => online[d]!, locks: null })
  }) as NoteSync[]
  const refresh = async (d: Device) => {
    if (online[d])
      await applyServerNotes(STUDENT, await api('listStudentNotes', { params: { email: STUDENT } }), dbs[d])
  }
  /** What the device shows as a note the student may edit or delete. */
  const editable = async (d: Device) => (await readLocalNotes(STUDENT, dbs[d])).filter((n) => !n.conflict)
  const conflicted = async (d: Device) => (await readLocalNotes(STUDENT, dbs[d])).filter((n) => n.conflict)
  const picked = (notes: LocalNote[], pick: number) => notes[pick % Math.max(notes.length, 1)]
  // As the app does: a write is sent at once when online, and what the engine
  // sent or met brings the server's list again (My Notes refetches).
  const sync = async (d: Device) => {
    if (!online[d]) return
    await engines[d]!.flush()
    await refresh(d)
  }
  let resolved = false

  for (const c of commands) {
    const d = c.device
    switch (c.kind) {
      case 'create':
        await queueCreate(STUDENT, save(d, 'new'), dbs[d])
        await sync(d)
        break
      case 'edit': {
        const note = picked(await editable(d), c.pick)
        if (!note) break
        replaced.add(note.description)
        await queueUpdate(STUDENT, note._id, save(d, 'edit'), dbs[d])
        await sync(d)
        break
      }
      case 'delete': {
        const note = picked(await editable(d), c.pick)
        if (!note) break
        replaced.add(note.description)
        await queueDelete(STUDENT, note._id, dbs[d])
        await sync(d)
        break
      }
      case 'resolve': {
        const note = picked(await conflicted(d), c.pick)
        if (!note) break
        const theirs = note.conflict!.theirs?.description
        if (c.keep === 'mine' || c.keep === 'merged') if (theirs) replaced.add(theirs)
        if (c.keep === 'theirs' || c.keep === 'merged') replaced.add(note.description)
        const resolution: Resolution =
          c.keep === 'merged' ? { keep: 'merged', text: save(d, 'merge') } : { keep: c.keep }
        await resolveConflict(STUDENT, note._id, resolution, dbs[d])
        resolved = true
        await sync(d)
        break
      }
      case 'offline':
        online[d] = false
        break
      case 'online':
        online[d] = true
        await sync(d)
        break
      case 'flush':
        await engines[d]!.flush()
        break
      case 'refresh':
        await refresh(d)
        break
      case 'lose':
        lose[d] = true
        break
    }
  }

  // Both devices back online for good, everything sent, both lists fetched again.
  online.fill(true)
  lose.fill(false)
  for (let i = 0; i < 20 && (await phone.outbox.count()) + (await laptop.outbox.count()) > 0; i++) {
    for (const engine of engines) await engine.flush()
  }
  expect(await phone.outbox.count()).toBe(0)
  expect(await laptop.outbox.count()).toBe(0)
  await refresh(0)
  await refresh(1)

  const server = await demoDb().notes.where('email').equals(STUDENT).toArray()
  const onServer = server.map((n) => n.description)
  // Nothing twice: no text reached the server twice.
  expect(new Set(onServer).size).toBe(onServer.length)
  const inConflicts = (await Promise.all([conflicted(0), conflicted(1)]))
    .flat()
    .flatMap((n) => [n.description, n.conflict!.theirs?.description])
  if (resolved || inConflicts.length > 0) runsWithConflicts += 1
  const kept = new Set([...onServer, ...inConflicts])
  const lost = [...saved].filter((text) => !replaced.has(text) && !kept.has(text))
  expect(lost, 'texts no device or server holds').toEqual([])
  // Outside conflicts, both devices show exactly the server's notes.
  for (const d of [0, 1] as const) {
    const conflicts = new Set((await conflicted(d)).map((n) => n._id))
    const shown = (await editable(d)).map((n) => `${n._id} ${n.description}`).sort()
    const expected = server.filter((n) => !conflicts.has(n._id)).map((n) => `${n._id} ${n.description}`)
    expect(shown).toEqual(expected.sort())
  }
}

// Few notes and long enough runs that both devices often write the same note.
const commandsOfTwo = fc.array(deviceCommand, { minLength: 8, maxLength: 24 })

describe('notes outbox model, two devices', () => {
  // The test setup forgets the stored token after each test.
  beforeEach(() => signInAs(STUDENT))

  it(`loses no text over ${RUNS} random interleavings of two devices`, async () => {
    runsWithConflicts = 0
    await fc.assert(
      fc.asyncProperty(commandsOfTwo, (commands) => runTwoDevices(commands)),
      { numRuns: RUNS },
    )
    expect(runsWithConflicts).toBeGreaterThan(RUNS / 20)
  }, 300_000)

  it('finds a lost text when the server ignores revisions (the last writer wins)', async () => {
    // The phone edits offline, the laptop edits the same note online, the phone comes back.
    const lostEdit: DeviceCommand[] = [
      { kind: 'create', device: 0 },
      { kind: 'refresh', device: 1 },
      { kind: 'offline', device: 0 },
      { kind: 'edit', device: 0, pick: 0 },
      { kind: 'edit', device: 1, pick: 0 },
      { kind: 'online', device: 0 },
    ]
    await runTwoDevices(lostEdit)
    await expect(runTwoDevices(lostEdit, 'ignored')).rejects.toThrow(/texts no device or server holds/)
    const found = await fc.check(
      fc.asyncProperty(commandsOfTwo, (commands) => runTwoDevices(commands, 'ignored')),
      { numRuns: RUNS, endOnFailure: true },
    )
    expect(found.failed).toBe(true)
  }, 300_000)
})
