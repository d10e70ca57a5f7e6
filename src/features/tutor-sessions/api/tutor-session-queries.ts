// A tutor's own sessions (GET /sessions/tutor/{email}, docs/product.md#api-calls), and the
// tutor's writes: create and resubmit.
import { mutationOptions, queryOptions } from '@tanstack/react-query'
import type { BodyOf } from '#contract/endpoints'
import { api } from '#shared/api/http-client'
import { queryKeys } from '#shared/api/query-keys'

export const tutorSessionQueries = {
  byTutor: (email: string) =>
    queryOptions({
      queryKey: queryKeys.sessions.ofTutor(email),
      queryFn: ({ signal }) => api('listTutorSessions', { params: { email }, signal }),
      enabled: Boolean(email),
    }),
}

// Every cached list a tutor's write can change: theirs, the admin's and the public ones, and the counts.
const invalidates = [queryKeys.sessions.all, queryKeys.stats.all]

export const tutorSessionMutations = {
  create: () =>
    mutationOptions({
      mutationFn: (body: BodyOf<'createSession'>) => api('createSession', { body }),
      meta: { invalidates },
    }),
  resubmit: () =>
    mutationOptions({ mutationFn: (id: string) => api('resubmitSession', { params: { id } }), meta: { invalidates } }),
}
