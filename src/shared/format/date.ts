// Dates are shown in the viewer's own locale and time zone, with the month
// spelled out so 03/04 can never be read two ways (day, month name, year, time).

// The formatters are made by prepareDateFormats(), which the entry calls in a
// task of its own before the app renders (src/main.tsx), or else on first
// use; never when this module is evaluated: the first one loads the locale's
// data (docs/performance.md#the-entry-in-two-tasks).
let dateTime: Intl.DateTimeFormat | undefined
let dateOnly: Intl.DateTimeFormat | undefined
let when: Intl.DateTimeFormat | undefined
let day: Intl.DateTimeFormat | undefined
let relative: Intl.RelativeTimeFormat | undefined

const dateTimeFormat = () =>
  (dateTime ??= new Intl.DateTimeFormat(undefined, { dateStyle: 'medium', timeStyle: 'short' }))
const dateOnlyFormat = () => (dateOnly ??= new Intl.DateTimeFormat(undefined, { dateStyle: 'medium' }))
// No year: a class is weeks away, and the weekday says more on a phone than the year does.
const whenFormat = () =>
  (when ??= new Intl.DateTimeFormat(undefined, {
    weekday: 'short',
    day: 'numeric',
    month: 'short',
    hour: 'numeric',
    minute: '2-digit',
  }))
const dayFormat = () =>
  (day ??= new Intl.DateTimeFormat(undefined, { weekday: 'short', day: 'numeric', month: 'short' }))
// "in 1 day", never "tomorrow": a day ahead in hours is not always tomorrow on the calendar.
const relativeFormat = () => (relative ??= new Intl.RelativeTimeFormat(undefined, { numeric: 'always' }))

/** Makes the formatters the first paint's cards use now (each once). */
export function prepareDateFormats(): void {
  dateTimeFormat()
  dateOnlyFormat()
  whenFormat()
}

type DateInput = string | number | Date | null | undefined

function toDate(value: DateInput): Date | null {
  if (value === null || value === undefined || value === '') return null
  const date = value instanceof Date ? value : new Date(value)
  return Number.isNaN(date.getTime()) ? null : date
}

/** "12 Mar 2026, 14:30" (or the viewer's locale's equivalent); '—' for a missing or invalid date. */
export function formatDateTime(value: DateInput): string {
  const date = toDate(value)
  return date ? dateTimeFormat().format(date) : '—'
}

/** "12 Mar 2026" (or the viewer's locale's equivalent); '—' for a missing or invalid date. */
export function formatDate(value: DateInput): string {
  const date = toDate(value)
  return date ? dateOnlyFormat().format(date) : '—'
}

/**
 * When something happens, short, as cards and summaries show it: "Sat 20 Dec, 17:00", or with an end
 * "Sat 20 Dec, 17:00–19:00" (the weekday and date once when both are on one day; both when not). In the
 * viewer's locale and time zone; '—' for a missing or invalid start. An invalid end is left out.
 */
export function formatWhen(start: DateInput, end?: DateInput): string {
  const from = toDate(start)
  if (!from) return '—'
  const to = toDate(end)
  return to && to > from ? whenFormat().formatRange(from, to) : whenFormat().format(from)
}

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
