import { describe, expect, it } from 'vitest'
import { isRegistrationClosed, registrationEndLabel, registrationWindowLabel } from './registration-status'

const window = { registrationStart: '2026-03-01T09:00:00.000Z', registrationEnd: '2026-03-10T18:00:00.000Z' }
const at = (iso: string) => new Date(iso)

describe('registrationWindowLabel (home cards)', () => {
  it('is Ongoing exactly at the start and exactly at the end (inclusive bounds)', () => {
    expect(registrationWindowLabel(window, at('2026-03-01T09:00:00.000Z'))).toBe('Ongoing')
    expect(registrationWindowLabel(window, at('2026-03-10T18:00:00.000Z'))).toBe('Ongoing')
    expect(registrationWindowLabel(window, at('2026-03-05T12:00:00.000Z'))).toBe('Ongoing')
  })

  it('is Closed one millisecond outside either bound', () => {
    expect(registrationWindowLabel(window, at('2026-03-01T08:59:59.999Z'))).toBe('Closed')
    expect(registrationWindowLabel(window, at('2026-03-10T18:00:00.001Z'))).toBe('Closed')
  })

  it('compares instants, not wall-clock strings, across offsets', () => {
    const offset = { registrationStart: '2026-03-01T10:00:00+01:00', registrationEnd: '2026-03-01T11:00:00+01:00' }
    expect(registrationWindowLabel(offset, at('2026-03-01T09:00:00.000Z'))).toBe('Ongoing')
    expect(registrationWindowLabel(offset, at('2026-03-01T10:00:00.001Z'))).toBe('Closed')
  })
})

describe('registrationEndLabel (study sessions list)', () => {
  it('is Closed only once the end date is in the past', () => {
    expect(registrationEndLabel(window, at('2026-03-10T18:00:00.000Z'))).toBe('Ongoing')
    expect(registrationEndLabel(window, at('2026-03-10T18:00:00.001Z'))).toBe('Closed')
    // Before registration opens the end date is not past yet.
    expect(registrationEndLabel(window, at('2026-02-01T00:00:00.000Z'))).toBe('Ongoing')
    expect(isRegistrationClosed(window, at('2026-03-11T00:00:00.000Z'))).toBe(true)
  })
})
