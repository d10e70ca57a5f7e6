import { describe, expect, it } from 'vitest'
import { endpoints } from './endpoints'
import { cancelDeadlineFromText, lenientNumber, seatsFromText, studentCancelClosesAt } from './rules'

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

describe('cancelDeadlineFromText', () => {
  it('reads empty as 0 (until the class starts) and whole hours up to a month', () => {
    expect(cancelDeadlineFromText('')).toBe(0)
    expect(cancelDeadlineFromText(undefined)).toBe(0)
    expect(cancelDeadlineFromText(' 24 ')).toBe(24)
    expect(cancelDeadlineFromText('720')).toBe(720)
  })

  it('refuses fractions, negatives, words and more than a month', () => {
    for (const text of ['1.5', '-1', 'a day', '721']) expect(cancelDeadlineFromText(text)).toBeUndefined()
  })
})

describe('studentCancelClosesAt', () => {
  const classStart = '2030-01-15T10:00:00.000Z'
  const bookedAt = '2030-01-01T10:00:00.000Z'

  it('closes when the class starts without a deadline, N hours before it with one', () => {
    expect(studentCancelClosesAt({ classStart, bookedAt })).toBe(Date.parse(classStart))
    expect(studentCancelClosesAt({ classStart, bookedAt, cancelDeadlineHours: 24 })).toBe(
      Date.parse('2030-01-14T10:00:00.000Z'),
    )
  })

  it('lets a student whose class moved after they booked cancel until it starts', () => {
    const moved = { classStart, bookedAt, cancelDeadlineHours: 24 }
    expect(studentCancelClosesAt({ ...moved, movedAt: '2030-01-02T00:00:00.000Z' })).toBe(Date.parse(classStart))
    // Moved before they booked: they booked the class as it is, deadline and all.
    expect(studentCancelClosesAt({ ...moved, movedAt: '2029-12-31T00:00:00.000Z' })).toBe(
      Date.parse('2030-01-14T10:00:00.000Z'),
    )
  })
})
