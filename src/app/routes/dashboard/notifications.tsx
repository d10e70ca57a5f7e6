// Every signed-in user's inbox (docs/product.md: Notifications), with the
// prompt under it that asks, once, to notify on this device.
import type { LoaderFunctionArgs } from 'react-router-dom'
import { useUser } from '#features/auth/user-query'
import { notificationQueries } from '#features/notifications/api/notification-queries'
import { NotificationList } from '#features/notifications/components/notification-list'
import { NotificationPermissionCard } from '#features/notifications/components/notification-permission-card'
import { cachedVisitor, settle, warm } from '../../route-loaders'

/** Behind login (RequireAuth): nothing is fetched unless the last session left its email and token. */
export function loader({ request }: LoaderFunctionArgs) {
  const visitor = cachedVisitor()
  if (visitor.kind !== 'signed-in') return null
  return settle(request, warm(notificationQueries.inbox(visitor.email)))
}

export function Component() {
  const { email } = useUser()
  return (
    <section aria-labelledby="notifications-title">
      <h1 id="notifications-title" className="text-2xl font-bold text-ink">
        Notifications
      </h1>
      {email && <NotificationList email={email} />}
      {/* Under the list, never above it: the inbox is what the page is for. */}
      <NotificationPermissionCard />
    </section>
  )
}
