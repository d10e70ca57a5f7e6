import { formatRating } from '#shared/format/number'
import { filledStars } from '../rating'

/** Five stars, filled by the rule of ./rating.ts; read out as "Rated 3.5 out of 5". */
export function StarRating({ mean, className = '' }: { mean: number; className?: string }) {
  const stars = filledStars(mean)
  return (
    <span role="img" aria-label={`Rated ${formatRating(mean)} out of 5`} className={`inline-flex ${className}`}>
      {stars.map((filled, index) => (
        <svg
          key={index}
          aria-hidden="true"
          viewBox="0 0 20 20"
          className={`h-5 w-5 ${filled ? 'text-star' : 'text-line-strong'}`}
          data-filled={filled}
          fill={filled ? 'currentColor' : 'none'}
          stroke="currentColor"
          strokeWidth="1.5"
        >
          <path d="M10 1.8l2.5 5.2 5.7.8-4.1 4 1 5.7L10 14.8l-5.1 2.7 1-5.7-4.1-4 5.7-.8z" />
        </svg>
      ))}
    </span>
  )
}

/** "(N reviews)", or "No reviews yet" (docs/product.md#messages). */
export function reviewCountText(count: number): string {
  if (count === 0) return 'No reviews yet'
  return `(${count} ${count === 1 ? 'review' : 'reviews'})`
}
