// @vitest-environment node
import { describe, expect, it } from 'vitest'
import type { ApiDeps } from '../api-deps'
import type { SeatLedger, SessionRow, Store } from '../store'
import { updateSession } from './sessions'

/** The fields an update reads and writes (the rest of a row plays no part). */
const session = {
  _id: 's1',
  title: 'Linear Algebra',
  subject: 'Maths',
  classStart: '2026-12-02T16:00:00.000Z',
  duration: 1.5,
  registrationFee: 0,
  status: 'approved',
} as SessionRow

/** Runs an admin's update of `stored` through a ledger that keeps the row: what the session is after it. */
async function updated(stored: SessionRow, body: Partial<SessionRow>): Promise<SessionRow> {
  const ledger = {
    session: stored,
    updateSession: (patch) => {
      ledger.session = { ...ledger.session!, ...patch }
      return Promise.resolve(true)
    },
    notify: () => Promise.resolve(),
    holding: () => Promise.resolve(0),
    firstWaiting: () => Promise.resolve(undefined),
  } as Partial<SeatLedger> as SeatLedger
  const store = {
    bookings: {
      ofSession: () => Promise.resolve([]),
      withSeats: (_: string, work: (l: SeatLedger) => Promise<unknown>) => work(ledger),
    },
  } as Partial<Record<keyof Store, unknown>> as Store
  const deps = { store, now: () => new Date('2026-11-20T10:00:00.000Z') } as unknown as ApiDeps
  const { title, subject, duration, registrationFee } = { ...stored, ...body }
  await updateSession({
    deps,
    store,
    record: stored,
    body: { title, subject, duration, registrationFee },
  } as Parameters<typeof updateSession>[0])
  return ledger.session!
}

describe("an admin's update of a session and its calendar events", () => {
  it('moves the calendar sequence when the title or the duration changes', async () => {
    expect((await updated(session, { title: 'Linear Algebra II' })).calendarSequence).toBe(1)
    expect((await updated({ ...session, calendarSequence: 4 }, { duration: 2 })).calendarSequence).toBe(5)
  })

  it('keeps it when neither changes', async () => {
    const after = await updated({ ...session, calendarSequence: 4 }, { subject: 'Physics', registrationFee: 20 })
    expect(after.calendarSequence).toBe(4)
    expect(after.subject).toBe('Physics')
  })
})
