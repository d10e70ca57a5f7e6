// A signed-in student's day, first on their home and their dashboard
// (docs/product.md#screens): the next class (what, when, with whom, how long
// until it starts, and its page), how many notifications are unread, and what
// waits on this device to be sent. It joins three features (bookings,
// notifications, the outbox), so it is the app's. Loaded only for a student:
// nothing of it is in the first load.
import { useQuery } from '@tanstack/react-query'
import { lazy, Suspense, useState } from 'react'
import { Link } from 'react-router-dom'
import type { Booking } from '#contract/entities'
import { nextClass } from '#features/bookings/booking-groups'
import { ClassLine } from '#features/bookings/components/booking-card'
import { BookingStatusBadge } from '#features/bookings/components/booking-status'
import { useStudentBookings } from '#features/bookings/use-student-bookings'
import { notificationQueries } from '#features/notifications/api/notification-queries'
import { formatTimeUntil } from '#shared/format/date-parts'
import { TONE } from '#shared/ui/tone-classes'

// Reads the device's database: it must not hold up the next class.
const DeviceQueue = lazy(() => import('./device-queue'))

const TILE =
  'tap flex h-full flex-col justify-center rounded-xl border border-line bg-surface px-4 py-3 text-ink hover:border-line-strong'
const PRIMARY =
  'tap inline-flex flex-1 items-center justify-center rounded-lg bg-brand-700 px-3 py-2 whitespace-nowrap font-semibold text-white hover:bg-brand-900 sm:flex-none'
const SECONDARY =
  'tap inline-flex flex-1 items-center justify-center rounded-lg px-3 py-2 whitespace-nowrap font-semibold text-accent ring-1 ring-accent hover:bg-accent-soft sm:flex-none'

function NextClass({ booking, now }: { booking: Booking & { classStart: string }; now: number }) {
  const title = booking.title ?? 'Study session'
  const until = formatTimeUntil(booking.classStart, now)
  const path = `/dashboard/student/bookings/${encodeURIComponent(booking.sessionId)}`
  return (
    <div data-testid="next-class">
      <div className="flex flex-wrap items-start justify-between gap-2">
        <p className="text-xl font-bold text-ink">{title}</p>
        <span className={`rounded-full px-2.5 py-0.5 text-sm font-semibold ${TONE.info}`} data-testid="starts-in">
          {until ? `Starts ${until}` : 'Under way'}
        </span>
      </div>
      <p className="mt-1 text-ink">
        <ClassLine booking={booking} />
      </p>
      <p className="mt-0.5 flex flex-wrap items-center gap-2 text-sm text-ink-muted">
        {booking.tutorName && <span>with {booking.tutorName}</span>}
        {booking.status !== 'approved' && <BookingStatusBadge status={booking.status} />}
      </p>
      <div className="mt-3 flex gap-2">
        <Link to={path} className={PRIMARY}>
          View Details<span className="sr-only">: {title}</span>
        </Link>
        {booking.status === 'approved' && (
          <Link to={`${path}/materials`} className={SECONDARY}>
            View Materials<span className="sr-only">: {title}</span>
          </Link>
        )}
      </div>
    </div>
  )
}

export default function StudentDay({ email, title }: { email: string; title?: string }) {
  const bookings = useStudentBookings(email)
  const unread = useQuery(notificationQueries.unread(email)).data?.unread
  // The time the day was shown, for "Starts in …" and which class is next.
  const [now] = useState(Date.now)
  const next = bookings.data ? nextClass(bookings.data, now) : undefined
  return (
    <div data-testid="student-day" className="space-y-3">
      {title && <h1 className="text-2xl font-bold text-ink">{title}</h1>}
      <section aria-labelledby="next-class-title" className="rounded-2xl border border-line bg-surface p-4 shadow-sm">
        <h2 id="next-class-title" className="text-sm font-bold tracking-wide text-accent uppercase">
          Your next class
        </h2>
        <div className="mt-2 min-h-32">
          {next?.classStart ? (
            <NextClass booking={{ ...next, classStart: next.classStart }} now={now} />
          ) : bookings.isPending ? (
            <p className="text-ink-muted">Loading bookings…</p>
          ) : (
            <p className="text-ink">
              No class coming up.{' '}
              <Link to="/study-sessions" className="font-semibold text-accent underline">
                Find a study session
              </Link>
            </p>
          )}
        </div>
      </section>
      <ul aria-label="On your list" className="grid grid-cols-2 gap-3">
        <li>
          <Link to="/dashboard/notifications" className={TILE} data-testid="unread-tile">
            <span className="text-2xl font-bold">{unread ?? '–'}</span>
            <span className="text-sm">unread {unread === 1 ? 'notification' : 'notifications'}</span>
          </Link>
        </li>
        <li>
          <Suspense fallback={null}>
            <DeviceQueue email={email} className={TILE} />
          </Suspense>
        </li>
      </ul>
    </div>
  )
}
