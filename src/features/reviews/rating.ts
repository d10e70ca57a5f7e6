// The star rule of docs/product.md#constants: five stars, star i (0-based) is filled
// while i is below the mean rating; a review without a rating counts as 0.
import type { Review } from '#contract/entities'

const STAR_COUNT = 5

/** A rating is a whole number from 1 to 5 (docs/product.md#constants; RATING_MIN..RATING_MAX of the
 * contract, repeated here because entities.ts carries zod and the app must not
 * import its values). */
export const RATINGS = [1, 2, 3, 4, 5] as const

/** Mean of the ratings, a missing rating counting as 0; 0 when there are none. */
export function meanRating(reviews: readonly Pick<Review, 'rating'>[]): number {
  if (reviews.length === 0) return 0
  const sum = reviews.reduce((total, review) => total + (Number.isFinite(review.rating) ? (review.rating ?? 0) : 0), 0)
  return sum / reviews.length
}

/** Which of the five stars are filled for a mean rating. */
export function filledStars(mean: number | null | undefined): boolean[] {
  const value = Number.isFinite(mean) ? (mean as number) : 0
  return Array.from({ length: STAR_COUNT }, (_, index) => index < value)
}
