// The admin's view of bookings, server-paged, and the admin's booking actions.
import { keepPreviousData, mutationOptions, queryOptions } from '@tanstack/react-query'
import type { BodyOf } from '#contract/endpoints'
import type { Status } from '#contract/entities'
import { api, apiPage } from '#shared/api/http-client'
import { queryKeys } from '#shared/api/query-keys'

export const adminBookingQueries = {
  page: (page: number, limit: number, status?: Status) =>
    queryOptions({
      queryKey: queryKeys.bookings.adminPage({ page, limit, status }),
      queryFn: ({ signal }) => apiPage('listBookings', page, limit, { query: status ? { status } : {}, signal }),
      placeholderData: keepPreviousData,
    }),
}

// A booking's change shows in every bookings list and in the dashboards' counts.
const invalidates = [queryKeys.bookings.all, queryKeys.stats.all]

export const adminBookingMutations = {
  setStatus: () =>
    mutationOptions({
      mutationFn: ({ id, status }: { id: string; status: Status }) =>
        api('updateBooking', { params: { id }, body: { status } }),
      meta: { invalidates },
    }),
  edit: () =>
    mutationOptions({
      mutationFn: ({ id, ...body }: { id: string } & Extract<BodyOf<'updateBooking'>, { sessionId: string }>) =>
        api('updateBooking', { params: { id }, body }),
      meta: { invalidates },
    }),
  remove: () =>
    mutationOptions({ mutationFn: (id: string) => api('deleteBooking', { params: { id } }), meta: { invalidates } }),
}
