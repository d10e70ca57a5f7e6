import { describe, expect, it } from 'vitest'
import type { Booking } from '#contract/entities'
import { bookingActions, groupBookings, nextClass } from './booking-groups'

const NOW = Date.parse('2026-12-10T12:00:00Z')
const HOUR = 3_600_000
const DAY = 24 * HOUR
const at = (ms: number) => new Date(NOW + ms).toISOString()

let n = 0
function booking(status: Booking['status'], startIn: number, extra: Partial<Booking> = {}): Booking {
  n += 1
  return {
    _id: `b${n}`,
    sessionId: `s${n}`,
    studentEmail: 'student@studyhub.demo',
    tutorEmail: 'tutor@studyhub.demo',
    status,
    bookedAt: at(-20 * DAY),
    title: `Class ${n}`,
    classStart: at(startIn),
    classEnd: at(startIn + 2 * HOUR),
    duration: 2,
    ...extra,
  }
}

describe('groupBookings', () => {
  it('puts classes to come first (soonest first), then those over (latest first), then cancelled ones', () => {
    const later = booking('approved', 5 * DAY)
    const sooner = booking('pending', 1 * DAY)
    const lastWeek = booking('approved', -7 * DAY)
    const yesterday = booking('rejected', -1 * DAY)
    const cancelledEarly = booking('cancelled', 3 * DAY, { cancelledAt: at(-5 * DAY) })
    const cancelledLate = booking('cancelled', -3 * DAY, { cancelledAt: at(-1 * DAY) })
    const groups = groupBookings([later, lastWeek, cancelledEarly, sooner, yesterday, cancelledLate], NOW)
    expect(groups.map((g) => [g.group, g.bookings.map((b) => b._id)])).toEqual([
      ['upcoming', [sooner._id, later._id]],
      ['past', [yesterday._id, lastWeek._id]],
      ['cancelled', [cancelledLate._id, cancelledEarly._id]],
    ])
  })

  it('keeps a course that has begun but runs on with those to come', () => {
    const underWay = booking('approved', -2 * DAY, { classEnd: at(10 * DAY) })
    expect(groupBookings([underWay], NOW)).toEqual([{ group: 'upcoming', bookings: [underWay] }])
  })

  it('leaves out empty groups', () => {
    expect(groupBookings([], NOW)).toEqual([])
  })
})

describe('nextClass', () => {
  it('is the soonest class to come with a seat or awaiting approval, never one in line, rejected or cancelled', () => {
    const waitlisted = booking('waitlisted', 1 * HOUR)
    const rejected = booking('rejected', 2 * HOUR)
    const cancelled = booking('cancelled', 3 * HOUR)
    const pending = booking('pending', 2 * DAY)
    const approved = booking('approved', 4 * DAY)
    expect(nextClass([approved, waitlisted, rejected, cancelled, pending], NOW)).toBe(pending)
  })

  it('falls back to a course under way when nothing is still to start, and to none when all is over', () => {
    const underWay = booking('approved', -2 * DAY, { classEnd: at(10 * DAY) })
    const over = booking('approved', -9 * DAY)
    expect(nextClass([over, underWay], NOW)).toBe(underWay)
    expect(nextClass([over], NOW)).toBeUndefined()
  })
})

describe('bookingActions', () => {
  it('offers the calendar only to a class to come that the student holds or asked for', () => {
    expect(bookingActions(booking('approved', DAY), NOW).calendar).toBe(true)
    expect(bookingActions(booking('pending', DAY), NOW).calendar).toBe(true)
    expect(bookingActions(booking('waitlisted', DAY), NOW).calendar).toBe(false)
    expect(bookingActions(booking('cancelled', DAY), NOW).calendar).toBe(false)
    expect(bookingActions(booking('rejected', DAY), NOW).calendar).toBe(false)
    expect(bookingActions(booking('approved', -3 * DAY), NOW).calendar).toBe(false)
  })

  it('opens materials only through an approved booking, and cancels only before the class starts', () => {
    expect(bookingActions(booking('approved', DAY), NOW)).toEqual({
      materials: true,
      calendar: true,
      cancel: true,
      pastDeadline: false,
    })
    expect(bookingActions(booking('waitlisted', DAY), NOW)).toEqual({
      materials: false,
      calendar: false,
      cancel: true,
      pastDeadline: false,
    })
    expect(bookingActions(booking('approved', -HOUR, { classEnd: at(DAY) }), NOW).cancel).toBe(false)
    expect(bookingActions(booking('rejected', DAY), NOW).cancel).toBe(false)
    expect(bookingActions(booking('cancelled', DAY), NOW).cancel).toBe(false)
  })

  it("offers no cancel after the session's cancellation deadline, unless the class moved after the booking", () => {
    const within = booking('approved', 12 * HOUR, { cancelDeadlineHours: 24 })
    expect(bookingActions(within, NOW)).toMatchObject({ cancel: false, pastDeadline: true })
    expect(bookingActions({ ...within, cancelDeadlineHours: 6 }, NOW)).toMatchObject({
      cancel: true,
      pastDeadline: false,
    })
    const moved = { ...within, movedAt: at(-DAY), movedFrom: { classStart: at(-2 * DAY), classEnd: at(-DAY) } }
    expect(bookingActions(moved, NOW)).toMatchObject({ cancel: true, pastDeadline: false })
    // A cancelled booking has nothing to explain.
    expect(bookingActions({ ...within, status: 'cancelled' }, NOW).pastDeadline).toBe(false)
  })
})
