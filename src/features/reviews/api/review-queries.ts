// Reads and writes of reviews. A new review changes its session's average and
// count, so the mutation refreshes the session as well as the review list.
import { mutationOptions, queryOptions } from '@tanstack/react-query'
import type { BodyOf } from '#contract/endpoints'
import { api } from '#shared/api/http-client'
import { queryKeys } from '#shared/api/query-keys'
import { deviceBacked } from '#shared/offline/device-backed-query'

// The reviews kept on the device bring Dexie: loaded on demand.
const keptReviews = () => import('../db/kept-reviews')

export const reviewQueries = {
  forSession: (sessionId: string) =>
    queryOptions({
      queryKey: queryKeys.reviews.ofSession(sessionId),
      ...deviceBacked(({ signal }) => api('listSessionReviews', { params: { sessionId }, signal }), {
        save: async (reviews, at) => (await keptReviews()).saveReviews(sessionId, reviews, at),
        read: async () => (await keptReviews()).readReviews(sessionId),
      }),
    }),
}

export type NewReview = BodyOf<'createReview'>

export const reviewMutations = {
  create: () =>
    mutationOptions({
      mutationKey: ['reviews', 'create'],
      mutationFn: (review: NewReview) => api('createReview', { body: review }),
      // The review list, the session's average on every screen, and the student's stats.
      meta: { invalidates: [queryKeys.reviews.all, queryKeys.sessions.all, queryKeys.stats.all] },
    }),
}
