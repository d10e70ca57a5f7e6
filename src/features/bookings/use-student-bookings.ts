// A student's bookings: what My Bookings, the student dashboard and the two
// booked-session screens read (src/app/use-booked-session.ts).
import { useQuery } from '@tanstack/react-query'
import { bookingQueries } from './api/booking-queries'

/** The bookings of the signed-in student; email is null while nobody is known to be signed in. */
export function useStudentBookings(email: string | null) {
  return useQuery({ ...bookingQueries.forStudent(email ?? ''), enabled: Boolean(email) })
}
