import { describe, expect, it } from 'vitest'
import { approvalFee } from './session-fee'

describe('session fee rules', () => {
  it('forces 0 for Free and keeps the fee for Paid', () => {
    expect(approvalFee('Free', '40')).toBe(0)
    expect(approvalFee('Paid', '40')).toBe(40)
    expect(approvalFee('Paid', ' 12.5 ')).toBe(12.5)
    expect(approvalFee('Paid', 'forty')).toBe(0)
  })
})
