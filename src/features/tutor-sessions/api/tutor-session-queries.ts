// A tutor's own sessions (GET /sessions/tutor/{email}, docs/product.md#api-calls), and the
// tutor's writes: create and resubmit, and running the class (move it, cancel it; an admin's too). The list is device-backed
// (src/shared/offline/device-backed-query.ts): it opens offline as last fetched.
import { mutationOptions, queryOptions } from '@tanstack/react-query'
import type { BodyOf } from '#contract/endpoints'
import { api } from '#shared/api/http-client'
import { queryKeys } from '#shared/api/query-keys'
import { backedByKeptAnswer } from '#shared/offline/kept-answer-query'

export const tutorSessionQueries = {
  byTutor: (email: string) => {
    const queryKey = queryKeys.sessions.ofTutor(email)
    return queryOptions({
      queryKey,
      ...backedByKeptAnswer(email, queryKey, ({ signal }) => api('listTutorSessions', { params: { email }, signal })),
      enabled: Boolean(email),
    })
  },
  /** The zone a tutor's new schedule is in by default: their saved one (GET /users/me/notification-preferences). */
  savedZone: (email: string) =>
    queryOptions({
      queryKey: [...queryKeys.preferences.ofUser(email), 'zone'] as const,
      queryFn: ({ signal }) => api('getNotificationPreferences', { signal }),
      select: (preferences) => preferences.timeZone,
      enabled: Boolean(email),
    }),
  /** The session's meetings, its schedule expanded (GET /sessions/:id/meetings). */
  meetings: (id: string) =>
    queryOptions({
      queryKey: [...queryKeys.sessions.all, 'meetings', id] as const,
      queryFn: ({ signal }) => api('listSessionMeetings', { params: { id }, signal }),
    }),
  /** How many students a change to the class is told to: those booked, asking or waiting (GET /sessions/:id/roster). */
  toldCount: (id: string) =>
    queryOptions({
      // The roster's own key: one cached roster whichever screen asked, refreshed with the bookings.
      queryKey: queryKeys.bookings.roster(id),
      queryFn: ({ signal }) => api('getSessionRoster', { params: { id }, signal }),
      select: (roster) => roster.filter((entry) => entry.status !== 'cancelled' && entry.status !== 'rejected').length,
    }),
}

// Every cached list a tutor's write can change: theirs, the admin's and the public ones, and the counts.
const invalidates = [queryKeys.sessions.all, queryKeys.stats.all]
// A class moved or cancelled changes its students' bookings too (their cards show the move and the cancel).
const classInvalidates = [...invalidates, queryKeys.bookings.all]

export const tutorSessionMutations = {
  create: () =>
    mutationOptions({
      mutationFn: (body: BodyOf<'createSession'>) => api('createSession', { body }),
      meta: { invalidates },
    }),
  resubmit: () =>
    mutationOptions({ mutationFn: (id: string) => api('resubmitSession', { params: { id } }), meta: { invalidates } }),
  updateClass: () =>
    mutationOptions({
      mutationFn: ({ id, ...body }: BodyOf<'updateSessionClass'> & { id: string }) =>
        api('updateSessionClass', { params: { id }, body }),
      meta: { invalidates: classInvalidates },
    }),
  cancelClass: () =>
    mutationOptions({
      mutationFn: ({ id, reason }: { id: string; reason: string }) =>
        api('cancelSession', { params: { id }, body: { reason } }),
      meta: { invalidates: classInvalidates },
    }),
}
