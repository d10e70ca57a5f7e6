// /settings (docs/product.md#screens): what this device keeps for StudyHub, in
// plain words, with the button that asks the browser to keep it; for a
// signed-in student, what waits on this device to reach the server; and for
// everyone signed in, what they are told of and how. These
// used to be machine figures in every page's footer and a badge over the
// bar's name on a phone (docs/decisions/0078-phone-shell.md).
import { lazy, Suspense } from 'react'
import { useOptionalUser } from '#features/auth/user-query'
import { StorageUsage } from '#features/offline/storage-usage'
import { PageHeading } from '#shared/ui/page-heading'

// Reads the device's database: loaded for a student only.
const SyncSummary = lazy(() => import('../layout/sync-badge').then((module) => ({ default: module.SyncSummary })))
// Signed in only: a visitor's Settings loads none of it.
const NotificationSettings = lazy(() => import('#features/notifications/components/notification-settings'))

export function Component() {
  const user = useOptionalUser()
  return (
    <div className="mx-auto max-w-3xl px-4 py-8 text-ink">
      <PageHeading title="Settings">This device and StudyHub.</PageHeading>
      <section aria-labelledby="settings-storage" className="rounded-lg border border-line bg-surface p-4">
        <h2 id="settings-storage" className="text-lg font-semibold">
          Storage on this device
        </h2>
        <p className="mt-1 text-sm text-ink-muted">
          StudyHub keeps sessions, your notes and study materials here so they open without a connection.
        </p>
        <div className="mt-3 text-sm">
          <StorageUsage />
        </div>
      </section>
      {user?.role === 'student' && user.email ? (
        <section aria-labelledby="settings-sync" className="mt-6 rounded-lg border border-line bg-surface p-4">
          <h2 id="settings-sync" className="text-lg font-semibold">
            Waiting to sync
          </h2>
          <div className="mt-2 text-sm">
            <Suspense fallback={null}>
              <SyncSummary email={user.email} />
            </Suspense>
          </div>
        </section>
      ) : null}
      {user?.email ? (
        <Suspense fallback={null}>
          <NotificationSettings email={user.email} role={user.role} />
        </Suspense>
      ) : null}
    </div>
  )
}
