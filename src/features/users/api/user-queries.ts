// Users for the admin (GET /users?search=, docs/product.md#api-calls),
// server-paged, and the admin's user actions.
import { keepPreviousData, queryOptions, useMutation, useQueryClient } from '@tanstack/react-query'
import { api, apiPage } from '../../../shared/api/http-client'

export const userQueries = {
  all: () => ['users'] as const,
  page: (search: string, page: number, limit: number) =>
    queryOptions({
      queryKey: [...userQueries.all(), 'list', { search, page, limit }] as const,
      queryFn: ({ signal }) => apiPage('listUsers', page, limit, { query: search ? { search } : {}, signal }),
      placeholderData: keepPreviousData,
    }),
}

function useUserMutation<V, R>(mutationFn: (variables: V) => Promise<R>) {
  const queryClient = useQueryClient()
  return useMutation({ mutationFn, onSettled: () => queryClient.invalidateQueries({ queryKey: userQueries.all() }) })
}

export const useUpdateUserRole = () =>
  useUserMutation(({ id, role }: { id: string; role: 'student' | 'tutor' }) =>
    api('updateUserRole', { params: { id }, body: { role } }),
  )
export const useDeleteUser = () => useUserMutation((id: string) => api('deleteUser', { params: { id } }))
