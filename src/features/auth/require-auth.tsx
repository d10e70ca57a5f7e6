// Route guards (docs/product.md#screens): pages behind login send visitors to /login with the
// way back remembered; admin pages send everyone else to /. While who is
// signed in is not known yet they show a loading state, not a redirect, so a
// reload of a protected page stays on it.
import type { ReactNode } from 'react'
import { Navigate, Outlet, useLocation } from 'react-router-dom'
import type { Role } from '#contract/entities'
import { loginPathFor } from './return-path'
import { useUserState } from './user-query'

function SessionLoading() {
  return (
    <div role="status" className="flex min-h-[40vh] items-center justify-center gap-3 text-ink-muted">
      <span aria-hidden="true" className="h-6 w-6 animate-spin rounded-full border-4 border-line border-t-brand-700" />
      <span>Checking your session…</span>
    </div>
  )
}

/** Renders its children (or the child routes) only for a signed-in user (and only the given role, if any). */
export function RequireAuth({ role, children }: { role?: Role; children?: ReactNode }) {
  const user = useUserState()
  const location = useLocation()
  if (user === undefined) return <SessionLoading />
  if (!user) return <Navigate to={loginPathFor(location)} replace />
  if (role && user.role !== role) return <Navigate to="/" replace />
  return children ?? <Outlet />
}

/** Renders its children (or the child routes) only for the given role; others go home. */
export function RequireRole({ role, children }: { role: Role; children?: ReactNode }) {
  return <RequireAuth role={role}>{children}</RequireAuth>
}
