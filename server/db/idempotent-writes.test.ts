// @vitest-environment node
// Idempotency-Key (../core/idempotency.ts) over a real store (PGlite in
// memory), both ways a keyed write runs: in one transaction with its claim
// and answer (a store with transactions: the API server's), and around them
// (a store without: the demo's). What a crash leaves behind is written by hand
// here: a claim still `running` in the store, with no run of this process
// behind it. The same after real kills: ../crash-recovery.test.ts.
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest'
import type { ApiDeps } from '#core/api-deps'
import { json } from '#core/http-errors'
import { CLAIM_WAIT_MS, idempotent, type IdempotentRequest } from '#core/idempotency'
import { sha256Hex } from '#core/jwt'
import { announce } from '#core/notifications'
import type { NotificationRow, Store } from '#core/store'
import { openDatabase, type Database } from './open-database'
import { note, STUDENT, user } from './pg-store-fixtures'

let database: Database
beforeAll(async () => {
  database = await openDatabase({ inMemory: true })
}, 120_000)
afterAll(() => database?.close())
beforeEach(async () => {
  await database.truncateAll()
  await database.store.users.insert(user(STUDENT))
})
afterEach(() => vi.useRealTimers())

const request = (key: string, body = '{}'): IdempotentRequest => ({
  subject: `app:${STUDENT}`,
  method: 'POST',
  path: '/api/notes',
  key,
  body: new TextEncoder().encode(body),
})
const idOf = (key: string) => `app:${STUDENT} POST /api/notes ${key}`

function notice(): NotificationRow {
  return {
    _id: crypto.randomUUID(),
    recipientEmail: STUDENT,
    kind: 'booking-approved',
    title: 'Booking approved',
    body: 'Yes.',
    link: '/',
    createdAt: new Date().toISOString(),
    readAt: null,
  }
}

const ways: [string, () => Store][] = [
  ['in one transaction (the API server)', () => database.store],
  ['around the run (the demo server)', () => ({ ...database.store, transaction: undefined })],
]

describe.each(ways)('a keyed write %s', (_way, storeOf) => {
  let announced: NotificationRow[]
  let deps: ApiDeps
  beforeEach(() => {
    announced = []
    deps = {
      store: storeOf(),
      identity: { verify: async () => null },
      now: () => new Date(),
      appTokenTtlSeconds: 3600,
      maxFileBytes: 1024,
      announce: (rows) => void announced.push(...rows),
    }
  })

  /** A run that writes a note and tells of it, answering 201 (or `status`). */
  function noteRun(status = 201) {
    const run = vi.fn(async (keyed: ApiDeps) => {
      const row = note(STUDENT)
      await keyed.store.notes.insert(row)
      announce(keyed, [notice()])
      return json({ insertedId: row._id }, status)
    })
    return run
  }

  it('runs once and replays its answer to a repeat', async () => {
    const run = noteRun()
    const first = await idempotent(deps, request('once'), run)
    const again = await idempotent(deps, request('once'), run)
    expect(run).toHaveBeenCalledTimes(1)
    expect(again.headers.get('Idempotent-Replayed')).toBe('true')
    expect(await again.json()).toEqual(await first.json())
    expect(await database.store.notes.ofOwner(STUDENT)).toHaveLength(1)
    expect(announced).toHaveLength(1)
  })

  it('takes over a claim left running by a process that ended, and runs the write once', async () => {
    // What the first run of this very request left when its process died.
    await database.store.idempotency.claim({
      id: idOf('left'),
      requestHash: await sha256Hex(request('left').body),
      state: 'running',
      createdAt: new Date().toISOString(),
    })
    const run = noteRun()
    const answer = await idempotent(deps, request('left'), run)
    expect(answer.status).toBe(201)
    expect(answer.headers.get('Idempotent-Replayed')).toBeNull()
    expect(run).toHaveBeenCalledTimes(1)
    expect((await database.store.idempotency.get(idOf('left')))?.state).toBe('done')
    expect(await database.store.notes.ofOwner(STUDENT)).toHaveLength(1)
  })

  it('lets a repeat in this process wait for the first run, then replays its answer', async () => {
    let open!: () => void
    const gate = new Promise<void>((resolve) => (open = resolve))
    const write = noteRun()
    const run = vi.fn(async (keyed: ApiDeps) => {
      await gate
      return write(keyed)
    })
    const first = idempotent(deps, request('twice'), run)
    const second = idempotent(deps, request('twice'), run)
    open()
    const [a, b] = await Promise.all([first, second])
    expect(run).toHaveBeenCalledTimes(1)
    expect(b.headers.get('Idempotent-Replayed')).toBe('true')
    expect(await b.json()).toEqual(await a.json())
  })

  it('answers 409 to a repeat only while the first run is still going, after CLAIM_WAIT_MS', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] })
    let open!: () => void
    const gate = new Promise<void>((resolve) => (open = resolve))
    const write = noteRun()
    const first = idempotent(deps, request('slow'), async (keyed) => {
      await gate
      return write(keyed)
    })
    let answered = false
    const repeat = idempotent(deps, request('slow'), write)
      .catch((error: unknown) => error)
      .finally(() => (answered = true))
    // The repeat's wait starts once its reads are done, which real I/O decides: the
    // clock goes on until it answers, and not before CLAIM_WAIT_MS have passed.
    await vi.advanceTimersByTimeAsync(CLAIM_WAIT_MS - 100)
    expect(answered).toBe(false)
    while (!answered) await vi.advanceTimersByTimeAsync(CLAIM_WAIT_MS)
    expect(await repeat).toMatchObject({ status: 409, message: expect.stringMatching(/still being processed/) })
    open()
    expect((await first).status).toBe(201)
    expect(write).toHaveBeenCalledTimes(1)
  })

  it('keeps no claim of a refused write: the key runs again', async () => {
    const refused = vi.fn(async () => json({ message: 'no' }, 409))
    expect((await idempotent(deps, request('refused'), refused)).status).toBe(409)
    expect(await database.store.idempotency.get(idOf('refused'))).toBeUndefined()
    const run = noteRun()
    expect((await idempotent(deps, request('refused'), run)).status).toBe(201)
    expect(run).toHaveBeenCalledTimes(1)
  })
})

describe('a keyed write in one transaction (the API server)', () => {
  it('keeps none of the writes of a run that failed, and tells of none of them', async () => {
    const announced: NotificationRow[] = []
    const deps: ApiDeps = {
      store: database.store,
      identity: { verify: async () => null },
      now: () => new Date(),
      appTokenTtlSeconds: 3600,
      maxFileBytes: 1024,
      announce: (rows) => void announced.push(...rows),
    }
    const answer = await idempotent(deps, request('failed'), async (keyed) => {
      await keyed.store.notes.insert(note(STUDENT))
      announce(keyed, [notice()])
      // Told only once committed: not yet.
      expect(announced).toEqual([])
      return json({ message: 'Server error: please try again.' }, 500)
    })
    expect(answer.status).toBe(500)
    expect(await database.store.notes.ofOwner(STUDENT)).toEqual([])
    expect(announced).toEqual([])
    expect(await database.store.idempotency.get(idOf('failed'))).toBeUndefined()
  })
})
