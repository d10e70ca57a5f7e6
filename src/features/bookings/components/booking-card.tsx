// One booking of the signed-in student, as My Bookings and the student
// dashboard list it: the session, its status, and links to its details and,
// once approved, its materials.
import type { ReactNode } from 'react'
import { Link } from 'react-router-dom'
import type { Booking } from '#contract/entities'
import { formatDateTime } from '#shared/format/date'
import { formatFee } from '#shared/format/number'
import { BookingActions } from './booking-actions'
import { BookingStatusBadge, waitlistPlace } from './booking-status'

const LINK = 'tap inline-flex items-center rounded-lg px-3 py-1.5 text-sm font-semibold'

export function BookingCard({ booking }: { booking: Booking }) {
  const title = booking.title ?? 'Study session'
  const path = `/dashboard/student/bookings/${encodeURIComponent(booking.sessionId)}`
  return (
    <li
      data-testid="booking-card"
      data-session-id={booking.sessionId}
      className="flex flex-col rounded-xl border border-line bg-surface p-5"
    >
      <div className="flex flex-wrap items-start justify-between gap-2">
        <h2 className="text-lg font-semibold text-ink">{title}</h2>
        <BookingStatusBadge status={booking.status} />
      </div>
      <dl className="mt-3 space-y-1 text-sm text-ink-muted">
        {booking.tutorName && <Fact label="Tutor">{booking.tutorName}</Fact>}
        {booking.registrationFee !== undefined && <Fact label="Fee">{formatFee(booking.registrationFee)}</Fact>}
        {booking.classStart && (
          <Fact label="Class">
            {formatDateTime(booking.classStart)} – {formatDateTime(booking.classEnd)}
          </Fact>
        )}
        <Fact label="Booked">{formatDateTime(booking.bookedAt)}</Fact>
        {booking.cancelledAt && <Fact label="Cancelled">{formatDateTime(booking.cancelledAt)}</Fact>}
      </dl>
      {booking.status === 'waitlisted' && (
        <p className="mt-3 text-sm font-medium text-ink">{waitlistPlace(booking.waitlistPosition)}</p>
      )}
      {booking.promotedAt && booking.status !== 'cancelled' && (
        <p className="mt-3 text-sm font-medium text-ink" data-testid="promoted">
          A seat freed up: you moved from the waiting list into the session.
        </p>
      )}
      <div className="mt-4 flex flex-wrap gap-2">
        <Link to={path} className={`${LINK} bg-brand-700 text-white hover:bg-brand-900`}>
          View Details<span className="sr-only">: {title}</span>
        </Link>
        {/* Materials open only through an approved booking: no link that leads to a refusal. */}
        {booking.status === 'approved' && (
          <Link to={`${path}/materials`} className={`${LINK} text-accent ring-1 ring-accent hover:bg-accent-soft`}>
            View Materials<span className="sr-only">: {title}</span>
          </Link>
        )}
        <BookingActions booking={booking} />
      </div>
    </li>
  )
}

function Fact({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div>
      <dt className="inline font-medium">{label}: </dt>
      <dd className="inline">{children}</dd>
    </div>
  )
}
