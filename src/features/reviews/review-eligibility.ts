// Who may review a session, as the details page decides before showing the
// form; the servers decide the same (docs/rules/reviews.md): a student whose
// booking of the session was not rejected, once.
import type { Status } from '#contract/entities'

export type ReviewEligibility = { canReview: true } | { canReview: false; reason: string }

export function reviewEligibility(input: {
  isStudent: boolean
  /** The student's booking of this session: its status, or null when they have none. */
  bookingStatus: Status | null
  alreadyReviewed: boolean
}): ReviewEligibility {
  if (!input.isStudent) return { canReview: false, reason: 'Only students can review sessions.' }
  if (input.alreadyReviewed) return { canReview: false, reason: 'You have reviewed this session. Thank you!' }
  if (input.bookingStatus === null) return { canReview: false, reason: 'Book this session to leave a review.' }
  if (input.bookingStatus === 'rejected')
    return { canReview: false, reason: 'Your booking was rejected, so you cannot review this session.' }
  return { canReview: true }
}
