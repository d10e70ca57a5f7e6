// A session's roster for its tutor (GET /sessions/{id}/roster), and what the
// tutor does from it: decide a pending booking, mark attendance. The roster is
// device-backed (src/shared/offline/device-backed-query.ts): kept as the server
// last gave it, it opens offline. It sits under the bookings' root, so every
// booking write (and the outbox engine's sends) refreshes it.
import { mutationOptions, queryOptions } from '@tanstack/react-query'
import type { Attendance } from '#contract/entities'
import { api } from '#shared/api/http-client'
import { queryKeys } from '#shared/api/query-keys'
import { backedByKeptAnswer } from '#shared/offline/kept-answer-query'

export const rosterQueries = {
  ofSession: (email: string, sessionId: string) => {
    const queryKey = queryKeys.bookings.roster(sessionId)
    return queryOptions({
      queryKey,
      ...backedByKeptAnswer(email, queryKey, ({ signal }) =>
        api('getSessionRoster', { params: { id: sessionId }, signal }),
      ),
      enabled: Boolean(email && sessionId),
    })
  },
}

// A decision or a mark shows in every bookings list (the student's too) and in the dashboards' counts.
const invalidates = [queryKeys.bookings.all, queryKeys.stats.all]

export const rosterMutations = {
  /** The tutor approves or rejects a pending booking of their session (an admin's Manage Bookings does the same). */
  decide: () =>
    mutationOptions({
      mutationKey: ['bookings', 'decide'],
      mutationFn: ({ id, status }: { id: string; status: 'approved' | 'rejected' }) =>
        api('updateBooking', { params: { id }, body: { status }, idempotencyKey: crypto.randomUUID() }),
      // A rejection frees a seat: the session's seats left change too.
      meta: { invalidates: [...invalidates, queryKeys.sessions.all] },
    }),
  /** Present or absent: queued on the device when there is no connection (../offline/attendance-outbox.ts, with Dexie). */
  mark: () =>
    mutationOptions({
      mutationKey: ['bookings', 'attendance'],
      mutationFn: async (input: { bookingId: string; email: string; attendance: Attendance }) =>
        (await import('../offline/attendance-outbox')).markOrQueue(input),
      networkMode: 'always',
      meta: { invalidates },
    }),
}
