import { describe, expect, it } from 'vitest'
import { findTutors, summarizeTutors } from './tutor-summary'

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

describe('findTutors', () => {
  const tutors = summarizeTutors([
    { tutorEmail: 'c@x.org', tutorName: 'Chloé Dubois', subject: 'Química', averageRating: 0, reviewCount: 0 },
    {
      tutorEmail: 'k@x.org',
      tutorName: 'Kenji Watanabe',
      subject: 'Computer Science',
      averageRating: 0,
      reviewCount: 0,
    },
  ])
  const names = (text: string) => findTutors(tutors, text).map((t) => t.name)

  it('finds tutors by the beginnings of words of their name and subjects, accents and case aside', () => {
    expect(names('chloe')).toEqual(['Chloé Dubois'])
    expect(names('QUIM dub')).toEqual(['Chloé Dubois'])
    expect(names('sci ken')).toEqual(['Kenji Watanabe'])
    expect(names('ience')).toEqual([])
    expect(names('  ')).toHaveLength(2)
  })
})
