// Cancels that wait on the device, against the demo server's handlers
// (msw/node): queued offline and sent once when back online, with their key;
// safe to send again after a lost answer or when the booking was cancelled
// elsewhere meanwhile; a refusal (the class has started) kept with the
// server's reason and never sent again by itself; undone only while it
// certainly has not reached the server.
import { http, HttpResponse } from 'msw'
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest'
import { call, resetDemoDb, signInAs } from '../../../../mocks/testing/sign-in'
import { server } from '../../../../tests/setup/msw-server'
import { ApiError } from '#shared/api/api-error'
import { appDb, closeAppDb, createAppDb, type AppDb, type BookingCancelEntry } from '#shared/db/app-db'
import { clearStorageFault } from '#shared/db/storage-status'
import { createOutboxSync } from '#shared/offline/outbox-sync'
import { bookingCancelKind, cancelOrQueue, dropCancel, queueCancel, readQueuedCancels } from './booking-cancel-outbox'

const STUDENT = 'student@studyhub.demo'
const OTHER = 'liam.johnson@studyhub.demo'
const TUTOR = 'tutor@studyhub.demo'
const ADMIN = 'admin@studyhub.demo'
const HOUR = 3_600_000

let db: AppDb
let counter = 0
/** The cancels the server was asked for: `<booking id> <Idempotency-Key>`. */
let cancels: string[]

function record() {
  const onStart = ({ request }: { request: Request }) => {
    const match = /\/api\/bookings\/([^/]+)\/cancel$/.exec(new URL(request.url).pathname)
    if (match) cancels.push(`${match[1]} ${request.headers.get('Idempotency-Key')}`)
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

const queued = async (): Promise<BookingCancelEntry[]> => [...(await readQueuedCancels(STUDENT, db)).values()]

beforeAll(async () => {
  await resetDemoDb()
})

let stopRecording: () => void
beforeEach(async () => {
  db = createAppDb(`booking-cancel-outbox-test-${counter++}`)
  await signInAs(STUDENT)
  cancels = []
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
    await queueCancel(STUDENT, id, 'key-1', db)
    // Pressed again (two taps, another tab): still one cancel.
    await queueCancel(STUDENT, id, 'key-2', db)
    expect(await queued()).toMatchObject([{ bookingId: id, idempotencyKey: 'key-1', attempts: 0 }])

    let online = false
    const sync = engine(bookingCancelKind.send, () => online)
    expect(await sync.flush()).toMatchObject({ sent: 0, stopped: 'offline' })
    expect(await statusOf(id)).toBe('pending')

    online = true
    expect(await sync.flush()).toEqual({ sent: 1, refused: 0, conflicts: 0 })
    expect(cancels).toEqual([`${id} key-1`])
    expect(await statusOf(id)).toBe('cancelled')
    expect(await queued()).toEqual([])
  })

  it('sent again after a lost answer, is answered from the first one: no second cancel, no error', async () => {
    const id = await booking()
    await queueCancel(STUDENT, id, 'lost-key', db)
    const lost: typeof bookingCancelKind.send = async (entry) => {
      await bookingCancelKind.send(entry)
      throw new ApiError('Network error', 0)
    }
    expect(await engine(lost).flush()).toMatchObject({ sent: 0, stopped: 'network' })
    expect(await statusOf(id)).toBe('cancelled')
    expect(await queued()).toMatchObject([{ attempts: 1 }])

    expect(await engine().flush()).toEqual({ sent: 1, refused: 0, conflicts: 0 })
    expect(cancels).toEqual([`${id} lost-key`, `${id} lost-key`])
    expect(await queued()).toEqual([])
  })

  it('finding the booking already cancelled (on another device) is what was wanted', async () => {
    const id = await booking()
    await queueCancel(STUDENT, id, 'phone-key', db)
    const elsewhere = await call('PATCH', `/bookings/${id}/cancel`, { as: STUDENT, idempotencyKey: 'laptop-key' })
    expect(elsewhere.status).toBe(200)

    // The server answers 409 to the second cancel; the engine reads the booking and takes it as done.
    expect(await engine().flush()).toEqual({ sent: 1, refused: 0, conflicts: 0 })
    expect(await queued()).toEqual([])
  })

  it('keeps a refusal with the server’s reason, never sends it again by itself, and lets it be dismissed', async () => {
    const id = await booking({ started: true })
    await queueCancel(STUDENT, id, 'late-key', db)
    expect(await engine().flush()).toEqual({ sent: 0, refused: 1, conflicts: 0 })
    expect(await queued()).toMatchObject([
      { bookingId: id, error: 'The class has started: only an admin can cancel this booking now.' },
    ])
    expect(await engine().flush()).toEqual({ sent: 0, refused: 0, conflicts: 0 })
    expect(cancels).toHaveLength(1)
    expect(await statusOf(id)).toBe('pending')

    expect(await dropCancel(STUDENT, id, db)).toBe(true)
    expect(await queued()).toEqual([])
  })

  it('is undone while it has not gone out, and not once it went out without an answer', async () => {
    const first = await booking()
    await queueCancel(STUDENT, first, undefined, db)
    expect(await dropCancel(STUDENT, first, db)).toBe(true)
    await engine().flush()
    expect(cancels).toEqual([])

    const second = await booking()
    await queueCancel(STUDENT, second, undefined, db)
    await engine(async () => Promise.reject(new ApiError('Network error', 0))).flush()
    expect(await dropCancel(STUDENT, second, db)).toBe(false)
    expect(await queued()).toMatchObject([{ bookingId: second, attempts: 1 }])
  })

  it('is only the signed-in student’s: another user’s engine leaves it alone', async () => {
    const id = await booking()
    await queueCancel(STUDENT, id, undefined, db)
    const theirs = createOutboxSync({ email: OTHER, kinds: { 'booking-cancel': bookingCancelKind }, db, locks: null })
    expect(await theirs.flush()).toEqual({ sent: 0, refused: 0, conflicts: 0 })
    expect(cancels).toEqual([])
  })
})

describe('the Cancel button’s call (cancelOrQueue)', () => {
  it('online, cancels at once', async () => {
    const id = await booking()
    expect(await cancelOrQueue({ id, email: STUDENT })).toMatchObject({ success: true })
    expect(await statusOf(id)).toBe('cancelled')
    expect(await readQueuedCancels(STUDENT)).toEqual(new Map())
  })

  it('with an Undo time, online or not, holds it: nothing goes out meanwhile, and Undo drops it', async () => {
    const id = await booking()
    expect(await cancelOrQueue({ id, email: STUDENT, holdMs: 60_000 })).toEqual({ success: true, held: true })
    expect(await readQueuedCancels(STUDENT)).toEqual(new Map([[id, expect.objectContaining({ attempts: 0 })]]))
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
    expect([...(await readQueuedCancels(STUDENT)).keys()]).toEqual([id])
  })

  it('with no answer at all, queues it with the key it was sent with, and sends it again', async () => {
    const id = await booking()
    server.use(http.patch('*/api/bookings/:id/cancel', () => HttpResponse.error(), { once: true }))
    expect(await cancelOrQueue({ id, email: STUDENT })).toEqual({ success: true, queued: true })
    await vi.waitFor(async () => expect(await statusOf(id)).toBe('cancelled'))
    await vi.waitFor(async () => expect(await readQueuedCancels(STUDENT)).toEqual(new Map()))
    expect(cancels).toHaveLength(2)
    expect(new Set(cancels).size).toBe(1)
  })
})
