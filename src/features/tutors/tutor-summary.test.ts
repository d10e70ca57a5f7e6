import { describe, expect, it } from 'vitest'
import { summarizeTutors } from './tutor-summary'

const session = (tutorEmail: string, subject: string, averageRating: number, reviewCount: number, tutorName = 'T') => ({
  tutorEmail,
  tutorName,
  subject,
  averageRating,
  reviewCount,
})

describe('summarizeTutors', () => {
  it('groups sessions by tutor with subjects, count and the mean over all reviews', () => {
    const [ada, bob] = summarizeTutors([
      session('ada@x.io', 'Maths', 4, 2, 'Ada'),
      session('ada@x.io', 'Physics', 1, 1, 'Ada'),
      session('ADA@x.io', 'Maths', 0, 0, 'Ada'),
      session('bob@x.io', 'Chemistry', 0, 0, 'Bob'),
    ])
    expect(ada).toMatchObject({ name: 'Ada', subjects: ['Maths', 'Physics'], sessionCount: 3, reviewCount: 3 })
    // (4 + 4 + 1) / 3, not the mean of the session means (2.5 or 1.67).
    expect(ada!.averageRating).toBeCloseTo(3)
    expect(bob).toMatchObject({ name: 'Bob', sessionCount: 1, reviewCount: 0, averageRating: 0 })
  })

  it('is empty with no sessions', () => {
    expect(summarizeTutors([])).toEqual([])
  })
})
