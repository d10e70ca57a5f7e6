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

/** The rating, or null while the reviews it is computed from are loading. */
export function useSessionRating(
  session: Pick<Session, '_id' | 'averageRating' | 'reviewCount'>,
): SessionRating | null {
  const known = typeof session.reviewCount === 'number'
  const reviews = useQuery({ ...reviewQueries.forSession(session._id), enabled: !known })
  if (known) return { mean: session.averageRating ?? 0, count: session.reviewCount! }
  return reviews.data ? { mean: meanRating(reviews.data), count: reviews.data.length } : null
}
