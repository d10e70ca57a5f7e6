// The sticky navigation bar (docs/product.md#screens). Links for everyone, then
// Dashboard when logged in, or Login and Register when logged out. On small
// screens the links collapse into a menu that also holds Log out (or Login and
// Register). Logged in, the right side has the avatar menu: email, Dashboard,
// Log out.
import { lazy, Suspense, useEffect, useId, useRef, useState } from 'react'
import { Link, NavLink, useLocation, useNavigate } from 'react-router-dom'
import { useAuthActions } from '#features/auth/auth-provider'
import type { LogOutResult } from '#features/auth/auth-session'
import { useOptionalUser, useUserState } from '#features/auth/user-query'
import { UserAvatar } from '#features/auth/components/user-avatar'
import { ThemeToggle } from '#features/theme/theme-toggle'
import { showAlert, showToast } from '#shared/ui/feedback'
import { errorMessage } from '#shared/api/api-error'

const PUBLIC_LINKS = [
  { to: '/', label: 'Home', end: true },
  { to: '/study-sessions', label: 'Study Sessions', end: false },
  { to: '/tutors', label: 'Tutors', end: false },
  { to: '/about', label: 'About', end: false },
] as const

const GUEST_LINKS = [
  { to: '/login', label: 'Login', end: false },
  { to: '/register', label: 'Register', end: false },
] as const

const MEMBER_LINKS = [{ to: '/dashboard', label: 'Dashboard', end: false }] as const

const LOGOUT_TOAST_MS = 1800

// Reads the device's database: loaded only for a signed-in student, never with the first paint.
const SyncBadge = lazy(() => import('./sync-badge'))
// The inbox's bell: its own chunk, for a signed-in user only, never with the first paint.
const NotificationBell = lazy(() => import('#features/notifications/components/notification-bell'))

function linkClass({ isActive }: { isActive: boolean }): string {
  return `tap flex items-center rounded px-3 py-2 text-sm font-medium ${isActive ? 'bg-brand-700 text-white' : 'text-ink hover:bg-muted-strong'}`
}

/** Logs out with the toast or the dialog of docs/product.md#messages. */
function useLogOut(): () => Promise<void> {
  const { logOut } = useAuthActions()
  const navigate = useNavigate()
  const location = useLocation()
  return async () => {
    let result: LogOutResult
    try {
      result = await logOut()
    } catch (err) {
      await showAlert({ title: 'Logout failed', text: errorMessage(err, 'Please try again'), icon: 'error' })
      return
    }
    // The user chose to stay logged in (unsent note writes).
    if (result === 'stayed') return
    // Signed out, but their data is still on the device: not a clean logout, and they must know.
    if (result === 'wipe-pending')
      void import('../device-wipe').then(({ WIPE_PENDING_ALERT }) =>
        showAlert({ ...WIPE_PENDING_ALERT, icon: 'warning' }),
      )
    else showToast({ title: 'Logged out successfully', icon: 'success', timer: LOGOUT_TOAST_MS, position: 'top-end' })
    // A page behind login would only send the next visitor to /login.
    if (/^\/(dashboard|session-details)(\/|$)/.test(location.pathname)) navigate('/', { replace: true })
  }
}

/** Log out, in the avatar menu and the small-screen menu alike; `onClick` closes the menu first. */
function LogOutButton({ onClick }: { onClick: () => void }) {
  const handleLogOut = useLogOut()
  return (
    <button
      type="button"
      className="block w-full rounded px-3 py-2 text-left text-sm font-medium text-danger hover:bg-muted"
      onClick={() => {
        onClick()
        void handleLogOut()
      }}
    >
      Log out
    </button>
  )
}

/** Closes a popup on Escape (focus back to its button) and on a click outside it. */
function useDismiss(open: boolean, close: () => void, container: React.RefObject<HTMLElement | null>) {
  const closeRef = useRef(close)
  useEffect(() => {
    closeRef.current = close
  })
  useEffect(() => {
    if (!open) return
    const onPointer = (event: PointerEvent) => {
      if (container.current && !container.current.contains(event.target as Node)) closeRef.current()
    }
    const onKey = (event: KeyboardEvent) => {
      if (event.key === 'Escape') {
        closeRef.current()
        container.current?.querySelector<HTMLElement>('[aria-expanded]')?.focus()
      }
    }
    document.addEventListener('pointerdown', onPointer)
    document.addEventListener('keydown', onKey)
    return () => {
      document.removeEventListener('pointerdown', onPointer)
      document.removeEventListener('keydown', onKey)
    }
  }, [open, container])
}

function AvatarMenu() {
  const user = useOptionalUser()
  const [open, setOpen] = useState(false)
  const menuId = useId()
  const ref = useRef<HTMLDivElement>(null)
  useDismiss(open, () => setOpen(false), ref)
  return (
    <div ref={ref} className="relative">
      <button
        type="button"
        className="flex items-center rounded-full p-0.5 hover:ring-2 hover:ring-brand-600"
        aria-expanded={open}
        aria-controls={menuId}
        onClick={() => setOpen((v) => !v)}
      >
        <span className="sr-only">Account menu</span>
        <UserAvatar user={user} />
      </button>
      {open && (
        <div
          id={menuId}
          className="absolute right-0 mt-2 w-64 rounded-lg border border-line bg-surface p-2 text-left shadow-lg"
        >
          <p className="truncate border-b border-line px-3 pt-1 pb-2 text-sm text-ink-muted">
            <span className="sr-only">Signed in as </span>
            {user?.email}
          </p>
          <ul className="mt-1">
            <li>
              <Link
                to="/dashboard"
                className="tap flex items-center rounded px-3 py-2 text-sm font-medium text-ink hover:bg-muted"
                onClick={() => setOpen(false)}
              >
                Dashboard
              </Link>
            </li>
            <li>
              <LogOutButton onClick={() => setOpen(false)} />
            </li>
          </ul>
        </div>
      )}
    </div>
  )
}

export function Navbar() {
  const state = useUserState()
  const user = state ?? null
  const [open, setOpen] = useState(false)
  const mobileRef = useRef<HTMLDivElement>(null)
  useDismiss(open, () => setOpen(false), mobileRef)
  // While who is signed in is not known yet, show neither Login nor Dashboard:
  // a signed-in user should not see "Login" flash on every reload.
  const settling = state === undefined
  const links = [...PUBLIC_LINKS, ...(user ? MEMBER_LINKS : settling ? [] : GUEST_LINKS)]
  return (
    <header className="sticky top-0 z-40 border-b border-line bg-surface/95 backdrop-blur">
      <nav aria-label="Main" className="mx-auto flex h-16 max-w-6xl items-center justify-between gap-2 px-4">
        <Link to="/" className="tap inline-flex items-center text-xl font-extrabold text-accent">
          StudyHub
        </Link>
        <ul className="hidden items-center gap-1 md:flex">
          {links.map((link) => (
            <li key={link.to}>
              <NavLink to={link.to} end={link.end} className={linkClass}>
                {link.label}
              </NavLink>
            </li>
          ))}
        </ul>
        <div className="flex items-center gap-2">
          {user?.role === 'student' && user.email && (
            <Suspense fallback={null}>
              <SyncBadge email={user.email} />
            </Suspense>
          )}
          {user?.email && (
            <Suspense fallback={null}>
              <NotificationBell email={user.email} />
            </Suspense>
          )}
          <ThemeToggle />
          {user && <AvatarMenu />}
          <div ref={mobileRef} className="md:hidden">
            <button
              type="button"
              className="inline-flex h-11 w-11 items-center justify-center rounded text-ink hover:bg-muted-strong md:hidden"
              aria-expanded={open}
              aria-controls="mobile-menu"
              onClick={() => setOpen((v) => !v)}
            >
              <span className="sr-only">{open ? 'Close menu' : 'Open menu'}</span>
              <svg
                aria-hidden="true"
                viewBox="0 0 24 24"
                className="h-6 w-6"
                fill="none"
                stroke="currentColor"
                strokeWidth="2"
              >
                {open ? <path d="M6 6l12 12M18 6L6 18" /> : <path d="M4 7h16M4 12h16M4 17h16" />}
              </svg>
            </button>
            {open && (
              <ul
                id="mobile-menu"
                className="absolute inset-x-0 top-16 space-y-1 border-y border-line bg-surface px-4 py-3 shadow-md md:hidden"
              >
                {links.map((link) => (
                  <li key={link.to}>
                    <NavLink to={link.to} end={link.end} className={linkClass} onClick={() => setOpen(false)}>
                      {link.label}
                    </NavLink>
                  </li>
                ))}
                {user && (
                  <li>
                    <LogOutButton onClick={() => setOpen(false)} />
                  </li>
                )}
              </ul>
            )}
          </div>
        </div>
      </nav>
    </header>
  )
}
