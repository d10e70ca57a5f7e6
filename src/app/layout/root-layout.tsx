import { lazy, Suspense } from 'react'
import { Link, Outlet } from 'react-router-dom'
import { IS_DEMO } from '#shared/config/env'
import { useAuthActions } from '#features/auth/auth-provider'
import { useOptionalUser } from '#features/auth/user-query'
import { ResetDemoData } from '#features/demo/reset-demo-data'
import { FeedbackHost } from '#shared/ui/feedback'
import { OfflineIndicator } from '#features/offline/offline-indicator'
import { InstallBanner } from '#features/pwa/install-banner'
import { UpdatePrompt } from '#features/pwa/update-prompt'
import { Navbar } from './navbar'
import { useHeadingFocusOnNavigate } from './use-heading-focus-on-navigate'

// A signed-in user's tab bar on a phone: its own chunk, never with a visitor's first load.
const BottomTabBar = lazy(() => import('./bottom-tab-bar'))
// The signed-in user's saved zone, for every time on screen.
const ViewerTimeZone = lazy(() => import('#features/notifications/components/viewer-time-zone'))

export function RootLayout() {
  useHeadingFocusOnNavigate()
  const user = useOptionalUser()
  const { logOut } = useAuthActions()
  return (
    <>
      <a
        href="#main"
        className="sr-only focus:not-sr-only focus:absolute focus:left-2 focus:top-2 focus:z-50 focus:rounded focus:bg-surface focus:px-3 focus:py-2"
      >
        Skip to content
      </a>
      <Navbar />
      <InstallBanner />
      <OfflineIndicator />
      <main id="main" tabIndex={-1} className="min-h-[calc(100dvh-4rem)] focus:outline-none">
        {/* A saved zone that arrives later is used from the next page drawn: the open page is never drawn anew
            under the user, who may be filling in a form. */}
        <Outlet />
      </main>
      {/* The page ends above the tab bar (src/index.css, --bottom-bar-space). */}
      <footer className="border-t border-line px-4 pt-4 pb-[calc(var(--bottom-bar-space,0px)_+_1rem)] text-xs text-ink-muted">
        <div className="mx-auto flex max-w-6xl flex-wrap items-center gap-x-4 gap-y-2">
          {/* What the device keeps and what waits to sync, in plain words: docs/product.md#screens. */}
          <Link to="/settings" className="tap inline-flex items-center font-medium text-accent underline">
            Settings
          </Link>
          {IS_DEMO && <ResetDemoData logOut={user ? logOut : undefined} />}
        </div>
      </footer>
      {user?.email && (
        <Suspense fallback={null}>
          <ViewerTimeZone email={user.email} />
          <BottomTabBar role={user.role} email={user.email} />
        </Suspense>
      )}
      <FeedbackHost />
      <UpdatePrompt />
    </>
  )
}
