import { describe, expect, it } from 'vitest'
import { reviewEligibility } from './review-eligibility'

describe('reviewEligibility', () => {
  it('lets a student with a pending or approved booking review once', () => {
    for (const bookingStatus of ['pending', 'approved'] as const)
      expect(reviewEligibility({ isStudent: true, bookingStatus, alreadyReviewed: false })).toEqual({ canReview: true })
  })

  it('tells everyone else why not', () => {
    expect(reviewEligibility({ isStudent: false, bookingStatus: null, alreadyReviewed: false })).toEqual({
      canReview: false,
      reason: 'Only students can review sessions.',
    })
    expect(reviewEligibility({ isStudent: true, bookingStatus: null, alreadyReviewed: false })).toMatchObject({
      reason: 'Book this session to leave a review.',
    })
    expect(reviewEligibility({ isStudent: true, bookingStatus: 'rejected', alreadyReviewed: false })).toMatchObject({
      canReview: false,
    })
    expect(reviewEligibility({ isStudent: true, bookingStatus: 'approved', alreadyReviewed: true })).toMatchObject({
      reason: 'You have reviewed this session. Thank you!',
    })
  })
})
