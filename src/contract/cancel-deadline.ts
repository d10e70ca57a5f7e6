// A session's cancellation deadline (docs/rules/bookings.md): how the forms read it and until when a student may
// cancel. Its own module, not ./rules.ts: that one is in the app's first load, and nothing there needs this.
import { MAX_CANCEL_DEADLINE_HOURS } from './limits'

const HOUR_MS = 3_600_000

/**
 * A cancellation deadline field, in hours before the class: empty is 0 (until the class starts), a whole number
 * from 0 to MAX_CANCEL_DEADLINE_HOURS is that many, anything else is none (undefined).
 */
export function cancelDeadlineFromText(value: string | undefined): number | undefined {
  const text = (value ?? '').trim()
  const n = text === '' ? 0 : Number(text)
  return Number.isInteger(n) && n >= 0 && n <= MAX_CANCEL_DEADLINE_HOURS ? n : undefined
}

/**
 * Until when a student may cancel their own booking (docs/rules/bookings.md): until the class starts, or
 * `cancelDeadlineHours` before it; a class moved after they booked may be cancelled until it starts, whatever the
 * deadline. NaN when the class's start is not known.
 */
export function studentCancelClosesAt(booking: {
  classStart?: string | undefined
  cancelDeadlineHours?: number | undefined
  movedAt?: string | undefined
  bookedAt: string
}): number {
  const start = booking.classStart ? Date.parse(booking.classStart) : Number.NaN
  const movedSinceBooked = booking.movedAt !== undefined && booking.movedAt > booking.bookedAt
  return movedSinceBooked ? start : start - (booking.cancelDeadlineHours ?? 0) * HOUR_MS
}
