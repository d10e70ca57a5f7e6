import type { Status } from '../../../contract/entities'

/** A booking's status in plain words: a pending booking is waiting for an admin. */
export const BOOKING_STATUS_TEXT: Record<Status, string> = {
  pending: 'Awaiting approval',
  approved: 'Approved',
  rejected: 'Rejected',
}

const TONE: Record<Status, string> = {
  pending: 'bg-amber-100 text-amber-900',
  approved: 'bg-green-100 text-green-800',
  rejected: 'bg-red-100 text-red-800',
}

export function BookingStatusBadge({ status }: { status: Status }) {
  return (
    <span
      data-testid="booking-status"
      className={`inline-flex items-center rounded-full px-2.5 py-0.5 text-xs font-semibold ${TONE[status]}`}
    >
      {BOOKING_STATUS_TEXT[status]}
    </span>
  )
}
