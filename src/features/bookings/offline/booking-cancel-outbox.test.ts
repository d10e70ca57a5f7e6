// Cancels that wait on the device, against the demo server's handlers
// (msw/node): queued offline and sent once when back online, with their key;
// safe to send again after a lost answer or when the booking was cancelled
// elsewhere meanwhile (the server answers that it already is, and nothing
// else is asked); a refusal (the class has started) kept with the server's
// reason and never sent again by itself; an answer that says to try later
// leaves it queued; undone only while it certainly has not reached the server.
import { http, HttpResponse } from 'msw'
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest'
import { call, resetDemoDb, signInAs } from '../../../../mocks/testing/sign-in'
import { server } from '../../../../tests/setup/msw-server'
import { ApiError } from '#shared/api/api-error'
import { appDb, closeAppDb, createAppDb, type AppDb } from '#shared/db/app-db'
import { clearStorageFault } from '#shared/db/storage-status'
import { readQueued } from '#shared/offline/outbox'
import { createOutboxSync } from '#shared/offline/outbox-sync'
import type { BookingCancelEntry } from '../db/booking-tables'
import { bookingCancelKind, cancelOrQueue, cancelsByBooking, dropCancel, queueCancel } from './booking-cancel-outbox'

const STUDENT = 'student@studyhub.demo'
const OTHER = 'liam.johnson@studyhub.demo'
const TUTOR = 'tutor@studyhub.demo'
const ADMIN = 'admin@studyhub.demo'
const HOUR = 3_600_000

let db: AppDb
let counter = 0
/** The cancels the server was asked for: `<booking id> <Idempotency-Key>`. */
let cancels: string[]
/** Every other request, as `<method> <path>`. */
let others: string[]

function record() {
  const onStart = ({ request }: { request: Request }) => {
    const path = new URL(request.url).pathname
    const match = /\/api\/bookings\/([^/]+)\/cancel$/.exec(path)
    if (match) cancels.push(`${match[1]} ${request.headers.get('Idempotency-Key')}`)
    else others.push(`${request.method} ${path}`)
  }
  server.events.on('request:start', onStart)
  return () => server.events.removeListener('request:start', onStart)
}

/** A booking of STUDENT on a new approved session; `started`: its class began an hour ago. */
async function booking({ started = false } = {}): Promise<string> {
  const at = (ms: number) => new Date(Date.now() + ms).toISOString()
  const session = await call('POST', '/sessions', {
    as: TUTOR,
    body: {
      title: `Cancel test ${counter}`,
      subject: 'Physics',
      description: '',
      registrationStart: at(-2 * HOUR),
      registrationEnd: at(48 * HOUR),
      classStart: at(started ? -HOUR : 72 * HOUR),
      classEnd: at(96 * HOUR),
      duration: 2,
      registrationFee: 0,
      tutorName: 'Priya Sharma',
      tutorEmail: TUTOR,
    },
  })
  const sessionId = session.data.insertedId as string
  await call('PATCH', `/sessions/${sessionId}/approve`, { as: ADMIN, body: { fee: 0 } })
  const booked = await call('POST', '/bookings', {
    as: STUDENT,
    body: { sessionId, studentEmail: STUDENT, tutorEmail: TUTOR },
  })
  return booked.data.insertedId as string
}

async function statusOf(bookingId: string): Promise<string | undefined> {
  const mine = (await call('GET', `/bookings/student/${STUDENT}`, { as: STUDENT })).data as Array<{
    _id: string
    status: string
  }>
  return mine.find((b) => b._id === bookingId)?.status
}

const engine = (send = bookingCancelKind.send, online = () => true) =>
  createOutboxSync({
    email: STUDENT,
    kinds: { 'booking-cancel': { ...bookingCancelKind, send } },
    db,
    isOnline: online,
    locks: null,
  })

const queuedIn = async (from: AppDb): Promise<BookingCancelEntry[]> => [
  ...cancelsByBooking(await readQueued(STUDENT, from)).values(),
]
const queued = () => queuedIn(db)
/** The key of the one cancel queued for the booking. */
const keyOf = async (bookingId: string) => (await queued()).find((e) => e.subject === bookingId)!.idempotencyKey

beforeAll(async () => {
  await resetDemoDb()
})

let stopRecording: () => void
beforeEach(async () => {
  db = createAppDb(`booking-cancel-outbox-test-${counter++}`)
  await signInAs(STUDENT)
  cancels = []
  others = []
  stopRecording = record()
})

afterEach(async () => {
  stopRecording()
  closeAppDb(db)
  await appDb.outbox.clear()
  clearStorageFault()
})

describe('a cancel that waits on the device', () => {
  it('is stored once, sent once when back online with its key, and cancels the booking', async () => {
    const id = await booking()
    await queueCancel(STUDENT, id, db)
    const key = await keyOf(id)
    // Pressed again (two taps, another tab): still one cancel.
    await queueCancel(STUDENT, id, db)
    expect(await queued()).toMatchObject([{ subject: id, idempotencyKey: key, attempts: 0 }])

    let online = false
    const sync = engine(bookingCancelKind.send, () => online)
    expect(await sync.flush()).toMatchObject({ sent: 0, stopped: 'offline' })
    expect(await statusOf(id)).toBe('pending')

    online = true
    expect(await sync.flush()).toEqual({ sent: 1, refused: 0, conflicts: 0 })
    expect(cancels).toEqual([`${id} ${key}`])
    expect(await statusOf(id)).toBe('cancelled')
    expect(await queued()).toEqual([])
  })

  it('sent again after a lost answer, is answered from the first one: no second cancel, no error', async () => {
    const id = await booking()
    await queueCancel(STUDENT, id, db)
    const key = await keyOf(id)
    const lost: typeof bookingCancelKind.send = async (entry) => {
      await bookingCancelKind.send(entry)
      throw new ApiError('Network error', 0)
    }
    expect(await engine(lost).flush()).toMatchObject({ sent: 0, stopped: 'network' })
    expect(await statusOf(id)).toBe('cancelled')
    expect(await queued()).toMatchObject([{ attempts: 1 }])

    expect(await engine().flush()).toEqual({ sent: 1, refused: 0, conflicts: 0 })
    expect(cancels).toEqual([`${id} ${key}`, `${id} ${key}`])
    expect(await queued()).toEqual([])
  })

  it('finding the booking already cancelled (on another device) is what was wanted, asking nothing more', async () => {
    const id = await booking()
    await queueCancel(STUDENT, id, db)
    const elsewhere = await call('PATCH', `/bookings/${id}/cancel`, { as: STUDENT, idempotencyKey: 'laptop-key' })
    expect(elsewhere.status).toBe(200)
    others = []

    // The server answers the second cancel as already done: no list of bookings is read to find out.
    expect(await engine().flush()).toEqual({ sent: 1, refused: 0, conflicts: 0 })
    expect(await queued()).toEqual([])
    expect(others).toEqual([])
  })

  it('a booking that is gone is what was wanted too', async () => {
    await queueCancel(STUDENT, 'no-such-booking', db)
    expect(await engine().flush()).toEqual({ sent: 1, refused: 0, conflicts: 0 })
    expect(await queued()).toEqual([])
  })

  it('“still being processed” (409) leaves it queued, to be sent again with the same key', async () => {
    const id = await booking()
    await queueCancel(STUDENT, id, db)
    const key = await keyOf(id)
    server.use(
      http.patch(
        '*/api/bookings/:id/cancel',
        () =>
          HttpResponse.json(
            { message: 'A request with this Idempotency-Key is still being processed. Try again shortly.' },
            { status: 409 },
          ),
        { once: true },
      ),
    )
    expect(await engine().flush()).toMatchObject({ sent: 0, refused: 0, stopped: 'server' })
    expect(await queued()).toMatchObject([{ subject: id, attempts: 1 }])
    expect((await queued())[0]!.error).toBeUndefined()

    expect(await engine().flush()).toEqual({ sent: 1, refused: 0, conflicts: 0 })
    expect(cancels).toEqual([`${id} ${key}`, `${id} ${key}`])
    expect(await statusOf(id)).toBe('cancelled')
  })

  it('keeps a refusal with the server’s reason, never sends it again by itself, and lets it be dismissed', async () => {
    const id = await booking({ started: true })
    await queueCancel(STUDENT, id, db)
    expect(await engine().flush()).toEqual({ sent: 0, refused: 1, conflicts: 0 })
    expect(await queued()).toMatchObject([
      { subject: id, error: 'The class has started: only an admin can cancel this booking now.' },
    ])
    expect(await engine().flush()).toEqual({ sent: 0, refused: 0, conflicts: 0 })
    expect(cancels).toHaveLength(1)
    expect(await statusOf(id)).toBe('pending')

    expect(await dropCancel(STUDENT, id, db)).toBe(true)
    expect(await queued()).toEqual([])
  })

  it('is undone while it has not gone out, and not once it went out without an answer', async () => {
    const first = await booking()
    await queueCancel(STUDENT, first, db)
    expect(await dropCancel(STUDENT, first, db)).toBe(true)
    await engine().flush()
    expect(cancels).toEqual([])

    const second = await booking()
    await queueCancel(STUDENT, second, db)
    await engine(async () => Promise.reject(new ApiError('Network error', 0))).flush()
    expect(await dropCancel(STUDENT, second, db)).toBe(false)
    expect(await queued()).toMatchObject([{ subject: second, attempts: 1 }])
  })

  it('is only the signed-in student’s: another user’s engine leaves it alone', async () => {
    const id = await booking()
    await queueCancel(STUDENT, id, db)
    const theirs = createOutboxSync({ email: OTHER, kinds: { 'booking-cancel': bookingCancelKind }, db, locks: null })
    expect(await theirs.flush()).toEqual({ sent: 0, refused: 0, conflicts: 0 })
    expect(cancels).toEqual([])
  })
})

describe('the Cancel button’s call (cancelOrQueue)', () => {
  it('online, cancels at once', async () => {
    const id = await booking()
    expect(await cancelOrQueue({ id, email: STUDENT })).toEqual({ success: true })
    expect(await statusOf(id)).toBe('cancelled')
    expect(await queuedIn(appDb)).toEqual([])
  })

  it('online, a refusal is the button’s to show, and nothing stays queued', async () => {
    const id = await booking({ started: true })
    await expect(cancelOrQueue({ id, email: STUDENT })).rejects.toThrow(
      'The class has started: only an admin can cancel this booking now.',
    )
    expect(await statusOf(id)).toBe('pending')
    expect(await queuedIn(appDb)).toEqual([])
  })

  it('with an Undo time, online or not, holds it: nothing goes out meanwhile, and Undo drops it', async () => {
    const id = await booking()
    expect(await cancelOrQueue({ id, email: STUDENT, holdMs: 60_000 })).toEqual({ success: true, held: true })
    expect(cancelsByBooking(await readQueued(STUDENT))).toEqual(
      new Map([[id, expect.objectContaining({ attempts: 0 })]]),
    )
    const sync = createOutboxSync({ email: STUDENT, kinds: { 'booking-cancel': bookingCancelKind }, locks: null })
    expect(await sync.flush()).toMatchObject({ sent: 0 })
    expect(cancels).toEqual([])
    expect(await dropCancel(STUDENT, id)).toBe(true)
    expect(await sync.flush()).toMatchObject({ sent: 0 })
    expect(cancels).toEqual([])
    expect(await statusOf(id)).toBe('pending')
  })

  it('offline, queues it without a request', async () => {
    const id = await booking()
    vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(false)
    expect(await cancelOrQueue({ id, email: STUDENT })).toEqual({ success: true, queued: true })
    expect(cancels).toEqual([])
    expect((await queuedIn(appDb)).map((e) => e.subject)).toEqual([id])
  })

  it('with no answer at all, leaves it queued with the key it was sent with, and sends it again', async () => {
    const id = await booking()
    server.use(http.patch('*/api/bookings/:id/cancel', () => HttpResponse.error(), { once: true }))
    expect(await cancelOrQueue({ id, email: STUDENT })).toEqual({ success: true, queued: true })
    // The engine tries again after its backoff (a second at first).
    await vi.waitFor(async () => expect(await statusOf(id)).toBe('cancelled'), { timeout: 5_000 })
    await vi.waitFor(async () => expect(await queuedIn(appDb)).toEqual([]))
    expect(cancels).toHaveLength(2)
    expect(new Set(cancels).size).toBe(1)
  })
})
