// Courses that meet every week (docs/rules/sessions.md): a session's schedule
// expanded by the server in the session's time zone, its skipped and moved
// meetings, classStart/classEnd/duration kept right for clients that know
// only those, the search's from/to matching a meeting (not the gaps), the
// .ics carrying every meeting, and a reminder before each meeting.
import ICAL from 'ical.js'
import { describe, expect, it } from 'vitest'
import type { Booking, Meeting, Notification, Session } from '#contract/entities'
import { remindClassesStartingSoon } from '#core/notifications'
import type { Api } from '../harness/api-client'
import {
  ADMIN,
  createBooking,
  createSession,
  DAY,
  expectOk,
  getAsAdmin,
  OTHER_STUDENT,
  STUDENT,
  TUTOR,
  uniqueSuffix,
} from './fixtures'

const HOUR = 3_600_000
const iso = (ms: number) => new Date(ms).toISOString()

/** Tuesday and Thursday at 17:00 in Kolkata (+05:30 all year: 11:30 UTC), two hours each, six times. */
const TWICE_A_WEEK = { timeZone: 'Asia/Kolkata', rrule: 'FREQ=WEEKLY;BYDAY=TU,TH;COUNT=6' }

/** The first Tuesday 17:00 Kolkata time at least `days` from now. */
function tuesdayIn(days: number): number {
  const at = new Date(Date.now() + days * DAY)
  at.setUTCHours(11, 30, 0, 0)
  while (at.getUTCDay() !== 2) at.setUTCDate(at.getUTCDate() + 1)
  return at.getTime()
}

/** An approved session of TUTOR with this schedule from `first`, open for booking now. */
async function course(api: Api, first: number, schedule: Record<string, unknown>, title = `Course ${uniqueSuffix()}`) {
  const now = Date.now()
  const id = await createSession(api, TUTOR, {
    title,
    registrationStart: iso(now - HOUR),
    registrationEnd: iso(Math.min(first - HOUR, now + 7 * DAY)),
    classStart: iso(first),
    // The server sets classEnd from the schedule: what the client sends is replaced.
    classEnd: iso(first + HOUR),
    duration: 2,
    schedule,
  })
  await expectOk(api.call('PATCH', `/sessions/${id}/approve`, { as: ADMIN, body: { fee: 0, type: 'Free' } }))
  return id
}

const meetingsOf = async (api: Api, id: string, as?: string) =>
  (await expectOk(api.call<Meeting[]>('GET', `/sessions/${id}/meetings`, as ? { as } : {}))).data
const reschedule = (api: Api, id: string, schedule: Record<string, unknown>) =>
  api.call('PATCH', `/sessions/${id}/class`, { as: TUTOR, body: { schedule } })

/** The meetings' wall-clock times in a zone: "Tue 17:00". */
const wallTimes = (meetings: readonly Meeting[], timeZone: string) => {
  const f = new Intl.DateTimeFormat('en-GB', { timeZone, weekday: 'short', hour: '2-digit', minute: '2-digit' })
  return meetings.map((m) => f.format(new Date(m.start)))
}

export function scheduleTests(api: Api) {
  describe('schedules', () => {
    it('expands a weekly schedule in its zone, and keeps classStart, classEnd and duration right', async () => {
      const first = tuesdayIn(10)
      const id = await course(api, first, TWICE_A_WEEK)
      const meetings = await meetingsOf(api, id)
      expect(meetings.map((m) => m.start)).toEqual([0, 2, 7, 9, 14, 16].map((d) => iso(first + d * DAY)))
      expect(wallTimes(meetings, 'Asia/Kolkata')).toEqual(
        ['Tue', 'Thu', 'Tue', 'Thu', 'Tue', 'Thu'].map((d) => `${d} 17:00`),
      )
      for (const m of meetings) {
        expect(Date.parse(m.end) - Date.parse(m.start)).toBe(2 * HOUR)
        expect(m.originalStart).toBe(m.start)
      }
      const session = await getAsAdmin<Session>(api, `/sessions/${id}`)
      expect(session).toMatchObject({
        classStart: meetings[0]!.start,
        classEnd: meetings[5]!.end,
        duration: 2,
        schedule: TWICE_A_WEEK,
        meetingCount: 6,
        nextMeetingStart: meetings[0]!.start,
      })
      // A booking carries the same.
      const bookingId = await createBooking(api, STUDENT, id, 'approved', TUTOR)
      const booking = (
        await expectOk(api.call<Booking[]>('GET', `/bookings/student/${STUDENT}`, { as: STUDENT }))
      ).data.find((b) => b._id === bookingId)
      expect(booking).toMatchObject({ meetingCount: 6, nextMeetingStart: meetings[0]!.start, schedule: TWICE_A_WEEK })
      // Anyone may read an approved session's meetings.
      expect(await meetingsOf(api, id, OTHER_STUDENT)).toEqual(meetings)
      // A new duration is every meeting's: classEnd is the last one's new end.
      await expectOk(
        api.call('PATCH', `/sessions/${id}`, {
          as: ADMIN,
          body: { title: 'Longer', subject: 'Maths', duration: 3, registrationFee: 0 },
        }),
      )
      const longer = await meetingsOf(api, id)
      expect(longer.map((m) => Date.parse(m.end) - Date.parse(m.start))).toEqual(meetings.map(() => 3 * HOUR))
      expect(await getAsAdmin<Session>(api, `/sessions/${id}`)).toMatchObject({ classEnd: longer[5]!.end, duration: 3 })
    })

    it('leaves out a skipped meeting and puts a moved one at its new start, as long as the others', async () => {
      const first = tuesdayIn(10)
      const id = await course(api, first, TWICE_A_WEEK)
      const rule = await meetingsOf(api, id)
      const to = iso(Date.parse(rule[2]!.start) + DAY + 3 * HOUR)
      await expectOk(
        reschedule(api, id, { ...TWICE_A_WEEK, skipped: [rule[1]!.start], moved: [{ from: rule[2]!.start, to }] }),
      )
      const meetings = await meetingsOf(api, id)
      expect(meetings).toEqual([
        rule[0],
        { start: to, end: iso(Date.parse(to) + 2 * HOUR), originalStart: rule[2]!.start, moved: true },
        rule[3],
        rule[4],
        rule[5],
      ])
      expect(await getAsAdmin<Session>(api, `/sessions/${id}`)).toMatchObject({
        meetingCount: 5,
        classStart: rule[0]!.start,
      })

      // Skipping the first makes the next one the class's start; the end stays the last meeting's.
      await expectOk(reschedule(api, id, { ...TWICE_A_WEEK, skipped: [rule[0]!.start] }))
      expect(await getAsAdmin<Session>(api, `/sessions/${id}`)).toMatchObject({
        classStart: rule[1]!.start,
        classEnd: rule[5]!.end,
        meetingCount: 5,
      })
      // And back: the rule's first start is kept, so it can be given back.
      await expectOk(reschedule(api, id, TWICE_A_WEEK))
      expect(await meetingsOf(api, id)).toEqual(rule)
      // Without a schedule it is one meeting again.
      await expectOk(reschedule(api, id, null as unknown as Record<string, unknown>))
      expect(await meetingsOf(api, id)).toEqual([rule[0]])
    })

    it('refuses a schedule it cannot keep, naming the field', async () => {
      const first = tuesdayIn(10)
      const id = await course(api, first, TWICE_A_WEEK)
      for (const [schedule, field] of [
        [{ ...TWICE_A_WEEK, rrule: 'FREQ=MONTHLY;COUNT=3' }, /^schedule\.rrule/],
        [{ ...TWICE_A_WEEK, rrule: 'FREQ=WEEKLY;BYDAY=TU' }, /^schedule\.rrule/],
        [{ ...TWICE_A_WEEK, rrule: 'FREQ=DAILY;COUNT=500' }, /^schedule\.rrule/],
        [{ ...TWICE_A_WEEK, timeZone: 'Mars/Olympus' }, /schedule\.timeZone/],
        [{ ...TWICE_A_WEEK, skipped: [iso(first + DAY)] }, /^schedule\.skipped/],
        [{ ...TWICE_A_WEEK, moved: [{ from: iso(first + HOUR), to: iso(first + DAY) }] }, /^schedule\.moved/],
      ] as const) {
        const res = await reschedule(api, id, schedule)
        expect(res.status, JSON.stringify(schedule)).toBe(400)
        expect(JSON.stringify(res.data)).toMatch(new RegExp(field.source.replace('^', '')))
      }
      expect((await meetingsOf(api, id)).length).toBe(6)
    })

    it('finds a course by a meeting inside its span, and not by a gap between meetings', async () => {
      const word = `qz${Date.now().toString(36)}sched`
      const first = tuesdayIn(10)
      const id = await course(api, first, TWICE_A_WEEK, `Weekly ${word}`)
      const found = async (from: number, to: number) =>
        (
          await expectOk(
            api.call<Session[]>('GET', `/sessions?status=approved&q=${word}&from=${iso(from)}&to=${iso(to)}`),
          )
        ).data.map((s) => s._id)
      // The Wednesday between the first two meetings: inside the course's span, but no meeting.
      expect(await found(first + 12 * HOUR, first + 36 * HOUR)).toEqual([])
      // The third meeting (the second Tuesday), alone in its window.
      expect(await found(first + 7 * DAY - HOUR, first + 7 * DAY + HOUR)).toEqual([id])
      expect(await found(first + 16 * DAY - HOUR, first + 30 * DAY)).toEqual([id])
      expect(await found(first + 17 * DAY, first + 30 * DAY)).toEqual([])
    })

    it('carries every meeting in the booking’s .ics, each its own event', async () => {
      const first = tuesdayIn(10)
      const id = await course(api, first, TWICE_A_WEEK)
      const rule = await meetingsOf(api, id)
      await expectOk(
        reschedule(api, id, {
          ...TWICE_A_WEEK,
          skipped: [rule[4]!.start],
          moved: [{ from: rule[1]!.start, to: iso(Date.parse(rule[1]!.start) + 5 * HOUR) }],
        }),
      )
      const meetings = await meetingsOf(api, id)
      const bookingId = await createBooking(api, STUDENT, id, 'approved', TUTOR)
      const res = await api.call<string>('GET', `/bookings/${bookingId}/calendar`, { as: STUDENT })
      expect(res.status).toBe(200)
      const events = new ICAL.Component(ICAL.parse(res.data))
        .getAllSubcomponents('vevent')
        .map((v) => new ICAL.Event(v))
        .map((e) => ({
          start: e.startDate.toJSDate().toISOString(),
          end: e.endDate.toJSDate().toISOString(),
          uid: e.uid,
        }))
        .sort((a, b) => a.start.localeCompare(b.start))
      expect(events.map(({ start, end }) => ({ start, end }))).toEqual(
        meetings.map(({ start, end }) => ({ start, end })),
      )
      expect(new Set(events.map((e) => e.uid)).size).toBe(meetings.length)
      // A moved meeting keeps the UID the rule's start names.
      const stamp = rule[1]!.start.replace(/[-:]/g, '').replace(/\.\d{3}/, '')
      expect(events[1]!.uid).toBe(`booking-${bookingId}-${stamp}@studyhub.app`)
    })

    it('reminds a student before each meeting, once each', async () => {
      await expectOk(
        api.call('PATCH', '/users/me/notification-preferences', { as: STUDENT, body: { reminderLeads: ['1h'] } }),
      )
      const first = tuesdayIn(10)
      const id = await course(api, first, { timeZone: 'Asia/Kolkata', rrule: 'FREQ=DAILY;COUNT=3' })
      await createBooking(api, STUDENT, id, 'approved', TUTOR)
      const meetings = await meetingsOf(api, id)
      expect(meetings).toHaveLength(3)
      const remindAt = (now: number) =>
        remindClassesStartingSoon({
          store: api.target.store(),
          identity: { verify: async () => null },
          now: () => new Date(now),
          appTokenTtlSeconds: 60,
          maxFileBytes: 1,
        })
      const mine = async () =>
        (await expectOk(api.call<Notification[]>('GET', '/notifications', { as: STUDENT }))).data.filter(
          (n) => n.kind === 'class-reminder' && n.link.endsWith(id),
        )
      for (const [i, meeting] of meetings.entries()) {
        const before = Date.parse(meeting.start) - 30 * 60_000
        expect((await remindAt(before)).map((n) => n.recipientEmail)).toEqual([STUDENT])
        // Again (another run, another process): nothing new.
        expect(await remindAt(before + 60_000)).toEqual([])
        expect(await mine()).toHaveLength(i + 1)
      }
    })
  })
}
