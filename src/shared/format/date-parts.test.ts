import { describe, expect, it } from 'vitest'
import { formatDay, formatTimeUntil } from './date-parts'

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
