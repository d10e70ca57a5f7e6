// Store.bookings.withSeats over the demo database: one read-write transaction
// over sessions and bookings (and the notices it writes), which IndexedDB runs alone among those that
// touch the same tables, so the seat count it reads is the count it writes
// against. Only Dexie's own operations may be awaited inside it.
import type { BookingRow, SeatLedger, SessionRow } from '#core/store'
import { meetingStartsOf, portSession, type DemoBookingRow, type DemoDb } from './demo-db'
import { writeNotices } from './dexie-notifications'
import { bookingOf } from './queries'

/** A booking as the port has it, without the demo's index key. */
export function portBooking(row: DemoBookingRow): BookingRow
export function portBooking(row: DemoBookingRow | undefined): BookingRow | undefined
export function portBooking(row: DemoBookingRow | undefined): BookingRow | undefined {
  if (!row) return undefined
  const { activeKey: _key, ...booking } = row
  return booking
}

export async function waitlistOf(db: DemoDb, sessionId: string): Promise<BookingRow[]> {
  const rows = await db.bookings.where('[sessionId+status]').equals([sessionId, 'waitlisted']).toArray()
  return rows
    .map((row) => portBooking(row))
    .sort((a, b) => (a.waitlistSeq ?? 0) - (b.waitlistSeq ?? 0) || (a._id < b._id ? -1 : 1))
}

export function seatsTaken(db: DemoDb, sessionId: string): Promise<number> {
  return db.bookings
    .where('[sessionId+status]')
    .anyOf([
      [sessionId, 'pending'],
      [sessionId, 'approved'],
    ])
    .count()
}

export async function casBooking(
  db: DemoDb,
  id: string,
  patch: Partial<BookingRow>,
  expected: BookingRow['status'],
): Promise<boolean> {
  const row = await db.bookings.get(id)
  if (!row || row.status !== expected) return false
  await db.bookings.update(id, patch)
  return true
}

export function withSeatsOver(db: DemoDb) {
  return <T>(sessionId: string, work: (ledger: SeatLedger) => Promise<T>): Promise<T> =>
    db.transaction('rw', [db.sessions, db.bookings, ...db.noticeTables], async () => {
      const ledger: SeatLedger = {
        session: portSession(await db.sessions.get(sessionId)),
        holding: () => seatsTaken(db, sessionId),
        waiting: () => db.bookings.where('[sessionId+status]').equals([sessionId, 'waitlisted']).count(),
        live: async () =>
          (
            await db.bookings
              .where('[sessionId+status]')
              .anyOf(['pending', 'approved', 'waitlisted'].map((status) => [sessionId, status]))
              .toArray()
          )
            .map((row) => portBooking(row))
            .sort((a, b) => (a.bookedAt < b.bookedAt ? -1 : a.bookedAt > b.bookedAt ? 1 : a._id < b._id ? -1 : 1)),
        activeOf: async (email) => portBooking(await bookingOf(db, email, sessionId)),
        firstWaiting: async () => (await waitlistOf(db, sessionId))[0],
        nextWaitlistSeq: async () => {
          const rows = await db.bookings.where('sessionId').equals(sessionId).toArray()
          return Math.max(0, ...rows.map((b) => b.waitlistSeq ?? 0)) + 1
        },
        insertBooking: async (row) => {
          await db.bookings.add(row)
        },
        updateBooking: (id, patch, expected) => casBooking(db, id, patch, expected),
        deleteBooking: async (id, expected) => {
          const row = await db.bookings.get(id)
          if (!row || row.status !== expected) return false
          await db.bookings.delete(id)
          return true
        },
        updateSession: async (patch, expected) => {
          const row = portSession(await db.sessions.get(sessionId))
          if (!row || row.status !== expected) return false
          const next: SessionRow = { ...row, ...patch }
          // No seats (or place, or link) is no key, as in the other store.
          for (const key of ['seats', 'location', 'meetingUrl', 'schedule', 'scheduleStart'] as const)
            if (next[key] === undefined) delete next[key]
          await db.sessions.put({
            ...next,
            ...(next.cancelledAt ? {} : { listedStatus: next.status }),
            meetingStarts: meetingStartsOf(next),
          })
          ledger.session = next
          return true
        },
        notify: (rows) => writeNotices(db, rows),
      }
      return work(ledger)
    })
}
