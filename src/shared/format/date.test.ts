import { describe, expect, it } from 'vitest'
import { formatDateTime, formatWhen, WHEN_PARTS } from './date'

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
    expect(text).toBe(new Intl.DateTimeFormat(undefined, WHEN_PARTS).formatRange(start, end))
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
