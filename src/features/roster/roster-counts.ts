// The counts above a roster: how many bookings in each status, and of the
// approved ones how many were marked present or absent (a mark waiting on the
// device counts as made: it is what the tutor sees on the row).
import type { Attendance, BookingStatus, RosterEntry } from '#contract/entities'

export type RosterCounts = Record<BookingStatus, number> & Record<Attendance, number>

export function rosterCounts(entries: readonly RosterEntry[], marks: ReadonlyMap<string, Attendance>): RosterCounts {
  const counts: RosterCounts = {
    pending: 0,
    approved: 0,
    waitlisted: 0,
    rejected: 0,
    cancelled: 0,
    present: 0,
    absent: 0,
  }
  for (const e of entries) {
    counts[e.status] += 1
    const attendance = marks.get(e.bookingId) ?? e.attendance
    if (e.status === 'approved' && attendance) counts[attendance] += 1
  }
  return counts
}
