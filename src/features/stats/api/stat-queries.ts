// The numbers on the three dashboard home screens (docs/product.md#screens,
// #api-calls). Their keys sit under the stats root, so anything that changes a
// count (a booking, a review) refreshes them all with one invalidation.
import { queryOptions } from '@tanstack/react-query'
import { api } from '#shared/api/http-client'
import { queryKeys } from '#shared/api/query-keys'
import { formatRating } from '#shared/format/number'

const statKeys = queryKeys.stats

export const statQueries = {
  admin: () => queryOptions({ queryKey: statKeys.admin(), queryFn: ({ signal }) => api('getAdminStats', { signal }) }),
  student: (email: string) =>
    queryOptions({
      queryKey: statKeys.student(email),
      queryFn: ({ signal }) => api('getStudentStats', { params: { email }, signal }),
    }),
  tutor: (email: string) =>
    queryOptions({
      queryKey: statKeys.tutor(email),
      queryFn: ({ signal }) => api('getTutorStats', { params: { email }, signal }),
    }),
}

/** One decimal, or N/A when nothing has been rated (docs/product.md#constants). */
export function formatAverageRating(avg: number | null | undefined): string {
  return typeof avg === 'number' && Number.isFinite(avg) ? formatRating(avg) : 'N/A'
}
