import type { Attendance, BookingStatus } from '#contract/entities'
import { StatusPill } from '#shared/ui/status-badge'
import { STATUS_TONE } from '#shared/ui/tone-classes'

/** A booking's status in plain words: a pending booking is waiting for an admin. */
export const BOOKING_STATUS_TEXT: Record<BookingStatus, string> = {
  pending: 'Awaiting approval',
  approved: 'Approved',
  rejected: 'Rejected',
  waitlisted: 'On the waiting list',
  cancelled: 'Cancelled',
}

/** What the tutor marked, once the class started. */
export const ATTENDANCE_TEXT: Record<Attendance, string> = { present: 'Attended', absent: 'Marked absent' }

/** Where a waitlisted student stands. */
export function waitlistPlace(position: number | undefined): string {
  return position ? `You are number ${position} on the waiting list.` : 'You are on the waiting list.'
}

export function BookingStatusBadge({ status }: { status: BookingStatus }) {
  return (
    <StatusPill
      status={status}
      testId="booking-status"
      className={`inline-flex items-center rounded-full px-2.5 py-0.5 text-xs font-semibold ${STATUS_TONE[status]}`}
    >
      {BOOKING_STATUS_TEXT[status]}
    </StatusPill>
  )
}
