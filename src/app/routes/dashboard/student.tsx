// /dashboard/student (and my-reviews, the same view): a welcome, the
// student's numbers and their booked sessions (docs/product.md#screens). Booked-session links
// use the session's _id, as /dashboard/student/bookings/{id} does.
import { useQuery } from '@tanstack/react-query'
import { useUser } from '#features/auth/user-query'
import { BookingCard } from '#features/bookings/components/booking-card'
import { useStudentBookings } from '#features/bookings/use-student-bookings'
import { statQueries } from '#features/stats/api/stat-queries'
import { StatCard, StatGrid, StatsState } from '#features/stats/components/stat-card'
import { QueryState } from '#shared/ui/query-state'

export function Component() {
  const user = useUser()
  const { email } = user
  const stats = useQuery({ ...statQueries.student(email ?? ''), enabled: Boolean(email) })
  const bookings = useStudentBookings(email)
  return (
    <section aria-labelledby="student-dashboard">
      <h1 id="student-dashboard" className="text-2xl font-bold text-ink">
        Student Dashboard
      </h1>
      <p className="mt-1 mb-6 text-ink-muted">Welcome, {user.displayName || email}! Here is your study at a glance.</p>
      <StatsState query={stats} holdRoomFor={3}>
        {(data) => (
          <StatGrid label="Your statistics">
            <StatCard label="Bookings" value={data.totalBookings} />
            <StatCard label="Reviews Given" value={data.totalReviews} />
            <StatCard label="Materials Available" value={data.totalMaterials} />
          </StatGrid>
        )}
      </StatsState>

      <h2 className="mt-8 mb-3 text-lg font-bold text-ink">Booked Sessions</h2>
      <QueryState
        query={bookings}
        loading="Loading bookings…"
        empty="You have no bookings yet."
        isEmpty={(list) => list.length === 0}
      >
        {(list) => (
          <ul className="grid grid-cols-1 gap-4 lg:grid-cols-2">
            {list.map((booking) => (
              <BookingCard key={booking._id} booking={booking} />
            ))}
          </ul>
        )}
      </QueryState>
    </section>
  )
}
