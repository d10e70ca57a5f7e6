// What a student's booking says of its class beyond its time (docs/product.md#screens), on its card and its
// details page: where it meets, the online meeting's link (answered only on an approved booking), that it moved
// since they booked, that it was cancelled and why, and why it can no longer be cancelled.
import type { Booking } from '#contract/entities'
import { formatWhen } from '#shared/format/date'
import { ExternalLink } from '#shared/ui/external-link'
import { ALERT_BOX, NOTICE_BOX } from '#shared/ui/tone-classes'
import { bookingActions } from '../booking-groups'

/** "Bookings of this session can be cancelled up to 24 hours before the class." */
function cancelDeadlineText(hours: number): string {
  return `Bookings of this session can be cancelled up to ${hours} ${hours === 1 ? 'hour' : 'hours'} before the class.`
}

/** Whether the class moved after the student booked it (a class moved before, they booked as it is). */
function movedSinceBooked(booking: Booking): booking is Booking & { movedFrom: NonNullable<Booking['movedFrom']> } {
  return booking.movedFrom !== undefined && (booking.movedAt === undefined || booking.movedAt > booking.bookedAt)
}

/** place: false where the session's facts already show its place and link (its details page). */
export function BookingClassNotes({
  booking,
  title,
  now,
  place = true,
}: {
  booking: Booking
  title: string
  now: number
  place?: boolean
}) {
  const cancelled = booking.sessionCancelledAt !== undefined
  const { pastDeadline } = bookingActions(booking, now)
  return (
    <>
      {place && booking.location && (
        <p className="mt-1 text-sm text-ink" data-testid="booking-place">
          <span className="font-medium">Place:</span> {booking.location}
        </p>
      )}
      {place && booking.status === 'approved' && !cancelled && booking.meetingUrl && (
        <p className="mt-1 text-sm">
          <ExternalLink
            url={booking.meetingUrl}
            label="Join online"
            about={`: ${title}`}
            className="tap inline-flex items-center font-medium text-accent underline"
          />
        </p>
      )}
      {cancelled ? (
        <div className={`mt-2 text-sm ${ALERT_BOX}`} data-testid="class-cancelled">
          <p className="font-semibold">The class was cancelled.</p>
          {booking.cancelReason && <p className="mt-1">Reason: {booking.cancelReason}</p>}
        </div>
      ) : (
        movedSinceBooked(booking) &&
        booking.status !== 'cancelled' && (
          <p className={`mt-2 text-sm ${NOTICE_BOX}`} data-testid="class-moved">
            <span className="font-semibold">Moved:</span> was {formatWhen(booking.movedFrom.classStart)} · now{' '}
            {formatWhen(booking.classStart)}
          </p>
        )
      )}
      {pastDeadline && (
        <p className="mt-2 text-sm text-ink-muted" data-testid="cancel-deadline">
          {cancelDeadlineText(booking.cancelDeadlineHours ?? 0)}
        </p>
      )}
    </>
  )
}
