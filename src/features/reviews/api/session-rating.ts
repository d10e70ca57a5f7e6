// A session's mean rating and review count. Both servers send them with the
// session; a server that answers only the contract's plain fields does not,
// and then they are computed from the session's reviews the way the servers
// do (a missing rating counts as 0), instead of showing an average with no count.
import { useQuery } from '@tanstack/react-query'
import type { Session } from '#contract/entities'
import { meanRating } from '../rating'
import { reviewQueries } from './review-queries'

export interface SessionRating {
  mean: number
  count: number
}

/** The rating the session carries, or undefined when it carries none (its reviews must be read). */
export function carriedRating(session: Pick<Session, 'averageRating' | 'reviewCount'>): SessionRating | undefined {
  return typeof session.reviewCount === 'number'
    ? { mean: session.averageRating ?? 0, count: session.reviewCount }
    : undefined
}

/**
 * The rating computed from the session's reviews, or null while they load.
 * Only for a session that carries none (carriedRating): a card whose session
 * does needs no query at all, and a page of cards starts without one each.
 */
export function useRatingFromReviews(sessionId: string): SessionRating | null {
  const reviews = useQuery(reviewQueries.forSession(sessionId))
  return reviews.data ? { mean: meanRating(reviews.data), count: reviews.data.length } : null
}
