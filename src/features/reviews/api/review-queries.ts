// Reads and writes of reviews. A new review changes its session's average and
// count, so the mutation refreshes the session as well as the review list.
import { mutationOptions, queryOptions, type QueryClient } from '@tanstack/react-query'
import type { BodyOf } from '../../../contract/endpoints'
import { api } from '../../../shared/api/http-client'
import { deviceBacked } from '../../../shared/offline/device-backed-query'
import { sessionKeys } from '../../sessions/api/session-queries'

const reviewKeys = {
  all: ['reviews'] as const,
  forSession: (sessionId: string) => [...reviewKeys.all, 'session', sessionId] as const,
}

export const reviewQueries = {
  forSession: (sessionId: string) =>
    queryOptions({
      queryKey: reviewKeys.forSession(sessionId),
      ...deviceBacked(({ signal }) => api('listSessionReviews', { params: { sessionId }, signal }), {
        save: async (reviews, at) =>
          (await import('../../../shared/db/approved-sessions')).saveReviews(sessionId, reviews, at),
        read: async () => (await import('../../../shared/db/approved-sessions')).readReviews(sessionId),
      }),
    }),
}

export type NewReview = BodyOf<'createReview'>

export const reviewMutations = {
  create: (queryClient: QueryClient) =>
    mutationOptions({
      mutationKey: ['reviews', 'create'],
      mutationFn: (review: NewReview) => api('createReview', { body: review }),
      onSuccess: (_data, review) => invalidateAfterReview(queryClient, review.sessionId),
    }),
}

/** The review list, the session's average on every screen, and the student's stats. */
function invalidateAfterReview(queryClient: QueryClient, sessionId: string): Promise<unknown> {
  return Promise.all([
    queryClient.invalidateQueries({ queryKey: reviewKeys.all }),
    queryClient.invalidateQueries({ queryKey: sessionKeys.detail(sessionId) }),
    queryClient.invalidateQueries({ queryKey: sessionKeys.lists() }),
    queryClient.invalidateQueries({ queryKey: ['stats'] }),
  ])
}
