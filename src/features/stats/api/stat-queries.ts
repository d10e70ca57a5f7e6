// The numbers on the three dashboard home screens (docs/product.md#screens,
// #api-calls). Their keys sit under the stats root, so anything that changes a
// count (a booking, a review) refreshes them all with one invalidation. Each
// is device-backed (src/shared/offline/device-backed-query.ts): kept as the
// server last gave it to the signed-in user, a dashboard opens offline.
import { queryOptions } from '@tanstack/react-query'
import { api } from '#shared/api/http-client'
import { queryKeys } from '#shared/api/query-keys'
import { backedByKeptAnswer } from '#shared/offline/kept-answer-query'
import { formatRating } from '#shared/format/number'

const statKeys = queryKeys.stats

export const statQueries = {
  /** `email`: the admin who reads them (whose copy the device keeps). */
  admin: (email: string) => {
    const queryKey = statKeys.admin()
    return queryOptions({
      queryKey,
      ...backedByKeptAnswer(email, queryKey, ({ signal }) => api('getAdminStats', { signal })),
    })
  },
  student: (email: string) => {
    const queryKey = statKeys.student(email)
    return queryOptions({
      queryKey,
      ...backedByKeptAnswer(email, queryKey, ({ signal }) => api('getStudentStats', { params: { email }, signal })),
    })
  },
  tutor: (email: string) => {
    const queryKey = statKeys.tutor(email)
    return queryOptions({
      queryKey,
      ...backedByKeptAnswer(email, queryKey, ({ signal }) => api('getTutorStats', { params: { email }, signal })),
    })
  },
}

/** One decimal, or N/A when nothing has been rated (docs/product.md#constants). */
export function formatAverageRating(avg: number | null | undefined): string {
  return typeof avg === 'number' && Number.isFinite(avg) ? formatRating(avg) : 'N/A'
}
