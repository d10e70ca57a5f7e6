import { describe, expect, it } from 'vitest'
import { formatFee, formatRating } from './number'

describe('formatFee', () => {
  it('reads Free for 0 and an amount otherwise', () => {
    expect(formatFee(0)).toBe('Free')
    expect(formatFee(25)).toMatch(/^\$25$/)
  })
})

describe('formatRating', () => {
  it('shows one decimal', () => {
    expect(formatRating(4)).toMatch(/^4[.,]0$/)
    expect(formatRating(3.25)).toMatch(/^3[.,][23]$/)
  })
})
