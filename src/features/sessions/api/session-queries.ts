// Every read of study sessions, as queryOptions. Keys nest under ['sessions']
// so one invalidation of a prefix (see session-keys below) refreshes every
// list and detail that could show a changed session.
import { queryOptions } from '@tanstack/react-query'
import { api, apiPage } from '../../../shared/api/http-client'
import { offlineFirst } from '../../offline/offline-query'

/** docs/product.md#constants. */
export const HOME_SESSION_LIMIT = 6
export const SESSIONS_PAGE_SIZE = 8

export const sessionKeys = {
  all: ['sessions'] as const,
  lists: () => [...sessionKeys.all, 'list'] as const,
  details: () => [...sessionKeys.all, 'detail'] as const,
  detail: (id: string) => [...sessionKeys.details(), id] as const,
}

export interface SessionListFilters {
  page: number
  /** Admins list every session (GET /admin/sessions); others approved ones only. */
  admin: boolean
  limit?: number
  /** Only this tutor's approved sessions (the Tutors page links here). */
  tutorEmail?: string
}

export const sessionQueries = {
  /** Every approved session, unpaged: the public catalogue (tutors page). */
  approved: () =>
    queryOptions({
      queryKey: [...sessionKeys.lists(), 'approved', 'all'] as const,
      ...offlineFirst(({ signal }) => api('listSessions', { query: { status: 'approved' }, signal }), {
        entity: 'sessions',
      }),
    }),

  /** One page of sessions with the server's total. */
  list: ({ page, admin, limit = SESSIONS_PAGE_SIZE, tutorEmail }: SessionListFilters) =>
    queryOptions({
      queryKey: [...sessionKeys.lists(), admin ? 'admin' : 'approved', { page, limit, tutorEmail }] as const,
      // Approved sessions are kept on the phone for offline reading; the admin's list is not.
      ...offlineFirst(
        ({ signal }) =>
          admin
            ? apiPage('listAdminSessions', page, limit, { signal })
            : apiPage('listSessions', page, limit, {
                query: tutorEmail ? { status: 'approved', tutorEmail } : { status: 'approved' },
                signal,
              }),
        { entity: 'sessions', offline: !admin },
      ),
    }),

  /** The home page's first approved sessions. */
  home: () => sessionQueries.list({ page: 1, admin: false, limit: HOME_SESSION_LIMIT }),

  detail: (id: string) =>
    queryOptions({
      queryKey: sessionKeys.detail(id),
      ...offlineFirst(({ signal }) => api('getSession', { params: { id }, signal }), {
        entity: 'session',
        sessionId: id,
      }),
    }),
}
