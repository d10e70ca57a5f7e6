import { describe, expect, it } from 'vitest'
import { formatDateTime, formatDay, formatTimeUntil, formatWhen } from './date'

describe('formatDateTime', () => {
  it('uses the medium date and short time of the viewer’s locale and time zone', () => {
    const iso = '2026-03-12T14:30:00.000Z'
    const expected = new Intl.DateTimeFormat(undefined, { dateStyle: 'medium', timeStyle: 'short' }).format(
      new Date(iso),
    )
    expect(formatDateTime(iso)).toBe(expected)
  })

  it('spells the month out and shows the full year, so the date is unambiguous', () => {
    const text = formatDateTime(new Date(2026, 2, 12, 9, 5))
    const month = new Intl.DateTimeFormat(undefined, { month: 'short' }).format(new Date(2026, 2, 12))
    expect(text).toContain(month)
    expect(text).toContain('2026')
    expect(text).toContain('12')
  })

  it('shows a dash for a missing or invalid date', () => {
    expect(formatDateTime(undefined)).toBe('—')
    expect(formatDateTime('')).toBe('—')
    expect(formatDateTime('not a date')).toBe('—')
  })
})

describe('formatWhen', () => {
  it('says a same-day class with its weekday and date once and one time range', () => {
    const start = new Date(2026, 11, 19, 17, 0)
    const end = new Date(2026, 11, 19, 19, 0)
    const text = formatWhen(start, end)
    const weekday = new Intl.DateTimeFormat(undefined, { weekday: 'short' }).format(start)
    expect(text.split(weekday)).toHaveLength(2)
    expect(text).not.toContain('2026')
    expect(text).toBe(
      new Intl.DateTimeFormat(undefined, {
        weekday: 'short',
        day: 'numeric',
        month: 'short',
        hour: 'numeric',
        minute: '2-digit',
      }).formatRange(start, end),
    )
  })

  it('is the start alone without an end, or with an end that is not after it', () => {
    const start = new Date(2026, 11, 19, 17, 0)
    expect(formatWhen(start)).toBe(formatWhen(start, start))
    expect(formatWhen(start, 'not a date')).toBe(formatWhen(start))
    expect(formatWhen(start)).not.toContain('–')
  })

  it('shows a dash for a missing or invalid start', () => {
    expect(formatWhen(undefined)).toBe('—')
    expect(formatWhen('nope', new Date())).toBe('—')
  })
})

describe('formatDay', () => {
  it('says the weekday, day and month without a time', () => {
    const date = new Date(2027, 0, 18, 19, 0)
    expect(formatDay(date)).toBe(
      new Intl.DateTimeFormat(undefined, { weekday: 'short', day: 'numeric', month: 'short' }).format(date),
    )
    expect(formatDay(null)).toBe('—')
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
