import { describe, expect, it } from 'vitest'
import { approvalFee, lenientNumber } from './session-fee'

describe('session fee rules', () => {
  it('reads numbers and turns anything else into 0', () => {
    expect(lenientNumber('25')).toBe(25)
    expect(lenientNumber(' 12.5 ')).toBe(12.5)
    expect(lenientNumber('abc')).toBe(0)
    expect(lenientNumber('')).toBe(0)
    expect(lenientNumber('Infinity')).toBe(0)
  })

  it('forces 0 for Free and keeps the fee for Paid', () => {
    expect(approvalFee('Free', '40')).toBe(0)
    expect(approvalFee('Paid', '40')).toBe(40)
    expect(approvalFee('Paid', 'forty')).toBe(0)
  })
})
