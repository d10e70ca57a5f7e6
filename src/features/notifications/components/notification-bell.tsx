// The bell in the bar of a signed-in user: a link to the inbox with the
// unread count. Loaded lazily after the first paint (it is nothing a first
// visit needs), it also keeps the service worker told who is signed in and
// follows its requests (open a notification's screen, look at the inbox again).
import { useQuery, useQueryClient } from '@tanstack/react-query'
import { useEffect } from 'react'
import { Link, useNavigate } from 'react-router-dom'
import { queryKeys } from '#shared/api/query-keys'
import { notificationQueries } from '../api/notification-queries'
import { followWorker, tellWorkerWhoIsSignedIn } from '../device-user'
import { subscribeThisDevice } from '../push-permission'

export default function NotificationBell({ email }: { email: string }) {
  const { data } = useQuery(notificationQueries.unread(email))
  const unread = data?.unread ?? 0
  const navigate = useNavigate()
  const queryClient = useQueryClient()

  useEffect(() => {
    void tellWorkerWhoIsSignedIn(email)
    // A device already allowed to notify is bound to whoever signed in on it now.
    subscribeThisDevice().catch(() => undefined)
    return followWorker({
      open: (url) => void navigate(url),
      notified: () => void queryClient.invalidateQueries({ queryKey: queryKeys.notifications.all }),
    })
  }, [email, navigate, queryClient])

  const label = unread > 0 ? `Notifications, ${unread} unread` : 'Notifications'
  return (
    <Link
      to="/dashboard/notifications"
      className="relative inline-flex h-11 w-11 items-center justify-center rounded text-ink hover:bg-muted-strong"
      aria-label={label}
      data-testid="notification-bell"
    >
      <svg aria-hidden="true" viewBox="0 0 24 24" className="h-6 w-6" fill="none" stroke="currentColor" strokeWidth="2">
        <path d="M6 8a6 6 0 1 1 12 0c0 7 3 8 3 8H3s3-1 3-8M10 20a2 2 0 0 0 4 0" />
      </svg>
      {unread > 0 && (
        <span
          aria-hidden="true"
          className="absolute top-0.5 right-0.5 min-w-5 rounded-full bg-badge px-1 text-center text-xs leading-5 font-bold text-on-badge"
        >
          {unread > 99 ? '99+' : unread}
        </span>
      )}
    </Link>
  )
}
