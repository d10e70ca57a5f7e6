// A tutor's own sessions (GET /sessions/tutor/{email}, docs/product.md#api-calls), and the
// tutor's writes: create and resubmit. The list is device-backed
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
