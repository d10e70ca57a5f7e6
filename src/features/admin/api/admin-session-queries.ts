// The admin's view of sessions: server-paged (the catalogue may hold 10,000
// sessions), and the admin's session actions (docs/product.md#states,
// #api-calls).
import { keepPreviousData, queryOptions, useMutation, useQueryClient } from '@tanstack/react-query'
import type { BodyOf } from '../../../contract/endpoints'
import type { Session, Status } from '../../../contract/entities'
import { api, apiPage, pageOf, type Page } from '../../../shared/api/http-client'

export const adminSessionQueries = {
  all: () => ['admin-sessions'] as const,
  page: (page: number, limit: number, status?: Status) =>
    queryOptions({
      queryKey: [...adminSessionQueries.all(), { page, limit, status }] as const,
      // The pending table reads GET /sessions/pending, which every server of the contract has;
      // a status filter on /admin/sessions is our servers' extension.
      queryFn: ({ signal }): Promise<Page<Session>> =>
        status === 'pending'
          ? api('listPendingSessions', { signal }).then((all) => pageOf(all, page, limit))
          : apiPage('listAdminSessions', page, limit, { query: status ? { status } : {}, signal }),
      placeholderData: keepPreviousData,
    }),
}

function useSessionMutation<V>(mutationFn: (variables: V) => Promise<unknown>) {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn,
    // Any list that shows sessions may have changed: the admin's, the tutor's, the public one.
    onSettled: () => queryClient.invalidateQueries({ predicate: (q) => String(q.queryKey[0]).includes('session') }),
  })
}

export const useApproveSession = () =>
  useSessionMutation(({ id, ...body }: { id: string } & BodyOf<'approveSession'>) =>
    api('approveSession', { params: { id }, body }),
  )
export const useRejectSession = () => useSessionMutation((id: string) => api('rejectSession', { params: { id } }))
export const useUpdateSession = () =>
  useSessionMutation(({ id, ...body }: { id: string } & BodyOf<'updateSession'>) =>
    api('updateSession', { params: { id }, body }),
  )
export const useDeleteSession = () => useSessionMutation((id: string) => api('deleteSession', { params: { id } }))
