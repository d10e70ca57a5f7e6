// Every review, for the admin (spec §7: GET /reviews), server-paged.
import { keepPreviousData, queryOptions, useMutation, useQueryClient } from '@tanstack/react-query'
import { api, apiPage } from '../../../shared/api/http-client'

export const adminReviewQueries = {
  all: () => ['admin-reviews'] as const,
  page: (page: number, limit: number) =>
    queryOptions({
      queryKey: [...adminReviewQueries.all(), { page, limit }] as const,
      queryFn: ({ signal }) => apiPage('listReviews', page, limit, { signal }),
      placeholderData: keepPreviousData,
      // Spec §8: a failed load says so once and is not retried.
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
