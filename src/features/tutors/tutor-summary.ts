// The Tutors page is built from the public list of approved sessions: one
// entry per tutor with their subjects, how many sessions they run and the
// mean rating over all reviews of those sessions.
import type { Session } from '#contract/entities'
import { queryWords, searchWords, wordsMatch } from '#contract/session-search'

export interface TutorSummary {
  email: string
  name: string
  subjects: string[]
  sessionCount: number
  reviewCount: number
  /** Mean over every review of the tutor's sessions; 0 when there are none. */
  averageRating: number
}

type SessionFields = Pick<Session, 'tutorEmail' | 'tutorName' | 'subject' | 'averageRating' | 'reviewCount'>

export function summarizeTutors(sessions: readonly SessionFields[]): TutorSummary[] {
  const byEmail = new Map<string, TutorSummary & { ratingSum: number }>()
  for (const session of sessions) {
    const key = session.tutorEmail.toLowerCase()
    const entry = byEmail.get(key) ?? {
      email: session.tutorEmail,
      name: session.tutorName || session.tutorEmail,
      subjects: [],
      sessionCount: 0,
      reviewCount: 0,
      averageRating: 0,
      ratingSum: 0,
    }
    entry.sessionCount += 1
    if (!entry.subjects.includes(session.subject)) entry.subjects.push(session.subject)
    // A session's average times its count gives back the sum of its ratings.
    entry.ratingSum += (session.averageRating || 0) * (session.reviewCount || 0)
    entry.reviewCount += session.reviewCount || 0
    byEmail.set(key, entry)
  }
  return [...byEmail.values()]
    .map(({ ratingSum, ...tutor }) => ({
      ...tutor,
      subjects: tutor.subjects.sort((a, b) => a.localeCompare(b)),
      averageRating: tutor.reviewCount ? ratingSum / tutor.reviewCount : 0,
    }))
    .sort((a, b) => a.name.localeCompare(b.name))
}

/**
 * The tutors a search on the Tutors page finds: each of its words begins a
 * word of the tutor's name or of one of their subjects, with the sessions'
 * own rule (#contract/session-search: any order, case and accents aside).
 */
export function findTutors(tutors: readonly TutorSummary[], text: string): TutorSummary[] {
  const words = queryWords(text)
  if (words.length === 0) return [...tutors]
  return tutors.filter((tutor) => wordsMatch(searchWords([tutor.name, ...tutor.subjects].join(' ')), words))
}
