// One booking of the signed-in student, as My Bookings and the student
// dashboard list it (docs/product.md#screens): the session, its status, one
// short line for its class (with its place, link, move or cancel: ./booking-class-notes.tsx), and one action, View Details; what else the
// booking allows (its materials, its calendar entry, its cancel) is in a menu,
// offered only where the status allows it (../booking-groups.ts).
import { lazy, Suspense, useId } from 'react'
import { Link } from 'react-router-dom'
import type { Booking } from '#contract/entities'
import { classEvent } from '#contract/rules'
import type { BookingCancelEntry } from '../db/booking-tables'
import { errorMessage } from '#shared/api/api-error'
import { formatWhen } from '#shared/format/date'
import { formatDay, formatWhenInZones } from '#shared/format/date-parts'
import { formatFee } from '#shared/format/number'
import { OfflineReason } from '#shared/offline/offline-reason'
import { useServerGate } from '#shared/offline/use-server-gate'
import { showAlert } from '#shared/ui/feedback'
import { bookingActions } from '../booking-groups'
import { downloadBookingCalendar } from '../download-calendar'
import { BookingClassNotes } from './booking-class-notes'
import { ATTENDANCE_TEXT, BookingStatusBadge, waitlistPlace } from './booking-status'
import { CancelButton } from './cancel-button'

// Reads the device's outbox (Dexie): loaded only for a card whose cancel waits there.
const WaitingCancel = lazy(() => import('./cancel-control').then((m) => ({ default: m.WaitingCancel })))

const ITEM =
  'tap flex w-full items-center rounded-lg px-4 py-3 text-left font-semibold hover:bg-muted disabled:opacity-60'

/**
 * The class in one line: "Sat 20 Dec, 17:00–19:00", and the course's last day when the course goes on after that
 * day ("until Mon 18 Jan").
 */
export function ClassLine({ booking }: { booking: Pick<Booking, 'classEnd' | 'duration'> & { classStart: string } }) {
  const { start, end } = classEvent({ classStart: booking.classStart, duration: booking.duration ?? 0 })
  const lastDay = booking.classEnd ? formatDay(booking.classEnd) : null
  return (
    <>
      <time dateTime={booking.classStart}>{formatWhen(start, end)}</time>
      {lastDay && lastDay !== '—' && lastDay !== formatDay(end) && <> · until {lastDay}</>}
    </>
  )
}

export interface BookingCardProps {
  booking: Booking
  /** This booking's cancel waiting on the device; null when none; undefined until the device has answered. */
  queued: BookingCancelEntry | null | undefined
  headingLevel?: 'h2' | 'h3' | 'h4'
  /** What "to come" and "started" are measured against (the list's clock). */
  now: number
}

export function BookingCard({ booking, queued, headingLevel: Heading = 'h3', now }: BookingCardProps) {
  const title = booking.title ?? 'Study session'
  const path = `/dashboard/student/bookings/${encodeURIComponent(booking.sessionId)}`
  const allowed = bookingActions(booking, now)
  const classStart = booking.classStart
  return (
    <li
      data-testid="booking-card"
      data-session-id={booking.sessionId}
      className="flex flex-col rounded-xl border border-line bg-surface p-4"
    >
      <div className="flex flex-wrap items-start justify-between gap-2">
        <Heading className="text-lg font-semibold text-ink">{title}</Heading>
        <BookingStatusBadge status={booking.status} />
      </div>
      <div className="mt-2 space-y-0.5 text-sm text-ink">
        {classStart && (
          <p data-testid="booking-when">
            <span className="font-medium">Class:</span> <ClassLine booking={{ ...booking, classStart }} />
          </p>
        )}
        {/* A course's next meeting, from the booking as kept on the device: offline too. */}
        {booking.nextMeetingStart && (booking.meetingCount ?? 1) > 1 && !booking.sessionCancelledAt && (
          <p data-testid="booking-next">
            <span className="font-medium">Next:</span>{' '}
            <time dateTime={booking.nextMeetingStart}>
              {formatWhenInZones(booking.nextMeetingStart, undefined, booking.schedule?.timeZone)}
            </time>
          </p>
        )}
        <p className="text-ink-muted">
          {booking.tutorName && (
            <>
              <span className="font-medium">Tutor:</span> {booking.tutorName}
            </>
          )}
          {booking.tutorName && booking.registrationFee !== undefined && <span aria-hidden="true"> · </span>}
          {booking.registrationFee !== undefined && (
            <>
              <span className="font-medium">Fee:</span> {formatFee(booking.registrationFee)}
            </>
          )}
        </p>
        <p className="text-xs text-ink-muted">
          <span className="font-medium">Booked:</span> {formatWhen(booking.bookedAt)}
          {booking.cancelledAt && (
            <>
              {' · '}
              <span className="font-medium">Cancelled:</span> {formatWhen(booking.cancelledAt)}
            </>
          )}
        </p>
      </div>
      <BookingClassNotes booking={booking} title={title} now={now} />
      {booking.attendance && (
        <p className="mt-2 text-sm font-medium text-ink" data-testid="booking-attendance">
          {ATTENDANCE_TEXT[booking.attendance]}
        </p>
      )}
      {booking.status === 'waitlisted' && (
        <p className="mt-2 text-sm font-medium text-ink">{waitlistPlace(booking.waitlistPosition)}</p>
      )}
      {booking.promotedAt && booking.status !== 'cancelled' && (
        <p className="mt-2 text-sm font-medium text-ink" data-testid="promoted">
          A seat freed up: you moved from the waiting list into the session.
        </p>
      )}
      {queued && (
        <Suspense fallback={null}>
          <WaitingCancel entry={queued} title={title} className="tap rounded-lg px-3 py-1.5 font-semibold" />
        </Suspense>
      )}
      <div className="mt-3 flex gap-2">
        <Link
          to={path}
          className="tap inline-flex flex-1 items-center justify-center rounded-lg bg-brand-700 px-4 py-2 text-sm font-semibold text-white hover:bg-brand-900"
        >
          View Details<span className="sr-only">: {title}</span>
        </Link>
        <BookingMenu
          booking={booking}
          title={title}
          path={path}
          materials={allowed.materials}
          calendar={allowed.calendar}
          // A cancel already waiting on the device is shown above; until the device has answered, no button.
          cancel={allowed.cancel && queued === null}
        />
      </div>
    </li>
  )
}

interface BookingMenuProps {
  booking: Booking
  title: string
  path: string
  materials: boolean
  calendar: boolean
  cancel: boolean
}

/**
 * The booking's other actions, behind one "More" button: a sheet at the bottom of a phone's screen (a popover:
 * the browser closes it on Escape or a tap outside, and brings focus back to the button).
 */
function BookingMenu({ booking, title, path, materials, calendar, cancel }: BookingMenuProps) {
  const menuId = useId()
  const { offlineId, needsServer } = useServerGate()
  if (!materials && !calendar && !cancel) return null

  async function onCalendar() {
    try {
      await downloadBookingCalendar(booking._id, title)
    } catch (error) {
      await showAlert({ title: 'Failed to add to calendar', text: errorMessage(error), icon: 'error' })
    }
  }

  return (
    <>
      <button
        type="button"
        popoverTarget={menuId}
        aria-label={`More: ${title}`}
        className="tap inline-flex items-center gap-1 rounded-lg px-4 py-2 text-sm font-semibold text-accent ring-1 ring-accent hover:bg-accent-soft"
      >
        More
        <svg aria-hidden="true" viewBox="0 0 20 20" className="h-4 w-4" fill="currentColor">
          <path d="M4 10a1.5 1.5 0 1 1-3 0 1.5 1.5 0 0 1 3 0Zm7.5 0a1.5 1.5 0 1 1-3 0 1.5 1.5 0 0 1 3 0ZM19 10a1.5 1.5 0 1 1-3 0 1.5 1.5 0 0 1 3 0Z" />
        </svg>
      </button>
      <div
        id={menuId}
        popover="auto"
        aria-label={`Actions: ${title}`}
        role="dialog"
        data-testid="booking-menu"
        className="inset-x-0 top-auto bottom-[var(--bottom-bar-space,0px)] m-0 w-full max-w-none rounded-t-2xl border border-line bg-surface p-3 text-ink shadow-xl backdrop:bg-slate-900/40 sm:inset-0 sm:m-auto sm:w-80 sm:rounded-2xl"
      >
        <p className="truncate px-4 py-2 text-sm text-ink-muted">{title}</p>
        <ul>
          {materials && (
            <li>
              <Link to={`${path}/materials`} className={`${ITEM} text-accent`}>
                View Materials<span className="sr-only">: {title}</span>
              </Link>
            </li>
          )}
          {calendar && (
            <li>
              <button
                type="button"
                className={`${ITEM} text-accent`}
                aria-label={`Add to calendar: ${title}`}
                popoverTarget={menuId}
                popoverTargetAction="hide"
                onClick={() => void onCalendar()}
                {...needsServer}
              >
                Add to calendar
              </button>
              <OfflineReason id={offlineId} className="px-4" />
            </li>
          )}
          {cancel && (
            <li>
              <CancelButton booking={booking} title={title} className={ITEM} menuId={menuId} />
            </li>
          )}
        </ul>
        <button
          type="button"
          popoverTarget={menuId}
          popoverTargetAction="hide"
          className={`${ITEM} mt-1 justify-center border-t border-line text-ink`}
        >
          Close
        </button>
      </div>
    </>
  )
}
