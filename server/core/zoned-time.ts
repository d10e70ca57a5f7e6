// Times as a message writes them to one person: in their time zone, with the
// zone named ("Tue 2 Dec 2026, 17:00 CET"), so a mail read anywhere says when
// the class is. Used by the inbox's texts, the mails and their subjects.
import { DEFAULT_TIME_ZONE, isTimeZone } from '#contract/time-zone'

const formats = new Map<string, Intl.DateTimeFormat>()

function formatOf(timeZone: string): Intl.DateTimeFormat {
  let format = formats.get(timeZone)
  if (!format) {
    format = new Intl.DateTimeFormat('en-GB', {
      timeZone,
      weekday: 'short',
      day: 'numeric',
      month: 'short',
      year: 'numeric',
      hour: '2-digit',
      minute: '2-digit',
      hourCycle: 'h23',
      timeZoneName: 'short',
    })
    formats.set(timeZone, format)
  }
  return format
}

/** "Tue 2 Dec 2026, 17:00 CET": the instant in `timeZone` (UTC for a zone this runtime does not know). */
export function formatZoned(instant: string | Date, timeZone: string): string {
  const zone = isTimeZone(timeZone) ? timeZone : DEFAULT_TIME_ZONE
  const parts = Object.fromEntries(
    formatOf(zone)
      .formatToParts(new Date(instant))
      .map((p) => [p.type, p.value]),
  )
  return `${parts.weekday} ${parts.day} ${parts.month} ${parts.year}, ${parts.hour}:${parts.minute} ${parts.timeZoneName}`
}
