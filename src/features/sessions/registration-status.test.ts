import { describe, expect, it } from 'vitest'
import { registrationState } from '#contract/rules'
import { registrationLabel } from './registration-status'

const window = { registrationStart: '2026-03-01T09:00:00.000Z', registrationEnd: '2026-03-10T18:00:00.000Z' }
const at = (iso: string) => new Date(iso)

describe('registrationLabel (every card)', () => {
  it('is Ongoing exactly at the start and exactly at the end (inclusive bounds)', () => {
    expect(registrationLabel(window, at('2026-03-01T09:00:00.000Z'))).toBe('Ongoing')
    expect(registrationLabel(window, at('2026-03-10T18:00:00.000Z'))).toBe('Ongoing')
    expect(registrationLabel(window, at('2026-03-05T12:00:00.000Z'))).toBe('Ongoing')
  })

  it('is Closed one millisecond outside either bound, so a session not yet open is never Ongoing', () => {
    expect(registrationLabel(window, at('2026-03-01T08:59:59.999Z'))).toBe('Closed')
    expect(registrationLabel(window, at('2026-02-01T00:00:00.000Z'))).toBe('Closed')
    expect(registrationLabel(window, at('2026-03-10T18:00:00.001Z'))).toBe('Closed')
  })

  it('compares instants, not wall-clock strings, across offsets', () => {
    const offset = { registrationStart: '2026-03-01T10:00:00+01:00', registrationEnd: '2026-03-01T11:00:00+01:00' }
    expect(registrationLabel(offset, at('2026-03-01T09:00:00.000Z'))).toBe('Ongoing')
    expect(registrationLabel(offset, at('2026-03-01T10:00:00.001Z'))).toBe('Closed')
  })
})

describe('registrationState (the servers use the same rule)', () => {
  it('tells upcoming from closed', () => {
    expect(registrationState(window, Date.parse('2026-02-28T00:00:00.000Z'))).toBe('upcoming')
    expect(registrationState(window, Date.parse('2026-03-01T09:00:00.000Z'))).toBe('open')
    expect(registrationState(window, Date.parse('2026-03-11T00:00:00.000Z'))).toBe('closed')
  })
})
