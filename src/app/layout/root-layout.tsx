import { Outlet } from 'react-router-dom'
import { IS_DEMO } from '#shared/config/env'
import { useAuthActions } from '#features/auth/auth-provider'
import { useOptionalUser } from '#features/auth/user-query'
import { ResetDemoData } from '#features/demo/reset-demo-data'
import { FeedbackHost } from '#shared/ui/feedback'
import { OfflineIndicator } from '#features/offline/offline-indicator'
import { StorageUsage } from '#features/offline/storage-usage'
import { InstallBanner } from '#features/pwa/install-banner'
import { UpdatePrompt } from '#features/pwa/update-prompt'
import { Navbar } from './navbar'
import { useHeadingFocusOnNavigate } from './use-heading-focus-on-navigate'

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
        <Outlet />
      </main>
      <footer className="border-t border-line px-4 py-4 text-xs text-ink-muted">
        <div className="mx-auto flex max-w-6xl flex-col gap-2">
          <StorageUsage />
          {IS_DEMO && <ResetDemoData logOut={user ? logOut : undefined} />}
        </div>
      </footer>
      <FeedbackHost />
      <UpdatePrompt />
    </>
  )
}
