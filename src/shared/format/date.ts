// Dates are shown in the viewer's own locale and time zone, with the month
// spelled out so 03/04 can never be read two ways. formatWhen is the one way a
// screen says when something happens (a class, a booking, a registration);
// formatDateTime adds the year, for what may lie further away.

// The formatters are made by prepareDateFormats(), which the entry calls in a
// task of its own before the app renders (src/main.tsx), or else on first
// use; never when this module is evaluated: the first one loads the locale's
// data (docs/performance.md#the-entry-in-two-tasks).
let dateTime: Intl.DateTimeFormat | undefined
let when: Intl.DateTimeFormat | undefined

const dateTimeFormat = () =>
  (dateTime ??= new Intl.DateTimeFormat(undefined, { dateStyle: 'medium', timeStyle: 'short' }))
/** What formatWhen says: no year (a class is weeks away, and the weekday says more on a phone than the year does). */
export const WHEN_PARTS: Intl.DateTimeFormatOptions = {
  weekday: 'short',
  day: 'numeric',
  month: 'short',
  hour: 'numeric',
  minute: '2-digit',
}
const whenFormat = () => (when ??= new Intl.DateTimeFormat(undefined, WHEN_PARTS))

/** Makes the formatters the first paint's cards use now (each once). */
export function prepareDateFormats(): void {
  dateTimeFormat()
  whenFormat()
}

export type DateInput = string | number | Date | null | undefined

/** The date, or null for a missing or invalid one. */
export function toDate(value: DateInput): Date | null {
  if (value === null || value === undefined || value === '') return null
  const date = value instanceof Date ? value : new Date(value)
  return Number.isNaN(date.getTime()) ? null : date
}

/** "12 Mar 2026, 14:30" (or the viewer's locale's equivalent); '—' for a missing or invalid date. */
export function formatDateTime(value: DateInput): string {
  const date = toDate(value)
  return date ? dateTimeFormat().format(date) : '—'
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
