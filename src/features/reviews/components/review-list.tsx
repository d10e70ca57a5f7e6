import type { Review } from '#contract/entities'
import { formatDateTime } from '#shared/format/date'
import { TONE } from '#shared/ui/tone-classes'
import { StarRating } from './star-rating'

export function ReviewList({ reviews }: { reviews: Review[] }) {
  if (reviews.length === 0) return <p className="text-ink-muted">No reviews yet</p>
  return (
    <ul className="space-y-4" data-testid="review-list">
      {reviews.map((review) => (
        <li key={review._id} className="rounded-xl border border-line bg-surface p-4">
          <div className="flex flex-wrap items-center justify-between gap-2">
            <p className="font-semibold text-ink">
              {review.studentName || review.studentEmail}
              {review.attended && (
                // Its tutor marked the reviewer present at the class.
                <span className={`ml-2 rounded-full px-2 py-0.5 text-xs font-semibold ${TONE.success}`}>Attended</span>
              )}
            </p>
            <StarRating mean={review.rating ?? 0} />
          </div>
          <p className="mt-2 whitespace-pre-line text-ink">{review.comment}</p>
          <p className="mt-1 text-xs text-ink-muted">
            <time dateTime={review.createdAt}>{formatDateTime(review.createdAt)}</time>
          </p>
        </li>
      ))}
    </ul>
  )
}
