// Bookings as iCalendar (RFC 5545), for "Add to calendar" and a student's
// calendar feed. An event's times are the class start and the session's
// duration, in UTC: a session's dates are instants (docs/product.md#records),
// so no time zone has to be guessed. The UID is the booking's, so a calendar
// that imports the same booking twice, or a feed that lists it again, updates
// one event instead of adding another.
//
// A booking's mails carry the same event as an invite (iTIP, RFC 5546):
// REQUEST adds or updates it, CANCEL takes it out. Its SEQUENCE is the
// session's `calendarSequence`, which moves whenever the session's title or
// class time changes, so a calendar applies the newest invite and ignores an
// older one that arrives late; a CANCEL is one past it.
//
// A session row written before the API checked ranges (#contract/limits) may
// hold what no calendar takes: a duration of 1e300 hours, a class in the year
// 10000. Such a row never fails the answer it is in: its duration is clamped
// to the range a session may have (1 to MAX_DURATION_HOURS), an event whose
// times still cannot be written is left out, and the row is reported once.
import { MAX_DURATION_HOURS } from '#contract/limits'
import type { ApiDeps } from './api-deps'
import type { Answer } from './pipeline'
import { storedMeetings } from './schedule'
import type { BookingRow, SessionRow } from './store'

const HOUR_MS = 3_600_000
const UID_DOMAIN = 'studyhub.app'

export interface CalendarEvent {
  uid: string
  start: Date
  end: Date
  summary: string
  description: string
  url: string
  /** Where the class meets (LOCATION). */
  location?: string
  /** The online meeting's link, only on an approved booking's event (the link is private: docs/rules/sessions.md). */
  conference?: string
  status: 'CONFIRMED' | 'TENTATIVE' | 'CANCELLED'
  /** The session's calendar sequence (./store.ts SessionRow.calendarSequence). */
  sequence: number
  /** The tutor: an invite's ORGANIZER. */
  organizer: { name: string; email: string }
}

/** What a calendar's method asks of its reader: PUBLISH for a download or feed, REQUEST and CANCEL for an invite. */
export type CalendarMethod = 'PUBLISH' | 'REQUEST' | 'CANCEL'

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

/** Whether a time can be written as an iCalendar UTC time: a real date with a four-digit year. */
const writable = (date: Date) => !Number.isNaN(date.getTime()) && /^\d{4}-/.test(date.toISOString())

/**
 * The booking's event, or null when the session's class times cannot be
 * written. `onBadRow` hears what was wrong with a row that was clamped or left out.
 */
export function bookingEvent(
  booking: BookingRow,
  session: SessionRow,
  link: string,
  onBadRow: (problem: string) => void = () => {},
): CalendarEvent | null {
  const start = new Date(session.classStart)
  let hours = Number(session.duration)
  if (!(hours >= 1 && hours <= MAX_DURATION_HOURS)) {
    onBadRow(`a duration of ${session.duration} hours, outside 1 to ${MAX_DURATION_HOURS}: its events are clamped`)
    hours = hours > MAX_DURATION_HOURS ? MAX_DURATION_HOURS : 1
  }
  const end = new Date(start.getTime() + hours * HOUR_MS)
  if (!writable(start) || !writable(end)) {
    onBadRow(`a class start (${session.classStart}) no calendar can hold: its events are left out`)
    return null
  }
  // Control characters other than line breaks have no place in a calendar line.
  const clean = (value: string) =>
    [...value].filter((c) => c === '\n' || c === '\r' || (c >= ' ' && c !== '\u007f')).join('')
  // The meeting link goes only into an approved booking's event: a pending student's file must not carry it.
  const conference = booking.status === 'approved' ? session.meetingUrl : undefined
  const lines = [
    `Tutor: ${session.tutorName} (${session.tutorEmail})`,
    ...(conference ? [`Join online: ${conference}`] : []),
  ]
  return {
    uid: `booking-${booking._id}@${UID_DOMAIN}`,
    start,
    end,
    summary: clean(session.title),
    description: clean(`${lines.join('\n')}\n${link}`),
    url: link,
    ...(session.location ? { location: clean(session.location) } : {}),
    ...(conference ? { conference } : {}),
    status: EVENT_STATUS[booking.status],
    sequence: session.calendarSequence ?? 0,
    organizer: { name: clean(session.tutorName), email: session.tutorEmail },
  }
}

/** 20261201T140000Z: a meeting's name in its event's UID. */
const uidStamp = (instant: string) => utcStamp(new Date(instant))

/**
 * The booking's events: one per meeting (docs/decisions/0085). A session of
 * one meeting keeps its one event's UID; each meeting of a series has its own,
 * named by the start its rule gives it, so a moved meeting is the same event
 * in a new version (the session's calendar sequence moves with every change).
 */
export function bookingEvents(
  booking: BookingRow,
  session: SessionRow,
  link: string,
  onBadRow: (problem: string) => void = () => {},
): CalendarEvent[] {
  if (!session.schedule) {
    const event = bookingEvent(booking, session, link, onBadRow)
    return event ? [event] : []
  }
  const meetings = storedMeetings({ ...session, classStart: session.scheduleStart ?? session.classStart })
  return meetings.flatMap((meeting) => {
    const event = bookingEvent(booking, { ...session, classStart: meeting.start }, link, onBadRow)
    return event ? [{ ...event, uid: `booking-${booking._id}-${uidStamp(meeting.originalStart)}@${UID_DOMAIN}` }] : []
  })
}

/** The fields a booking's event is written from: a change of any of them is a new version of every booking's event. */
const EVENT_FIELDS = ['title', 'classStart', 'classEnd', 'duration', 'location', 'meetingUrl', 'schedule'] as const

/**
 * What a session's patch adds so its events move on: the next calendar
 * sequence when the patch changes the title, class time or place (a key
 * present with no value removes a place), nothing otherwise.
 */
export function calendarSequencePatch(
  current: SessionRow,
  patch: Partial<SessionRow>,
): Pick<SessionRow, 'calendarSequence'> {
  const changes = EVENT_FIELDS.some((field) => field in patch && patch[field] !== current[field])
  return changes ? { calendarSequence: (current.calendarSequence ?? 0) + 1 } : {}
}

/** The origin the caller reached the API at (its proxy's, behind one): where the API's own addresses point. */
export const apiOrigin = (deps: ApiDeps, url: URL): string => deps.publicOrigin ?? url.origin

/** Sessions already reported: a feed is read again every few minutes, and one line in the log says it. */
const reportedRows = new Set<string>()
const MAX_REPORTED_ROWS = 1000

/** What bookingEvent's `onBadRow` should do with a session's problem: tell the server's error report, once. */
export function reportBadRowOnce(deps: ApiDeps, session: SessionRow): (problem: string) => void {
  return (problem) => {
    if (reportedRows.has(session._id)) return
    if (reportedRows.size >= MAX_REPORTED_ROWS) reportedRows.clear()
    reportedRows.add(session._id)
    ;(deps.reportError ?? console.error)(new Error(`Session ${session._id} has ${problem}.`))
  }
}

/** The link back to a session's page in the app. */
export function sessionLink(deps: ApiDeps, url: URL, sessionId: string): string {
  return `${deps.appOrigin ?? apiOrigin(deps, url)}/session-details/${encodeURIComponent(sessionId)}`
}

/** A quoted parameter value (RFC 6868): a double quote and a line break are written with carets. */
function param(value: string): string {
  return `"${value
    .replace(/\^/g, '^^')
    .replace(/"/g, "^'")
    .replace(/\r\n|\r|\n/g, '^n')}"`
}

interface Attendee {
  name: string
  email: string
}

function calendarText(
  events: readonly CalendarEvent[],
  now: Date,
  options: { name?: string; method?: CalendarMethod; attendee?: Attendee } = {},
): string {
  const lines = ['BEGIN:VCALENDAR', 'VERSION:2.0', 'PRODID:-//StudyHub//Bookings//EN', 'CALSCALE:GREGORIAN']
  lines.push(`METHOD:${options.method ?? 'PUBLISH'}`)
  if (options.name) lines.push(`X-WR-CALNAME:${text(options.name)}`)
  for (const event of events) {
    lines.push(
      'BEGIN:VEVENT',
      `UID:${event.uid}`,
      `DTSTAMP:${utcStamp(now)}`,
      `SEQUENCE:${event.sequence}`,
      `DTSTART:${utcStamp(event.start)}`,
      `DTEND:${utcStamp(event.end)}`,
      `SUMMARY:${text(event.summary)}`,
      `DESCRIPTION:${text(event.description)}`,
      `URL:${event.url}`,
      `STATUS:${event.status}`,
    )
    if (event.location) lines.push(`LOCATION:${text(event.location)}`)
    // RFC 7986: how to join the class online.
    if (event.conference) lines.push(`CONFERENCE;VALUE=URI;FEATURE=VIDEO;LABEL=Online class:${event.conference}`)
    // An invite names who sends it and whom it is for (RFC 5546): the student booked, so nothing waits for a reply.
    if (options.attendee) {
      lines.push(
        `ORGANIZER;CN=${param(event.organizer.name)}:mailto:${event.organizer.email}`,
        `ATTENDEE;CN=${param(options.attendee.name)};ROLE=REQ-PARTICIPANT;PARTSTAT=ACCEPTED;RSVP=FALSE:mailto:${options.attendee.email}`,
      )
    }
    lines.push('END:VEVENT')
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
    body: calendarText(events, now, { name: options.name }),
    contentType: 'text/calendar; charset=utf-8',
    headers,
  }
}

/**
 * A booking's event as a mail's invite (iTIP): REQUEST adds or updates it in
 * the student's calendar, CANCEL takes it out, one sequence past the last
 * REQUEST so a calendar does not take it for an older version.
 */
export function inviteCalendar(
  events: readonly CalendarEvent[],
  method: Exclude<CalendarMethod, 'PUBLISH'>,
  attendee: Attendee,
  now: Date,
): string {
  const sent = events.map((event) =>
    method === 'CANCEL' ? { ...event, sequence: event.sequence + 1, status: 'CANCELLED' as const } : event,
  )
  return calendarText(sent, now, { method, attendee })
}
