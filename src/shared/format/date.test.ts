import { afterEach, describe, expect, it } from 'vitest'
import { formatDateTime, formatWhen, setViewerTimeZone, viewerTimeZone, WHEN_PARTS } from './date'

afterEach(() => setViewerTimeZone(undefined))

describe('formatDateTime', () => {
  it('names the zone it is in: the browser’s, or the one given', () => {
    const iso = '2026-12-02T16:00:00.000Z'
    const zone = new Intl.DateTimeFormat(undefined, { timeZoneName: 'short' })
      .formatToParts(new Date(iso))
      .find((part) => part.type === 'timeZoneName')!.value
    expect(formatDateTime(iso)).toContain(zone)
    expect(formatDateTime(iso, 'Europe/Berlin')).toMatch(/17:00|5:00/)
    expect(formatDateTime(iso, 'Europe/Berlin')).toMatch(/CET|GMT\+1/)
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

describe('the viewer’s zone', () => {
  const start = '2026-12-02T16:00:00.000Z'
  const end = '2026-12-02T18:00:00.000Z'

  it('is the browser’s until one is saved, and then every time is shown in it, named', () => {
    expect(viewerTimeZone()).toBe(Intl.DateTimeFormat().resolvedOptions().timeZone)
    setViewerTimeZone('America/New_York')
    expect(viewerTimeZone()).toBe('America/New_York')
    expect(formatWhen(start, end)).toMatch(/11:00\s?(AM)?\s?–\s?1:00|11:00–13:00/)
    expect(formatWhen(start, end)).toMatch(/EST|GMT-5/)
    expect(formatDateTime(start)).toMatch(/EST|GMT-5/)
  })
})
