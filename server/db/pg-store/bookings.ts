// Students' bookings of sessions: one that is not cancelled per student and
// session (a partial unique index), status changes and deletes as
// compare-and-set on the status, and every write that takes or frees a seat
// under the session's row lock (./seat-ledger.ts).
import { and, asc, desc, eq, inArray, ne, sql } from 'drizzle-orm'
import type { Store } from '#core/store'
import { bookings, sessionMeetings, sessions } from '../schema'
import type { Notices } from './notifications'
import { listed } from './paging'
import { guarded } from './pg-errors'
import { deleteBookingRow, toBooking, updateBookingRow, withSeatsOver } from './seat-ledger'
import { inList, type PgDb } from './shared'

export function bookingsStore(db: PgDb, writer: Notices): Store['bookings'] {
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
        .where(
          and(
            eq(bookings.studentEmail, studentEmail),
            eq(bookings.sessionId, sessionId),
            ne(bookings.status, 'cancelled'),
          ),
        )
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
    async ofSession(sessionId) {
      const rows = await db
        .select()
        .from(bookings)
        .where(eq(bookings.sessionId, sessionId))
        .orderBy(...bookingOrder)
      return rows.map(toBooking)
    },
    async startingBetween(from, to) {
      // By the meetings' start index: a course's booking is due before each of its meetings.
      const rows = await db
        .select({
          booking: bookings,
          title: sessions.title,
          classStart: sessions.classStart,
          meetingStart: sessionMeetings.start,
        })
        .from(sessionMeetings)
        .innerJoin(sessions, eq(sessions._id, sessionMeetings.sessionId))
        .innerJoin(bookings, eq(bookings.sessionId, sessions._id))
        .where(
          and(
            eq(bookings.status, 'approved'),
            sql`${sessionMeetings.start} > ${from}::timestamptz`,
            sql`${sessionMeetings.start} <= ${to}::timestamptz`,
          ),
        )
      return rows.map(({ booking, ...session }) => ({ ...toBooking(booking), ...session }))
    },
    async insert(row) {
      await guarded(() => db.insert(bookings).values(row))
    },
    update: (id, patch, expected) => updateBookingRow(db, id, patch, expected),
    delete: (id, expected) => deleteBookingRow(db, id, expected),
    countOfStudent(email) {
      return db.$count(bookings, and(eq(bookings.studentEmail, email), ne(bookings.status, 'cancelled')))
    },
    withSeats: withSeatsOver(db, writer),
    async seatsTaken(sessionIds) {
      const rows = await db
        .select({ id: bookings.sessionId, n: sql<number>`count(*)::int` })
        .from(bookings)
        .where(and(inList(bookings.sessionId, sessionIds), inArray(bookings.status, ['pending', 'approved'])))
        .groupBy(bookings.sessionId)
      return new Map(rows.map((r) => [r.id, r.n]))
    },
    async waitlist(sessionId) {
      const rows = await db
        .select({ id: bookings._id })
        .from(bookings)
        .where(and(eq(bookings.sessionId, sessionId), eq(bookings.status, 'waitlisted')))
        .orderBy(asc(bookings.waitlistSeq), asc(bookings._id))
      return rows.map((r) => r.id)
    },
  }
}
