// @vitest-environment node
// PostgreSQL's text form of a timestamptz read as an ISO string in UTC: what
// the drivers send for our rows, and any year a row written before the API
// checked dates may hold, so that row never fails a list.
import { describe, expect, it } from 'vitest'
import { isoFromPg } from './schema'

describe('isoFromPg', () => {
  it('reads the forms the drivers send, in any offset, to the millisecond', () => {
    expect(isoFromPg('2026-01-02 03:04:05.678+00')).toBe('2026-01-02T03:04:05.678Z')
    expect(isoFromPg('2026-01-02 03:04:05+05:30')).toBe('2026-01-01T21:34:05.000Z')
    expect(isoFromPg('2026-01-02 03:04:05.57-08')).toBe('2026-01-02T11:04:05.570Z')
    expect(isoFromPg('2026-01-02T03:04:05.1234Z')).toBe('2026-01-02T03:04:05.123Z')
    expect(isoFromPg('0099-03-01 00:00:00+00')).toBe('0099-03-01T00:00:00.000Z')
    expect(isoFromPg(new Date('2026-01-02T03:04:05.678Z'))).toBe('2026-01-02T03:04:05.678Z')
  })

  it('reads years past 9999 and before year 1 as JavaScript writes them, and past its own range as its last instant', () => {
    expect(isoFromPg('10000-01-01 11:59:59+00')).toBe('+010000-01-01T11:59:59.000Z')
    expect(isoFromPg('0001-12-31 23:00:00+00 BC')).toBe('0000-12-31T23:00:00.000Z')
    expect(isoFromPg('0044-03-15 12:00:00+00 BC')).toBe('-000043-03-15T12:00:00.000Z')
    expect(isoFromPg('294276-01-01 00:00:00+00')).toBe('+275760-09-13T00:00:00.000Z')
    expect(isoFromPg('4713-01-01 00:00:00+00 BC')).toBe('-004712-01-01T00:00:00.000Z')
  })

  it('still refuses what is no timestamp at all', () => {
    expect(() => isoFromPg('tomorrow')).toThrow(/Unexpected timestamp/)
  })
})
