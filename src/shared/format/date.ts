// Dates are shown in the viewer's own locale and time zone, with the month
// spelled out so 03/04 can never be read two ways (day, month name, year, time).

// Each formatter is made on first use, not when the module is evaluated: the
// first one loads the locale's data, and this module is part of the entry's
// evaluation (docs/performance.md#the-entry-in-two-tasks).
let dateTime: Intl.DateTimeFormat | undefined

/** "12 Mar 2026, 14:30" (or the viewer's locale's equivalent); '—' for a missing or invalid date. */
export function formatDateTime(value: string | number | Date | null | undefined): string {
  if (value === null || value === undefined || value === '') return '—'
  const date = value instanceof Date ? value : new Date(value)
  if (Number.isNaN(date.getTime())) return '—'
  return (dateTime ??= new Intl.DateTimeFormat(undefined, { dateStyle: 'medium', timeStyle: 'short' })).format(date)
}

let dateOnly: Intl.DateTimeFormat | undefined

/** "12 Mar 2026" (or the viewer's locale's equivalent); '—' for a missing or invalid date. */
export function formatDate(value: string | number | Date | null | undefined): string {
  if (value === null || value === undefined || value === '') return '—'
  const date = value instanceof Date ? value : new Date(value)
  if (Number.isNaN(date.getTime())) return '—'
  return (dateOnly ??= new Intl.DateTimeFormat(undefined, { dateStyle: 'medium' })).format(date)
}
