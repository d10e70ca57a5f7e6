// The app database as the features' registered tables build it, and its
// upgrade from what older builds stored (version 6 made the outbox's entries
// a kind, a subject and a payload, each feature moving its own rows): the
// writes queued before it are kept, in the same order, and each kind finds
// its own again.
import { afterEach, describe, expect, it } from 'vitest'
import type { MaterialsDb } from '#features/materials/db/material-tables'
import type { NotesDb } from '#features/notes/db/note-tables'
import type { ReviewsDb } from '#features/reviews/db/review-tables'
import type { SessionsDb } from '#features/sessions/db/session-tables'
import { closeAppDb, createAppDb } from '#shared/db/app-db'
import { Dexie } from 'dexie'
import { declareV3, storeInV3, type V3OutboxEntry } from '#features/notes/db/testing/app-db-v3'

type EveryTable = NotesDb & MaterialsDb & ReviewsDb & SessionsDb

/** A booking's cancel as version 5 stored it. */
interface V5CancelEntry {
  kind: 'booking-cancel'
  email: string
  bookingId: string
  idempotencyKey: string
  createdAt: number
  attempts: number
  error?: string
}

/** Stores outbox rows (in order) and an inbox in a version-5 database called `name`, as builds of then did, and closes it. */
async function storeInV5(
  name: string,
  outbox: Array<(V3OutboxEntry & { kind: 'note' }) | V5CancelEntry>,
  inbox: { email: string; items: unknown[]; total: number; savedAt: number },
): Promise<void> {
  const db = new Dexie(name)
  declareV3(db)
  db.version(4).stores({ outbox: '++seq, email, noteId, bookingId' })
  db.version(5).stores({ inboxes: 'email' })
  await db.table('outbox').bulkAdd(outbox)
  await db.table('inboxes').add(inbox)
  db.close()
}

let counter = 0
const opened: EveryTable[] = []

function open(name: string): EveryTable {
  const db = createAppDb<EveryTable>(name)
  opened.push(db)
  return db
}

afterEach(() => {
  for (const db of opened.splice(0)) closeAppDb(db)
})

const write = (noteId: string, op: 'create' | 'update', extra: Partial<V3OutboxEntry> = {}): V3OutboxEntry => ({
  email: 'sam@example.com',
  noteId,
  op,
  body: { title: noteId },
  idempotencyKey: `key-${noteId}-${op}`,
  createdAt: 1,
  attempts: op === 'update' ? 1 : 0,
  ...extra,
})

describe('the app database built from every feature’s tables', () => {
  it('holds each feature’s tables and the shared ones', async () => {
    const db = open(`studyhub-tables-${counter++}`)
    await db.open()
    expect(db.tables.map((t) => t.name).sort()).toEqual([
      'keptAnswers',
      'materialFiles',
      'materials',
      'notes',
      'outbox',
      'reviews',
      'sessionPages',
      'sessions',
    ])
  })
})

describe('the upgrade to a kind, a subject and a payload per entry (version 6)', () => {
  it('makes the notes-only outbox of version 3 note entries of their notes, in the same order', async () => {
    const name = `studyhub-test-v3-${counter++}`
    await storeInV3(name, [], [write('a', 'create'), write('b', 'update', { baseRevision: 2 }), write('a', 'update')])
    const db = open(name)

    const entries = await db.outbox.orderBy('seq').toArray()
    expect(entries.map((e) => [e.seq, e.kind, e.subject, e.idempotencyKey])).toEqual([
      [1, 'note', 'a', 'key-a-create'],
      [2, 'note', 'b', 'key-b-update'],
      [3, 'note', 'a', 'key-a-update'],
    ])
    expect(entries[1]).toMatchObject({ attempts: 1, payload: { op: 'update', body: { title: 'b' }, baseRevision: 2 } })
    expect(entries[0]).not.toHaveProperty('noteId')
    expect(await db.outbox.where('[kind+subject]').equals(['note', 'a']).count()).toBe(2)
  })

  it('keeps version 5’s notes and cancels, each found by its subject, and drops the inboxes', async () => {
    const name = `studyhub-test-v5-${counter++}`
    await storeInV5(
      name,
      [
        { ...write('n1', 'create'), kind: 'note' },
        {
          kind: 'booking-cancel',
          email: 'sam@example.com',
          bookingId: 'bk1',
          idempotencyKey: 'key-cancel',
          createdAt: 2,
          attempts: 1,
          error: 'The class has started',
        },
      ],
      { email: 'sam@example.com', items: [], total: 0, savedAt: 1 },
    )
    const db = open(name)

    expect(await db.outbox.orderBy('seq').toArray()).toEqual([
      expect.objectContaining({
        seq: 1,
        kind: 'note',
        subject: 'n1',
        payload: { op: 'create', body: { title: 'n1' } },
      }),
      {
        seq: 2,
        kind: 'booking-cancel',
        subject: 'bk1',
        payload: {},
        email: 'sam@example.com',
        idempotencyKey: 'key-cancel',
        createdAt: 2,
        attempts: 1,
        error: 'The class has started',
      },
    ])
    expect(await db.outbox.where('[kind+subject]').equals(['booking-cancel', 'bk1']).count()).toBe(1)
    expect(db.tables.map((t) => t.name)).not.toContain('inboxes')
  })
})
