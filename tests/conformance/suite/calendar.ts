// Bookings as iCalendar: "Add to calendar" for one booking, and a student's
// private feed. Every answer is read with a real iCalendar parser (ical.js),
// never by matching text, so a file a calendar app would refuse fails here.
import ICAL from 'ical.js'
import { describe, expect, it, vi } from 'vitest'
import type { Booking, Session } from '#contract/entities'
import { LATEST_INSTANT_MS, MAX_DURATION_HOURS } from '#contract/limits'
import type { Api } from '../harness/api-client'
import {
  accountName,
  ADMIN,
  allBookings,
  createBooking,
  createOpenSession,
  createSession,
  DAY,
  expectOk,
  expectRefusal,
  getAsAdmin,
  OTHER_STUDENT,
  sessionBody,
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
const iso = (ms: number) => new Date(ms).toISOString()
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

    it('takes a session of the longest duration a session may have, at the end of the dates it may have, through approval into a calendar', async () => {
      const now = Date.now()
      const classStart = LATEST_INSTANT_MS - 10 * DAY
      const body = {
        registrationStart: iso(now - HOUR),
        registrationEnd: iso(now + 7 * DAY),
        classStart: iso(classStart),
        classEnd: iso(LATEST_INSTANT_MS),
      }
      for (const duration of [MAX_DURATION_HOURS + 1, 1e300]) {
        const refused = await api.call('POST', '/sessions', {
          as: TUTOR,
          body: sessionBody(TUTOR, await accountName(api, TUTOR), { ...body, duration }),
        })
        expectRefusal(refused, `POST /sessions with a duration of ${duration} hours`, [400])
        expect(refused.data.message).toContain('duration')
      }
      const sessionId = await createSession(api, TUTOR, { ...body, duration: MAX_DURATION_HOURS })
      await expectOk(api.call('PATCH', `/sessions/${sessionId}/approve`, { as: ADMIN, body: { fee: 0, type: 'Free' } }))
      const id = await createBooking(api, OTHER_STUDENT, sessionId, 'approved', TUTOR)
      const res = await api.call<string>('GET', `/bookings/${id}/calendar`, { as: OTHER_STUDENT })
      expect(res.status).toBe(200)
      expect(parseEvents(res.data)).toMatchObject([
        { start: toSecond(classStart), end: toSecond(classStart + MAX_DURATION_HOURS * HOUR) },
      ])
    })

    it('answers lists, files and feeds around a session row with values no calendar takes, written before the API checked them', async () => {
      const feed = await expectOk(api.call<{ url: string }>('POST', `/calendar-feeds/${STUDENT}`, { as: STUDENT }))
      const longest = await createOpenSession(api, TUTOR)
      const farthest = await createOpenSession(api, TUTOR)
      const fine = await createOpenSession(api, TUTOR)
      const bookings = {
        longest: await createBooking(api, STUDENT, longest, 'approved', TUTOR),
        farthest: await createBooking(api, STUDENT, farthest, 'approved', TUTOR),
        fine: await createBooking(api, STUDENT, fine, 'approved', TUTOR),
      }
      const classStart = Date.parse((await getAsAdmin<Session>(api, `/sessions/${longest}`)).classStart)
      // Written straight into the store, as a server from before the ranges could have written them.
      const store = api.target.store()
      expect(await store.sessions.update(longest, { duration: 1e300 }, 'approved')).toBe(true)
      const year10000 = '9999-12-31T23:59:59-12:00'
      expect(await store.sessions.update(farthest, { classStart: year10000, classEnd: year10000 }, 'approved')).toBe(
        true,
      )

      const reports = vi.spyOn(console, 'error').mockImplementation(() => undefined)
      try {
        const file = await api.call<string>('GET', `/bookings/${bookings.longest}/calendar`, { as: STUDENT })
        expect(file.status).toBe(200)
        // The duration is clamped to the longest a session may have.
        expect(parseEvents(file.data)).toMatchObject([
          { uid: `booking-${bookings.longest}@studyhub.app`, end: toSecond(classStart + MAX_DURATION_HOURS * HOUR) },
        ])
        // A class in the year 10000 cannot be written: the file goes out without it.
        const far = await api.call<string>('GET', `/bookings/${bookings.farthest}/calendar`, { as: STUDENT })
        expect(far.status).toBe(200)
        expect(parseEvents(far.data)).toEqual([])
        for (let read = 0; read < 2; read++) {
          const events = await readFeed(api, feed.data.url)
          expect(events.status).toBe(200)
          const uids = parseEvents(events.data).map((e) => e.uid)
          expect(uids).toEqual(
            expect.arrayContaining([bookings.longest, bookings.fine].map((b) => `booking-${b}@studyhub.app`)),
          )
          expect(uids).not.toContain(`booking-${bookings.farthest}@studyhub.app`)
        }
        // Each bad row was reported once, however often it was read.
        const reported = reports.mock.calls.map((call) => call.map(String).join(' '))
        expect(reported).toHaveLength(2)
        expect(reported.find((line) => line.includes(longest))).toContain('duration')
        expect(reported.find((line) => line.includes(farthest))).toBeDefined()
      } finally {
        reports.mockRestore()
      }

      // Every list that holds the rows answers them as they are stored.
      const student = await api.call<Booking[]>('GET', `/bookings/student/${STUDENT}`, { as: STUDENT })
      expect(student.status).toBe(200)
      expect(student.data.find((b) => b._id === bookings.longest)?.duration).toBe(1e300)
      for (const path of ['/sessions?status=approved', '/admin/sessions', '/bookings', `/sessions/tutor/${TUTOR}`]) {
        const list = await api.call<{ _id: string }[]>('GET', path, {
          as: path === '/sessions?status=approved' ? undefined : ADMIN,
        })
        expect(list.status, path).toBe(200)
      }
      const approved = await api.call<Session[]>('GET', '/sessions?status=approved')
      expect(approved.data.map((s) => s._id)).toEqual(expect.arrayContaining([longest, farthest, fine]))
      expect(Date.parse(approved.data.find((s) => s._id === farthest)!.classStart)).toBe(Date.parse(year10000))
    })
  })
}
