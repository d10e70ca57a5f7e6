// The admin's view of bookings, server-paged, and the admin's booking actions.
import { keepPreviousData, queryOptions, useMutation, useQueryClient } from '@tanstack/react-query'
import type { BodyOf } from '../../../contract/endpoints'
import type { Status } from '../../../contract/entities'
import { api, apiPage } from '../../../shared/api/http-client'

export const adminBookingQueries = {
  all: () => ['admin-bookings'] as const,
  page: (page: number, limit: number, status?: Status) =>
    queryOptions({
      queryKey: [...adminBookingQueries.all(), { page, limit, status }] as const,
      queryFn: ({ signal }) => apiPage('listBookings', page, limit, { query: status ? { status } : {}, signal }),
      placeholderData: keepPreviousData,
    }),
}

function useBookingMutation<V>(mutationFn: (variables: V) => Promise<unknown>) {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn,
    onSettled: () => queryClient.invalidateQueries({ predicate: (q) => String(q.queryKey[0]).includes('booking') }),
  })
}

export const useSetBookingStatus = () =>
  useBookingMutation(({ id, status }: { id: string; status: Status }) =>
    api('updateBooking', { params: { id }, body: { status } }),
  )
export const useEditBooking = () =>
  useBookingMutation(({ id, ...body }: { id: string } & Extract<BodyOf<'updateBooking'>, { sessionId: string }>) =>
    api('updateBooking', { params: { id }, body }),
  )
export const useDeleteBooking = () => useBookingMutation((id: string) => api('deleteBooking', { params: { id } }))
