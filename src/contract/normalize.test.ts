import { describe, expect, it } from 'vitest'
import { normalizeBooking, normalizeEntity, normalizeSession } from './normalize'

const canonical = {
  _id: 's1',
  title: 'Algebra',
  subject: 'Maths',
  description: 'Linear equations',
  registrationStart: '2026-01-01T00:00:00.000Z',
  registrationEnd: '2026-01-10T00:00:00.000Z',
  classStart: '2026-01-12T09:00:00.000Z',
  classEnd: '2026-01-20T09:00:00.000Z',
  duration: 2,
  registrationFee: 0,
  tutorName: 'Ada',
  tutorEmail: 'ada@example.com',
  status: 'approved',
  createdAt: '2025-12-01T00:00:00.000Z',
  averageRating: 4,
  reviewCount: 2,
}

describe('normalizeSession', () => {
  it('leaves a canonical session as it is', () => {
    expect(normalizeSession(canonical)).toEqual(canonical)
  })

  it('maps every alternative name of docs/product.md#records onto the canonical one', () => {
    const { registrationStart, registrationEnd, classStart, classEnd, duration, registrationFee, ...rest } = canonical
    const legacy = {
      ...rest,
      registrationStartDate: registrationStart,
      registrationEndDate: registrationEnd,
      classStartDate: classStart,
      classEndDate: classEnd,
      sessionDuration: String(duration),
      fee: String(registrationFee),
    }
    expect(normalizeSession(legacy)).toEqual(canonical)
  })

  it('reads startDate and endDate as the class dates', () => {
    const { classStart, classEnd, ...rest } = canonical
    expect(normalizeSession({ ...rest, startDate: classStart, endDate: classEnd })).toEqual(canonical)
  })

  it('prefers the canonical field when both are present', () => {
    expect(normalizeSession({ ...canonical, fee: 99 }).registrationFee).toBe(0)
  })

  it('leaves the rating unknown without a count, so it is computed from the reviews rather than assumed', () => {
    const { reviewCount: _c, ...averageOnly } = { ...canonical, averageRating: 4.5 }
    const normalized = normalizeSession(averageOnly)
    expect(normalized.reviewCount).toBeUndefined()
    expect(normalized.averageRating).toBeUndefined()
    expect(normalizeSession(canonical)).toMatchObject({
      averageRating: canonical.averageRating,
      reviewCount: canonical.reviewCount,
    })
  })
})

describe('normalizeBooking', () => {
  it('maps the student-list fields of docs/product.md#records', () => {
    const booking = normalizeBooking({
      _id: 'b1',
      sessionId: 's1',
      studentEmail: 's@example.com',
      tutorEmail: 't@example.com',
      status: 'pending',
      bookedAt: '2026-01-02T00:00:00.000Z',
      title: 'Algebra',
      tutorName: 'Ada',
      fee: 10,
      regStartDate: '2026-01-01T00:00:00.000Z',
      regEndDate: '2026-01-10T00:00:00.000Z',
      classStartDate: '2026-01-12T09:00:00.000Z',
      classEndDate: '2026-01-20T09:00:00.000Z',
    })
    expect(booking).toEqual({
      _id: 'b1',
      sessionId: 's1',
      studentEmail: 's@example.com',
      tutorEmail: 't@example.com',
      status: 'pending',
      bookedAt: '2026-01-02T00:00:00.000Z',
      title: 'Algebra',
      tutorName: 'Ada',
      registrationFee: 10,
      registrationStart: '2026-01-01T00:00:00.000Z',
      registrationEnd: '2026-01-10T00:00:00.000Z',
      classStart: '2026-01-12T09:00:00.000Z',
      classEnd: '2026-01-20T09:00:00.000Z',
    })
  })
})

describe('normalizeEntity', () => {
  it('normalises each record of a list', () => {
    const list = normalizeEntity('session', [
      { ...canonical, fee: undefined },
      { ...canonical, _id: 's2' },
    ])
    expect(list).toEqual([canonical, { ...canonical, _id: 's2' }])
  })
})
