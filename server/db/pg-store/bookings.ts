// Students' bookings of sessions: one per student and session (the database's
// unique key), status changes and deletes as compare-and-set on the status.
import { and, desc, eq } from 'drizzle-orm'
import type { BookingRow, Store } from '#core/store'
import { bookings } from '../schema'
import { listed } from './paging'
import { guarded } from './pg-errors'
import { columnsOf, type PgDb } from './shared'

const toBooking = (row: typeof bookings.$inferSelect): BookingRow => row as BookingRow

export function bookingsStore(db: PgDb): Store['bookings'] {
  const bookingOrder = [desc(bookings.bookedAt), desc(bookings._id)]
  return {
    async get(id) {
      const [row] = await db.select().from(bookings).where(eq(bookings._id, id))
      return row && toBooking(row)
    },
    async of(studentEmail, sessionId) {
      const [row] = await db
        .select()
        .from(bookings)
        .where(and(eq(bookings.studentEmail, studentEmail), eq(bookings.sessionId, sessionId)))
      return row && toBooking(row)
    },
    list(status, paging) {
      const where = status ? eq(bookings.status, status) : undefined
      return listed(db, { table: bookings, time: bookings.bookedAt, id: bookings._id, where }, paging, toBooking)
    },
    async ofStudent(email) {
      const rows = await db
        .select()
        .from(bookings)
        .where(eq(bookings.studentEmail, email))
        .orderBy(...bookingOrder)
      return rows.map(toBooking)
    },
    async ofTutor(email) {
      const rows = await db
        .select()
        .from(bookings)
        .where(eq(bookings.tutorEmail, email))
        .orderBy(...bookingOrder)
      return rows.map(toBooking)
    },
    async insert(row) {
      await guarded(() => db.insert(bookings).values(row))
    },
    async update(id, patch, expected) {
      const set = columnsOf<BookingRow>(patch, ['status', 'studentEmail', 'tutorEmail', 'sessionId'])
      const changed = await guarded(() =>
        db
          .update(bookings)
          .set(Object.keys(set).length > 0 ? set : { status: expected })
          .where(and(eq(bookings._id, id), eq(bookings.status, expected)))
          .returning({ id: bookings._id }),
      )
      return changed.length > 0
    },
    async delete(id, expected) {
      const gone = await db
        .delete(bookings)
        .where(and(eq(bookings._id, id), eq(bookings.status, expected)))
        .returning({ id: bookings._id })
      return gone.length > 0
    },
    countOfStudent(email) {
      return db.$count(bookings, eq(bookings.studentEmail, email))
    },
  }
}
