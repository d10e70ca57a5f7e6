// The student's bookings, with the session each one is for: upcoming, past and cancelled.
import type { LoaderFunctionArgs } from 'react-router-dom'
import { bookingQueries } from '#features/bookings/api/booking-queries'
import { BookingList } from '#features/bookings/components/booking-list'
import { CalendarFeedPanel } from '#features/bookings/components/calendar-feed-panel'
import { useUser } from '#features/auth/user-query'
import { useStudentBookings } from '#features/bookings/use-student-bookings'
import { NotificationPermissionCard } from '#features/notifications/components/notification-permission-card'
import { QueryState } from '#shared/ui/query-state'
import { cachedVisitor, settle, warm } from '../../route-loaders'

/** Behind login (RequireAuth): nothing is fetched unless the last session left its email and token. */
export function loader({ request }: LoaderFunctionArgs) {
  const visitor = cachedVisitor()
  if (visitor.kind !== 'signed-in') return null
  return settle(request, warm(bookingQueries.forStudent(visitor.email)))
}

export function Component() {
  const { email } = useUser()
  const bookings = useStudentBookings(email)

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
          {(list) => <BookingList bookings={list} email={email ?? ''} />}
        </QueryState>
      </div>
      {/* Under the bookings, never above them: being told of an approval matters to someone who has booked. */}
      <NotificationPermissionCard />
      {email && <CalendarFeedPanel email={email} />}
    </section>
  )
}
