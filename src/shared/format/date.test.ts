import { describe, expect, it } from 'vitest'
import { formatDateTime } from './date'

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
