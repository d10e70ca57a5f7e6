// Bookings as iCalendar (RFC 5545), for "Add to calendar" and a student's
// calendar feed. An event's times are the class start and the session's
// duration, in UTC: a session's dates are instants (docs/product.md#records),
// so no time zone has to be guessed. The UID is the booking's, so a calendar
// that imports the same booking twice, or a feed that lists it again, updates
// one event instead of adding another.
import { classEvent } from '#contract/rules'
import type { ApiDeps } from './api-deps'
import type { Answer } from './pipeline'
import type { BookingRow, SessionRow } from './store'

const UID_DOMAIN = 'studyhub.app'

export interface CalendarEvent {
  uid: string
  start: Date
  end: Date
  summary: string
  description: string
  url: string
  status: 'CONFIRMED' | 'TENTATIVE' | 'CANCELLED'
}

/** 20261201T140000Z */
function utcStamp(date: Date): string {
  return date
    .toISOString()
    .replace(/[-:]/g, '')
    .replace(/\.\d{3}/, '')
}

/** A TEXT value: backslash, semicolon, comma and line breaks escaped. */
function text(value: string): string {
  return value
    .replace(/\\/g, '\\\\')
    .replace(/;/g, '\\;')
    .replace(/,/g, '\\,')
    .replace(/\r\n|\r|\n/g, '\\n')
}

const encoder = new TextEncoder()

/** Folds a content line at 75 octets, never inside a character (continuation lines start with a space). */
function fold(line: string): string {
  const parts: string[] = []
  let current = ''
  let octets = 0
  for (const char of line) {
    const size = encoder.encode(char).length
    // The first line has 75 octets; continuations 74 after their leading space.
    if (octets + size > (parts.length === 0 ? 75 : 74)) {
      parts.push(current)
      current = ''
      octets = 0
    }
    current += char
    octets += size
  }
  parts.push(current)
  return parts.join('\r\n ')
}

const EVENT_STATUS: Record<BookingRow['status'], CalendarEvent['status']> = {
  approved: 'CONFIRMED',
  pending: 'TENTATIVE',
  waitlisted: 'TENTATIVE',
  rejected: 'CANCELLED',
  cancelled: 'CANCELLED',
}

export function bookingEvent(booking: BookingRow, session: SessionRow, link: string): CalendarEvent {
  const { start, end } = classEvent(session)
  // Control characters other than line breaks have no place in a calendar line.
  const clean = (value: string) =>
    [...value].filter((c) => c === '\n' || c === '\r' || (c >= ' ' && c !== '\u007f')).join('')
  return {
    uid: `booking-${booking._id}@${UID_DOMAIN}`,
    start,
    end,
    summary: clean(session.title),
    description: clean(`Tutor: ${session.tutorName} (${session.tutorEmail})\n${link}`),
    url: link,
    status: EVENT_STATUS[booking.status],
  }
}

/** The origin the caller reached the API at (its proxy's, behind one): where the API's own addresses point. */
export const apiOrigin = (deps: ApiDeps, url: URL): string => deps.publicOrigin ?? url.origin

/** The link back to a session's page in the app. */
export function sessionLink(deps: ApiDeps, url: URL, sessionId: string): string {
  return `${deps.appOrigin ?? apiOrigin(deps, url)}/session-details/${encodeURIComponent(sessionId)}`
}

function calendarText(events: readonly CalendarEvent[], now: Date, name?: string): string {
  const lines = ['BEGIN:VCALENDAR', 'VERSION:2.0', 'PRODID:-//StudyHub//Bookings//EN', 'CALSCALE:GREGORIAN']
  lines.push('METHOD:PUBLISH')
  if (name) lines.push(`X-WR-CALNAME:${text(name)}`)
  for (const event of events) {
    lines.push(
      'BEGIN:VEVENT',
      `UID:${event.uid}`,
      `DTSTAMP:${utcStamp(now)}`,
      `DTSTART:${utcStamp(event.start)}`,
      `DTEND:${utcStamp(event.end)}`,
      `SUMMARY:${text(event.summary)}`,
      `DESCRIPTION:${text(event.description)}`,
      `URL:${event.url}`,
      `STATUS:${event.status}`,
      'END:VEVENT',
    )
  }
  lines.push('END:VCALENDAR')
  return lines.map(fold).join('\r\n') + '\r\n'
}

/** A text/calendar answer: a download when it has a file name, otherwise a feed. */
export function calendarAnswer(
  events: readonly CalendarEvent[],
  now: Date,
  options: { fileName?: string; name?: string } = {},
): Answer {
  const headers: Record<string, string> = { 'X-Content-Type-Options': 'nosniff' }
  if (options.fileName) headers['Content-Disposition'] = `attachment; filename="${options.fileName}"`
  return {
    body: calendarText(events, now, options.name),
    contentType: 'text/calendar; charset=utf-8',
    headers,
  }
}
