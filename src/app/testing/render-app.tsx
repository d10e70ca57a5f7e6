// Test helper: renders a screen inside what the app puts around it: the app's
// query client (without retries, so a failure shows at once), a signed-in
// state, a memory router and the feedback host, so toasts and dialogs are
// visible.
import { QueryClientProvider } from '@tanstack/react-query'
import { render } from '@testing-library/react'
import { isValidElement, type ReactNode } from 'react'
import { createMemoryRouter, RouterProvider, type RouteObject } from 'react-router-dom'
import type { Role } from '#contract/entities'
import { AuthActionsProvider, type AuthActions } from '#features/auth/auth-provider'
import { idleAuthActions, userAs } from '#features/auth/testing/auth-as'
import { authKeys } from '#features/auth/user-query'
import { FeedbackHost, resetFeedback } from '#shared/ui/feedback'
import { createQueryClient } from '../query-client'

export interface RenderAppOptions {
  /** Who is signed in: a seeded demo account's role, or null for a visitor (the default). */
  as?: Role | null
  /** Where the router starts (default `/`). */
  url?: string
  /** History entries after `url`, to go to with `router.navigate(1)`: an entry's own key, as a full load has. */
  next?: { pathname: string; search?: string; key: string }[]
  /** The route pattern a single screen is mounted at (default: any URL). */
  path?: string
  /** The auth actions the screen calls (default: ones that do nothing). */
  actions?: Partial<AuthActions>
}

function isRouteList(screen: ReactNode | RouteObject[]): screen is RouteObject[] {
  return (
    Array.isArray(screen) && screen.every((item) => typeof item === 'object' && item !== null && !isValidElement(item))
  )
}

/** Renders one screen (mounted at `path`) or a list of routes, opened at `url`. */
export function renderApp(
  screen: ReactNode | RouteObject[],
  { as = null, url = '/', path = '*', actions, next = [] }: RenderAppOptions = {},
) {
  resetFeedback()
  const queryClient = createQueryClient()
  const defaults = queryClient.getDefaultOptions()
  queryClient.setDefaultOptions({ ...defaults, queries: { ...defaults.queries, retry: false } })
  queryClient.setQueryData(authKeys.user, userAs(as))
  const routes = isRouteList(screen) ? screen : [{ path, element: screen }]
  const router = createMemoryRouter(routes, { initialEntries: [url, ...next], initialIndex: 0 })
  const result = render(
    <QueryClientProvider client={queryClient}>
      <AuthActionsProvider value={{ ...idleAuthActions(), ...actions }}>
        <RouterProvider router={router} />
        <FeedbackHost />
      </AuthActionsProvider>
    </QueryClientProvider>,
  )
  return { ...result, queryClient, router }
}
