// Every review, for the admin (GET /reviews, docs/product.md#api-calls), server-paged.
import { keepPreviousData, mutationOptions, queryOptions } from '@tanstack/react-query'
import { api, apiPage } from '#shared/api/http-client'
import { queryKeys } from '#shared/api/query-keys'

export const adminReviewQueries = {
  page: (page: number, limit: number) =>
    queryOptions({
      queryKey: queryKeys.reviews.adminPage({ page, limit }),
      queryFn: ({ signal }) => apiPage('listReviews', page, limit, { signal }),
      placeholderData: keepPreviousData,
      // A failed load says so once and is not retried (docs/product.md#messages).
      retry: false,
    }),
}

export const adminReviewMutations = {
  remove: () =>
    mutationOptions({
      mutationFn: (id: string) => api('deleteReview', { params: { id } }),
      // A review counts in its session's rating and in the dashboards.
      meta: { invalidates: [queryKeys.reviews.all, queryKeys.sessions.all, queryKeys.stats.all] },
    }),
}
