// The sticky navigation bar (docs/product.md#screens). Links for everyone, then
// Dashboard when logged in, or Login and Register when logged out. On small
// screens the links collapse into a menu that also holds Log out (or Login and
// Register). Logged in, the right side has the avatar menu: email, Dashboard,
// Settings, Log out, and Sign out of every device (the small-screen menu holds
// both too). An open menu lies over a scrim: a tap on it, Escape or
// Back closes the menu (focus back on its button), and focus starts on its
// first item (docs/decisions/0078-phone-shell.md).
import { lazy, Suspense, useEffect, useId, useRef, useState } from 'react'
import { Link, NavLink, useLocation, useNavigate } from 'react-router-dom'
import { useAuthActions } from '#features/auth/auth-provider'
import type { LogOutResult } from '#features/auth/auth-session'
import { useOptionalUser, useUserState } from '#features/auth/user-query'
import { UserAvatar } from '#features/auth/components/user-avatar'
import { ThemeToggle } from '#features/theme/theme-toggle'
import { confirmDialog, showAlert, showToast } from '#shared/ui/feedback'
import { followOut, useBackToClose } from '#shared/ui/overlay-history'
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

/** What asks before signing out of every device: it ends sign-ins the user cannot see from here. */
const EVERYWHERE_QUESTION = {
  title: 'Sign out of every device?',
  text: 'You will be signed out here and on every other device you signed in on. Calendar apps reading your feed address and the notifications of those devices stop too.',
  confirmLabel: 'Sign out everywhere',
  cancelLabel: 'Cancel',
  danger: true,
}

/**
 * Logs out, or signs out of every device (after asking), with the toast or
 * the dialog of docs/product.md#messages.
 */
function useLogOut(everywhere: boolean): () => Promise<void> {
  const { logOut, signOutEverywhere } = useAuthActions()
  const navigate = useNavigate()
  const location = useLocation()
  return async () => {
    if (everywhere && !(await confirmDialog(EVERYWHERE_QUESTION))) return
    let result: LogOutResult
    try {
      result = await (everywhere ? signOutEverywhere() : logOut())
    } catch (err) {
      const title = everywhere ? 'Could not sign out of every device' : 'Logout failed'
      await showAlert({ title, text: errorMessage(err, 'Please try again'), icon: 'error' })
      return
    }
    // The user chose to stay logged in (unsent note writes).
    if (result === 'stayed') return
    // Signed out, but their data is still on the device: not a clean logout, and they must know.
    if (result === 'wipe-pending')
      void import('../device-wipe').then(({ WIPE_PENDING_ALERT }) =>
        showAlert({ ...WIPE_PENDING_ALERT, icon: 'warning' }),
      )
    else {
      const title = everywhere ? 'Signed out of every device' : 'Logged out successfully'
      showToast({ title, icon: 'success', timer: LOGOUT_TOAST_MS, position: 'top-end' })
    }
    // A page behind login would only send the next visitor to /login.
    if (/^\/(dashboard|session-details)(\/|$)/.test(location.pathname)) navigate('/', { replace: true })
  }
}

/** Both ways out, as the items of a menu list; `onClick` closes the menu first. */
function LogOutItems({ onClick }: { onClick: () => void }) {
  return (
    <>
      <li>
        <LogOutButton onClick={onClick} />
      </li>
      <li>
        <LogOutButton everywhere onClick={onClick} />
      </li>
    </>
  )
}

/**
 * Log out, or Sign out of every device, in the avatar menu and the
 * small-screen menu alike; `onClick` closes the menu first.
 */
function LogOutButton({ onClick, everywhere = false }: { onClick: () => void; everywhere?: boolean }) {
  const handleLogOut = useLogOut(everywhere)
  return (
    <button
      type="button"
      className={`block w-full rounded px-3 py-2 text-left text-sm font-medium hover:bg-muted ${everywhere ? 'text-ink' : 'text-danger'}`}
      onClick={() => {
        onClick()
        void handleLogOut()
      }}
    >
      {everywhere ? 'Sign out of every device' : 'Log out'}
    </button>
  )
}

/**
 * An open menu: Escape, a tap outside it (on its scrim) and Back close it,
 * Escape sends focus back to its button, and focus starts on its first item.
 * Returns what a link in the menu calls as it is followed: the menu closes and
 * the new page takes the menu's history entry (a link to this very page just
 * closes the menu).
 */
function useMenu(open: boolean, close: () => void, container: React.RefObject<HTMLElement | null>) {
  const closeRef = useRef(close)
  useEffect(() => {
    closeRef.current = close
  })
  const leave = useBackToClose(open, () => closeRef.current())
  useEffect(() => {
    if (!open) return
    container.current?.querySelector<HTMLElement>('[data-menu] a, [data-menu] button')?.focus()
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
  return (event: React.MouseEvent, to: string) => followOut(event, to, leave, closeRef.current)
}

/**
 * Under an open menu: dims the page below the bar and takes the tap that
 * closes the menu, so the tap never reaches the page. Inside the menu's
 * container, placed against the header (its positioned ancestor; the header's
 * blur would trap a fixed element inside it).
 */
function MenuScrim({ onClose }: { onClose: () => void }) {
  return (
    <div
      aria-hidden="true"
      data-testid="menu-scrim"
      className="absolute inset-x-0 top-16 z-30 h-[calc(100dvh-4rem)] animate-[scrim-in_150ms_ease-out] bg-slate-900/40"
      onClick={onClose}
    />
  )
}

const MENU_LINK = 'tap flex items-center rounded px-3 py-2 text-sm font-medium text-ink hover:bg-muted'

function AvatarMenu() {
  const user = useOptionalUser()
  const [open, setOpen] = useState(false)
  const menuId = useId()
  const ref = useRef<HTMLDivElement>(null)
  const follow = useMenu(open, () => setOpen(false), ref)
  return (
    <div ref={ref}>
      {open && <MenuScrim onClose={() => setOpen(false)} />}
      <div className="relative">
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
            data-menu
            className="absolute right-0 z-40 mt-2 w-64 animate-[drop-in_150ms_ease-out] rounded-lg border border-line bg-surface p-2 text-left shadow-lg"
          >
            <p className="truncate border-b border-line px-3 pt-1 pb-2 text-sm text-ink-muted">
              <span className="sr-only">Signed in as </span>
              {user?.email}
            </p>
            <ul className="mt-1">
              <li>
                <Link to="/dashboard" replace className={MENU_LINK} onClick={(event) => follow(event, '/dashboard')}>
                  Dashboard
                </Link>
              </li>
              <li>
                <Link to="/settings" replace className={MENU_LINK} onClick={(event) => follow(event, '/settings')}>
                  Settings
                </Link>
              </li>
              <LogOutItems onClick={() => setOpen(false)} />
            </ul>
          </div>
        )}
      </div>
    </div>
  )
}

export function Navbar() {
  const state = useUserState()
  const user = state ?? null
  const [open, setOpen] = useState(false)
  const mobileRef = useRef<HTMLDivElement>(null)
  const follow = useMenu(open, () => setOpen(false), mobileRef)
  // While who is signed in is not known yet, show neither Login nor Dashboard:
  // a signed-in user should not see "Login" flash on every reload.
  const settling = state === undefined
  const links = [...PUBLIC_LINKS, ...(user ? MEMBER_LINKS : settling ? [] : GUEST_LINKS)]
  return (
    <header className="sticky top-0 z-40 border-b border-line bg-surface/95 backdrop-blur">
      <nav aria-label="Main" className="mx-auto flex h-16 max-w-6xl items-center justify-between gap-2 px-4">
        <Link to="/" className="tap inline-flex shrink-0 items-center text-xl font-extrabold text-accent">
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
        <div className="flex min-w-0 items-center gap-2">
          {/* On a phone the sync status is on the tab bar and in Settings: the bar has no room beside the name. */}
          {user?.role === 'student' && user.email && (
            <span className="hidden md:inline-flex">
              <Suspense fallback={null}>
                <SyncBadge email={user.email} />
              </Suspense>
            </span>
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
              <>
                <MenuScrim onClose={() => setOpen(false)} />
                <ul
                  id="mobile-menu"
                  data-menu
                  className="absolute inset-x-0 top-16 z-40 animate-[drop-in_150ms_ease-out] space-y-1 border-y border-line bg-surface px-4 py-3 shadow-md md:hidden"
                >
                  {links.map((link) => (
                    <li key={link.to}>
                      <NavLink
                        to={link.to}
                        end={link.end}
                        replace
                        className={linkClass}
                        onClick={(event) => follow(event, link.to)}
                      >
                        {link.label}
                      </NavLink>
                    </li>
                  ))}
                  {user && <LogOutItems onClick={() => setOpen(false)} />}
                </ul>
              </>
            )}
          </div>
        </div>
      </nav>
    </header>
  )
}
