// A session's meetings: one from classStart for `duration` hours, or its
// schedule expanded (docs/rules/sessions.md, docs/decisions/0085). The rule is
// iterated in "floating" wall-clock time (each local time written as if it
// were UTC, no zone given to rrule) and every wall time is turned into an
// instant in the session's zone here, with Intl: so a class at 17:00 in
// Berlin stays at 17:00 Berlin time on both sides of a change of clocks, and
// no library's zone handling is trusted with it.
import * as rrulePackage from 'rrule'
import type { Meeting, Schedule } from '#contract/entities'
import { MAX_MEETINGS } from '#contract/limits'
import { isTimeZone } from '#contract/time-zone'
import { instantOfWall, wallOf } from '#contract/wall-clock'
import { badRequest } from './http-errors'

// rrule's `main` is CommonJS, whose names Node puts on the default export only;
// its `module` (what the demo server's bundler reads) is ES modules without a default.
const { RRule } = (rrulePackage as { default?: typeof rrulePackage }).default ?? rrulePackage

const HOUR_MS = 3_600_000
const MAX_INTERVAL = 12
/** The parts a rule may have: weekly or daily, every N, on days, until or N times. */
const RULE_PARTS = new Set(['FREQ', 'INTERVAL', 'BYDAY', 'UNTIL', 'COUNT', 'WKST'])

type ScheduledSession = { classStart: string; duration: number; schedule?: Schedule }

const iso = (ms: number) => new Date(ms).toISOString()

/** 20261226T225959Z → its instant. */
function stampOf(value: string): number | null {
  const m = /^(\d{4})(\d{2})(\d{2})(?:T(\d{2})(\d{2})(\d{2})Z?)?$/.exec(value)
  if (!m) return null
  const [, y, mo, d, h = '0', mi = '0', s = '0'] = m
  const ms = Date.UTC(+y!, +mo! - 1, +d!, +h, +mi, +s)
  return Number.isNaN(ms) ? null : ms
}

/** The rule's parts, checked; a 400 naming `schedule.rrule` for anything the product does not offer. */
function ruleOf(rrule: string) {
  const text = rrule.trim().replace(/^RRULE:/i, '')
  const parts = new Map<string, string>()
  for (const part of text.split(';')) {
    const [key = '', value = ''] = part.split('=')
    const name = key.trim().toUpperCase()
    if (!RULE_PARTS.has(name)) throw badRequest(`schedule.rrule may not have ${name || 'an empty part'}`)
    if (parts.has(name)) throw badRequest(`schedule.rrule has ${name} twice`)
    parts.set(name, value.trim().toUpperCase())
  }
  const freq = parts.get('FREQ')
  if (freq !== 'WEEKLY' && freq !== 'DAILY') throw badRequest('schedule.rrule must have FREQ=WEEKLY or FREQ=DAILY')
  const interval = parts.has('INTERVAL') ? Number(parts.get('INTERVAL')) : 1
  if (!Number.isInteger(interval) || interval < 1 || interval > MAX_INTERVAL)
    throw badRequest(`schedule.rrule INTERVAL must be 1 to ${MAX_INTERVAL}`)
  if (freq === 'WEEKLY' && !parts.get('BYDAY'))
    throw badRequest('schedule.rrule must name its days (BYDAY) when weekly')
  if (parts.has('BYDAY') && !/^(MO|TU|WE|TH|FR|SA|SU)(,(MO|TU|WE|TH|FR|SA|SU))*$/.test(parts.get('BYDAY')!))
    throw badRequest('schedule.rrule BYDAY must be days such as MO,WE')
  if (parts.has('UNTIL') === parts.has('COUNT')) throw badRequest('schedule.rrule must have either UNTIL or COUNT')
  const until = parts.has('UNTIL') ? stampOf(parts.get('UNTIL')!) : undefined
  if (until === null) throw badRequest('schedule.rrule UNTIL must be a time such as 20261226T225959Z')
  const count = parts.has('COUNT') ? Number(parts.get('COUNT')) : undefined
  if (count !== undefined && !(Number.isInteger(count) && count >= 1 && count <= MAX_MEETINGS))
    throw badRequest(`schedule.rrule COUNT must be 1 to ${MAX_MEETINGS}`)
  let options
  try {
    options = RRule.parseString(
      [...parts]
        .filter(([k]) => k !== 'UNTIL')
        .map(([k, v]) => `${k}=${v}`)
        .join(';'),
    )
  } catch {
    throw badRequest('schedule.rrule is not a recurrence rule')
  }
  return { options, until }
}

/** The starts the rule gives, as instants in ascending order: a 400 when there are none or too many. */
function ruleStarts(classStart: string, schedule: Schedule): number[] {
  if (!isTimeZone(schedule.timeZone)) throw badRequest('schedule.timeZone must be an IANA time zone')
  const { options, until } = ruleOf(schedule.rrule)
  const zone = schedule.timeZone
  // Floating: the first meeting's wall time as UTC fields; UNTIL (an instant) as its wall time in the zone.
  const dtstart = new Date(wallOf(Date.parse(classStart), zone))
  const rule = new RRule({
    ...options,
    dtstart,
    ...(until === undefined ? {} : { until: new Date(wallOf(until, zone)) }),
  })
  const walls = rule.all((_, i) => i <= MAX_MEETINGS)
  if (walls.length > MAX_MEETINGS) throw badRequest(`schedule.rrule makes more than ${MAX_MEETINGS} meetings`)
  if (walls.length === 0) throw badRequest('schedule.rrule gives no meeting')
  return walls.map((w) => instantOfWall(w.getTime(), zone))
}

/**
 * The session's meetings, in order of start: the rule's, without the skipped,
 * the moved at their new start (each as long as the others). No schedule is
 * one meeting. Throws a 400 naming the field for a schedule that cannot be.
 */
export function meetingsOf(session: ScheduledSession): Meeting[] {
  const length = Number(session.duration) * HOUR_MS
  const { schedule } = session
  if (!schedule) {
    // A row from before the API checked ranges may hold times no Date can write: its end is then its start.
    const end = new Date(Date.parse(session.classStart) + length)
    const written = Number.isNaN(end.getTime()) ? session.classStart : end.toISOString()
    return [{ start: session.classStart, end: written, originalStart: session.classStart }]
  }
  const starts = ruleStarts(session.classStart, schedule)
  const given = new Set(starts)
  const named = (value: string, field: string) => {
    const ms = Date.parse(value)
    if (!given.has(ms)) throw badRequest(`${field} must name a meeting the schedule gives: ${value} is not one`)
    return ms
  }
  const skipped = new Set((schedule.skipped ?? []).map((s) => named(s, 'schedule.skipped')))
  const moved = new Map<number, number>()
  for (const { from, to } of schedule.moved ?? []) {
    const ms = named(from, 'schedule.moved')
    if (skipped.has(ms) || moved.has(ms)) throw badRequest(`schedule.moved names ${from} twice or also skips it`)
    if (Number.isNaN(Date.parse(to))) throw badRequest('schedule.moved to must be a time')
    moved.set(ms, Date.parse(to))
  }
  const meetings = starts
    .filter((s) => !skipped.has(s))
    .map((original): Meeting => {
      const start = moved.get(original) ?? original
      return {
        start: iso(start),
        end: iso(start + length),
        originalStart: iso(original),
        ...(moved.has(original) ? { moved: true as const } : {}),
      }
    })
    .sort((a, b) => a.start.localeCompare(b.start) || a.originalStart.localeCompare(b.originalStart))
  if (meetings.length === 0) throw badRequest('schedule.skipped leaves no meeting')
  return meetings
}

/** Like meetingsOf, for a stored row: a schedule the rules no longer take reads as its one first meeting. */
export function storedMeetings(session: ScheduledSession): Meeting[] {
  try {
    return meetingsOf(session)
  } catch {
    return meetingsOf({ classStart: session.classStart, duration: session.duration })
  }
}

/** classStart and classEnd as the meetings make them: the first's start, the last's end. */
export function spanOf(meetings: readonly Meeting[]): { classStart: string; classEnd: string } {
  return {
    classStart: meetings[0]!.start,
    classEnd: meetings.reduce((end, m) => (m.end > end ? m.end : end), meetings[0]!.end),
  }
}

/** What a session or booking answer adds: how many meetings, and the next not yet ended at `now`. */
export function meetingSummary(
  session: ScheduledSession,
  now: Date,
): { meetingCount: number; nextMeetingStart?: string } {
  const meetings = storedMeetings(session)
  const next = meetings.find((m) => Date.parse(m.end) > now.getTime())
  return { meetingCount: meetings.length, ...(next ? { nextMeetingStart: next.start } : {}) }
}
