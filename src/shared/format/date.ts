// Dates are shown in the viewer's own locale and time zone, with the month
// spelled out so 03/04 can never be read two ways (day, month name, year, time).

const dateTime = new Intl.DateTimeFormat(undefined, { dateStyle: 'medium', timeStyle: 'short' })

/** "12 Mar 2026, 14:30" (or the viewer's locale's equivalent); '—' for a missing or invalid date. */
export function formatDateTime(value: string | number | Date | null | undefined): string {
  if (value === null || value === undefined || value === '') return '—'
  const date = value instanceof Date ? value : new Date(value)
  if (Number.isNaN(date.getTime())) return '—'
  return dateTime.format(date)
}

const dateOnly = new Intl.DateTimeFormat(undefined, { dateStyle: 'medium' })

/** "12 Mar 2026" (or the viewer's locale's equivalent); '—' for a missing or invalid date. */
export function formatDate(value: string | number | Date | null | undefined): string {
  if (value === null || value === undefined || value === '') return '—'
  const date = value instanceof Date ? value : new Date(value)
  if (Number.isNaN(date.getTime())) return '—'
  return dateOnly.format(date)
}
