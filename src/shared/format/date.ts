// Dates are shown in the viewer's own locale and time zone, with the month
// spelled out so 03/04 can never be read two ways, and the zone named ("CET"),
// so a time is never read in the wrong one. formatWhen is the one way a screen
// says when something happens (a class, a booking, a registration);
// formatDateTime adds the year, for what may lie further away. Both take a
// zone for the few places that show a session's own zone beside the viewer's
// (formatWhenInZones, in ./date-parts.ts: later screens only).
//
// The viewer's zone is the browser's, unless the signed-in user saved another
// in Settings (setViewerTimeZone, called by the app's layout).

// The formatters are made by prepareDateFormats(), which the entry calls in a
// task of its own before the app renders (src/main.tsx), or else on first
// use; never when this module is evaluated: the first one loads the locale's
// data (docs/performance.md#the-entry-in-two-tasks). One per kind and zone.
const formats = new Map<string, Intl.DateTimeFormat>()

/** What formatWhen says: no year (a class is weeks away, and the weekday says more on a phone than the year does). */
export const WHEN_PARTS: Intl.DateTimeFormatOptions = {
  weekday: 'short',
  day: 'numeric',
  month: 'short',
  hour: 'numeric',
  minute: '2-digit',
  timeZoneName: 'short',
}
// dateStyle cannot name the zone: the same medium date and short time, in parts.
const DATE_TIME_PARTS: Intl.DateTimeFormatOptions = {
  day: 'numeric',
  month: 'short',
  year: 'numeric',
  hour: 'numeric',
  minute: '2-digit',
  timeZoneName: 'short',
}

let viewerZone: string | undefined
// Read once: every formatWhen asks for the zone, and making a formatter to learn it is not free.
let browserZone: string | undefined

/** The zone times are shown in: the saved one, else the browser's. */
export function viewerTimeZone(): string {
  return viewerZone ?? (browserZone ??= Intl.DateTimeFormat().resolvedOptions().timeZone)
}

/** Shows every time drawn from now on in `zone` (undefined: the browser's again); an open page is left as it is. */
export function setViewerTimeZone(zone: string | undefined): void {
  viewerZone = zone
}

function format(parts: Intl.DateTimeFormatOptions, zone: string = viewerTimeZone()): Intl.DateTimeFormat {
  const key = `${parts === WHEN_PARTS ? 'when' : 'dateTime'} ${zone}`
  let made = formats.get(key)
  if (!made) {
    made = new Intl.DateTimeFormat(undefined, { ...parts, timeZone: zone })
    formats.set(key, made)
  }
  return made
}

/** Makes the formatters the first paint's cards use now (each once). */
export function prepareDateFormats(): void {
  format(DATE_TIME_PARTS)
  format(WHEN_PARTS)
}

export type DateInput = string | number | Date | null | undefined

/** The date, or null for a missing or invalid one. */
export function toDate(value: DateInput): Date | null {
  if (value === null || value === undefined || value === '') return null
  const date = value instanceof Date ? value : new Date(value)
  return Number.isNaN(date.getTime()) ? null : date
}

/** "12 Mar 2026, 14:30 CET" (or the viewer's locale's equivalent); '—' for a missing or invalid date. */
export function formatDateTime(value: DateInput, timeZone?: string): string {
  const date = toDate(value)
  return date ? format(DATE_TIME_PARTS, timeZone).format(date) : '—'
}

/**
 * When something happens, short, as cards and summaries show it: "Sat 20 Dec, 17:00 CET", or with an end
 * "Sat 20 Dec, 17:00–19:00 CET" (the weekday and date once when both are on one day; both when not). In the
 * viewer's locale and zone (or `timeZone`); '—' for a missing or invalid start. An invalid end is left out.
 */
export function formatWhen(start: DateInput, end?: DateInput, timeZone?: string): string {
  const from = toDate(start)
  if (!from) return '—'
  const to = toDate(end)
  const when = format(WHEN_PARTS, timeZone)
  return to && to > from ? when.formatRange(from, to) : when.format(from)
}
