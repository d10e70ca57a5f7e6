// Times as a message writes them to one person: in their time zone, with the
// zone named ("Tue 2 Dec 2026, 17:00 CET"), so a mail read anywhere says when
// the class is. Used by the inbox's texts, the mails and their subjects.
import { DEFAULT_TIME_ZONE, isTimeZone } from '#contract/time-zone'

const formats = new Map<string, { short: Intl.DateTimeFormat; generic: Intl.DateTimeFormat }>()

function formatsOf(timeZone: string) {
  let format = formats.get(timeZone)
  if (!format) {
    const options: Intl.DateTimeFormatOptions = {
      timeZone,
      weekday: 'short',
      day: 'numeric',
      month: 'short',
      year: 'numeric',
      hour: '2-digit',
      minute: '2-digit',
      hourCycle: 'h23',
    }
    format = {
      short: new Intl.DateTimeFormat('en-GB', { ...options, timeZoneName: 'short' }),
      generic: new Intl.DateTimeFormat('en-GB', { timeZone, timeZoneName: 'shortGeneric' }),
    }
    formats.set(timeZone, format)
  }
  return format
}

type ZonedParts = Record<'weekday' | 'day' | 'month' | 'year' | 'hour' | 'minute' | 'timeZoneName', string>

const partsOf = (format: Intl.DateTimeFormat, date: Date) =>
  Object.fromEntries(format.formatToParts(date).map((p) => [p.type, p.value])) as ZonedParts

function zonedParts(instant: string | Date, timeZone: string): ZonedParts {
  const date = new Date(instant)
  const format = formatsOf(isTimeZone(timeZone) ? timeZone : DEFAULT_TIME_ZONE)
  const parts = partsOf(format.short, date)
  // Outside Europe, en-GB's short name is an offset ("GMT-5"): the generic name says whose ("GMT-5 (New York Time)").
  if (/^GMT[+-]/.test(parts.timeZoneName)) {
    parts.timeZoneName += ` (${partsOf(format.generic, date).timeZoneName})`
  }
  return parts
}

const dayOf = (p: ZonedParts) => `${p.weekday} ${p.day} ${p.month} ${p.year}`

/** "Tue 2 Dec 2026, 17:00 CET": the instant in `timeZone` (UTC for a zone this runtime does not know). */
export function formatZoned(instant: string | Date, timeZone: string): string {
  const parts = zonedParts(instant, timeZone)
  return `${dayOf(parts)}, ${parts.hour}:${parts.minute} ${parts.timeZoneName}`
}

/**
 * "Tue 2 Dec 2026, 17:00–18:30 CET": a class from start to end. Written in
 * full at both ends when it crosses midnight or a change of clocks (CET to
 * CEST), so each end names the day and zone it is in.
 */
export function formatZonedSpan(start: string | Date, end: string | Date, timeZone: string): string {
  const from = zonedParts(start, timeZone)
  const to = zonedParts(end, timeZone)
  if (dayOf(from) !== dayOf(to) || from.timeZoneName !== to.timeZoneName) {
    return `${formatZoned(start, timeZone)} – ${formatZoned(end, timeZone)}`
  }
  return `${dayOf(from)}, ${from.hour}:${from.minute}–${to.hour}:${to.minute} ${from.timeZoneName}`
}
