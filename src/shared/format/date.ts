// Dates are shown in the viewer's own locale and time zone, with the month
// spelled out so 03/04 can never be read two ways (day, month name, year, time).

// The formatters are made by prepareDateFormats(), which the entry calls in a
// task of its own before the app renders (src/main.tsx), or else on first
// use; never when this module is evaluated: the first one loads the locale's
// data (docs/performance.md#the-entry-in-two-tasks).
let dateTime: Intl.DateTimeFormat | undefined
let dateOnly: Intl.DateTimeFormat | undefined

const dateTimeFormat = () =>
  (dateTime ??= new Intl.DateTimeFormat(undefined, { dateStyle: 'medium', timeStyle: 'short' }))
const dateOnlyFormat = () => (dateOnly ??= new Intl.DateTimeFormat(undefined, { dateStyle: 'medium' }))

/** Makes the formatters now (each once). */
export function prepareDateFormats(): void {
  dateTimeFormat()
  dateOnlyFormat()
}

/** "12 Mar 2026, 14:30" (or the viewer's locale's equivalent); '—' for a missing or invalid date. */
export function formatDateTime(value: string | number | Date | null | undefined): string {
  if (value === null || value === undefined || value === '') return '—'
  const date = value instanceof Date ? value : new Date(value)
  if (Number.isNaN(date.getTime())) return '—'
  return dateTimeFormat().format(date)
}

/** "12 Mar 2026" (or the viewer's locale's equivalent); '—' for a missing or invalid date. */
export function formatDate(value: string | number | Date | null | undefined): string {
  if (value === null || value === undefined || value === '') return '—'
  const date = value instanceof Date ? value : new Date(value)
  if (Number.isNaN(date.getTime())) return '—'
  return dateOnlyFormat().format(date)
}
