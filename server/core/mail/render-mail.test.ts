// @vitest-environment node
import ICAL from 'ical.js'
import { describe, expect, it } from 'vitest'
import { NOTIFICATION_KINDS, type NotificationKind } from '#contract/entities'
import {
  bookingCancelled,
  bookingDecided,
  bookingNew,
  bookingPromoted,
  materialAdded,
  materialDecided,
  materialToReview,
  sessionCancelled,
  sessionChanged,
  sessionDecided,
  sessionMoved,
  sessionToReview,
} from '../notifications'
import type { BookingRow, MaterialRow, NotificationRow, SessionRow } from '../store'
import { renderAccountMail, renderNotificationMail, type MailContext } from './render-mail'

const now = new Date('2026-11-20T10:00:00.000Z')
const appOrigin = 'https://studyhub.example'
const apiOrigin = 'https://api.studyhub.example'
const token = 'a2luZA.c2lnbmF0dXJlLW9mLTQzLWNoYXJhY3RlcnMtaW4tYmFzZTY0dXJsLTEyMzQ'

const session: SessionRow = {
  _id: 's1',
  title: 'Linear Algebra',
  subject: 'Maths',
  description: '',
  registrationStart: '2026-11-01T09:00:00.000Z',
  registrationEnd: '2026-11-30T09:00:00.000Z',
  // 17:00 in Berlin (CET), 11:00 in New York (EST), for an hour and a half.
  classStart: '2026-12-02T16:00:00.000Z',
  classEnd: '2026-12-20T16:00:00.000Z',
  duration: 1.5,
  registrationFee: 0,
  tutorName: 'Priya Sharma',
  tutorEmail: 'tutor@studyhub.demo',
  status: 'approved',
  createdAt: '2026-10-01T09:00:00.000Z',
  calendarSequence: 2,
}
const booking: BookingRow = {
  _id: 'b1',
  sessionId: 's1',
  studentEmail: 'student@studyhub.demo',
  tutorEmail: 'tutor@studyhub.demo',
  status: 'approved',
  bookedAt: '2026-11-10T09:00:00.000Z',
}
const material: MaterialRow = {
  _id: 'm1',
  title: 'Week 1 notes',
  sessionId: 's1',
  tutorEmail: 'tutor@studyhub.demo',
  status: 'approved',
} as MaterialRow

/** The notification of each kind as the rules write it. */
function notificationOf(kind: NotificationKind): NotificationRow {
  const made: Record<NotificationKind, () => NotificationRow[]> = {
    'booking-approved': () => bookingDecided(now, booking, session.title, 'approved'),
    'booking-rejected': () => bookingDecided(now, { ...booking, status: 'rejected' }, session.title, 'rejected'),
    'booking-promoted': () => bookingPromoted(now, { ...booking, status: 'pending' }, session.title),
    'booking-cancelled': () => bookingCancelled(now, booking, session.title, 'admin@studyhub.demo'),
    'material-added': () => materialAdded(now, material, session, [booking]),
    'class-reminder': () => [
      {
        ...bookingDecided(now, booking, session.title, 'approved')[0]!,
        kind: 'class-reminder',
        title: 'Class starts soon',
        body: `“${session.title}” starts soon.`,
        reminderLead: '1d',
      },
    ],
    'session-changed': () => sessionChanged(now, session, [booking]),
    'session-moved': () =>
      sessionMoved(
        now,
        { ...session, classStart: '2026-12-01T16:00:00.000Z' },
        session,
        [booking],
        () => 'Europe/Berlin',
      ),
    'session-cancelled': () =>
      sessionCancelled(now, { ...session, cancelReason: 'The tutor is ill.' }, [booking], () => 'Europe/Berlin'),
    'session-approved': () => sessionDecided(now, session, 'approved'),
    'session-rejected': () => sessionDecided(now, session, 'rejected'),
    'material-approved': () => materialDecided(now, material, 'approved'),
    'material-rejected': () => materialDecided(now, material, 'rejected'),
    'booking-new': () => bookingNew(now, booking, session.title),
    'session-review': () => sessionToReview(now, session, ['admin@studyhub.demo']),
    'material-review': () => materialToReview(now, material, ['admin@studyhub.demo']),
  }
  const row = made[kind]()[0]!
  expect(row.kind).toBe(kind)
  return row
}

const BOOKING_STATUS: Partial<Record<NotificationKind, BookingRow['status']>> = {
  'booking-rejected': 'rejected',
  'booking-promoted': 'pending',
  'booking-cancelled': 'cancelled',
  'session-cancelled': 'cancelled',
}

function contextOf(kind: NotificationKind, change: Partial<MailContext> = {}): MailContext {
  const notification = notificationOf(kind)
  const bookingNow = { ...booking, status: BOOKING_STATUS[kind] ?? booking.status }
  return {
    notification,
    recipient: { email: notification.recipientEmail, name: 'Sam Lee', timeZone: 'Europe/Berlin' },
    ...(notification.bookingId ? { booking: bookingNow, session } : {}),
    appOrigin,
    apiOrigin,
    unsubscribeToken: token,
    now,
    ...change,
  }
}

const parsedInvite = (content: string) => {
  const calendar = new ICAL.Component(ICAL.parse(content))
  const vevent = calendar.getFirstSubcomponent('vevent')!
  return { calendar, vevent, event: new ICAL.Event(vevent) }
}

describe('a notification mail', () => {
  it.each(NOTIFICATION_KINDS)('%s: a subject, both parts with the title, the zoned time and every link', (kind) => {
    const context = contextOf(kind)
    const mail = renderNotificationMail(context)
    const screen = `${appOrigin}${context.notification.link}`
    expect(mail.subject.length).toBeGreaterThan(5)
    expect(mail.subject).not.toMatch(/[\r\n]/)
    for (const part of [mail.html, mail.text]) {
      expect(part).toContain(context.notification.title)
      // When it was sent, in the recipient's zone, with the zone named.
      expect(part).toContain('Fri 20 Nov 2026, 11:00 CET')
      expect(part).toContain(screen)
      expect(part).toContain(`${appOrigin}/unsubscribe/${token}`)
      expect(part).toContain(`${appOrigin}/settings`)
      expect(part).toContain('You get this email because')
      if (context.session) {
        expect(part).toContain(session.title)
        expect(part).toContain('Wed 2 Dec 2026, 17:00–18:30 CET')
      }
    }
    expect(mail.html).toContain(`href="${screen}"`)
    expect(mail.html).toContain(`href="${appOrigin}/unsubscribe/${token}"`)
    expect(Boolean(context.session)).toBe(Boolean(context.notification.bookingId))
  })

  it('carries the one-click unsubscribe headers (RFC 8058) and a List-Id of its kind', () => {
    const mail = renderNotificationMail(contextOf('class-reminder'))
    expect(mail.headers['List-Unsubscribe']).toBe(`<${apiOrigin}/api/unsubscribe/${token}>`)
    expect(mail.headers['List-Unsubscribe-Post']).toBe('List-Unsubscribe=One-Click')
    expect(mail.headers['List-Id']).toBe('StudyHub class reminders <class-reminder.notifications.studyhub.example>')
    const slashed = renderNotificationMail(
      contextOf('class-reminder', { appOrigin: `${appOrigin}/`, apiOrigin: `${apiOrigin}/` }),
    )
    expect(slashed.headers['List-Unsubscribe']).toBe(mail.headers['List-Unsubscribe'])
    expect(slashed.text).toBe(mail.text)
    const local = renderNotificationMail(contextOf('session-review', { appOrigin: 'http://127.0.0.1:5173' }))
    expect(local.headers['List-Id']).toBe('StudyHub sessions to review <session-review.notifications.localhost>')
  })

  it('a reminder says when in its subject, in the recipient zone', () => {
    const mail = renderNotificationMail(contextOf('class-reminder'))
    expect(mail.subject).toBe('Reminder: \u2068Linear Algebra\u2069 starts Wed 2 Dec 2026, 17:00 CET')
    const review = renderNotificationMail(contextOf('session-review'))
    expect(review.subject).toBe('\u2068Priya Sharma submitted “Linear Algebra”\u2069')
  })

  it('a course’s reminder names its own meeting, and its invite carries every meeting', () => {
    // Wednesdays 17:00 Berlin, three times; the second meeting's reminder.
    const course = { ...session, schedule: { timeZone: 'Europe/Berlin', rrule: 'FREQ=WEEKLY;BYDAY=WE;COUNT=3' } }
    const context = contextOf('class-reminder', { session: course })
    const mail = renderNotificationMail({
      ...context,
      notification: { ...context.notification, meetingStart: '2026-12-09T16:00:00.000Z' },
    })
    expect(mail.subject).toBe('Reminder: \u2068Linear Algebra\u2069 starts Wed 9 Dec 2026, 17:00 CET')
    const invite = renderNotificationMail(contextOf('booking-approved', { session: course })).calendar!
    const starts = new ICAL.Component(ICAL.parse(invite.content))
      .getAllSubcomponents('vevent')
      .map((v) => new ICAL.Event(v).startDate.toJSDate().toISOString())
    expect(starts).toEqual(['2026-12-02T16:00:00.000Z', '2026-12-09T16:00:00.000Z', '2026-12-16T16:00:00.000Z'])
  })

  it('reads differently in Europe/Berlin and America/New_York, each naming its zone', () => {
    const zoned = (timeZone: string) =>
      renderNotificationMail(
        contextOf('booking-approved', {
          recipient: { email: booking.studentEmail, name: 'Sam', timeZone },
        }),
      )
    const berlin = zoned('Europe/Berlin')
    const newYork = zoned('America/New_York')
    expect(berlin.text).toContain('When: Wed 2 Dec 2026, 17:00–18:30 CET')
    expect(newYork.text).toContain('When: Wed 2 Dec 2026, 11:00–12:30 GMT-5 (New York Time)')
    expect(newYork.text).not.toContain('CET')
    expect(newYork.html).toContain('11:00–12:30 GMT-5 (New York Time)')
    // The invite is in UTC: the same for both.
    expect(berlin.calendar!.content).toBe(newYork.calendar!.content)
  })

  it('keeps the same message key for every try, and another for another notification', () => {
    const context = contextOf('booking-approved')
    const first = renderNotificationMail(context)
    const retried = renderNotificationMail({ ...context, now: new Date('2026-11-20T11:00:00.000Z') })
    expect(retried.messageKey).toBe(first.messageKey)
    expect(first.messageKey).toMatch(/^[A-Za-z0-9.-]+$/)
    const other = renderNotificationMail(contextOf('booking-approved'))
    expect(other.messageKey).not.toBe(first.messageKey)
  })
})

describe("a booking mail's calendar invite", () => {
  it('REQUEST for an approved booking: the booking UID, its session sequence and class time, organizer and attendee', () => {
    const mail = renderNotificationMail(contextOf('booking-approved'))
    expect(mail.calendar).toMatchObject({ method: 'REQUEST', filename: 'invite.ics' })
    const { calendar, vevent, event } = parsedInvite(mail.calendar!.content)
    expect(calendar.getFirstPropertyValue('method')).toBe('REQUEST')
    expect(event.uid).toBe('booking-b1@studyhub.app')
    expect(event.sequence).toBe(2)
    expect(event.startDate.toJSDate().toISOString()).toBe('2026-12-02T16:00:00.000Z')
    expect(event.endDate.toJSDate().toISOString()).toBe('2026-12-02T17:30:00.000Z')
    expect(vevent.getFirstPropertyValue('status')).toBe('CONFIRMED')
    expect(vevent.getFirstPropertyValue('organizer')).toBe('mailto:tutor@studyhub.demo')
    expect(vevent.getFirstProperty('organizer')!.getParameter('cn')).toBe('Priya Sharma')
    const attendee = vevent.getFirstProperty('attendee')!
    expect(attendee.getFirstValue()).toBe('mailto:student@studyhub.demo')
    expect(attendee.getParameter('cn')).toBe('Sam Lee')
    expect(attendee.getParameter('partstat')).toBe('ACCEPTED')
    expect(mail.text).toContain('puts the class in your calendar')
  })

  it('REQUEST for a changed session, CANCEL for a cancelled or rejected booking, one sequence past the REQUEST', () => {
    const changed = renderNotificationMail(contextOf('session-changed'))
    expect(changed.calendar?.method).toBe('REQUEST')
    const request = parsedInvite(changed.calendar!.content).event
    for (const kind of ['booking-cancelled', 'booking-rejected'] as const) {
      const mail = renderNotificationMail(contextOf(kind))
      expect(mail.calendar?.method, kind).toBe('CANCEL')
      const { calendar, vevent, event } = parsedInvite(mail.calendar!.content)
      expect(calendar.getFirstPropertyValue('method')).toBe('CANCEL')
      expect(event.uid).toBe(request.uid)
      expect(event.sequence).toBeGreaterThan(request.sequence)
      expect(vevent.getFirstPropertyValue('status')).toBe('CANCELLED')
      expect(event.startDate.toJSDate().toISOString()).toBe('2026-12-02T16:00:00.000Z')
      expect(mail.text).toContain('takes the class out of your calendar')
    }
  })

  it('a moved class: a REQUEST of the new time, the words giving new and old time in the zone', () => {
    const mail = renderNotificationMail(contextOf('session-moved'))
    expect(mail.calendar?.method).toBe('REQUEST')
    expect(mail.text).toContain('now starts Wed 2 Dec 2026, 17:00 CET (was Tue 1 Dec 2026, 17:00 CET)')
    expect(parsedInvite(mail.calendar!.content).event.startDate.toJSDate().toISOString()).toBe(session.classStart)
  })

  it('a cancelled class: a CANCEL past the REQUEST, and the reason', () => {
    const mail = renderNotificationMail(contextOf('session-cancelled'))
    expect(mail.calendar?.method).toBe('CANCEL')
    expect(parsedInvite(mail.calendar!.content).event.sequence).toBe(3)
    expect(mail.text).toContain('was cancelled: The tutor is ill.')
  })

  it('the place for every booking; the meeting link only for an approved one, in the mail and its invite', () => {
    const link = 'https://meet.example/abc-defg-hij'
    const placed = { ...session, location: 'Room 4.12, Main Building', meetingUrl: link }
    const approved = renderNotificationMail(contextOf('session-moved', { session: placed }))
    expect(approved.text).toMatch(/Where: \W?Room 4\.12, Main Building/)
    expect(approved.text).toContain(link)
    expect(approved.html).toContain(`href="${link}"`)
    const { vevent } = parsedInvite(approved.calendar!.content)
    expect(vevent.getFirstPropertyValue('location')).toBe('Room 4.12, Main Building')
    expect(vevent.getFirstPropertyValue('conference')).toBe(link)
    expect(vevent.getFirstPropertyValue('description')).toContain(link)
    for (const status of ['pending', 'waitlisted', 'cancelled'] as const) {
      const mail = renderNotificationMail(
        contextOf('session-moved', { session: placed, booking: { ...booking, status } }),
      )
      expect(mail.text, status).toMatch(/Where: \W?Room 4\.12, Main Building/)
      for (const part of [mail.text, mail.html, mail.calendar?.content ?? '']) expect(part, status).not.toContain(link)
    }
    const cancelled = renderNotificationMail(contextOf('session-cancelled', { session: placed }))
    for (const part of [cancelled.text, cancelled.html, cancelled.calendar!.content]) expect(part).not.toContain(link)
  })

  it('no invite where the booking is in no calendar: pending, promoted, a reminder, or booking and session gone', () => {
    const pending = { ...booking, status: 'pending' as const }
    expect(renderNotificationMail(contextOf('session-changed', { booking: pending })).calendar).toBeUndefined()
    expect(renderNotificationMail(contextOf('booking-promoted')).calendar).toBeUndefined()
    expect(renderNotificationMail(contextOf('class-reminder')).calendar).toBeUndefined()
    // Approved once, cancelled since: the cancellation's own mail carries the CANCEL.
    const cancelled = { ...booking, status: 'cancelled' as const }
    expect(renderNotificationMail(contextOf('booking-approved', { booking: cancelled })).calendar).toBeUndefined()
    const gone = renderNotificationMail(contextOf('booking-approved', { booking: undefined, session: undefined }))
    expect(gone.calendar).toBeUndefined()
    expect(gone.text).toContain('Your booking of “Linear Algebra” was approved.')
    expect(gone.text).not.toContain('When:')
  })
})

const ATTRIBUTES = [
  'lang',
  'charset',
  'name',
  'content',
  'style',
  'role',
  'width',
  'cellpadding',
  'cellspacing',
  'align',
  'scope',
  'href',
]

describe('hostile text in a mail', () => {
  const hostile = '<script>alert("x")</script> & \'quoted\' \u202Eevil\nUnsubscribe: https://evil.example'
  const hostileSession = { ...session, title: hostile, tutorName: '"><img src=x onerror=alert(1)>' }
  const context = (kind: NotificationKind): MailContext => {
    const base = contextOf(kind)
    const notification = { ...base.notification, body: `Your booking of “${hostile}” was approved.` }
    return {
      ...base,
      notification,
      session: hostileSession,
      recipient: { ...base.recipient, name: '<b>Sam</b>' },
    }
  }

  it('comes out of the HTML part as text: no markup of its own, no attribute', () => {
    const { html } = renderNotificationMail(context('booking-approved'))
    const tags = new Set([...html.matchAll(/<\/?([a-z0-9]+)/gi)].map((m) => m[1]!.toLowerCase()))
    expect([...tags].sort()).toEqual([
      'a',
      'body',
      'div',
      'h1',
      'head',
      'html',
      'meta',
      'p',
      'table',
      'td',
      'th',
      'title',
      'tr',
    ])
    // Every attribute is one the layout writes, each value quoted whole.
    for (const [tag] of html.matchAll(/<[a-z][^>]*>/gi)) {
      const attributes = tag.replace(/^<[a-z0-9]+|>$/gi, '').replace(/\s([a-z-]+)="[^"]*"/gi, ' $1')
      for (const name of attributes.trim().split(/\s+/).filter(Boolean)) expect(ATTRIBUTES, tag).toContain(name)
    }
    expect(html).toContain('&lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt; &amp; &#39;quoted&#39;')
    expect(html).toContain('&lt;b&gt;Sam&lt;/b&gt;')
    expect(html).toContain('&quot;&gt;&lt;img src=x onerror=alert(1)&gt;')
  })

  it('stays on its line in both parts, a direction override ending with it', () => {
    const mail = renderNotificationMail(context('booking-approved'))
    for (const part of [mail.text, mail.html, mail.subject]) {
      // The title's line break is gone, so it cannot start a line of its own.
      expect(part).not.toMatch(/^Unsubscribe: https:\/\/evil/m)
      // Every override is closed by the isolate around it, on the same line.
      for (const match of part.matchAll(/\u202E[^\n]*/g)) expect(match[0]).toContain('\u2069')
    }
    expect(mail.text).toContain('\u2068<script>alert("x")</script>')
  })

  it('in an invite is a calendar value, not a property of its own', () => {
    const mail = renderNotificationMail(context('booking-approved'))
    const { event, vevent } = parsedInvite(mail.calendar!.content)
    expect(event.summary).toBe(hostile)
    expect(vevent.getFirstProperty('organizer')!.getParameter('cn')).toBe('"><img src=x onerror=alert(1)>')
    expect(vevent.getAllProperties().map((p) => p.name)).not.toContain('unsubscribe')
  })
})

describe('an account mail of the demo identity provider', () => {
  const link = 'https://studyhub.example/__/auth/action?mode=resetPassword&oobCode=abc123'
  it.each(['password-reset', 'verify-email'] as const)('%s: the link in both parts, no unsubscribe', (kind) => {
    const mail = renderAccountMail({ kind, to: 'sam@studyhub.demo', link, appOrigin })
    expect(mail.subject).toMatch(kind === 'password-reset' ? /password/ : /email/)
    expect(mail.text).toContain(link)
    expect(mail.html).toContain(`href="${link.replace(/&/g, '&amp;')}"`)
    expect(mail.text).toContain('sam@studyhub.demo')
    expect(mail.headers['List-Unsubscribe']).toBeUndefined()
    const again = renderAccountMail({ kind, to: 'sam@studyhub.demo', link, appOrigin })
    expect(again.messageKey).toBe(mail.messageKey)
    const other = renderAccountMail({ kind, to: 'sam@studyhub.demo', link: `${link}4`, appOrigin })
    expect(other.messageKey).not.toBe(mail.messageKey)
    expect(mail.messageKey).toMatch(/^[A-Za-z0-9.-]+$/)
  })

  it('escapes the address it is for', () => {
    const mail = renderAccountMail({ kind: 'verify-email', to: '"<i>x</i>"@studyhub.demo', link, appOrigin })
    expect(mail.html).not.toContain('<i>')
    expect(mail.html).toContain('&lt;i&gt;x&lt;/i&gt;')
  })
})
