// The admin's view of sessions: server-paged (the catalogue may hold 10,000
// sessions), and the admin's session actions (docs/product.md#states,
// #api-calls).
import { keepPreviousData, mutationOptions, queryOptions } from '@tanstack/react-query'
import type { BodyOf } from '#contract/endpoints'
import type { Session, Status } from '#contract/entities'
import { api, apiPage, pageOf, type Page } from '#shared/api/http-client'
import { queryKeys } from '#shared/api/query-keys'

export const adminSessionQueries = {
  page: (page: number, limit: number, status?: Status) =>
    queryOptions({
      queryKey: queryKeys.sessions.adminPage({ page, limit, status }),
      // The pending table reads GET /sessions/pending, which every server of the contract has;
      // a status filter on /admin/sessions is our servers' extension.
      queryFn: ({ signal }): Promise<Page<Session>> =>
        status === 'pending'
          ? api('listPendingSessions', { signal }).then((all) => pageOf(all, page, limit))
          : apiPage('listAdminSessions', page, limit, { query: status ? { status } : {}, signal }),
      placeholderData: keepPreviousData,
    }),
}

// Any list that shows sessions may have changed (the admin's, the tutor's, the
// public ones), and with them the bookings that show a session and the counts.
const invalidates = [queryKeys.sessions.all, queryKeys.bookings.all, queryKeys.stats.all]

export const adminSessionMutations = {
  approve: () =>
    mutationOptions({
      mutationFn: ({ id, ...body }: { id: string } & BodyOf<'approveSession'>) =>
        api('approveSession', { params: { id }, body }),
      meta: { invalidates },
    }),
  reject: () =>
    mutationOptions({ mutationFn: (id: string) => api('rejectSession', { params: { id } }), meta: { invalidates } }),
  update: () =>
    mutationOptions({
      mutationFn: ({ id, ...body }: { id: string } & BodyOf<'updateSession'>) =>
        api('updateSession', { params: { id }, body }),
      meta: { invalidates },
    }),
  remove: () =>
    mutationOptions({ mutationFn: (id: string) => api('deleteSession', { params: { id } }), meta: { invalidates } }),
}
