import { describe, expect, it } from 'vitest'
import { endpoints } from './endpoints'
import { lenientNumber, seatsFromText } from './rules'

describe('lenientNumber', () => {
  it('reads numbers typed into a form and turns anything else into 0', () => {
    expect(lenientNumber('25')).toBe(25)
    expect(lenientNumber(' 12.5 ')).toBe(12.5)
    expect(lenientNumber('abc')).toBe(0)
    expect(lenientNumber('')).toBe(0)
    expect(lenientNumber('   ')).toBe(0)
    expect(lenientNumber('Infinity')).toBe(0)
  })

  it('keeps finite numbers and turns any other value into 0', () => {
    expect(lenientNumber(7)).toBe(7)
    expect(lenientNumber(-3)).toBe(-3)
    expect(lenientNumber(Number.NaN)).toBe(0)
    expect(lenientNumber(Number.POSITIVE_INFINITY)).toBe(0)
    expect(lenientNumber(null)).toBe(0)
    expect(lenientNumber(undefined)).toBe(0)
    expect(lenientNumber(true)).toBe(0)
  })

  it('is the rule the servers read a session update with', () => {
    const body = endpoints.approveSession.body
    expect(body.parse({ fee: ' 12.5 ' })).toEqual({ fee: 12.5 })
    expect(body.parse({ fee: 'abc' })).toEqual({ fee: 0 })
    expect(body.parse({ fee: 40 })).toEqual({ fee: 40 })
  })
})

describe('seatsFromText', () => {
  it('reads empty as no limit, a whole number of at least 1 as seats, anything else as no number of seats', () => {
    expect(seatsFromText('')).toBeNull()
    expect(seatsFromText('  ')).toBeNull()
    expect(seatsFromText(undefined)).toBeNull()
    expect(seatsFromText(' 12 ')).toBe(12)
    for (const bad of ['0', '-3', '1.5', 'ten', '10001']) expect(seatsFromText(bad)).toBeUndefined()
  })
})
