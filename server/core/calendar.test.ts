// @vitest-environment node
import ICAL from 'ical.js'
import { describe, expect, it } from 'vitest'
import { bookingEvent, calendarAnswer } from './calendar'
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
    [bookingEvent(booking, session, 'https://app.test/session-details/s1')],
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
