// A course's schedule in words, as the details page and the approval dialog
// say it: "Tuesdays and Thursdays, 17:00–19:00 CET, 1–26 December, 8 meetings".
// Worked out from the meetings the server expanded, in the session's zone (the
// app carries no RRULE parser): the weekdays its meetings fall on, the first
// regular meeting's hours, the first and last day, how many. The viewer's own
// hours follow where their zone tells another time.
import type { Meeting, Schedule } from '#contract/entities'
import { viewerTimeZone } from '#shared/format/date'

const WEEKDAYS = ['Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat', 'Sun']

/** Monday 0 … Sunday 6, on the wall calendar of `timeZone`. */
function weekdayIndex(at: Date, timeZone: string): number {
  return WEEKDAYS.indexOf(new Intl.DateTimeFormat('en-US', { weekday: 'short', timeZone }).format(at))
}

/** "Tuesdays and Thursdays" (the first Monday of 2024 names each day in the viewer's locale). */
function weekdaysText(days: number[]): string {
  const name = new Intl.DateTimeFormat(undefined, { weekday: 'long', timeZone: 'UTC' })
  const names = days.map((day) => `${name.format(Date.UTC(2024, 0, 1 + day))}s`)
  return new Intl.ListFormat(undefined, { type: 'conjunction' }).format(names)
}

function hoursText(meeting: Meeting, timeZone: string): string {
  const hours = new Intl.DateTimeFormat(undefined, {
    hour: 'numeric',
    minute: '2-digit',
    timeZoneName: 'short',
    timeZone,
  })
  return hours.formatRange(new Date(meeting.start), new Date(meeting.end))
}

/** The schedule in one line; null without meetings. */
export function scheduleText(schedule: Pick<Schedule, 'timeZone' | 'rrule'>, meetings: Meeting[]): string | null {
  const first = meetings[0]
  const last = meetings.at(-1)
  if (!first || !last) return null
  const zone = schedule.timeZone
  // A moved meeting keeps the day the rule gave it out of the pattern.
  const regular = meetings.filter((meeting) => !meeting.moved)
  const pattern = regular.length > 0 ? regular : meetings
  const days = [...new Set(pattern.map((meeting) => weekdayIndex(new Date(meeting.start), zone)))].sort()
  const interval = Number(/(?:^|;)INTERVAL=(\d+)/.exec(schedule.rrule)?.[1] ?? 1)
  const every = interval > 1 ? `Every ${interval} weeks: ` : ''
  const span = new Intl.DateTimeFormat(undefined, { day: 'numeric', month: 'long', timeZone: zone })
  const theirs = hoursText(pattern[0]!, zone)
  const yours = hoursText(pattern[0]!, viewerTimeZone())
  return [
    `${every}${weekdaysText(days)}`,
    theirs === yours ? theirs : `${theirs} (${yours} your time)`,
    span.formatRange(new Date(first.start), new Date(last.end)),
    meetings.length === 1 ? '1 meeting' : `${meetings.length} meetings`,
  ].join(', ')
}
