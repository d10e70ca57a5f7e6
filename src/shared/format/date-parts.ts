// Dates in parts, for the screens that follow the first paint (a student's
// day, a booking's card): a day without its time, and how long until
// something starts; a time in a session's zone and the viewer's. Apart from ./date.ts, which the first load carries: what
// only later screens use stays out of it. In the viewer's locale and time zone.
import { formatWhen, toDate, viewerTimeZone, type DateInput } from './date'

let day: Intl.DateTimeFormat | undefined
let relative: Intl.RelativeTimeFormat | undefined

// Made again when the viewer's zone changes: a day is a day in their zone.
const dayFormat = () => {
  const timeZone = viewerTimeZone()
  if (day?.resolvedOptions().timeZone !== timeZone)
    day = new Intl.DateTimeFormat(undefined, { weekday: 'short', day: 'numeric', month: 'short', timeZone })
  return day
}
// "in 1 day", never "tomorrow": a day ahead in hours is not always tomorrow on the calendar.
const relativeFormat = () => (relative ??= new Intl.RelativeTimeFormat(undefined, { numeric: 'always' }))

/** "Mon 18 Jan": a day without its time; '—' for a missing or invalid date. */
export function formatDay(value: DateInput): string {
  const date = toDate(value)
  return date ? dayFormat().format(date) : '—'
}

const MINUTE_MS = 60_000
const HOUR_MS = 60 * MINUTE_MS
const DAY_MS = 24 * HOUR_MS

/**
 * How long until `start`, in its largest whole unit: "in 3 days", "in 2 hours", "in 25 minutes" (at least
 * one minute); null once it has begun, or for a missing or invalid date.
 */
export function formatTimeUntil(start: DateInput, now: number = Date.now()): string | null {
  const at = toDate(start)
  if (!at || at.getTime() <= now) return null
  const ms = at.getTime() - now
  if (ms >= DAY_MS) return relativeFormat().format(Math.floor(ms / DAY_MS), 'day')
  if (ms >= HOUR_MS) return relativeFormat().format(Math.floor(ms / HOUR_MS), 'hour')
  return relativeFormat().format(Math.max(1, Math.floor(ms / MINUTE_MS)), 'minute')
}

/** "Berlin" for Europe/Berlin: a zone as people name it. */
function zoneCity(timeZone: string): string {
  return (timeZone.split('/').pop() ?? timeZone).replaceAll('_', ' ')
}

/**
 * formatWhen in a session's own zone and the viewer's, when they differ:
 * "Tue 2 Dec, 17:00–19:00 CET in Berlin · Tue 2 Dec, 11:00–13:00 GMT-5 your time". Zones that tell the
 * same time then (Paris and Berlin) are said once.
 */
export function formatWhenInZones(start: DateInput, end: DateInput, sessionZone: string | undefined): string {
  const yours = formatWhen(start, end)
  if (!sessionZone || yours === '—') return yours
  const theirs = formatWhen(start, end, sessionZone)
  return theirs === yours ? yours : `${theirs} in ${zoneCity(sessionZone)} · ${yours} your time`
}
