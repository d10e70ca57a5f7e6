// A student may hold cancelled bookings of a session beside a live one: the
// screens show the live one, else the last cancelled one.
import type { Booking } from '#contract/entities'

export function currentBooking<T extends Pick<Booking, 'sessionId' | 'status' | 'bookedAt'>>(
  bookings: readonly T[] | undefined,
  sessionId: string,
): T | undefined {
  const ofSession = bookings?.filter((b) => b.sessionId === sessionId) ?? []
  return (
    ofSession.find((b) => b.status !== 'cancelled') ??
    [...ofSession].sort((a, b) => (a.bookedAt < b.bookedAt ? 1 : -1))[0]
  )
}
