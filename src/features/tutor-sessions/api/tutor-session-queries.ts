// A tutor's own sessions (GET /sessions/tutor/{email}, docs/product.md#api-calls), and the
// tutor's writes: create and resubmit.
import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query'
import type { BodyOf } from '../../../contract/endpoints'
import { api } from '../../../shared/api/http-client'

export const tutorSessionQueries = {
  all: () => ['tutor-sessions'] as const,
  byTutor: (email: string) =>
    queryOptions({
      queryKey: [...tutorSessionQueries.all(), email] as const,
      queryFn: ({ signal }) => api('listTutorSessions', { params: { email }, signal }),
      enabled: Boolean(email),
    }),
}

/** Every cached list a tutor's write can change: theirs, the admin's and the public ones. */
function useInvalidateSessions() {
  const queryClient = useQueryClient()
  return () => queryClient.invalidateQueries({ predicate: (q) => String(q.queryKey[0]).includes('session') })
}

export function useCreateSession() {
  const invalidate = useInvalidateSessions()
  return useMutation({
    mutationFn: (body: BodyOf<'createSession'>) => api('createSession', { body }),
    onSettled: invalidate,
  })
}

export function useResubmitSession() {
  const invalidate = useInvalidateSessions()
  return useMutation({
    mutationFn: (id: string) => api('resubmitSession', { params: { id } }),
    onSettled: invalidate,
  })
}
