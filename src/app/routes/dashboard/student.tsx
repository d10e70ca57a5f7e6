// /dashboard/student (and my-reviews, the same view): a welcome, the
// student's day (their next class, unread notifications, what waits on the
// device), their numbers as one compact row, and their booked sessions
// (docs/product.md#screens). Booked-session links use the session's _id, as
// /dashboard/student/bookings/{id} does.
import { useQuery } from '@tanstack/react-query'
import { useUser } from '#features/auth/user-query'
import { BookingList } from '#features/bookings/components/booking-list'
import { useStudentBookings } from '#features/bookings/use-student-bookings'
import { statQueries } from '#features/stats/api/stat-queries'
import { StatCard, StatGrid, StatsState } from '#features/stats/components/stat-card'
import { QueryState } from '#shared/ui/query-state'
import StudentDay from '../../student-day'

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
      <p className="mt-1 mb-4 text-ink-muted">Welcome, {user.displayName || email}! Here is your study at a glance.</p>
      {email && <StudentDay email={email} />}
      <div className="mt-4">
        <StatsState query={stats} holdRoomFor="row">
          {(data) => (
            <StatGrid label="Your statistics" compact>
              <StatCard label="Bookings" value={data.totalBookings} compact />
              <StatCard label="Reviews Given" value={data.totalReviews} compact />
              <StatCard label="Materials Available" value={data.totalMaterials} compact />
            </StatGrid>
          )}
        </StatsState>
      </div>

      <h2 className="mt-8 mb-3 text-xl font-bold text-ink">Booked Sessions</h2>
      <QueryState
        query={bookings}
        loading="Loading bookings…"
        empty="You have no bookings yet."
        isEmpty={(list) => list.length === 0}
      >
        {(list) => <BookingList bookings={list} email={email ?? ''} headingLevel="h3" />}
      </QueryState>
    </section>
  )
}
