// The inbox: newest first, each read or unread, with a link to what it is
// about. Opening one marks it read; "Mark all as read" marks every one.
// Offline it shows the inbox as last fetched (the query is device-backed);
// marking read needs the server and is disabled then. A notification that
// also went out by email says so, quietly, beside its date.
import { useMutation, useQuery } from '@tanstack/react-query'
import { Link } from 'react-router-dom'
import { formatDateTime } from '#shared/format/date'
import { useOnline } from '#shared/offline/use-online'
import { QueryState } from '#shared/ui/query-state'
import { SECONDARY_BUTTON, SMALL_BUTTON } from '#shared/ui/ui-classes'
import { notificationMutations, notificationQueries } from '../api/notification-queries'

export function NotificationList({ email }: { email: string }) {
  const inbox = useQuery(notificationQueries.inbox(email))
  const markRead = useMutation(notificationMutations.markRead())
  const markAll = useMutation(notificationMutations.markAllRead())
  const online = useOnline()
  const anyUnread = inbox.data?.items.some((n) => n.readAt === null) ?? false
  return (
    <div className="mt-6">
      <div className="flex justify-end">
        <button
          type="button"
          className={SECONDARY_BUTTON}
          disabled={!online || !anyUnread || markAll.isPending}
          onClick={() => markAll.mutate()}
        >
          Mark all as read
        </button>
      </div>
      <QueryState
        query={inbox}
        loading="Loading notifications…"
        empty="No notifications yet."
        isEmpty={(page) => page.items.length === 0}
      >
        {(page) => (
          <ul className="mt-4 divide-y divide-line rounded-lg border border-line bg-surface">
            {page.items.map((n) => {
              const unread = n.readAt === null
              return (
                <li
                  key={n._id}
                  className="flex flex-col gap-2 p-4 sm:flex-row sm:items-start"
                  data-testid="notification"
                >
                  <div className="min-w-0 flex-1">
                    <p className="font-semibold text-ink">
                      {unread && <span className="sr-only">Unread: </span>}
                      {unread && (
                        <span aria-hidden="true" className="mr-2 inline-block h-2 w-2 rounded-full bg-brand-700" />
                      )}
                      {n.title}
                    </p>
                    <p className="mt-1 text-sm break-words text-ink">{n.body}</p>
                    <p className="mt-1 text-xs text-ink-muted">
                      {formatDateTime(n.createdAt)}
                      {n.deliveries?.some((d) => d.channel === 'email' && d.state === 'sent') ? ' · Emailed' : null}
                    </p>
                  </div>
                  <div className="flex shrink-0 gap-2">
                    <Link
                      to={n.link}
                      className={`${SMALL_BUTTON} bg-brand-700 text-white hover:bg-brand-900`}
                      onClick={() => {
                        if (unread && online) markRead.mutate(n._id)
                      }}
                    >
                      Open<span className="sr-only">: {n.title}</span>
                    </Link>
                    {unread && (
                      <button
                        type="button"
                        className={`${SMALL_BUTTON} border border-line-strong text-ink hover:bg-muted`}
                        disabled={!online || markRead.isPending}
                        onClick={() => markRead.mutate(n._id)}
                      >
                        Mark as read<span className="sr-only">: {n.title}</span>
                      </button>
                    )}
                  </div>
                </li>
              )
            })}
          </ul>
        )}
      </QueryState>
    </div>
  )
}
