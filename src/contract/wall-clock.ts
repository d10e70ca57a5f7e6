// Wall-clock time in a zone, and back: one conversion for the server's
// schedules (server/core/schedule.ts) and the app's schedule editor, so the
// meetings a tutor previews are the ones the server makes. A wall time is
// written as the milliseconds of a UTC date with the same fields (17:00 in
// Berlin is Date.UTC(…, 17, 0)), which date arithmetic and rrule can use as
// they are; Intl gives each zone's offsets, daylight-saving changes included.

const DAY_MS = 86_400_000

const wallFormats = new Map<string, Intl.DateTimeFormat>()

function wallFormat(timeZone: string): Intl.DateTimeFormat {
  let format = wallFormats.get(timeZone)
  if (!format) {
    format = new Intl.DateTimeFormat('en-US', {
      timeZone,
      year: 'numeric',
      month: 'numeric',
      day: 'numeric',
      hour: 'numeric',
      minute: 'numeric',
      second: 'numeric',
      hourCycle: 'h23',
    })
    wallFormats.set(timeZone, format)
  }
  return format
}

/** The wall-clock time at `instant` in `timeZone`, as milliseconds of a UTC date with the same fields. */
export function wallOf(instant: number, timeZone: string): number {
  const parts = Object.fromEntries(
    wallFormat(timeZone)
      .formatToParts(new Date(instant))
      .map((p) => [p.type, Number(p.value)]),
  ) as Record<'year' | 'month' | 'day' | 'hour' | 'minute' | 'second', number>
  const wall = Date.UTC(parts.year, parts.month - 1, parts.day, parts.hour, parts.minute, parts.second)
  return wall + (instant % 1000)
}

/** The zone's offset from UTC at `instant`, in milliseconds. */
const offsetAt = (instant: number, timeZone: string) => wallOf(instant, timeZone) - instant

/**
 * The instant a wall-clock time (as UTC fields) happens in `timeZone`. In an
 * overlap (clocks set back) the first of the two; in a gap (clocks set
 * forward) the time moves forward by the gap, as a clock on the wall does.
 */
export function instantOfWall(wall: number, timeZone: string): number {
  const before = offsetAt(wall - DAY_MS, timeZone)
  const after = offsetAt(wall + DAY_MS, timeZone)
  const fits = [wall - before, wall - after].filter((t) => offsetAt(t, timeZone) === wall - t)
  if (fits.length > 0) return Math.min(...fits)
  return wall - before
}
