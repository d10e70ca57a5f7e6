// Seats and the waiting list, once for both servers. A session may limit how
// many students it takes; a pending or approved booking holds a seat. Every
// write that takes or frees a seat runs inside one SeatLedger transaction,
// which holds the session's row lock, so the count it reads is the count it
// writes against, even with two server processes on one database.
import type { BookingStatus } from '#contract/entities'
import { bookingPromoted } from './notifications'
import type { SeatLedger, SessionRow } from './store'

export function holdsSeat(status: BookingStatus): boolean {
  return status === 'pending' || status === 'approved'
}

/**
 * What a booking that gets a seat becomes: today every booking waits for an
 * admin, whatever the fee, so a seat from the waiting list is exactly what
 * booking anew would have given.
 */
function statusOnBooking(_session: SessionRow): 'pending' | 'approved' {
  return 'pending'
}

async function seatFree(ledger: SeatLedger): Promise<boolean> {
  const seats = ledger.session?.seats
  return seats === undefined || (await ledger.holding()) < seats
}

export interface Place {
  status: BookingStatus
  waitlistSeq?: number
  /** The place in line of a waitlisted booking, from 1. */
  position?: number
}

/** A seat when one is free, else the end of the line: what a new (or renewed) booking becomes. */
export async function seatOrLine(ledger: SeatLedger): Promise<Place> {
  if (await seatFree(ledger)) return { status: statusOnBooking(ledger.session!) }
  const [waitlistSeq, waiting] = [await ledger.nextWaitlistSeq(), await ledger.waiting()]
  return { status: 'waitlisted', waitlistSeq, position: waiting + 1 }
}

/**
 * Gives every free seat to the first in line, in the transaction that freed
 * it (a cancel, a rejection, a delete or more seats), and tells each of them
 * in that transaction. Answers how many moved up.
 */
export async function fillFreedSeats(ledger: SeatLedger, now: Date): Promise<number> {
  const session = ledger.session
  if (!session || session.status !== 'approved') return 0
  let moved = 0
  while (await seatFree(ledger)) {
    const next = await ledger.firstWaiting()
    if (!next) break
    const patch = { status: statusOnBooking(session), promotedAt: now.toISOString() }
    if (!(await ledger.updateBooking(next._id, patch, 'waitlisted'))) break
    await ledger.notify(bookingPromoted(now, next, session.title))
    moved += 1
  }
  return moved
}
