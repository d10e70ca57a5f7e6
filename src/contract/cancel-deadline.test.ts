import { describe, expect, it } from 'vitest'
import { cancelDeadlineFromText, studentCancelClosesAt } from './cancel-deadline'

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
