// /dashboard/student (and my-reviews, the same view): a welcome, the
// student's numbers and their booked sessions (docs/product.md#screens). Booked-session links
// use the session's _id, as /dashboard/student/bookings/{id} does.
import { useQuery } from '@tanstack/react-query'
import { Link } from 'react-router-dom'
import { BookingStatusBadge } from '../../../features/bookings/components/booking-status'
import { useAuth } from '../../../features/auth/auth-context'
import { bookingQueries } from '../../../features/bookings/api/booking-queries'
import { statQueries } from '../../../features/stats/api/stat-queries'
import { StatCard, StatGrid, StatsState } from '../../../features/stats/components/stat-card'
import { errorMessage } from '../../../shared/api/api-error'

const LINK = 'tap inline-flex items-center rounded px-3 py-1.5 text-sm font-semibold'

export function Component() {
  const { email, user } = useAuth()
  const stats = useQuery({ ...statQueries.student(email ?? ''), enabled: Boolean(email) })
  const bookings = useQuery({ ...bookingQueries.forStudent(email ?? ''), enabled: Boolean(email) })
  return (
    <section aria-labelledby="student-dashboard">
      <h1 id="student-dashboard" className="text-2xl font-bold text-ink">
        Student Dashboard
      </h1>
      <p className="mt-1 mb-6 text-ink-muted">Welcome, {user?.displayName || email}! Here is your study at a glance.</p>
      {stats.data ? (
        <StatGrid label="Your statistics">
          <StatCard label="Bookings" value={stats.data.totalBookings} />
          <StatCard label="Reviews Given" value={stats.data.totalReviews} />
          <StatCard label="Materials Available" value={stats.data.totalMaterials} />
        </StatGrid>
      ) : (
        <StatsState error={stats.isError ? errorMessage(stats.error, 'Failed to load statistics') : null} />
      )}

      <h2 className="mt-8 mb-3 text-lg font-bold text-ink">Booked Sessions</h2>
      {bookings.isPending ? (
        <p role="status" className="text-ink-muted">
          Loading bookings…
        </p>
      ) : bookings.isError ? (
        <p role="alert" className="font-medium text-danger">
          {errorMessage(bookings.error)}
        </p>
      ) : bookings.data.length === 0 ? (
        <p className="text-ink-muted">You have no bookings yet.</p>
      ) : (
        <ul className="divide-y divide-line rounded-lg border border-line bg-surface">
          {bookings.data.map((booking) => (
            <li key={booking._id} className="flex flex-wrap items-center justify-between gap-3 p-4">
              <div>
                <p className="font-semibold text-ink">{booking.title ?? 'Study session'}</p>
                {booking.tutorName ? <p className="text-sm text-ink-muted">with {booking.tutorName}</p> : null}
                <p className="mt-1">
                  <BookingStatusBadge status={booking.status} />
                </p>
              </div>
              <div className="flex gap-2">
                <Link
                  to={`/dashboard/student/bookings/${encodeURIComponent(booking.sessionId)}`}
                  className={`${LINK} bg-brand-700 text-white hover:bg-brand-900`}
                >
                  View Details<span className="sr-only"> of {booking.title ?? 'this session'}</span>
                </Link>
                {/* Materials open only through an approved booking: no link that leads to a refusal. */}
                {booking.status === 'approved' && (
                  <Link
                    to={`/dashboard/student/bookings/${encodeURIComponent(booking.sessionId)}/materials`}
                    className={`${LINK} border border-line-strong text-ink hover:bg-muted`}
                  >
                    View Materials<span className="sr-only"> of {booking.title ?? 'this session'}</span>
                  </Link>
                )}
              </div>
            </li>
          ))}
        </ul>
      )}
    </section>
  )
}
