// An approved session for unit tests, the same in every test; a test
// overrides only the fields it is about.
import type { Session } from '#contract/entities'

export function sessionFixture(id: string, overrides: Partial<Session> = {}): Session {
  return {
    _id: id,
    title: `Session ${id}`,
    subject: 'Maths',
    description: 'Limits and derivatives',
    registrationStart: '2026-01-01T00:00:00.000Z',
    registrationEnd: '2026-12-31T00:00:00.000Z',
    classStart: '2027-01-10T09:00:00.000Z',
    classEnd: '2027-01-10T11:00:00.000Z',
    duration: 2,
    registrationFee: 0,
    tutorName: 'Tia Tutor',
    tutorEmail: 'tia@example.com',
    status: 'approved',
    createdAt: '2026-01-01T00:00:00.000Z',
    averageRating: 4,
    reviewCount: 1,
    ...overrides,
  }
}
