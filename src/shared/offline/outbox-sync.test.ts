// The shared outbox engine with two made-up kinds that record what they are
// asked to send: entries go out in the order they were written whatever
// their kind, once each with their own key, only the engine's user's; a
// refusal holds back only its subject; no answer, or one that says to try
// later, leaves the entry for the next flush with the same key; the kinds
// settle what a refusal means.
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { ApiError } from '#shared/api/api-error'
import { closeAppDb, createAppDb, type AppDb, type OutboxEntry } from '#shared/db/app-db'
import { clearStorageFault } from '#shared/db/storage-status'
import { claimNext, forget, nextHoldEnd, readQueued, type OutboxKind, type OutboxKinds } from './outbox'
import { crossTabLock } from '../testing/cross-tab-lock'
import { createOutboxSync, OUTBOX_LOCK, type LockProvider } from './outbox-sync'

const ME = 'sam@example.com'
const OTHER = 'tess@example.com'

let db: AppDb
let counter = 0
/** What each send was asked: `<kind> <subject> <key> <attempt>`. */
let sent: string[]
/** How the next sends answer, one each; none left: 200. */
let answers: (ApiError | 'ok')[]

function kind(extra: Partial<OutboxKind> = {}): OutboxKind {
  return {
    async send(entry) {
      sent.push(`${entry.kind} ${entry.subject} ${entry.idempotencyKey} ${entry.attempts}`)
      const answer = answers.shift() ?? 'ok'
      if (answer !== 'ok') throw answer
      return { success: true }
    },
    confirm: async (entry, _answer, into) => void (await into.outbox.delete(entry.seq!)),
    refuse: async (entry, reason, into) => void (await into.outbox.update(entry.seq!, { error: reason })),
    ...extra,
  }
}

// Two made-up kinds: the engine knows only what every entry has.
const kinds: OutboxKinds = { note: kind(), 'booking-cancel': kind() }

let keys = 0
const entry = (kindName: string, subject: string, email: string, key = `k${keys++}`): OutboxEntry => ({
  kind: kindName,
  subject,
  payload: {},
  email,
  idempotencyKey: key,
  createdAt: 0,
  attempts: 0,
})
const note = (noteId: string, email = ME) => db.outbox.add(entry('note', noteId, email))
const cancel = (bookingId: string, email = ME) => db.outbox.add(entry('booking-cancel', bookingId, email))
const queuedCount = async (email: string) => (await readQueued(email, db)).length

const engine = (options: { online?: () => boolean; locks?: LockProvider | null; only?: OutboxKinds } = {}) =>
  createOutboxSync({
    email: ME,
    kinds: options.only ?? kinds,
    db,
    isOnline: options.online ?? (() => true),
    locks: options.locks ?? null,
  })

const refusal = (status: number, message = 'No.') => new ApiError(message, status, { message })

beforeEach(() => {
  db = createAppDb(`outbox-sync-test-${counter++}`)
  sent = []
  answers = []
  keys = 0
})

afterEach(() => {
  closeAppDb(db)
  clearStorageFault()
})

describe('the shared outbox engine', () => {
  it('sends every kind in the order written, once each with its own key, and only its user’s', async () => {
    await note('n1')
    await cancel('b1')
    await note('n2', OTHER)
    await note('n1')
    expect(await engine().flush()).toEqual({ sent: 3, refused: 0, conflicts: 0 })
    expect(sent).toEqual(['note n1 k0 1', 'booking-cancel b1 k1 1', 'note n1 k3 1'])
    // The other user's write waits for their own engine.
    expect(await db.outbox.toArray()).toMatchObject([{ email: OTHER, subject: 'n2', attempts: 0 }])
    expect(await engine().flush()).toEqual({ sent: 0, refused: 0, conflicts: 0 })
  })

  it('offline sends nothing; no answer stops the flush and the next one sends it again with the same key', async () => {
    await cancel('b1')
    await note('n1')
    let online = false
    const sync = engine({ online: () => online })
    expect(await sync.flush()).toMatchObject({ sent: 0, stopped: 'offline' })
    expect(sent).toEqual([])

    online = true
    answers = [new ApiError('Network error', 0)]
    expect(await sync.flush()).toMatchObject({ sent: 0, stopped: 'network' })
    // Order holds: nothing behind the entry went first.
    expect(sent).toEqual(['booking-cancel b1 k0 1'])

    expect(await sync.flush()).toEqual({ sent: 2, refused: 0, conflicts: 0 })
    expect(sent.slice(1)).toEqual(['booking-cancel b1 k0 2', 'note n1 k1 1'])
    expect(await db.outbox.count()).toBe(0)
  })

  it('leaves an expired token (401), a busy server (429) and a failing one (5xx) queued', async () => {
    await cancel('b1')
    for (const status of [401, 429, 503]) {
      answers = [refusal(status)]
      expect((await engine().flush()).stopped).toBe(status === 401 ? 'unauthorized' : 'server')
    }
    expect(await db.outbox.toArray()).toMatchObject([{ attempts: 3 }])
    expect((await db.outbox.toArray())[0]!.error).toBeUndefined()
  })

  it('takes "still being processed" (409) and any answer with Retry-After as "try later", never as a refusal', async () => {
    await cancel('b1')
    const stillProcessing = refusal(
      409,
      'A request with this Idempotency-Key is still being processed. Try again shortly.',
    )
    const busy = new ApiError('Busy', 503, { message: 'Busy' }, 2_000)
    const conflictForNow = new ApiError('Not yet', 409, { message: 'Not yet' }, 1_000)
    expect(await ((answers = [stillProcessing]), engine().flush())).toEqual({
      sent: 0,
      refused: 0,
      conflicts: 0,
      stopped: 'server',
    })
    // The server's wait comes with the result: the next try is never sooner.
    expect(await ((answers = [busy]), engine().flush())).toMatchObject({
      refused: 0,
      stopped: 'server',
      retryAfterMs: 2_000,
    })
    expect(await ((answers = [conflictForNow]), engine().flush())).toMatchObject({ refused: 0, retryAfterMs: 1_000 })
    const [left] = await db.outbox.toArray()
    expect(left).toMatchObject({ attempts: 3 })
    expect(left!.error).toBeUndefined()

    // Sent again with the same key, and then taken.
    expect(await engine().flush()).toEqual({ sent: 1, refused: 0, conflicts: 0 })
    expect(sent).toEqual([
      'booking-cancel b1 k0 1',
      'booking-cancel b1 k0 2',
      'booking-cancel b1 k0 3',
      'booking-cancel b1 k0 4',
    ])
  })

  it('keeps a refusal with the reason and holds back only the later entries of its subject', async () => {
    await cancel('b1')
    await cancel('b2')
    await note('n1')
    answers = [refusal(409, 'The class has started: only an admin can cancel this booking now.')]
    expect(await engine().flush()).toEqual({ sent: 2, refused: 1, conflicts: 0 })
    expect(await db.outbox.toArray()).toMatchObject([
      { subject: 'b1', error: 'The class has started: only an admin can cancel this booking now.' },
    ])
    // Never sent again by itself.
    expect(await engine().flush()).toEqual({ sent: 0, refused: 0, conflicts: 0 })
    expect(sent).toHaveLength(3)

    // A later write of the refused subject waits behind it; other subjects go.
    await note('n9')
    await db.outbox.add(entry('booking-cancel', 'b1', ME, 'later'))
    await engine().flush()
    expect(sent.slice(3)).toEqual(['note n9 k3 1'])
    expect(await queuedCount(ME)).toBe(2)
  })

  it('lets the kind settle a refusal as done or as a conflict, and fix the entry when it is claimed', async () => {
    const settling: OutboxKinds = {
      note: kind({
        settle: async (settled, error, into) => {
          await into.outbox.delete(settled.seq!)
          return error.status === 404 ? 'sent' : 'conflict'
        },
        claimed: async (claimed) => ({ ...claimed, payload: { baseRevision: 7 } }),
      }),
    }
    await note('gone')
    await note('moved')
    answers = [refusal(404), refusal(409)]
    expect(await engine({ only: settling }).flush()).toEqual({ sent: 1, refused: 0, conflicts: 1 })
    await note('fixed')
    answers = [new ApiError('Network error', 0)]
    await engine({ only: settling }).flush()
    expect(await db.outbox.toArray()).toMatchObject([{ subject: 'fixed', payload: { baseRevision: 7 }, attempts: 1 }])
  })

  it('leaves the entries of a kind it does not know to an engine that does', async () => {
    await cancel('b1')
    await note('n1')
    expect(await engine({ only: { note: kinds.note! } }).flush()).toMatchObject({ sent: 1 })
    expect(await claimNext(ME, { note: kinds.note! }, db)).toBeUndefined()
    expect(await db.outbox.toArray()).toMatchObject([{ kind: 'booking-cancel', attempts: 0 }])
  })

  it('two tabs with one lock never send an entry twice', async () => {
    await note('n1')
    await cancel('b1')
    const { locks, names } = crossTabLock()
    const other = createAppDb(db.name)
    try {
      const tabB = createOutboxSync({ email: ME, kinds, db: other, locks, isOnline: () => true })
      await Promise.all([engine({ locks }).flush(), tabB.flush()])
    } finally {
      closeAppDb(other)
    }
    expect(names).toEqual([OUTBOX_LOCK, OUTBOX_LOCK])
    expect(sent).toEqual(['note n1 k0 1', 'booking-cancel b1 k1 1'])
  })

  it('forgets a user’s entries of every kind at logout, and keeps everyone else’s', async () => {
    await note('n1')
    await cancel('b1')
    await cancel('b2', OTHER)
    await forget(ME, db)
    expect(await queuedCount(ME)).toBe(0)
    expect(await queuedCount(OTHER)).toBe(1)
  })

  it('passes over an entry held for its Undo, and what was written on top of it, until its time is up', async () => {
    const holdUntil = Date.now() + 60_000
    const held = await cancel('b1')
    await db.outbox.update(held, { holdUntil })
    await cancel('b1')
    await note('n1')
    expect(await nextHoldEnd(ME, db)).toBe(holdUntil)
    // Another subject goes ahead; the held cancel and the one behind it wait.
    expect(await engine().flush()).toMatchObject({ sent: 1 })
    expect(sent).toEqual(['note n1 k2 1'])
    expect(await db.outbox.toArray()).toMatchObject([{ subject: 'b1', attempts: 0 }, { subject: 'b1' }])
    // Undone meanwhile: never sent at all.
    await db.outbox.delete(held)
    await db.outbox.update(held + 1, { holdUntil })
    // Time is up.
    expect(await nextHoldEnd(ME, db, holdUntil)).toBeUndefined()
    expect(await claimNext(ME, kinds, db, holdUntil)).toMatchObject({ subject: 'b1', attempts: 1 })
  })

  it('a started engine sends a held entry by itself once its time is up; a one-off flush leaves no timer', async () => {
    const id = await cancel('b1')
    await db.outbox.update(id, { holdUntil: Date.now() + 200 })
    expect(await engine().flush()).toMatchObject({ sent: 0 })
    const sync = engine()
    const stop = sync.start()
    try {
      await vi.waitFor(() => expect(sent).toEqual(['booking-cancel b1 k0 1']), { timeout: 3_000 })
      expect(await queuedCount(ME)).toBe(0)
    } finally {
      stop()
    }
  })
})
