// The notes outbox and its sync engine against the demo server's handlers
// (msw/node): order, merge and cancel rules, Idempotency-Keys, refusals kept
// until retried or discarded, network failures and 401s left queued, the Web
// Lock and email scoping. Logout's forgetting: ./device-tables.test.ts.
import { http, HttpResponse } from 'msw'
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest'
import { demoDb } from '../../../../mocks/db/demo-db'
import { resetDemoDb, signInAs } from '../../../../mocks/testing/sign-in'
import { server } from '../../../../tests/setup/msw-server'
import { ApiError } from '#shared/api/api-error'
import { closeAppDb, createAppDb } from '#shared/db/app-db'
import type { NotesDb } from '../db/note-tables'
import { StillSavingError, STORAGE_WRITE_TIMEOUT_MS } from '#shared/db/storage-faults'
import { clearStorageFault } from '#shared/db/storage-status'
import { storeInV3 } from '../db/testing/app-db-v3'
import {
  applyServerNotes,
  discardNote,
  isNoteEntry,
  newNoteId,
  queueCreate,
  queueDelete,
  queueUpdate,
  readLocalNotes,
  retryNote,
  undoDelete,
} from './note-outbox'
import { OUTBOX_LOCK, type LockProvider } from '#shared/offline/outbox-sync'
import { crossTabLock } from '#shared/testing/cross-tab-lock'
import { createNoteSync, sendEntry, type SendEntry } from './note-sync'

const STUDENT = 'student@studyhub.demo'
const OTHER = 'ethan.brown@studyhub.demo'

let db: NotesDb
let counter = 0

interface Seen {
  method: string
  path: string
  key: string | null
  body: unknown
}
let seen: Seen[] = []

function record() {
  const onStart = async ({ request }: { request: Request }) => {
    const url = new URL(request.url)
    if (!url.pathname.startsWith('/api/notes')) return
    const text = request.method === 'GET' || request.method === 'DELETE' ? '' : await request.clone().text()
    seen.push({
      method: request.method,
      path: url.pathname.replace('/api', ''),
      key: request.headers.get('Idempotency-Key'),
      body: text ? JSON.parse(text) : undefined,
    })
  }
  server.events.on('request:start', onStart)
  return () => server.events.removeListener('request:start', onStart)
}

async function serverNotes(email = STUDENT) {
  return demoDb().notes.where('email').equals(email).toArray()
}

function engine(
  options: { send?: SendEntry; online?: () => boolean; locks?: LockProvider | null; email?: string } = {},
) {
  return createNoteSync({
    email: options.email ?? STUDENT,
    db,
    send: options.send,
    isOnline: options.online ?? (() => true),
    locks: options.locks ?? null,
  })
}

const text = (title: string, description = `${title} body`) => ({ title, description })

beforeAll(async () => {
  await resetDemoDb()
})

let stopRecording: () => void
beforeEach(async () => {
  db = createAppDb<NotesDb>(`notes-outbox-test-${counter++}`)
  await demoDb().notes.where('email').anyOf([STUDENT, OTHER]).delete()
  await signInAs(STUDENT)
  seen = []
  stopRecording = record()
})

afterEach(() => {
  vi.useRealTimers()
  stopRecording()
  closeAppDb(db)
  clearStorageFault()
})

describe('storing writes', () => {
  it('stores the note and its outbox entry together, marked waiting to sync', async () => {
    const note = await queueCreate(STUDENT, text('Optics'), db)
    expect(note._id).toMatch(/^[0-9a-f-]{36}$/)
    expect(await db.notes.get(note._id)).toMatchObject({ title: 'Optics', pending: 'create' })
    const [entry] = await db.outbox.toArray()
    expect(entry).toMatchObject({
      email: STUDENT,
      kind: 'note',
      subject: note._id,
      payload: { op: 'create' },
      attempts: 0,
    })
    expect(entry!.idempotencyKey).toMatch(/^[0-9a-f-]{36}$/)
  })

  it('a failed outbox write leaves no local note either (one transaction)', async () => {
    const add = vi.spyOn(db.outbox, 'add').mockRejectedValueOnce(new DOMException('full', 'QuotaExceededError'))
    await expect(queueCreate(STUDENT, text('Lost'), db)).rejects.toMatchObject({ name: 'StorageFaultError' })
    add.mockRestore()
    expect(await db.notes.count()).toBe(0)
    expect(await db.outbox.count()).toBe(0)
  })

  it('merges an edit into an unsent create, and a delete cancels both', async () => {
    const a = await queueCreate(STUDENT, text('Draft'), db)
    await queueUpdate(STUDENT, a._id, text('Final', 'Final body'), db)
    const entries = await db.outbox.toArray()
    expect(entries).toHaveLength(1)
    expect(entries[0]).toMatchObject({ payload: { op: 'create', body: { title: 'Final', description: 'Final body' } } })
    expect(await db.notes.get(a._id)).toMatchObject({ title: 'Final', pending: 'create' })

    await queueDelete(STUDENT, a._id, db)
    expect(await db.outbox.count()).toBe(0)
    expect(await db.notes.count()).toBe(0)
    await engine().flush()
    expect(seen).toEqual([])
  })

  it('after an attempt that may have reached the server, later writes are new entries', async () => {
    const a = await queueCreate(STUDENT, text('Sent once'), db)
    // The request reached the server, the answer was lost.
    const lost: SendEntry = async (entry) => {
      await sendEntry(entry)
      throw new ApiError('Network error', 0)
    }
    expect((await engine({ send: lost }).flush()).stopped).toBe('network')
    await queueUpdate(STUDENT, a._id, text('Edited'), db)
    await queueDelete(STUDENT, a._id, db)
    const ops = (await db.outbox.toArray()).map((e) => (isNoteEntry(e) ? e.payload.op : e.kind))
    // The unsent edit is moot once the note is deleted; the create may be on the server.
    expect(ops).toEqual(['create', 'delete'])
    expect(await readLocalNotes(STUDENT, db)).toEqual([])

    await engine().flush()
    expect(await serverNotes()).toEqual([])
    expect(await db.outbox.count()).toBe(0)
    expect(await db.notes.count()).toBe(0)
  })
})

describe('undoing a delete', () => {
  it('held for its Undo, a delete is not sent; Undo puts the note and its dropped edit back, and nothing reaches the server', async () => {
    const a = await queueCreate(STUDENT, text('Kept'), db)
    await engine().flush()
    await queueUpdate(STUDENT, a._id, text('Kept', 'An edit not sent yet'), db)
    const now = Date.now()
    const undo = await queueDelete(STUDENT, a._id, db, now, now + 60_000)
    expect(await readLocalNotes(STUDENT, db)).toEqual([])
    seen = []
    await engine().flush()
    expect(seen).toEqual([])

    expect(await undoDelete(undo!, db)).toBe(true)
    expect(await readLocalNotes(STUDENT, db)).toMatchObject([
      { _id: a._id, description: 'An edit not sent yet', pending: 'update' },
    ])
    expect(
      (await db.outbox.toArray()).map((e) => (e.kind === 'note' ? (e.payload as { op: string }).op : e.kind)),
    ).toEqual(['update'])
    await engine().flush()
    expect(seen.map((r) => r.method)).toEqual(['PATCH'])
    expect(await serverNotes()).toMatchObject([{ _id: a._id, description: 'An edit not sent yet' }])
  })

  it('puts back a note the server never had, with its create', async () => {
    const a = await queueCreate(STUDENT, text('Offline only'), db)
    const undo = await queueDelete(STUDENT, a._id, db)
    expect(await db.outbox.count()).toBe(0)
    expect(await undoDelete(undo!, db)).toBe(true)
    expect(await readLocalNotes(STUDENT, db)).toMatchObject([{ _id: a._id, pending: 'create' }])
    await engine().flush()
    expect(await serverNotes()).toMatchObject([{ _id: a._id, title: 'Offline only' }])
  })

  it('is too late once the delete has gone out: nothing changes', async () => {
    const a = await queueCreate(STUDENT, text('Gone'), db)
    await engine().flush()
    const undo = await queueDelete(STUDENT, a._id, db)
    await engine().flush()
    expect(await undoDelete(undo!, db)).toBe(false)
    expect(await readLocalNotes(STUDENT, db)).toEqual([])
    expect(await serverNotes()).toEqual([])
  })
})

describe('a slow storage transaction', () => {
  /** Holds db's next transaction back for `ms` (a busy disk, another tab's transaction), then runs it. */
  function delayNextTransaction(ms: number) {
    const transaction = db.transaction.bind(db) as (...args: unknown[]) => Promise<unknown>
    vi.spyOn(db, 'transaction').mockImplementationOnce(((...args: unknown[]) =>
      new Promise((resolve) => setTimeout(resolve, ms)).then(() => transaction(...args))) as typeof db.transaction)
  }

  it('a draft submitted again while its first write is still saving is one note, here and on the server', async () => {
    // Only timers are faked: the IndexedDB stand-in runs on setImmediate.
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] })
    delayNextTransaction(STORAGE_WRITE_TIMEOUT_MS + 2_000)
    const draft = { id: newNoteId(), ...text('Slow disk') }

    const first = queueCreate(STUDENT, draft, db).catch((e: unknown) => e)
    await vi.advanceTimersByTimeAsync(STORAGE_WRITE_TIMEOUT_MS)
    const timedOut = await first
    // Not "not saved": the write may still be stored.
    expect(timedOut).toBeInstanceOf(StillSavingError)

    // Pressed again: the same draft, so the same note id.
    await queueCreate(STUDENT, draft, db)
    await vi.advanceTimersByTimeAsync(2_000)
    await expect((timedOut as StillSavingError).settled).resolves.toMatchObject({ _id: draft.id })
    vi.useRealTimers()

    expect((await db.notes.toArray()).map((n) => n._id)).toEqual([draft.id])
    expect(await db.outbox.count()).toBe(1)
    await engine().flush()
    expect((await serverNotes()).map((n) => [n._id, n.title])).toEqual([[draft.id, 'Slow disk']])
  })

  it('a draft submitted again with more text updates its note instead of adding one', async () => {
    const id = newNoteId()
    await queueCreate(STUDENT, { id, ...text('First words') }, db)
    await engine().flush()
    await queueCreate(STUDENT, { id, ...text('First words', 'and more') }, db)
    await engine().flush()
    expect((await serverNotes()).map((n) => [n._id, n.description])).toEqual([[id, 'and more']])
    expect(seen.map((s) => s.method)).toEqual(['POST', 'PATCH'])
  })
})

describe('sending', () => {
  it('sends in order, each with its own Idempotency-Key, and clears the marks', async () => {
    const a = await queueCreate(STUDENT, text('First'), db, 1_000)
    const b = await queueCreate(STUDENT, text('Second'), db, 2_000)
    const seeded = (await db.outbox.toArray()).map((e) => e.idempotencyKey)
    const result = await engine().flush()
    expect(result).toEqual({ sent: 2, refused: 0, conflicts: 0 })
    expect(seen.map((s) => `${s.method} ${s.path}`)).toEqual(['POST /notes', 'POST /notes'])
    expect(seen.map((s) => s.key)).toEqual(seeded)
    expect(seen.map((s) => (s.body as { _id: string })._id)).toEqual([a._id, b._id])

    await queueUpdate(STUDENT, a._id, text('First, edited'), db)
    await queueDelete(STUDENT, b._id, db)
    await engine().flush()
    expect(seen.slice(2).map((s) => `${s.method} ${s.path}`)).toEqual([
      `PATCH /notes/${a._id}`,
      `DELETE /notes/${b._id}`,
    ])
    expect(new Set(seen.map((s) => s.key)).size).toBe(4)

    expect((await serverNotes()).map((n) => [n._id, n.title])).toEqual([[a._id, 'First, edited']])
    expect(await db.outbox.count()).toBe(0)
    const local = await readLocalNotes(STUDENT, db)
    expect(local).toEqual([expect.objectContaining({ _id: a._id, title: 'First, edited' })])
    expect(local[0]).not.toHaveProperty('pending')
  })

  it('a lost answer is retried with the same key and the server keeps one note', async () => {
    await queueCreate(STUDENT, text('Once'), db)
    let drops = 1
    const send: SendEntry = async (entry) => {
      const answer = await sendEntry(entry)
      if (drops-- > 0) throw new ApiError('Network error', 0)
      return answer
    }
    await engine({ send }).flush()
    await engine({ send }).flush()
    expect(seen).toHaveLength(2)
    expect(seen[0]!.key).toBe(seen[1]!.key)
    expect((await serverNotes()).map((n) => n.title)).toEqual(['Once'])
    expect(await db.outbox.count()).toBe(0)
  })

  it('a duplicated delivery is applied once', async () => {
    await queueCreate(STUDENT, text('Twice sent'), db)
    const send: SendEntry = (entry) => Promise.all([sendEntry(entry), sendEntry(entry)])
    expect(await engine({ send }).flush()).toEqual({ sent: 1, refused: 0, conflicts: 0 })
    expect((await serverNotes()).map((n) => n.title)).toEqual(['Twice sent'])
  })

  it('keeps a refused write with the reason until retried, and blocks only that note', async () => {
    const a = await queueCreate(STUDENT, text('Refused'), db)
    const b = await queueCreate(STUDENT, text('Fine'), db)
    server.use(
      http.post('*/api/notes', async ({ request }) => {
        const body = (await request.clone().json()) as { _id: string }
        if (body._id === a._id) return HttpResponse.json({ message: 'Title not allowed' }, { status: 422 })
        return undefined
      }),
    )
    await queueUpdate(STUDENT, a._id, text('Refused'), db) // merged into the create
    expect(await engine().flush()).toEqual({ sent: 1, refused: 1, conflicts: 0 })
    expect((await serverNotes()).map((n) => n._id)).toEqual([b._id])
    expect(await db.notes.get(a._id)).toMatchObject({ pending: 'create', error: 'Title not allowed' })
    expect(await db.outbox.where('[kind+subject]').equals(['note', a._id]).first()).toMatchObject({
      error: 'Title not allowed',
    })

    // Not retried by itself.
    await engine().flush()
    expect(seen.filter((s) => s.method === 'POST')).toHaveLength(2)

    server.resetHandlers()
    await retryNote(a._id, db)
    expect(await engine().flush()).toEqual({ sent: 1, refused: 0, conflicts: 0 })
    expect((await serverNotes()).map((n) => n._id).sort()).toEqual([a._id, b._id].sort())
    expect(await db.notes.get(a._id)).not.toHaveProperty('error')
  })

  it('discarding a refused create removes it; discarding a refused edit restores the server copy', async () => {
    const a = await queueCreate(STUDENT, text('Kept'), db)
    await engine().flush()
    const b = await queueCreate(STUDENT, text('Never accepted'), db)
    await queueUpdate(STUDENT, a._id, text('Bad edit'), db)
    server.use(http.all('*/api/notes*', () => HttpResponse.json({ message: 'No' }, { status: 400 })))
    expect(await engine().flush()).toEqual({ sent: 0, refused: 2, conflicts: 0 })
    server.resetHandlers()

    await discardNote(b._id, undefined, db)
    const onServer = (await serverNotes())[0]!
    await discardNote(a._id, onServer, db)
    expect(await db.outbox.count()).toBe(0)
    expect(await readLocalNotes(STUDENT, db)).toEqual([expect.objectContaining({ _id: a._id, title: 'Kept' })])
    expect((await readLocalNotes(STUDENT, db))[0]).not.toHaveProperty('pending')
  })

  it('a network failure and a 401 leave the write queued, unrefused', async () => {
    await queueCreate(STUDENT, text('Patient'), db)
    const offline: SendEntry = () => Promise.reject(new ApiError('Network error', 0))
    expect((await engine({ send: offline }).flush()).stopped).toBe('network')
    localStorage.setItem('access-token', 'expired')
    const log = vi.spyOn(console, 'log').mockImplementation(() => {})
    expect((await engine().flush()).stopped).toBe('unauthorized')
    log.mockRestore()
    const [entry] = await db.outbox.toArray()
    expect(entry).toMatchObject({ attempts: 2 })
    expect(entry).not.toHaveProperty('error')

    await signInAs(STUDENT)
    expect(await engine().flush()).toEqual({ sent: 1, refused: 0, conflicts: 0 })
    expect((await serverNotes()).map((n) => n.title)).toEqual(['Patient'])
  })

  it('sends nothing while offline', async () => {
    await queueCreate(STUDENT, text('Later'), db)
    expect(await engine({ online: () => false }).flush()).toEqual({
      sent: 0,
      refused: 0,
      conflicts: 0,
      stopped: 'offline',
    })
    expect(seen).toEqual([])
    expect(await db.outbox.count()).toBe(1)
  })

  it("sends only the signed-in user's entries", async () => {
    await queueCreate(OTHER, text('Not mine'), db)
    await queueCreate(STUDENT, text('Mine'), db)
    await engine().flush()
    expect(seen.map((s) => (s.body as { email: string }).email)).toEqual([STUDENT])
    expect((await db.outbox.toArray()).map((e) => e.email)).toEqual([OTHER])
    expect(await serverNotes(OTHER)).toEqual([])
  })

  it('sends under the Web Lock, and two tabs flushing at once send each write once', async () => {
    for (let i = 0; i < 5; i++) await queueCreate(STUDENT, text(`Tab note ${i}`), db)
    // A cross-tab lock: one holder at a time, like navigator.locks.
    const { locks, names } = crossTabLock()
    const tabA = engine({ locks })
    const tabB = createNoteSync({ email: STUDENT, db: createAppDb<NotesDb>(db.name), locks, isOnline: () => true })
    const [a, b] = await Promise.all([tabA.flush(), tabB.flush()])
    expect(a.sent + b.sent).toBe(5)
    expect(names).toEqual([OUTBOX_LOCK, OUTBOX_LOCK])
    expect(seen).toHaveLength(5)
    expect((await serverNotes()).map((n) => n.title).sort()).toEqual([0, 1, 2, 3, 4].map((i) => `Tab note ${i}`))
  })

  it('starts by flushing, and flushes again when the connection returns', async () => {
    await queueCreate(STUDENT, text('On start'), db)
    let online = true
    const sync = engine({ online: () => online })
    const stop = sync.start()
    await vi.waitFor(async () => expect(await serverNotes()).toHaveLength(1))
    online = false
    await queueCreate(STUDENT, text('After reconnect'), db)
    await sync.flush()
    expect(await serverNotes()).toHaveLength(1)
    online = true
    window.dispatchEvent(new Event('online'))
    await vi.waitFor(async () => expect(await serverNotes()).toHaveLength(2))
    stop()
  })
})

describe('the local table', () => {
  it("the server's list refreshes the table but never overwrites unsent writes", async () => {
    const a = await queueCreate(STUDENT, text('Mine, unsent'), db)
    await db.notes.put({
      _id: 'stale',
      email: STUDENT,
      title: 'Deleted elsewhere',
      description: 'x',
      createdAt: new Date(0).toISOString(),
    })
    const fromServer = {
      _id: 'srv1',
      email: STUDENT,
      title: 'On the server',
      description: 'y',
      createdAt: new Date(5).toISOString(),
    }
    await applyServerNotes(STUDENT, [fromServer, { ...fromServer, _id: a._id, title: 'Older server copy' }], db)
    const local = await readLocalNotes(STUDENT, db)
    expect(local.map((n) => [n._id, n.title])).toEqual([
      [a._id, 'Mine, unsent'],
      ['srv1', 'On the server'],
    ])
  })
})

describe('a device upgraded from the notes-only outbox', () => {
  it('sends the writes queued before the upgrade, in order, once each', async () => {
    const name = `notes-outbox-v3-${counter++}`
    const created = {
      _id: newNoteId(),
      email: STUDENT,
      title: 'Queued',
      description: 'before',
      createdAt: '2026-11-26T10:00:00.000Z',
    }
    const entry = (op: 'create' | 'update', description: string, key: string) => ({
      email: STUDENT,
      noteId: created._id,
      op,
      body: op === 'create' ? { email: STUDENT, title: 'Queued', description } : { title: 'Queued', description },
      idempotencyKey: key,
      createdAt: 1,
      attempts: 0,
    })
    // An older build sent the create once with no answer back, then queued an edit after it.
    await storeInV3(
      name,
      [{ ...created, description: 'after', pending: 'create' }],
      [
        entry('create', 'before', crypto.randomUUID()),
        { ...entry('update', 'after', crypto.randomUUID()), attempts: 1 },
      ],
    )
    closeAppDb(db)
    db = createAppDb<NotesDb>(name)

    expect(await engine().flush()).toEqual({ sent: 2, refused: 0, conflicts: 0 })
    expect(seen.map((s) => `${s.method} ${s.path}`)).toEqual(['POST /notes', `PATCH /notes/${created._id}`])
    expect((await serverNotes()).map((n) => [n._id, n.description])).toEqual([[created._id, 'after']])
    expect(await db.outbox.count()).toBe(0)
    const [local] = await readLocalNotes(STUDENT, db)
    expect(local).toMatchObject({ _id: created._id, description: 'after' })
    expect(local!.pending).toBeUndefined()
  })
})
