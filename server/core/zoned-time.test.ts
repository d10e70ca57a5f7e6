// @vitest-environment node
import { describe, expect, it } from 'vitest'
import { formatZoned, formatZonedSpan } from './zoned-time'

describe('times in a recipient zone, the zone named', () => {
  it('writes one instant in each zone with its name, summer time included', () => {
    const winter = '2026-12-02T16:00:00.000Z'
    expect(formatZoned(winter, 'Europe/Berlin')).toBe('Wed 2 Dec 2026, 17:00 CET')
    expect(formatZoned('2026-07-01T16:00:00.000Z', 'Europe/Berlin')).toBe('Wed 1 Jul 2026, 18:00 CEST')
    // Where the short name is only an offset, the zone's generic name says whose.
    expect(formatZoned(winter, 'America/New_York')).toBe('Wed 2 Dec 2026, 11:00 GMT-5 (New York Time)')
    expect(formatZoned(winter, 'Asia/Kolkata')).toBe('Wed 2 Dec 2026, 21:30 GMT+5:30 (India Time)')
    expect(formatZoned(winter, 'UTC')).toBe('Wed 2 Dec 2026, 16:00 UTC')
    // A zone this runtime does not know is written in UTC, saying so.
    expect(formatZoned(winter, 'Mars/Olympus_Mons')).toBe('Wed 2 Dec 2026, 16:00 UTC')
  })

  it('writes a class on one day as one date and two times, otherwise both ends in full', () => {
    const start = '2026-12-02T16:00:00.000Z'
    expect(formatZonedSpan(start, '2026-12-02T17:30:00.000Z', 'Europe/Berlin')).toBe('Wed 2 Dec 2026, 17:00–18:30 CET')
    // Past midnight in Tokyo, not in Berlin.
    expect(formatZonedSpan(start, '2026-12-02T17:30:00.000Z', 'Asia/Tokyo')).toBe(
      'Thu 3 Dec 2026, 01:00–02:30 GMT+9 (Japan Time)',
    )
    expect(formatZonedSpan('2026-12-02T22:00:00.000Z', '2026-12-02T23:30:00.000Z', 'Europe/Berlin')).toBe(
      'Wed 2 Dec 2026, 23:00 CET – Thu 3 Dec 2026, 00:30 CET',
    )
    // Across the clocks going back (25 October 2026, 03:00 CEST to 02:00 CET).
    expect(formatZonedSpan('2026-10-25T00:00:00.000Z', '2026-10-25T02:00:00.000Z', 'Europe/Berlin')).toBe(
      'Sun 25 Oct 2026, 02:00 CEST – Sun 25 Oct 2026, 03:00 CET',
    )
  })
})
