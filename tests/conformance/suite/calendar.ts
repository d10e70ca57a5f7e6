// Bookings as iCalendar: "Add to calendar" for one booking, and a student's
// private feed. Every answer is read with a real iCalendar parser (ical.js),
// never by matching text, so a file a calendar app would refuse fails here.
import ICAL from 'ical.js'
import { describe, expect, it } from 'vitest'
import type { Session } from '#contract/entities'
import type { Api } from '../harness/api-client'
import {
  ADMIN,
  allBookings,
  createBooking,
  createOpenSession,
  expectOk,
  getAsAdmin,
  OTHER_STUDENT,
  STUDENT,
  TUTOR,
} from './fixtures'

const HOUR = 3_600_000
/** iCalendar times have whole seconds. */
const toSecond = (ms: number) => new Date(Math.floor(ms / 1000) * 1000).toISOString()

/** The events of a VCALENDAR, parsed. */
function parseEvents(text: string) {
  const calendar = new ICAL.Component(ICAL.parse(text))
  expect(calendar.name).toBe('vcalendar')
  return calendar.getAllSubcomponents('vevent').map((vevent) => {
    const event = new ICAL.Event(vevent)
    return {
      uid: event.uid,
      summary: event.summary,
      description: event.description,
      start: event.startDate.toJSDate().toISOString(),
      end: event.endDate.toJSDate().toISOString(),
      startIsUtc: event.startDate.zone?.tzid === 'UTC',
      status: vevent.getFirstPropertyValue('status'),
      url: vevent.getFirstPropertyValue('url'),
    }
  })
}

const feedToken = (url: string) => url.split('/').pop()!
const readFeed = (api: Api, url: string) => api.call<string>('GET', `/calendar/${feedToken(url)}`)

export function calendarTests(api: Api) {
  describe('calendar', () => {
    it('answers a booking as one event: stable UID, class start and duration in UTC, title, tutor and link', async () => {
      const sessionId = await createOpenSession(api, TUTOR)
      const session = await getAsAdmin<Session>(api, `/sessions/${sessionId}`)
      const id = await createBooking(api, OTHER_STUDENT, sessionId, 'approved', TUTOR)
      const res = await api.call<string>('GET', `/bookings/${id}/calendar`, { as: OTHER_STUDENT })
      expect(res.status).toBe(200)
      expect(res.headers.get('Content-Type')).toMatch(/^text\/calendar/)
      expect(res.headers.get('Content-Disposition')).toMatch(/attachment; filename=".+\.ics"/)
      const [event, ...more] = parseEvents(res.data)
      expect(more).toEqual([])
      expect(event).toMatchObject({
        summary: session.title,
        start: toSecond(Date.parse(session.classStart)),
        end: toSecond(Date.parse(session.classStart) + session.duration * HOUR),
        startIsUtc: true,
        status: 'CONFIRMED',
      })
      expect(event!.description).toContain(session.tutorName)
      expect(event!.description).toContain(`/session-details/${sessionId}`)
      expect(event!.url).toMatch(new RegExp(`/session-details/${sessionId}$`))
      const again = parseEvents((await api.call<string>('GET', `/bookings/${id}/calendar`, { as: ADMIN })).data)
      expect(again[0]!.uid).toBe(event!.uid)
      expect((await api.call('GET', `/bookings/${id}/calendar`, { as: STUDENT })).status).toBe(403)

      await expectOk(api.call('PATCH', `/bookings/${id}/cancel`, { as: OTHER_STUDENT }))
      const cancelled = parseEvents(
        (await api.call<string>('GET', `/bookings/${id}/calendar`, { as: OTHER_STUDENT })).data,
      )
      expect(cancelled[0]).toMatchObject({ uid: event!.uid, status: 'CANCELLED' })
    })

    it("serves a student's approved bookings, and only theirs, at a secret address that can be revoked", async () => {
      expect((await api.call('GET', `/calendar-feeds/${STUDENT}`, { as: STUDENT })).data).toEqual({ url: null })
      const made = await api.call<{ url: string }>('POST', `/calendar-feeds/${STUDENT}`, { as: STUDENT })
      expect(made.status).toBe(201)
      const url = made.data.url
      expect(url).toMatch(/\/api\/calendar\/[0-9a-f]{32}$/)
      expect((await api.call('GET', `/calendar-feeds/${STUDENT}`, { as: STUDENT })).data).toEqual({ url })
      expect((await api.call('POST', `/calendar-feeds/${STUDENT}`, { as: OTHER_STUDENT })).status).toBe(403)

      // No sign-in header: the secret is the proof.
      const feed = await readFeed(api, url)
      expect(feed.status).toBe(200)
      expect(feed.headers.get('Content-Type')).toMatch(/^text\/calendar/)
      const bookings = await allBookings(api)
      const approved = bookings.filter((b) => b.studentEmail === STUDENT && b.status === 'approved')
      const events = parseEvents(feed.data)
      expect(events.map((e) => e.uid).sort()).toEqual(approved.map((b) => `booking-${b._id}@studyhub.app`).sort())
      expect(events.length).toBeGreaterThan(0)
      const others = new Set(
        bookings.filter((b) => b.studentEmail !== STUDENT).map((b) => `booking-${b._id}@studyhub.app`),
      )
      expect(events.filter((e) => others.has(e.uid))).toEqual([])
      expect(events.every((e) => e.status === 'CONFIRMED')).toBe(true)

      // A new address ends the old one; revoking ends the feed.
      const remade = await api.call<{ url: string }>('POST', `/calendar-feeds/${STUDENT}`, { as: STUDENT })
      expect(remade.data.url).not.toBe(url)
      expect((await readFeed(api, url)).status).toBe(404)
      expect((await readFeed(api, remade.data.url)).status).toBe(200)
      expect((await api.call('DELETE', `/calendar-feeds/${STUDENT}`, { as: STUDENT })).data.deletedCount).toBe(1)
      expect((await readFeed(api, remade.data.url)).status).toBe(404)
      expect((await api.call('GET', '/calendar/not-a-token')).status).toBe(404)
    })
  })
}
