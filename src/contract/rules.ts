// The product's decisions that both servers and the app make the same way.
// Described in docs/rules/; the servers enforce them, the app uses them to show
// the right label or button before it asks.
import { MAX_SEATS } from './limits'

/** Where a session's registration stands at `now`: both bounds are inclusive. */
export type RegistrationState = 'upcoming' | 'open' | 'closed'

export function registrationState(
  session: { registrationStart: string; registrationEnd: string },
  now: number = Date.now(),
): RegistrationState {
  if (now < Date.parse(session.registrationStart)) return 'upcoming'
  if (now > Date.parse(session.registrationEnd)) return 'closed'
  return 'open'
}

/**
 * A seats field: empty is no limit (null), a whole number of at least 1 is
 * that many seats, anything else is not a number of seats (undefined).
 */
export function seatsFromText(value: string | undefined): number | null | undefined {
  const text = (value ?? '').trim()
  if (text === '') return null
  const n = Number(text)
  return Number.isInteger(n) && n >= 1 && n <= MAX_SEATS ? n : undefined
}

/**
 * A number typed into a form (docs/rules/sessions.md): blank, non-numeric or
 * infinite becomes 0. The servers read session bodies with it (./endpoints.ts)
 * and the admin's forms check their fields with it, so both agree.
 */
export function lenientNumber(value: unknown): number {
  const n = typeof value === 'string' ? (value.trim() === '' ? 0 : Number(value)) : value
  return typeof n === 'number' && Number.isFinite(n) ? n : 0
}

const HOUR_MS = 3_600_000

/**
 * A class as one event (docs/product.md#records): from `classStart` for `duration` hours; `classEnd` is the
 * course's last day, not the end of a class. What the calendar files and every "when" the app shows agree on.
 */
export function classEvent(session: { classStart: string; duration: number }): { start: Date; end: Date } {
  const start = new Date(session.classStart)
  return { start, end: new Date(start.getTime() + session.duration * HOUR_MS) }
}
