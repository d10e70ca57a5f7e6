// A session's stars and review count, as its card and its facts show them.
// The sessions feature leaves a place for it (SessionCard's and SessionFacts'
// `rating`); the route that shows a session puts it there.
import type { Session } from '#contract/entities'
import { formatRating } from '#shared/format/number'
import { carriedRating, useRatingFromReviews, type SessionRating } from '../api/session-rating'
import { StarRating, reviewCountText } from './star-rating'

export function SessionRatingSummary({
  session,
  withMean = false,
}: {
  session: Pick<Session, '_id' | 'averageRating' | 'reviewCount'>
  /** Also says the mean in figures ("4.5 (2 reviews)"), as the facts do. */
  withMean?: boolean
}) {
  const carried = carriedRating(session)
  return carried ? (
    <RatingView rating={carried} withMean={withMean} />
  ) : (
    <RatingFromReviews sessionId={session._id} withMean={withMean} />
  )
}

function RatingFromReviews({ sessionId, withMean }: { sessionId: string; withMean: boolean }) {
  return <RatingView rating={useRatingFromReviews(sessionId)} withMean={withMean} />
}

function RatingView({ rating, withMean }: { rating: SessionRating | null; withMean: boolean }) {
  return (
    <>
      <StarRating mean={rating?.mean ?? 0} />
      <span>
        {rating
          ? `${withMean ? `${formatRating(rating.mean)} ` : ''}${reviewCountText(rating.count)}`
          : 'Loading reviews…'}
      </span>
    </>
  )
}
