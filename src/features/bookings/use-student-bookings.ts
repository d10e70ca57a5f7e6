// The signed-in student's bookings, and one booked session with the student's
// booking of it: what My Bookings, the student dashboard and the two
// booked-session screens read.
import { useQuery } from '@tanstack/react-query'
import { useAuth } from '../auth/auth-context'
import { sessionQueries } from '../sessions/api/session-queries'
import { bookingQueries } from './api/booking-queries'

export function useStudentBookings() {
  const { email } = useAuth()
  return useQuery({ ...bookingQueries.forStudent(email ?? ''), enabled: Boolean(email) })
}

export function useBookedSession(sessionId: string) {
  const session = useQuery(sessionQueries.detail(sessionId))
  const bookings = useStudentBookings()
  const booking = bookings.data?.find((b) => b.sessionId === sessionId)
  // undefined while the bookings load; null when the student has no booking of the session.
  const bookingStatus = bookings.data ? (booking?.status ?? null) : undefined
  return { session, booking, bookingStatus }
}
