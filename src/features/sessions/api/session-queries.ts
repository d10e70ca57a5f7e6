// Every public read of study sessions, as queryOptions. Keys nest under the
// sessions root of the key tree (src/shared/api/query-keys.ts), so one
// invalidation refreshes every list and detail that could show a changed session.
import { queryOptions } from '@tanstack/react-query'
import type { Session } from '#contract/entities'
import { FIRST_PAGE_LIMITS } from '#contract/first-paint'
import { api, apiPage, type Page } from '#shared/api/http-client'
import { queryKeys } from '#shared/api/query-keys'
import { deviceBacked, keepOnDevice, type DeviceStore } from '#shared/offline/device-backed-query'

/** docs/product.md#constants. */
const HOME_SESSION_LIMIT = FIRST_PAGE_LIMITS.home
export const SESSIONS_PAGE_SIZE = FIRST_PAGE_LIMITS.studySessions

export interface SessionListFilters {
  page: number
  /** Admins list every session (GET /admin/sessions); others approved ones only. */
  admin: boolean
  limit?: number
  /** Only this tutor's approved sessions (the Tutors page links here). */
  tutorEmail?: string
  /** GET /sessions' search parameters (src/contract/session-filters.ts searchQuery); none is the plain list. */
  search?: Record<string, string>
}

type SessionPage = Page<Session>

// The device's copy of approved sessions, loaded on demand (it brings Dexie).
const approvedSessions = () => import('../db/approved-sessions')

/** The device's key of one page of the approved list (optionally one tutor's). */
function sessionPageKeyOf({ page, limit, tutorEmail }: { page: number; limit: number; tutorEmail?: string }) {
  return `approved|tutor=${tutorEmail ?? ''}|page=${page}|limit=${limit}`
}

/** The unpaged approved list (the tutors page). */
const ALL_APPROVED_KEY = 'approved|all'

/**
 * Where a list's answers are kept on the device: a plain page as that page; a search's sessions one by one (a
 * search is typed, not revisited), found offline by the same search over every session kept; the admin's list
 * not at all.
 */
function listDevice({
  page,
  admin,
  limit = SESSIONS_PAGE_SIZE,
  tutorEmail,
  search = {},
}: SessionListFilters): DeviceStore<SessionPage> | null {
  if (admin) return null
  if (Object.keys(search).length > 0)
    return {
      save: async (data, at) => (await approvedSessions()).saveSessions(data.items, at),
      read: async () => (await approvedSessions()).searchKeptSessions({ search, tutorEmail, page, limit }),
    }
  const key = sessionPageKeyOf({ page, limit, tutorEmail })
  return {
    save: async (data, at) => (await approvedSessions()).saveSessionPage(key, data, at),
    read: async () => (await approvedSessions()).readSessionPage(key),
  }
}

export const sessionQueries = {
  /** Every approved session, unpaged: the public catalogue (tutors page). */
  approved: () =>
    queryOptions({
      queryKey: queryKeys.sessions.approved(),
      ...deviceBacked(({ signal }) => api('listSessions', { query: { status: 'approved' }, signal }), {
        save: async (items, at) => {
          const page = { items, total: items.length, page: 1, limit: items.length }
          await (await approvedSessions()).saveSessionPage(ALL_APPROVED_KEY, page, at)
        },
        read: async () => {
          const answer = await (await approvedSessions()).readSessionPage(ALL_APPROVED_KEY)
          return answer && { data: answer.data.items, savedAt: answer.savedAt }
        },
      }),
    }),

  /** One page of sessions with the server's total, kept on the device as listDevice says (docs/rules/search.md). */
  list: (filters: SessionListFilters) => {
    const { page, admin, limit = SESSIONS_PAGE_SIZE, tutorEmail, search = {} } = filters
    const searching = Object.keys(search).length > 0
    return queryOptions({
      queryKey: queryKeys.sessions.list(admin ? 'admin' : 'approved', {
        page,
        limit,
        tutorEmail,
        ...(searching ? { search } : {}),
      }),
      ...deviceBacked(
        ({ signal }) =>
          admin
            ? apiPage('listAdminSessions', page, limit, { query: search, signal })
            : apiPage('listSessions', page, limit, {
                query: { status: 'approved', ...(tutorEmail ? { tutorEmail } : {}), ...search },
                signal,
              }),
        listDevice(filters),
      ),
    })
  },

  /** Keeps a page of the list on the device that came with the HTML, as fresh as the list's own fetch. */
  keepListPage: (filters: SessionListFilters, data: SessionPage, savedAt: number) =>
    keepOnDevice(listDevice(filters), data, savedAt),

  /**
   * The home page's cards: the first HOME_SESSION_LIMIT of /study-sessions'
   * page 1. One server list, so one query: one key in the cache, one saved
   * first-paint entry, one page on the device; the home page only selects.
   */
  home: () =>
    queryOptions({
      ...sessionQueries.list({ page: 1, admin: false }),
      select: (page) => ({ ...page, items: page.items.slice(0, HOME_SESSION_LIMIT) }),
    }),

  detail: (id: string) =>
    queryOptions({
      queryKey: queryKeys.sessions.detail(id),
      ...deviceBacked(({ signal }) => api('getSession', { params: { id }, signal }), {
        save: async (session, at) => (await approvedSessions()).saveSession(session, at),
        // A session seen only in a list opens offline too.
        read: async () => (await approvedSessions()).readSession(id),
      }),
    }),

  /** Its meetings: a course's schedule as the server expands it (skipped ones left out). */
  meetings: (id: string) =>
    queryOptions({
      queryKey: queryKeys.sessions.meetings(id),
      queryFn: ({ signal }) => api('listSessionMeetings', { params: { id }, signal }),
    }),
}
