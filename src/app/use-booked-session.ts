// One booked session with the signed-in student's booking of it: what the two
// booked-session screens read. It joins two features (sessions and
// bookings), so it lives where the app composes them.
import { useQuery } from '@tanstack/react-query'
import { useUser } from '#features/auth/user-query'
import { currentBooking } from '#features/bookings/current-booking'
import { useStudentBookings } from '#features/bookings/use-student-bookings'
import { sessionQueries } from '#features/sessions/api/session-queries'

export function useBookedSession(sessionId: string) {
  const { email } = useUser()
  const session = useQuery(sessionQueries.detail(sessionId))
  const bookings = useStudentBookings(email)
  const booking = currentBooking(bookings.data, sessionId)
  // undefined while the bookings load; null when the student has no booking of the session.
  const bookingStatus = bookings.data ? (booking?.status ?? null) : undefined
  return { session, booking, bookingStatus, email: email ?? '' }
}
