// The signed-in user's notifications: the inbox (its first page, kept on the
// device as last fetched for reading offline) and the unread count the bell
// shows. Marking read changes both, so the mutations refresh the whole root.
import { mutationOptions, queryOptions } from '@tanstack/react-query'
import { api, apiPage } from '#shared/api/http-client'
import { queryKeys } from '#shared/api/query-keys'
import { backedByKeptAnswer } from '#shared/offline/kept-answer-query'

/** How many the inbox shows: the newest; older ones are rarely worth a second page. */
const INBOX_SIZE = 50
/** The bell asks again this often while the app is open (and on focus). */
const UNREAD_REFRESH_MS = 60_000

export const notificationQueries = {
  inbox: (email: string) => {
    const queryKey = queryKeys.notifications.inbox(email)
    return queryOptions({
      queryKey,
      ...backedByKeptAnswer(email, queryKey, async ({ signal }) => {
        const page = await apiPage('listNotifications', 1, INBOX_SIZE, { signal })
        return { items: page.items, total: page.total }
      }),
    })
  },
  // Not kept: the bell is on every screen, and its count offline would date the screen's notice by itself.
  unread: (email: string) =>
    queryOptions({
      queryKey: queryKeys.notifications.unread(email),
      queryFn: ({ signal }) => api('getUnreadNotificationCount', { signal }),
      refetchInterval: UNREAD_REFRESH_MS,
    }),
}

const invalidates = { invalidates: [queryKeys.notifications.all] }

export const notificationMutations = {
  markRead: () =>
    mutationOptions({
      mutationKey: ['notifications', 'read'],
      mutationFn: (id: string) => api('markNotificationRead', { params: { id } }),
      meta: invalidates,
    }),
  markAllRead: () =>
    mutationOptions({
      mutationKey: ['notifications', 'read-all'],
      mutationFn: () => api('markAllNotificationsRead'),
      meta: invalidates,
    }),
}
