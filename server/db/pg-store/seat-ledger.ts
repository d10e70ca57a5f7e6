// Store.bookings.withSeats over PostgreSQL: one transaction that first locks
// the session's row (SELECT ... FOR UPDATE), so every booking write of one
// session, from any process, waits for the one before it to commit. Counts
// read after the lock see every committed booking (READ COMMITTED takes a new
// snapshot per statement), so no two writers can both take the last seat.
import { and, eq, inArray, or, sql } from 'drizzle-orm'
import type { BookingRow, SeatLedger } from '#core/store'
import { bookings, sessions } from '../schema'
import type { Notices } from './notifications'
import { guarded } from './pg-errors'
import {
  changesMeetings,
  changesWords,
  sessionFields,
  sessionSet,
  toSession,
  wordColumns,
  writeMeetings,
} from './sessions'
import { columnsOf, patchOrStatus, present, whileStatus, type PgDb } from './shared'

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
  'cancelReason',
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
      .set(patchOrStatus(set, expected))
      .where(whileStatus(bookings, id, expected))
      .returning({ id: bookings._id }),
  )
  return changed.length > 0
}

/** Deletes one booking while it has the expected status. */
export async function deleteBookingRow(db: PgDb, id: string, expected: BookingRow['status']): Promise<boolean> {
  const gone = await db
    .delete(bookings)
    .where(whileStatus(bookings, id, expected))
    .returning({ id: bookings._id })
  return gone.length > 0
}

/** The first in line and, when asked, one student's active booking, as the ledger read them since its last write. */
interface Line {
  firstWaiting: BookingRow | undefined
  /** The student asked about, and their active booking. */
  active?: { of: string; row: BookingRow | undefined }
}

/**
 * The first in line and, when asked, one student's active booking, in one
 * statement: a new booking asks for both, and on the embedded database each
 * statement is parsed and planned anew (a plan costs more than these reads).
 */
async function readLine(tx: PgDb, sessionId: string, studentEmail?: string): Promise<Line> {
  const ofSession = eq(bookings.sessionId, sessionId)
  const firstInLine = sql`(select ${bookings._id} from ${bookings} where ${and(ofSession, eq(bookings.status, 'waitlisted'))}
    order by ${bookings.waitlistSeq} asc, ${bookings._id} asc limit 1)`
  const activeOfStudent =
    studentEmail === undefined
      ? undefined
      : and(eq(bookings.studentEmail, studentEmail), sql`${bookings.status} <> 'cancelled'`)
  const rows = await tx
    .select({ isFirst: sql<boolean>`${bookings._id} = ${firstInLine}`, booking: bookings })
    .from(bookings)
    .where(and(ofSession, or(sql`${bookings._id} = ${firstInLine}`, activeOfStudent)))
  const found = rows.map(({ booking, isFirst }) => ({ row: toBooking(booking), isFirst }))
  return {
    firstWaiting: found.find((b) => b.isFirst)?.row,
    ...(studentEmail === undefined
      ? {}
      : { active: { of: studentEmail, row: found.find((b) => b.row.studentEmail === studentEmail)?.row } }),
  }
}

export function withSeatsOver(db: PgDb, writer: Notices) {
  return <T>(sessionId: string, work: (ledger: SeatLedger) => Promise<T>): Promise<T> =>
    guarded(() =>
      db.transaction(async (tx) => {
        const [locked] = await tx.select(sessionFields).from(sessions).where(eq(sessions._id, sessionId)).for('update')
        // Read after the lock, so no other writer of this session's bookings can change it while it is kept;
        // kept until the ledger's next write of a booking.
        let line: Promise<Line> | undefined
        const ofSession = eq(bookings.sessionId, sessionId)
        const writing = async <W>(write: () => Promise<W>): Promise<W> => {
          try {
            return await write()
          } finally {
            line = undefined
          }
        }
        const ledger: SeatLedger = {
          session: locked && toSession(locked),
          holding: () => tx.$count(bookings, and(ofSession, inArray(bookings.status, [...HOLDING]))),
          waiting: () => tx.$count(bookings, and(ofSession, eq(bookings.status, 'waitlisted'))),
          async live() {
            const rows = await tx
              .select()
              .from(bookings)
              .where(and(ofSession, inArray(bookings.status, [...HOLDING, 'waitlisted'])))
              .orderBy(bookings.bookedAt, bookings._id)
            return rows.map(toBooking)
          },
          async nextWaitlistSeq() {
            const [row] = await tx
              .select({ next: sql<number>`(coalesce(max(${bookings.waitlistSeq}), 0) + 1)::int` })
              .from(bookings)
              .where(ofSession)
            return row!.next
          },
          firstWaiting: async () => (await (line ??= readLine(tx, sessionId))).firstWaiting,
          async activeOf(studentEmail) {
            const kept = line && (await line).active
            if (kept?.of === studentEmail) return kept.row
            line = readLine(tx, sessionId, studentEmail)
            return (await line).active!.row
          },
          async insertBooking(row) {
            await writing(() => tx.insert(bookings).values(row))
          },
          updateBooking: (id, patch, expected) => writing(() => updateBookingRow(tx, id, patch, expected)),
          deleteBooking: (id, expected) => writing(() => deleteBookingRow(tx, id, expected)),
          async updateSession(patch, expected) {
            // The row is locked: its words are written from the fields it ends with.
            const current = ledger.session
            const words = current && changesWords(patch) ? wordColumns({ ...current, ...patch }) : {}
            const [row] = await tx
              .update(sessions)
              .set({ ...sessionSet(patch), ...words })
              .where(whileStatus(sessions, sessionId, expected))
              .returning(sessionFields)
            if (row) ledger.session = toSession(row)
            if (row && changesMeetings(patch)) await writeMeetings(tx, ledger.session!)
            return row !== undefined
          },
          notify: (rows) => writer.insert(tx, rows),
        }
        return work(ledger)
      }),
    )
}
