// A course's schedule as the tutor picks it (weekly on chosen days, every N weeks, until a date or N times, in a
// time zone), turned into the contract's RRULE value, and its meetings counted in the app for the preview. The
// server expands the rule itself (GET /sessions/:id/meetings); this is the same simple weekly iteration, with no
// recurrence package in the app bundle. Wall-clock times are the zone's: a Tuesday 17:00 in Berlin stays 17:00
// across a daylight-saving change.
import type { Schedule } from '#contract/entities'
import { MAX_MEETINGS } from '#contract/limits'
import { instantOfWall, wallOf } from '#contract/wall-clock'

export const WEEKDAYS = ['MO', 'TU', 'WE', 'TH', 'FR', 'SA', 'SU'] as const
export type Weekday = (typeof WEEKDAYS)[number]
export const WEEKDAY_LABELS: Record<Weekday, string> = {
  MO: 'Mon',
  TU: 'Tue',
  WE: 'Wed',
  TH: 'Thu',
  FR: 'Fri',
  SA: 'Sat',
  SU: 'Sun',
}
export const MAX_INTERVAL_WEEKS = 4

/** The schedule fields as the form holds them (absent in a draft kept from before they existed). */
export interface ScheduleFormValues {
  repeats: 'none' | 'weekly'
  /** The chosen days, comma-separated in week order ('TU,TH'): a draft keeps plain values only. */
  days: string
  /** '1' to '4' */
  interval: string
  ends: 'until' | 'count'
  /** yyyy-mm-dd: the last day a meeting may fall on, in the zone. */
  until: string
  count: string
  timeZone: string
}

export const oneMeeting = (timeZone: string): ScheduleFormValues => ({
  repeats: 'none',
  days: '',
  interval: '1',
  ends: 'count',
  until: '',
  count: '',
  timeZone,
})

export const SCHEDULE_MESSAGES = {
  days: 'Choose at least one day of the week.',
  startDay: 'The class start must fall on one of the chosen days.',
  interval: `Repeat every 1 to ${MAX_INTERVAL_WEEKS} weeks.`,
  end: 'Choose when the meetings end: a date, or a number of meetings.',
  untilOrder: 'The meetings must end after the class starts.',
  count: 'The number of meetings must be a whole number of at least 1.',
  tooMany: `A session may have at most ${MAX_MEETINGS} meetings.`,
} as const

export type ScheduleField = 'days' | 'interval' | 'until' | 'count'

interface WallClock {
  year: number
  month: number
  day: number
  hour: number
  minute: number
  second: number
}

/** The wall clock in `timeZone` at `instant`. */
export function wallClockIn(instant: Date, timeZone: string): WallClock {
  const wall = new Date(wallOf(instant.getTime(), timeZone))
  return {
    year: wall.getUTCFullYear(),
    month: wall.getUTCMonth() + 1,
    day: wall.getUTCDate(),
    hour: wall.getUTCHours(),
    minute: wall.getUTCMinutes(),
    second: wall.getUTCSeconds(),
  }
}

/** The instant the wall clock in `timeZone` reads `clock` (a time skipped by a change read as after it), as the server reads it. */
function zonedInstant(clock: WallClock, timeZone: string): Date {
  const wall = Date.UTC(clock.year, clock.month - 1, clock.day, clock.hour, clock.minute, clock.second)
  return new Date(instantOfWall(wall, timeZone))
}

const DATE = /^(\d{4})-(\d{2})-(\d{2})$/
const TIME = /^(\d{2}):(\d{2})$/

/** A yyyy-mm-dd date and hh:mm time read in `timeZone`; null where not valid. */
export function instantInZone(date: string, time: string, timeZone: string): Date | null {
  const d = DATE.exec(date)
  const t = TIME.exec(time)
  if (!d || !t) return null
  const [year, month, day, hour, minute] = [d[1], d[2], d[3], t[1], t[2]].map(Number) as number[]
  const check = new Date(Date.UTC(year!, month! - 1, day!))
  if (check.getUTCMonth() !== month! - 1 || hour! > 23 || minute! > 59) return null
  return zonedInstant({ year: year!, month: month!, day: day!, hour: hour!, minute: minute!, second: 0 }, timeZone)
}

const two = (n: number) => String(n).padStart(2, '0')

/** An instant as date and time inputs' values in `timeZone`. */
export function inputsInZone(instant: Date, timeZone: string): { date: string; time: string } {
  const c = wallClockIn(instant, timeZone)
  return { date: `${c.year}-${two(c.month)}-${two(c.day)}`, time: `${two(c.hour)}:${two(c.minute)}` }
}

/** 20261226T225959Z: an instant as RRULE's UNTIL writes it. */
function ruleUtc(instant: Date): string {
  return instant
    .toISOString()
    .replace(/[-:]/g, '')
    .replace(/\.\d{3}/, '')
}

/** The RRULE value of the form's weekly schedule (only called once the form has no problems). */
export function buildRrule(values: ScheduleFormValues): string {
  const parts = ['FREQ=WEEKLY', `INTERVAL=${Number(values.interval)}`, `BYDAY=${chosenDays(values).join(',')}`]
  if (values.ends === 'until') {
    const end = instantInZone(values.until, '23:59', values.timeZone)
    parts.push(`UNTIL=${ruleUtc(new Date(end!.getTime() + 59_000))}`)
  } else parts.push(`COUNT=${Number(values.count)}`)
  return parts.join(';')
}

/** The schedule fields of a session's RRULE as the form shows them (what it does not write stays as given). */
export function scheduleFormOf(schedule: Schedule | undefined, fallbackZone: string): ScheduleFormValues {
  if (!schedule) return oneMeeting(fallbackZone)
  const rule = Object.fromEntries(schedule.rrule.split(';').map((p) => p.split('=') as [string, string]))
  const until = rule.UNTIL && /^(\d{4})(\d{2})(\d{2})T(\d{2})(\d{2})(\d{2})Z$/.exec(rule.UNTIL)
  return {
    repeats: 'weekly',
    days: chosenDays({ days: rule.BYDAY ?? '' }).join(','),
    interval: rule.INTERVAL ?? '1',
    ends: until ? 'until' : 'count',
    until: until
      ? inputsInZone(
          new Date(Date.UTC(+until[1]!, +until[2]! - 1, +until[3]!, +until[4]!, +until[5]!, +until[6]!)),
          schedule.timeZone,
        ).date
      : '',
    count: rule.COUNT ?? '',
    timeZone: schedule.timeZone,
  }
}

/** The chosen days of the form, in week order. */
export const chosenDays = (values: Pick<ScheduleFormValues, 'days'>): Weekday[] =>
  WEEKDAYS.filter((d) => values.days.split(',').includes(d))

/** The form's days with `day` chosen or not. */
export const toggledDays = (values: Pick<ScheduleFormValues, 'days'>, day: Weekday, on: boolean): string =>
  WEEKDAYS.filter((d) => (d === day ? on : chosenDays(values).includes(d))).join(',')

export const weekdayOf = (c: WallClock) =>
  WEEKDAYS[(new Date(Date.UTC(c.year, c.month - 1, c.day)).getUTCDay() + 6) % 7]!

export interface PreviewMeeting {
  start: Date
  end: Date
}

/**
 * The meetings of a weekly schedule from the first meeting's start, each `hours` long: on the chosen days of every
 * `interval`th week (weeks from Monday, as RRULE counts them), at the first meeting's wall-clock time in the zone,
 * until the end; at most MAX_MEETINGS + 1 (one more says "too many").
 */
export function weeklyMeetings(first: Date, hours: number, values: ScheduleFormValues): PreviewMeeting[] {
  const zone = values.timeZone
  const start = wallClockIn(first, zone)
  const interval = Number(values.interval)
  const days = chosenDays(values)
  const count = values.ends === 'count' ? Number(values.count) : Infinity
  const until = values.ends === 'until' ? instantInZone(values.until, '23:59', zone) : null
  const firstDay = Date.UTC(start.year, start.month - 1, start.day)
  const monday = firstDay - WEEKDAYS.indexOf(weekdayOf(start)) * 86_400_000
  const meetings: PreviewMeeting[] = []
  const lastDay = firstDay + (MAX_MEETINGS + 1) * MAX_INTERVAL_WEEKS * 7 * 86_400_000
  for (let day = firstDay; day <= lastDay && meetings.length < Math.min(count, MAX_MEETINGS + 1); day += 86_400_000) {
    const date = new Date(day)
    const clock = { ...start, year: date.getUTCFullYear(), month: date.getUTCMonth() + 1, day: date.getUTCDate() }
    const week = Math.floor((day - monday) / (7 * 86_400_000))
    if (week % interval !== 0 || !days.includes(weekdayOf(clock))) continue
    const meeting = zonedInstant(clock, zone)
    if (until && meeting.getTime() > until.getTime() + 59_999) break
    meetings.push({ start: meeting, end: new Date(meeting.getTime() + hours * 3_600_000) })
  }
  return meetings
}

/**
 * The schedule's problems, each with its field, given the first meeting's start (null while that is not valid):
 * days for weekly, an end after the start, at most MAX_MEETINGS meetings.
 */
export function scheduleProblems(values: ScheduleFormValues, first: Date | null, hours: number) {
  const problems: { message: string; fields: ScheduleField[] }[] = []
  if (values.repeats !== 'weekly') return { problems, meetings: [] as PreviewMeeting[] }
  if (chosenDays(values).length === 0) problems.push({ message: SCHEDULE_MESSAGES.days, fields: ['days'] })
  else if (first && !chosenDays(values).includes(weekdayOf(wallClockIn(first, values.timeZone))))
    problems.push({ message: SCHEDULE_MESSAGES.startDay, fields: ['days'] })
  const interval = Number(values.interval)
  if (!Number.isInteger(interval) || interval < 1 || interval > MAX_INTERVAL_WEEKS)
    problems.push({ message: SCHEDULE_MESSAGES.interval, fields: ['interval'] })
  if (values.ends === 'until') {
    const until = instantInZone(values.until, '23:59', values.timeZone)
    if (!until) problems.push({ message: SCHEDULE_MESSAGES.end, fields: ['until'] })
    else if (first && until < first) problems.push({ message: SCHEDULE_MESSAGES.untilOrder, fields: ['until'] })
  } else {
    const count = Number(values.count)
    if (!values.count.trim()) problems.push({ message: SCHEDULE_MESSAGES.end, fields: ['count'] })
    else if (!Number.isInteger(count) || count < 1)
      problems.push({ message: SCHEDULE_MESSAGES.count, fields: ['count'] })
    else if (count > MAX_MEETINGS) problems.push({ message: SCHEDULE_MESSAGES.tooMany, fields: ['count'] })
  }
  if (problems.length > 0 || !first) return { problems, meetings: [] as PreviewMeeting[] }
  const meetings = weeklyMeetings(first, Number.isFinite(hours) ? hours : 0, values)
  if (meetings.length > MAX_MEETINGS)
    problems.push({ message: SCHEDULE_MESSAGES.tooMany, fields: [values.ends === 'until' ? 'until' : 'count'] })
  return { problems, meetings }
}
