// The student's bookings, with the session each one is for.
import { useQuery } from '@tanstack/react-query'
import { Link, type LoaderFunctionArgs } from 'react-router-dom'
import { useAuth } from '../../../features/auth/auth-context'
import { bookingQueries } from '../../../features/bookings/api/booking-queries'
import { BookingStatusBadge } from '../../../features/bookings/components/booking-status'
import { QueryState } from '../../../features/workspace/components/query-state'
import { formatDateTime } from '../../../shared/format/date'
import { formatFee } from '../../../shared/format/number'
import { cachedVisitor, settle, warm } from '../../route-loaders'

/** Behind login (RequireAuth): nothing is fetched unless the last session left its email and token. */
export function loader({ request }: LoaderFunctionArgs) {
  const visitor = cachedVisitor()
  if (visitor.kind !== 'signed-in') return null
  return settle(request, warm(bookingQueries.forStudent(visitor.email)))
}

export function Component() {
  const { email } = useAuth()
  const bookings = useQuery({ ...bookingQueries.forStudent(email ?? ''), enabled: Boolean(email) })

  return (
    <section aria-labelledby="my-bookings-title">
      <h1 id="my-bookings-title" className="text-2xl font-bold text-ink">
        My Bookings
      </h1>
      <div className="mt-6">
        <QueryState
          query={bookings}
          loading="Loading bookings…"
          empty="You have no bookings yet."
          isEmpty={(list) => list.length === 0}
        >
          {(list) => (
            <ul className="grid grid-cols-1 gap-4 lg:grid-cols-2">
              {list.map((booking) => (
                <li
                  key={booking._id}
                  data-testid="booking-card"
                  data-session-id={booking.sessionId}
                  className="flex flex-col rounded-xl border border-line bg-surface p-5"
                >
                  <div className="flex flex-wrap items-start justify-between gap-2">
                    <h2 className="text-lg font-semibold text-ink">{booking.title ?? 'Session'}</h2>
                    <BookingStatusBadge status={booking.status} />
                  </div>
                  <dl className="mt-3 space-y-1 text-sm text-ink-muted">
                    {booking.tutorName && (
                      <div>
                        <dt className="inline font-medium">Tutor: </dt>
                        <dd className="inline">{booking.tutorName}</dd>
                      </div>
                    )}
                    {booking.registrationFee !== undefined && (
                      <div>
                        <dt className="inline font-medium">Fee: </dt>
                        <dd className="inline">{formatFee(booking.registrationFee)}</dd>
                      </div>
                    )}
                    {booking.classStart && (
                      <div>
                        <dt className="inline font-medium">Class: </dt>
                        <dd className="inline">
                          {formatDateTime(booking.classStart)} – {formatDateTime(booking.classEnd)}
                        </dd>
                      </div>
                    )}
                    <div>
                      <dt className="inline font-medium">Booked: </dt>
                      <dd className="inline">{formatDateTime(booking.bookedAt)}</dd>
                    </div>
                  </dl>
                  <div className="mt-4 flex flex-wrap gap-2">
                    <Link
                      to={`/dashboard/student/bookings/${booking.sessionId}`}
                      className="tap inline-flex items-center rounded-lg bg-brand-700 px-3 py-1.5 text-sm font-semibold text-white hover:bg-brand-900"
                    >
                      View Details<span className="sr-only">: {booking.title}</span>
                    </Link>
                    <Link
                      to={`/dashboard/student/bookings/${booking.sessionId}/materials`}
                      className="tap inline-flex items-center rounded-lg px-3 py-1.5 text-sm font-semibold text-accent ring-1 ring-accent hover:bg-accent-soft"
                    >
                      View Materials<span className="sr-only">: {booking.title}</span>
                    </Link>
                  </div>
                </li>
              ))}
            </ul>
          )}
        </QueryState>
      </div>
    </section>
  )
}
