// @vitest-environment node
import ICAL from 'ical.js'
import { describe, expect, it } from 'vitest'
import type { Schedule } from '#contract/entities'
import { MAX_MEETINGS } from '#contract/limits'
import { bookingEvents, calendarAnswer } from './calendar'
import { HttpError } from './http-errors'
import { instantOfWall } from '#contract/wall-clock'
import { meetingsOf, meetingSummary, spanOf } from './schedule'
import type { BookingRow, SessionRow } from './store'

/** The wall-clock "HH:MM" and weekday of an instant in a zone. */
function wall(instant: string, timeZone: string) {
  const f = new Intl.DateTimeFormat('en-GB', {
    timeZone,
    weekday: 'short',
    hour: '2-digit',
    minute: '2-digit',
    hourCycle: 'h23',
  })
  return f.format(new Date(instant))
}

const series = (classStart: string, timeZone: string, rrule: string, extra: Partial<Schedule> = {}) =>
  meetingsOf({ classStart, duration: 1.5, schedule: { timeZone, rrule, ...extra } })

const booking: BookingRow = {
  _id: 'b1',
  sessionId: 's1',
  studentEmail: 'student@studyhub.demo',
  tutorEmail: 'tutor@studyhub.demo',
  status: 'approved',
  bookedAt: '2026-09-01T09:00:00.000Z',
}

function sessionOf(classStart: string, schedule: Schedule): SessionRow {
  const meetings = meetingsOf({ classStart, duration: 1.5, schedule })
  return {
    _id: 's1',
    title: 'Organic chemistry',
    subject: 'Chemistry',
    description: '',
    registrationStart: '2026-09-01T09:00:00.000Z',
    registrationEnd: '2026-09-05T09:00:00.000Z',
    ...spanOf(meetings),
    duration: 1.5,
    registrationFee: 0,
    tutorName: 'Priya',
    tutorEmail: 'tutor@studyhub.demo',
    status: 'approved',
    createdAt: '2026-08-01T09:00:00.000Z',
    schedule,
    scheduleStart: classStart,
  }
}

/** The events ical.js reads from the booking's .ics, as start/end instants. */
function icsMeetings(session: SessionRow) {
  const answer = calendarAnswer(bookingEvents(booking, session, 'https://app.test/s1'), new Date('2026-09-01'))
  const calendar = new ICAL.Component(ICAL.parse(answer.body as string))
  return calendar.getAllSubcomponents('vevent').map((v) => {
    const event = new ICAL.Event(v)
    return {
      start: event.startDate.toJSDate().toISOString(),
      end: event.endDate.toJSDate().toISOString(),
      uid: event.uid,
    }
  })
}

describe('a weekly schedule across changes of clocks', () => {
  const cases = [
    // Berlin: CEST→CET on 25 Oct 2026, CET→CEST on 28 Mar 2027, back on 31 Oct 2027.
    {
      zone: 'Europe/Berlin',
      start: '2026-10-06T15:00:00.000Z',
      local: 'Tue 17:00',
      rule: 'FREQ=WEEKLY;BYDAY=TU;UNTIL=20271110T000000Z',
      offsets: ['15:00', '16:00'],
    },
    // New York: EDT→EST on 1 Nov 2026, back on 14 Mar 2027, and 7 Nov 2027.
    {
      zone: 'America/New_York',
      start: '2026-10-06T22:00:00.000Z',
      local: 'Tue 18:00',
      rule: 'FREQ=WEEKLY;BYDAY=TU;UNTIL=20271110T000000Z',
      offsets: ['22:00', '23:00'],
    },
    // Kolkata: +05:30 all year.
    {
      zone: 'Asia/Kolkata',
      start: '2026-10-06T11:30:00.000Z',
      local: 'Tue 17:00',
      rule: 'FREQ=WEEKLY;BYDAY=TU;COUNT=60',
      offsets: ['11:30'],
    },
    // Lord Howe: +10:30 in winter, +11 in summer (4 Oct 2026 to 4 Apr 2027): a half-hour change.
    {
      zone: 'Australia/Lord_Howe',
      start: '2026-09-21T22:30:00.000Z',
      local: 'Tue 09:00',
      rule: 'FREQ=WEEKLY;BYDAY=TU;COUNT=60',
      offsets: ['22:30', '22:00'],
    },
  ]

  it.each(cases)(
    'keeps every meeting at its wall time in $zone, and the .ics says the same',
    ({ zone, start, local, rule, offsets }) => {
      const meetings = series(start, zone, rule)
      expect(meetings.length).toBeGreaterThan(50)
      for (const m of meetings) {
        expect(wall(m.start, zone)).toBe(local)
        expect(Date.parse(m.end) - Date.parse(m.start)).toBe(1.5 * 3_600_000)
      }
      // Both of the zone's offsets are met (the instants move, the wall time does not).
      expect(new Set(meetings.map((m) => m.start.slice(11, 16)))).toEqual(new Set(offsets))
      const ics = icsMeetings(sessionOf(start, { timeZone: zone, rrule: rule }))
      expect(ics.map(({ start, end }) => ({ start, end }))).toEqual(meetings.map(({ start, end }) => ({ start, end })))
      expect(new Set(ics.map((e) => e.uid)).size).toBe(meetings.length)
    },
  )

  it('moves a wall time in a spring-forward gap forward, and takes the first of an overlap', () => {
    // 02:30 on 28 Mar 2027 does not exist in Berlin: it is 03:30 CEST (01:30Z).
    const gap = series('2027-03-26T01:30:00.000Z', 'Europe/Berlin', 'FREQ=DAILY;COUNT=3')
    expect(gap.map((m) => m.start)).toEqual([
      '2027-03-26T01:30:00.000Z',
      '2027-03-27T01:30:00.000Z',
      '2027-03-28T01:30:00.000Z',
    ])
    expect(wall(gap[2]!.start, 'Europe/Berlin')).toBe('Sun 03:30')
    // 02:30 on 25 Oct 2026 happens twice in Berlin: the first is CEST (00:30Z).
    expect(instantOfWall(Date.UTC(2026, 9, 25, 2, 30), 'Europe/Berlin')).toBe(Date.parse('2026-10-25T00:30:00.000Z'))
  })
})

describe('a schedule’s meetings', () => {
  const zone = 'Europe/Berlin'
  const first = '2026-12-01T16:00:00.000Z' // Tue 17:00 CET

  it('gives the same meetings for COUNT and for UNTIL, on several days, every other week', () => {
    const counted = series(first, zone, 'FREQ=WEEKLY;INTERVAL=2;BYDAY=TU,TH;COUNT=6')
    const until = series(first, zone, 'FREQ=WEEKLY;INTERVAL=2;BYDAY=TU,TH;UNTIL=20270101T000000Z')
    expect(counted).toEqual(until)
    expect(counted.map((m) => wall(m.start, zone))).toEqual([
      'Tue 17:00',
      'Thu 17:00',
      'Tue 17:00',
      'Thu 17:00',
      'Tue 17:00',
      'Thu 17:00',
    ])
    expect(counted.map((m) => m.start.slice(0, 10))).toEqual([
      '2026-12-01',
      '2026-12-03',
      '2026-12-15',
      '2026-12-17',
      '2026-12-29',
      '2026-12-31',
    ])
  })

  it('leaves a skipped meeting out and puts a moved one at its new start, as long as the others', () => {
    const rule = 'FREQ=WEEKLY;BYDAY=TU;COUNT=4'
    const [a, b, c, d] = series(first, zone, rule)
    const to = '2026-12-17T09:00:00.000Z'
    const meetings = series(first, zone, rule, { skipped: [a!.start], moved: [{ from: b!.start, to }] })
    expect(meetings).toEqual([
      c,
      { start: to, end: '2026-12-17T10:30:00.000Z', originalStart: b!.start, moved: true },
      d,
    ])
    expect(spanOf(meetings)).toEqual({ classStart: c!.start, classEnd: d!.end })
    // Moved past the others, it is still in order of start.
    const late = series(first, zone, rule, { moved: [{ from: a!.start, to: '2027-01-01T10:00:00.000Z' }] })
    expect(late.map((m) => m.originalStart)).toEqual([b, c, d, a].map((m) => m!.start))
    // The .ics keeps a moved meeting's UID: it is named by the start the rule gives it.
    const moved = icsMeetings(sessionOf(first, { timeZone: zone, rrule: rule, moved: [{ from: b!.start, to }] }))
    expect(moved.find((e) => e.start === to)?.uid).toBe('booking-b1-20261208T160000Z@studyhub.app')
  })

  it('is one meeting without a schedule, and counts the meetings not yet ended', () => {
    expect(meetingsOf({ classStart: first, duration: 2 })).toEqual([
      { start: first, end: '2026-12-01T18:00:00.000Z', originalStart: first },
    ])
    const session = {
      classStart: first,
      duration: 1.5,
      schedule: { timeZone: zone, rrule: 'FREQ=WEEKLY;BYDAY=TU;COUNT=3' },
    }
    expect(meetingSummary(session, new Date('2026-12-01T17:00:00.000Z'))).toEqual({
      meetingCount: 3,
      nextMeetingStart: first,
    })
    expect(meetingSummary(session, new Date('2026-12-01T17:30:00.000Z'))).toEqual({
      meetingCount: 3,
      nextMeetingStart: '2026-12-08T16:00:00.000Z',
    })
    expect(meetingSummary(session, new Date('2027-01-01T00:00:00.000Z'))).toEqual({ meetingCount: 3 })
  })

  const refused = (schedule: Partial<Schedule>) => {
    try {
      meetingsOf({
        classStart: first,
        duration: 1,
        schedule: { timeZone: zone, rrule: 'FREQ=WEEKLY;BYDAY=TU;COUNT=3', ...schedule },
      })
    } catch (error) {
      expect(error).toBeInstanceOf(HttpError)
      expect((error as HttpError).status).toBe(400)
      return (error as HttpError).message
    }
    throw new Error('accepted')
  }

  it.each([
    [{ rrule: 'FREQ=MONTHLY;COUNT=3' }, 'schedule.rrule must have FREQ=WEEKLY or FREQ=DAILY'],
    [{ rrule: 'FREQ=WEEKLY;INTERVAL=13;BYDAY=TU;COUNT=3' }, 'schedule.rrule INTERVAL must be 1 to 12'],
    [{ rrule: 'FREQ=WEEKLY;INTERVAL=0;BYDAY=TU;COUNT=3' }, 'schedule.rrule INTERVAL must be 1 to 12'],
    [{ rrule: 'FREQ=WEEKLY;COUNT=3' }, 'schedule.rrule must name its days (BYDAY) when weekly'],
    [{ rrule: 'FREQ=WEEKLY;BYDAY=TU' }, 'schedule.rrule must have either UNTIL or COUNT'],
    [{ rrule: 'FREQ=WEEKLY;BYDAY=TU;BYHOUR=3;COUNT=2' }, 'schedule.rrule may not have BYHOUR'],
    [{ rrule: 'FREQ=WEEKLY;BYDAY=XX;COUNT=2' }, 'schedule.rrule BYDAY must be days such as MO,WE'],
    [{ rrule: `FREQ=DAILY;COUNT=${MAX_MEETINGS + 1}` }, `schedule.rrule COUNT must be 1 to ${MAX_MEETINGS}`],
    [{ rrule: 'FREQ=DAILY;UNTIL=20280101T000000Z' }, `schedule.rrule makes more than ${MAX_MEETINGS} meetings`],
    [{ timeZone: 'Mars/Olympus' }, 'schedule.timeZone must be an IANA time zone'],
    [
      { skipped: ['2026-12-02T16:00:00.000Z'] },
      'schedule.skipped must name a meeting the schedule gives: 2026-12-02T16:00:00.000Z is not one',
    ],
    [
      { moved: [{ from: '2026-12-01T17:00:00.000Z', to: '2026-12-03T17:00:00.000Z' }] },
      'schedule.moved must name a meeting the schedule gives: 2026-12-01T17:00:00.000Z is not one',
    ],
    [
      { skipped: [first, '2026-12-08T16:00:00.000Z', '2026-12-15T16:00:00.000Z'] },
      'schedule.skipped leaves no meeting',
    ],
  ])('refuses %j with a 400 naming the field', (schedule, message) => {
    expect(refused(schedule)).toBe(message)
  })
})
