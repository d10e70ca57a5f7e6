// Route guards (docs/product.md#screens): pages behind login send visitors to /login with the
// way back remembered; admin pages send everyone else to /. While the session
// is still being worked out they show a loading state, not a redirect, so a
// reload of a protected page stays on it.
import type { ReactNode } from 'react'
import { Navigate, Outlet, useLocation } from 'react-router-dom'
import { useAuth, type AppRole } from './auth-context'
import { loginPathFor } from './return-path'

function SessionLoading() {
  return (
    <div role="status" className="flex min-h-[40vh] items-center justify-center gap-3 text-ink-muted">
      <span aria-hidden="true" className="h-6 w-6 animate-spin rounded-full border-4 border-line border-t-brand-700" />
      <span>Checking your session…</span>
    </div>
  )
}

/** Renders its children (or the child routes) only for a signed-in user. */
export function RequireAuth({ children }: { children?: ReactNode }) {
  const { user, loading } = useAuth()
  const location = useLocation()
  if (loading) return <SessionLoading />
  if (!user) return <Navigate to={loginPathFor(location)} replace />
  return children ?? <Outlet />
}

/** Renders its children (or the child routes) only for the given role; others go home. */
export function RequireRole({ role, children }: { role: AppRole; children?: ReactNode }) {
  const { user, role: current, loading } = useAuth()
  const location = useLocation()
  if (loading) return <SessionLoading />
  if (!user) return <Navigate to={loginPathFor(location)} replace />
  if (current !== role) return <Navigate to="/" replace />
  return children ?? <Outlet />
}
