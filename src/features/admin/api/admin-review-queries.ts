// Every review, for the admin (GET /reviews, docs/product.md#api-calls), server-paged.
import { keepPreviousData, queryOptions, useMutation, useQueryClient } from '@tanstack/react-query'
import { api, apiPage } from '../../../shared/api/http-client'

export const adminReviewQueries = {
  all: () => ['admin-reviews'] as const,
  page: (page: number, limit: number) =>
    queryOptions({
      queryKey: [...adminReviewQueries.all(), { page, limit }] as const,
      queryFn: ({ signal }) => apiPage('listReviews', page, limit, { signal }),
      placeholderData: keepPreviousData,
      // A failed load says so once and is not retried (docs/product.md#messages).
      retry: false,
    }),
}

export function useDeleteReview() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: (id: string) => api('deleteReview', { params: { id } }),
    onSettled: () => queryClient.invalidateQueries({ predicate: (q) => String(q.queryKey[0]).includes('review') }),
  })
}
