// The roster as a CSV file, made on the device from the roster on screen
// (so it works offline too). Every field is quoted (a name may hold a comma, a
// quote or a line break), and a field a spreadsheet would take for a formula
// (starting with = + - @, or a tab or carriage return) gets an apostrophe first.
import type { RosterEntry } from '#contract/entities'

const FORMULA_START = /^[=+\-@\t\r]/

/** One CSV field: quoted, its quotes doubled, never read as a formula. */
export function csvField(value: string): string {
  const safe = FORMULA_START.test(value) ? `'${value}` : value
  return `"${safe.replaceAll('"', '""')}"`
}

const COLUMNS = ['Name', 'Email', 'Status', 'Place in line', 'Booked', 'Cancelled', 'Attendance'] as const

/** The roster's rows under a header row, CRLF between rows (RFC 4180). */
export function rosterCsv(entries: readonly RosterEntry[]): string {
  const rows = entries.map((e) => [
    e.studentName,
    e.studentEmail,
    e.status,
    e.waitlistPosition === undefined ? '' : String(e.waitlistPosition),
    e.bookedAt,
    e.cancelledAt ?? '',
    e.attendance ?? '',
  ])
  return [COLUMNS, ...rows].map((row) => row.map(csvField).join(',')).join('\r\n') + '\r\n'
}
