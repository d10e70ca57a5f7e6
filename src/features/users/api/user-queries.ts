// Users for the admin (GET /users?search=, docs/product.md#api-calls),
// server-paged, and the admin's user actions.
import { keepPreviousData, mutationOptions, queryOptions } from '@tanstack/react-query'
import { api, apiPage } from '#shared/api/http-client'
import { queryKeys } from '#shared/api/query-keys'

export const userQueries = {
  page: (search: string, page: number, limit: number) =>
    queryOptions({
      queryKey: queryKeys.users.page({ search, page, limit }),
      queryFn: ({ signal }) => apiPage('listUsers', page, limit, { query: search ? { search } : {}, signal }),
      placeholderData: keepPreviousData,
    }),
}

export const userMutations = {
  updateRole: () =>
    mutationOptions({
      mutationFn: ({ id, role }: { id: string; role: 'student' | 'tutor' }) =>
        api('updateUserRole', { params: { id }, body: { role } }),
      meta: { invalidates: [queryKeys.users.all, queryKeys.stats.all] },
    }),
  /** A user takes everything bearing their email with them (docs/rules/deleting.md). */
  remove: () =>
    mutationOptions({
      mutationFn: (id: string) => api('deleteUser', { params: { id } }),
      meta: {
        invalidates: [
          queryKeys.users.all,
          queryKeys.sessions.all,
          queryKeys.bookings.all,
          queryKeys.reviews.all,
          queryKeys.materials.all,
          queryKeys.stats.all,
        ],
      },
    }),
}
