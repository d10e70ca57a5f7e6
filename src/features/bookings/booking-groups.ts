// A student's bookings as My Bookings and the dashboard show them: what is
// coming, what is over and what was cancelled, each in the order a student
// reads it, and what each booking allows (docs/product.md#screens).
import type { Booking } from '#contract/entities'
import { studentCancelClosesAt } from '#contract/cancel-deadline'
import { classEvent } from '#contract/rules'

export type BookingGroup = 'upcoming' | 'past' | 'cancelled'

/** When the booking's class is over: its one event's end, or the course's last day when that is later. */
function classOver(booking: Booking): number | undefined {
  if (!booking.classStart) return undefined
  const eventEnd = classEvent({ classStart: booking.classStart, duration: booking.duration ?? 0 }).end.getTime()
  const courseEnd = booking.classEnd ? Date.parse(booking.classEnd) : Number.NaN
  return Number.isNaN(courseEnd) ? eventEnd : Math.max(eventEnd, courseEnd)
}

function bookingGroup(booking: Booking, now: number): BookingGroup {
  if (booking.status === 'cancelled') return 'cancelled'
  const over = classOver(booking)
  // A booking whose session says nothing of its class stays in view with those to come.
  return over !== undefined && over < now ? 'past' : 'upcoming'
}

const startOf = (b: Booking) => (b.classStart ? Date.parse(b.classStart) : Number.POSITIVE_INFINITY)

/** Upcoming soonest first, past latest first, cancelled last cancelled first; empty groups are left out. */
export function groupBookings(
  bookings: readonly Booking[],
  now: number = Date.now(),
): { group: BookingGroup; bookings: Booking[] }[] {
  const by: Record<BookingGroup, Booking[]> = { upcoming: [], past: [], cancelled: [] }
  for (const booking of bookings) by[bookingGroup(booking, now)].push(booking)
  by.upcoming.sort((a, b) => startOf(a) - startOf(b))
  by.past.sort((a, b) => startOf(b) - startOf(a))
  by.cancelled.sort((a, b) => (b.cancelledAt ?? '').localeCompare(a.cancelledAt ?? ''))
  return (['upcoming', 'past', 'cancelled'] as const)
    .filter((group) => by[group].length > 0)
    .map((group) => ({ group, bookings: by[group] }))
}

/**
 * The student's next class: the booking with a seat (or waiting for an admin) whose class starts soonest; when
 * none is still to start, a course under way. A waitlisted, rejected or cancelled booking is no class to go to.
 */
export function nextClass(bookings: readonly Booking[], now: number = Date.now()): Booking | undefined {
  const live = bookings.filter(
    (b) => (b.status === 'approved' || b.status === 'pending') && b.classStart && bookingGroup(b, now) === 'upcoming',
  )
  const toStart = live.filter((b) => startOf(b) > now).sort((a, b) => startOf(a) - startOf(b))
  return toStart[0] ?? live.sort((a, b) => startOf(b) - startOf(a))[0]
}

/** What a booking allows besides its details, by its status and where its class stands. */
export function bookingActions(booking: Booking, now: number = Date.now()) {
  const started = booking.classStart !== undefined && Date.parse(booking.classStart) <= now
  const live = booking.status === 'pending' || booking.status === 'approved'
  const cancellable = live || booking.status === 'waitlisted'
  const pastDeadline = !started && now >= studentCancelClosesAt(booking)
  return {
    /** Materials open only through an approved booking: no link that leads to a refusal. */
    materials: booking.status === 'approved',
    /** A calendar entry for a class the student holds or asked for, while it is to come (not a place in line). */
    calendar: live && bookingGroup(booking, now) === 'upcoming',
    /** Students cancel their own until the class starts, or its cancellation deadline; after that only an admin can. */
    cancel: cancellable && !started && !pastDeadline,
    /** The deadline has passed, the class not started: the card says why there is no cancel. */
    pastDeadline: cancellable && pastDeadline,
  }
}
