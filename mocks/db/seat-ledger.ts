// Store.bookings.withSeats over the demo database: one read-write transaction
// over sessions and bookings (and the notices it writes), which IndexedDB runs alone among those that
// touch the same tables, so the seat count it reads is the count it writes
// against. Only Dexie's own operations may be awaited inside it.
import type { BookingRow, SeatLedger, SessionRow } from '#core/store'
import type { DemoBookingRow, DemoDb } from './demo-db'
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
        session: await db.sessions.get(sessionId),
        holding: () => seatsTaken(db, sessionId),
        waiting: () => db.bookings.where('[sessionId+status]').equals([sessionId, 'waitlisted']).count(),
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
          const row = await db.sessions.get(sessionId)
          if (!row || row.status !== expected) return false
          const next: SessionRow = { ...row, ...patch }
          // No seats is no key, as in the other store.
          if (next.seats === undefined) delete next.seats
          await db.sessions.put(next)
          ledger.session = next
          return true
        },
        notify: (rows) => writeNotices(db, rows),
      }
      return work(ledger)
    })
}
