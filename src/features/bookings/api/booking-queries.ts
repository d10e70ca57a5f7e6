// A student's bookings, and booking a session. A booking changes the student's
// list and stats, so the mutation refreshes both. The student's bookings and
// calendar address are device-backed (src/shared/offline/device-backed-query.ts):
// kept as the server last gave them, they open offline.
import { mutationOptions, queryOptions } from '@tanstack/react-query'
import type { BodyOf } from '#contract/endpoints'
import { api } from '#shared/api/http-client'
import { queryKeys } from '#shared/api/query-keys'
import { backedByKeptAnswer } from '#shared/offline/kept-answer-query'

export const bookingQueries = {
  forStudent: (email: string) => {
    const queryKey = queryKeys.bookings.ofStudent(email)
    return queryOptions({
      queryKey,
      ...backedByKeptAnswer(email, queryKey, ({ signal }) => api('listStudentBookings', { params: { email }, signal })),
    })
  },
}

export type NewBooking = BodyOf<'createBooking'>

/** The server answers `{success: false, message}` for a refused booking (docs/product.md#api-calls). */
class BookingRefused extends Error {
  override readonly name = 'BookingRefused'
}

export const bookingMutations = {
  create: () =>
    mutationOptions({
      mutationKey: ['bookings', 'create'],
      mutationFn: async (booking: NewBooking) => {
        const outcome = await api('createBooking', { body: booking, idempotencyKey: crypto.randomUUID() })
        if (!outcome.success) throw new BookingRefused(outcome.message || 'Booking failed')
        return outcome
      },
      // A booking takes a seat: the session's seats left change too.
      meta: { invalidates: [queryKeys.bookings.all, queryKeys.stats.all, queryKeys.sessions.all] },
    }),
}

export const bookingCancel = {
  cancel: () =>
    mutationOptions({
      mutationKey: ['bookings', 'cancel'],
      // Held a few seconds for its Undo (`holdMs`), sent at once, or queued on
      // the device when there is no connection (../offline/booking-cancel-outbox.ts,
      // loaded on demand with Dexie); so it runs offline too.
      mutationFn: async (input: { id: string; email: string; holdMs?: number }) =>
        (await import('../offline/booking-cancel-outbox')).cancelOrQueue(input),
      networkMode: 'always',
      // A cancel frees a seat: the session's seats left change too.
      meta: { invalidates: [queryKeys.bookings.all, queryKeys.stats.all, queryKeys.sessions.all] },
    }),
}

export const calendarFeedQueries = {
  ofStudent: (email: string) => {
    const queryKey = queryKeys.bookings.calendarFeed(email)
    return queryOptions({
      queryKey,
      ...backedByKeptAnswer(email, queryKey, ({ signal }) => api('getCalendarFeed', { params: { email }, signal })),
    })
  },
}

export const calendarFeedMutations = {
  create: () =>
    mutationOptions({
      mutationKey: ['calendar-feed', 'create'],
      mutationFn: (email: string) =>
        api('createCalendarFeed', { params: { email }, idempotencyKey: crypto.randomUUID() }),
      meta: { invalidates: [queryKeys.bookings.all] },
    }),
  revoke: () =>
    mutationOptions({
      mutationKey: ['calendar-feed', 'revoke'],
      mutationFn: (email: string) => api('deleteCalendarFeed', { params: { email } }),
      meta: { invalidates: [queryKeys.bookings.all] },
    }),
}
