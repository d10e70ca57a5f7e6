// @vitest-environment node
import ICAL from 'ical.js'
import { describe, expect, it, vi } from 'vitest'
import { MAX_DURATION_HOURS } from '#contract/limits'
import type { ApiDeps } from './api-deps'
import { bookingEvent, calendarAnswer, calendarSequencePatch, inviteCalendar, reportBadRowOnce } from './calendar'
import type { BookingRow, SessionRow } from './store'

const session: SessionRow = {
  _id: 's1',
  title:
    'Ünïcode, commas; and \\ back\\slashes\nover two lines — and a title long enough to be folded at 75 octets 🎓🎓🎓',
  subject: 'Maths',
  description: '',
  registrationStart: '2026-12-01T09:00:00.000Z',
  registrationEnd: '2026-12-05T09:00:00.000Z',
  classStart: '2026-12-10T14:30:00.000Z',
  classEnd: '2026-12-20T14:30:00.000Z',
  duration: 1.5,
  registrationFee: 0,
  tutorName: 'Priya\u0007 Sharma',
  tutorEmail: 'tutor@studyhub.demo',
  status: 'approved',
  createdAt: '2026-11-01T09:00:00.000Z',
}
const booking: BookingRow = {
  _id: 'b1',
  sessionId: 's1',
  studentEmail: 'student@studyhub.demo',
  tutorEmail: 'tutor@studyhub.demo',
  status: 'cancelled',
  bookedAt: '2026-12-02T09:00:00.000Z',
}

describe('bookings as iCalendar', () => {
  const answer = calendarAnswer(
    [bookingEvent(booking, session, 'https://app.test/session-details/s1')!],
    new Date('2026-12-03T10:00:00.000Z'),
    { fileName: 'b1.ics' },
  )
  const text = String(answer.body)

  it('folds every line at 75 octets without splitting a character, with CRLF endings', () => {
    for (const line of text.split('\r\n')) expect(new TextEncoder().encode(line).length).toBeLessThanOrEqual(75)
    expect(text.endsWith('\r\n')).toBe(true)
    expect(text).not.toMatch(/[^\r]\n/)
  })

  it('reads back exactly through a real parser: text escaped, times in UTC, the status of a cancelled booking', () => {
    const vevent = new ICAL.Component(ICAL.parse(text)).getFirstSubcomponent('vevent')!
    const event = new ICAL.Event(vevent)
    expect(event.summary).toBe(session.title)
    expect(event.description).toBe('Tutor: Priya Sharma (tutor@studyhub.demo)\nhttps://app.test/session-details/s1')
    expect(event.startDate.toJSDate().toISOString()).toBe('2026-12-10T14:30:00.000Z')
    expect(event.endDate.toJSDate().toISOString()).toBe('2026-12-10T16:00:00.000Z')
    expect(event.uid).toBe('booking-b1@studyhub.app')
    expect(vevent.getFirstPropertyValue('status')).toBe('CANCELLED')
    expect(answer.contentType).toMatch(/^text\/calendar/)
    expect(answer.headers?.['Content-Disposition']).toBe('attachment; filename="b1.ics"')
  })
})

describe('a session row with values no calendar takes (written before the API checked ranges)', () => {
  const link = 'https://app.test/session-details/s1'
  const endOf = (row: SessionRow) => bookingEvent(booking, row, link)?.end.toISOString()

  it('clamps a duration outside 1 to MAX_DURATION_HOURS, and says so', () => {
    const start = Date.parse(session.classStart)
    const hours = (n: number) => new Date(start + n * 3_600_000).toISOString()
    for (const duration of [1e300, Infinity, MAX_DURATION_HOURS + 1]) {
      const problems: string[] = []
      const event = bookingEvent(booking, { ...session, duration }, link, (p) => problems.push(p))
      expect(event?.end.toISOString(), `duration ${duration}`).toBe(hours(MAX_DURATION_HOURS))
      expect(problems).toEqual([expect.stringContaining(`a duration of ${duration} hours`)])
    }
    for (const duration of [0, -5, NaN]) expect(endOf({ ...session, duration }), `duration ${duration}`).toBe(hours(1))
    expect(endOf({ ...session, duration: MAX_DURATION_HOURS })).toBe(hours(MAX_DURATION_HOURS))
  })

  it('leaves out an event whose times cannot be written, and the file still reads', () => {
    const problems: string[] = []
    const late = { ...session, classStart: '+010000-01-01T11:59:59.000Z' }
    expect(bookingEvent(booking, late, link, (p) => problems.push(p))).toBeNull()
    expect(bookingEvent(booking, { ...session, classStart: 'not a date' }, link)).toBeNull()
    // The last hours of 9999 end in the year 10000.
    expect(bookingEvent(booking, { ...session, classStart: '9999-12-31T23:00:00.000Z', duration: 2 }, link)).toBeNull()
    expect(problems).toEqual([expect.stringContaining('+010000-01-01T11:59:59.000Z')])
    const empty = calendarAnswer([], new Date('2026-12-03T10:00:00.000Z'), { fileName: 'b1.ics' })
    const calendar = new ICAL.Component(ICAL.parse(String(empty.body)))
    expect(calendar.name).toBe('vcalendar')
    expect(calendar.getAllSubcomponents('vevent')).toEqual([])
  })

  it('reports a bad row once, however often it is read', () => {
    const reportError = vi.fn()
    const deps = { reportError } as unknown as ApiDeps
    const row = { ...session, _id: `s-once-${Math.random()}`, duration: 1e300 }
    for (let i = 0; i < 3; i++) bookingEvent(booking, row, link, reportBadRowOnce(deps, row))
    expect(reportError).toHaveBeenCalledTimes(1)
    expect(String(reportError.mock.calls[0]![0])).toContain(`Session ${row._id} has a duration of 1e+300 hours`)
  })
})

describe('versions of a booking event (SEQUENCE) and invites (iTIP)', () => {
  const approved = { ...booking, status: 'approved' as const }
  const link = 'https://app.test/session-details/s1'
  const now = new Date('2026-12-03T10:00:00.000Z')

  it('moves the sequence when the title or class time changes, and only then', () => {
    const current = { ...session, calendarSequence: 3 }
    expect(calendarSequencePatch(current, { title: 'New title' })).toEqual({ calendarSequence: 4 })
    expect(calendarSequencePatch(current, { duration: 2 })).toEqual({ calendarSequence: 4 })
    expect(calendarSequencePatch(current, { classStart: '2026-12-11T14:30:00.000Z' })).toEqual({ calendarSequence: 4 })
    expect(calendarSequencePatch(current, { title: current.title, duration: 1.5, subject: 'Physics' })).toEqual({})
    expect(calendarSequencePatch(current, { registrationFee: 10, seats: 3 })).toEqual({})
    // A session from before sequences is at 0.
    expect(calendarSequencePatch(session, { duration: 3 })).toEqual({ calendarSequence: 1 })
  })

  it('writes the sequence in the download and the feed', () => {
    const event = bookingEvent(approved, { ...session, calendarSequence: 5 }, link)!
    const body = String(calendarAnswer([event], now, { name: 'Feed' }).body)
    const vevent = new ICAL.Component(ICAL.parse(body)).getFirstSubcomponent('vevent')!
    expect(new ICAL.Event(vevent).sequence).toBe(5)
    expect(body).toContain('METHOD:PUBLISH')
    // A download is no invite: it names no organizer to answer.
    expect(vevent.getFirstProperty('organizer')).toBeNull()
  })

  it('writes an invite with its method, organizer and attendee, names quoted as RFC 6868 says', () => {
    const tutor = { ...session, tutorName: 'Priya "PS" Sharma; Ph.D., ^_^\nline', calendarSequence: 2 }
    const event = bookingEvent(approved, tutor, link)!
    const attendee = { name: 'Sam: "the student"', email: 'student@studyhub.demo' }
    for (const method of ['REQUEST', 'CANCEL'] as const) {
      const text = inviteCalendar([event], method, attendee, now)
      for (const line of text.split('\r\n')) expect(new TextEncoder().encode(line).length).toBeLessThanOrEqual(75)
      const calendar = new ICAL.Component(ICAL.parse(text))
      const vevent = calendar.getFirstSubcomponent('vevent')!
      expect(calendar.getFirstPropertyValue('method')).toBe(method)
      const organizer = vevent.getFirstProperty('organizer')!
      expect(organizer.getFirstValue()).toBe('mailto:tutor@studyhub.demo')
      expect(organizer.getParameter('cn')).toBe('Priya "PS" Sharma; Ph.D., ^_^\nline')
      const who = vevent.getFirstProperty('attendee')!
      expect(who.getFirstValue()).toBe('mailto:student@studyhub.demo')
      expect(who.getParameter('cn')).toBe(attendee.name)
      expect(who.getParameter('rsvp')).toBe('FALSE')
      expect(new ICAL.Event(vevent).uid).toBe('booking-b1@studyhub.app')
      expect(new ICAL.Event(vevent).sequence).toBe(method === 'REQUEST' ? 2 : 3)
      expect(vevent.getFirstPropertyValue('status')).toBe(method === 'REQUEST' ? 'CONFIRMED' : 'CANCELLED')
    }
  })
})
