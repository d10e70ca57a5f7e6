import { afterEach, describe, expect, it } from 'vitest'
import { formatWhen, setViewerTimeZone } from './date'
import { formatDay, formatTimeUntil, formatWhenInZones } from './date-parts'

afterEach(() => setViewerTimeZone(undefined))

describe('formatDay', () => {
  it('says the weekday, day and month without a time', () => {
    const date = new Date(2027, 0, 18, 19, 0)
    expect(formatDay(date)).toBe(
      new Intl.DateTimeFormat(undefined, { weekday: 'short', day: 'numeric', month: 'short' }).format(date),
    )
    expect(formatDay(null)).toBe('—')
  })

  it('is the day in the viewer’s zone', () => {
    setViewerTimeZone('Asia/Tokyo')
    // Friday 18:00 in New York is Saturday in Tokyo.
    expect(formatDay('2026-12-04T23:00:00.000Z')).toBe(
      new Intl.DateTimeFormat(undefined, {
        weekday: 'short',
        day: 'numeric',
        month: 'short',
        timeZone: 'Asia/Tokyo',
      }).format(new Date('2026-12-04T23:00:00.000Z')),
    )
    expect(formatDay('2026-12-04T23:00:00.000Z')).toContain('5')
  })
})

describe('formatTimeUntil', () => {
  const now = Date.parse('2026-12-10T12:00:00Z')
  const words = new Intl.RelativeTimeFormat(undefined, { numeric: 'always' })

  it('says the largest whole unit left', () => {
    expect(formatTimeUntil(now + 3 * 86_400_000 + 5 * 3_600_000, now)).toBe(words.format(3, 'day'))
    expect(formatTimeUntil(now + 86_400_000, now)).toBe(words.format(1, 'day'))
    expect(formatTimeUntil(now + 2.5 * 3_600_000, now)).toBe(words.format(2, 'hour'))
    expect(formatTimeUntil(now + 25 * 60_000, now)).toBe(words.format(25, 'minute'))
    expect(formatTimeUntil(now + 10_000, now)).toBe(words.format(1, 'minute'))
  })

  it('is null once it has begun, and for a missing date', () => {
    expect(formatTimeUntil(now, now)).toBeNull()
    expect(formatTimeUntil(now - 1, now)).toBeNull()
    expect(formatTimeUntil(undefined, now)).toBeNull()
  })
})

describe('formatWhenInZones', () => {
  const start = '2026-12-02T16:00:00.000Z'
  const end = '2026-12-02T18:00:00.000Z'
  it('shows a session’s zone beside the viewer’s where they differ, and once where they agree', () => {
    setViewerTimeZone('America/New_York')
    const both = formatWhenInZones(start, end, 'Europe/Berlin')
    expect(both).toContain(`${formatWhen(start, end, 'Europe/Berlin')} in Berlin`)
    expect(both).toContain(`${formatWhen(start, end)} your time`)
    setViewerTimeZone('Europe/Paris')
    expect(formatWhenInZones(start, end, 'Europe/Berlin')).toBe(formatWhen(start, end))
    expect(formatWhenInZones(start, end, undefined)).toBe(formatWhen(start, end))
  })
})
