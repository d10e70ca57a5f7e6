// The weekly schedule the form builds: its RRULE value, and the meetings the preview counts, in the session's zone
// (a Tuesday 17:00 in Berlin stays 17:00 there when the clocks go back on 25 October 2026).
import { expect, it } from 'vitest'
import { MAX_MEETINGS } from '#contract/limits'
import {
  buildRrule,
  inputsInZone,
  instantInZone,
  oneMeeting,
  SCHEDULE_MESSAGES,
  scheduleFormOf,
  scheduleProblems,
  type ScheduleFormValues,
} from './schedule-rule'

const BERLIN = 'Europe/Berlin'
const weekly = (change: Partial<ScheduleFormValues>): ScheduleFormValues => ({
  ...oneMeeting(BERLIN),
  repeats: 'weekly',
  days: 'TU,TH',
  ...change,
})
// Tuesday 13 October 2026, 17:00 in Berlin (summer time, UTC+2).
const first = instantInZone('2026-10-13', '17:00', BERLIN)!

it('reads a wall-clock time in the zone', () => {
  expect(first.toISOString()).toBe('2026-10-13T15:00:00.000Z')
  expect(instantInZone('2026-10-27', '17:00', BERLIN)!.toISOString()).toBe('2026-10-27T16:00:00.000Z')
  expect(instantInZone('2026-02-30', '17:00', BERLIN)).toBeNull()
})

it('builds the RRULE value: days in week order, an interval, and UNTIL as the end of that day in the zone', () => {
  expect(buildRrule(weekly({ days: 'TH,TU', interval: '2', ends: 'until', until: '2026-12-22' }))).toBe(
    'FREQ=WEEKLY;INTERVAL=2;BYDAY=TU,TH;UNTIL=20261222T225959Z',
  )
  // In summer Berlin is two hours ahead: the day ends at 21:59:59 UTC.
  expect(buildRrule(weekly({ ends: 'until', until: '2026-07-01' }))).toContain('UNTIL=20260701T215959Z')
  expect(buildRrule(weekly({ count: '8' }))).toBe('FREQ=WEEKLY;INTERVAL=1;BYDAY=TU,TH;COUNT=8')
})

it('keeps a Tuesday 17:00 at 17:00 in Berlin across the change to winter time', () => {
  const { problems, meetings } = scheduleProblems(weekly({ count: '6' }), first, 1.5)
  expect(problems).toEqual([])
  expect(meetings.map((m) => inputsInZone(m.start, BERLIN))).toEqual([
    { date: '2026-10-13', time: '17:00' },
    { date: '2026-10-15', time: '17:00' },
    { date: '2026-10-20', time: '17:00' },
    { date: '2026-10-22', time: '17:00' },
    { date: '2026-10-27', time: '17:00' },
    { date: '2026-10-29', time: '17:00' },
  ])
  // The UTC hour moves by one instead; each meeting keeps its length.
  expect(meetings[4]!.start.toISOString()).toBe('2026-10-27T16:00:00.000Z')
  expect(meetings.every((m) => m.end.getTime() - m.start.getTime() === 90 * 60_000)).toBe(true)
})

it('counts every other week from the first meeting\u2019s week, until the end of the last day', () => {
  const values = weekly({ interval: '2', ends: 'until', until: '2026-11-10' })
  const { meetings } = scheduleProblems(values, first, 1)
  expect(meetings.map((m) => inputsInZone(m.start, BERLIN).date)).toEqual([
    '2026-10-13',
    '2026-10-15',
    '2026-10-27',
    '2026-10-29',
    '2026-11-10',
  ])
})

it('says what is wrong beside its field', () => {
  const problems = (change: Partial<ScheduleFormValues>) =>
    scheduleProblems(weekly(change), first, 1).problems.map((p) => [p.message, p.fields[0]])
  expect(problems({ days: '', count: '3' })).toEqual([[SCHEDULE_MESSAGES.days, 'days']])
  expect(problems({ days: 'WE', count: '3' })).toEqual([[SCHEDULE_MESSAGES.startDay, 'days']])
  expect(problems({ count: '' })).toEqual([[SCHEDULE_MESSAGES.end, 'count']])
  expect(problems({ interval: '5', count: '2' })).toEqual([[SCHEDULE_MESSAGES.interval, 'interval']])
  expect(problems({ ends: 'until', until: '2026-10-01' })).toEqual([[SCHEDULE_MESSAGES.untilOrder, 'until']])
  expect(problems({ count: String(MAX_MEETINGS + 1) })).toEqual([[SCHEDULE_MESSAGES.tooMany, 'count']])
  // A date far off makes too many meetings.
  expect(problems({ days: 'MO,TU,WE,TH,FR', ends: 'until', until: '2028-01-01' })).toEqual([
    [SCHEDULE_MESSAGES.tooMany, 'until'],
  ])
  expect(scheduleProblems(weekly({ count: String(MAX_MEETINGS) }), first, 1).meetings).toHaveLength(MAX_MEETINGS)
  expect(scheduleProblems(oneMeeting(BERLIN), first, 1).problems).toEqual([])
})

it('reads a session\u2019s schedule back into the form', () => {
  const values = weekly({ days: 'TU,TH', interval: '2', ends: 'until', until: '2026-12-22' })
  expect(scheduleFormOf({ timeZone: BERLIN, rrule: buildRrule(values) }, 'UTC')).toEqual(values)
  expect(scheduleFormOf(undefined, 'Asia/Tokyo')).toEqual(oneMeeting('Asia/Tokyo'))
})
