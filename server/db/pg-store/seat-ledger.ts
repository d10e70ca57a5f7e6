// Store.bookings.withSeats over PostgreSQL: one transaction that first locks
// the session's row (SELECT ... FOR UPDATE), so every booking write of one
// session, from any process, waits for the one before it to commit. Counts
// read after the lock see every committed booking (READ COMMITTED takes a new
// snapshot per statement), so no two writers can both take the last seat.
import { and, asc, eq, inArray, sql } from 'drizzle-orm'
import type { BookingRow, SeatLedger } from '#core/store'
import { bookings, sessions } from '../schema'
import { insertNotices } from './notifications'
import { guarded } from './pg-errors'
import { changesWords, sessionFields, sessionSet, toSession, wordColumns } from './sessions'
import { columnsOf, present, type PgDb } from './shared'

const HOLDING = ['pending', 'approved'] as const

const BOOKING_PATCH_KEYS = [
  'status',
  'studentEmail',
  'tutorEmail',
  'sessionId',
  'cancelledAt',
  'cancelledBy',
  'promotedAt',
  'waitlistSeq',
] as const satisfies readonly (keyof BookingRow)[]

export const toBooking = (row: typeof bookings.$inferSelect): BookingRow => present(row) as BookingRow

/** A compare-and-set of one booking's columns on its status. */
export async function updateBookingRow(
  db: PgDb,
  id: string,
  patch: Partial<BookingRow>,
  expected: BookingRow['status'],
): Promise<boolean> {
  const set = columnsOf<BookingRow>(patch, BOOKING_PATCH_KEYS)
  const changed = await guarded(() =>
    db
      .update(bookings)
      .set(Object.keys(set).length > 0 ? set : { status: expected })
      .where(and(eq(bookings._id, id), eq(bookings.status, expected)))
      .returning({ id: bookings._id }),
  )
  return changed.length > 0
}

/** Deletes one booking while it has the expected status. */
export async function deleteBookingRow(db: PgDb, id: string, expected: BookingRow['status']): Promise<boolean> {
  const gone = await db
    .delete(bookings)
    .where(and(eq(bookings._id, id), eq(bookings.status, expected)))
    .returning({ id: bookings._id })
  return gone.length > 0
}

export function withSeatsOver(db: PgDb) {
  return <T>(sessionId: string, work: (ledger: SeatLedger) => Promise<T>): Promise<T> =>
    guarded(() =>
      db.transaction(async (tx) => {
        const [locked] = await tx.select(sessionFields).from(sessions).where(eq(sessions._id, sessionId)).for('update')
        const ofSession = eq(bookings.sessionId, sessionId)
        const waitlisted = and(ofSession, eq(bookings.status, 'waitlisted'))
        const ledger: SeatLedger = {
          session: locked && toSession(locked),
          holding: () => tx.$count(bookings, and(ofSession, inArray(bookings.status, [...HOLDING]))),
          waiting: () => tx.$count(bookings, waitlisted),
          async activeOf(studentEmail) {
            const [row] = await tx
              .select()
              .from(bookings)
              .where(and(ofSession, eq(bookings.studentEmail, studentEmail), sql`${bookings.status} <> 'cancelled'`))
            return row && toBooking(row)
          },
          async firstWaiting() {
            const [row] = await tx
              .select()
              .from(bookings)
              .where(waitlisted)
              .orderBy(asc(bookings.waitlistSeq), asc(bookings._id))
              .limit(1)
            return row && toBooking(row)
          },
          async nextWaitlistSeq() {
            const [row] = await tx
              .select({ next: sql<number>`(coalesce(max(${bookings.waitlistSeq}), 0) + 1)::int` })
              .from(bookings)
              .where(ofSession)
            return row!.next
          },
          async insertBooking(row) {
            await tx.insert(bookings).values(row)
          },
          updateBooking: (id, patch, expected) => updateBookingRow(tx, id, patch, expected),
          deleteBooking: (id, expected) => deleteBookingRow(tx, id, expected),
          async updateSession(patch, expected) {
            // The row is locked: its words are written from the fields it ends with.
            const current = ledger.session
            const words = current && changesWords(patch) ? wordColumns({ ...current, ...patch }) : {}
            const [row] = await tx
              .update(sessions)
              .set({ ...sessionSet(patch), ...words })
              .where(and(eq(sessions._id, sessionId), eq(sessions.status, expected)))
              .returning(sessionFields)
            if (row) ledger.session = toSession(row)
            return row !== undefined
          },
          notify: (rows) => insertNotices(tx, rows),
        }
        return work(ledger)
      }),
    )
}
