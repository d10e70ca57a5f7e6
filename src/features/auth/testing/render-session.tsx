// The client session as a screen sees it, for the session's tests
// (auth-session-*.test.tsx): a probe rendered inside AuthProvider that records
// the ['auth', 'user'] entry on each render, a gateway with someone signed in,
// and the REST calls (users, POST /users, POST /jwt) answered by msw.
import { QueryClient, QueryClientProvider } from '@tanstack/react-query'
import { render } from '@testing-library/react'
import { http, HttpResponse } from 'msw'
import { server } from '../../../../tests/setup/msw-server'
import { FeedbackHost, resetFeedback } from '#shared/ui/feedback'
import type { AuthGateway } from '../auth-identity'
import { AuthProvider, useAuthActions, type AuthActions, type AuthProviderProps } from '../auth-provider'
import { useUserState, type SignedInUser } from '../user-query'
import { LOCAL_KEYS } from '#shared/storage/browser-storage'
import { fakeGateway } from './fake-gateway'

export interface ServerUser {
  email: string
  role: string
}

/** The REST side: users by email, POST /users, POST /jwt; records every call in order. */
export function restServer(users: ServerUser[]) {
  const calls: Array<{ method: string; path: string; authorization: string | null; body?: unknown }> = []
  server.use(
    http.get('*/api/users/:email', ({ request, params }) => {
      calls.push({ method: 'GET', path: `/users/${params.email}`, authorization: request.headers.get('authorization') })
      const user = users.find((u) => u.email === params.email)
      return user
        ? HttpResponse.json({
            _id: `id-${user.email}`,
            name: '',
            email: user.email,
            photo: '',
            role: user.role,
            created_at: '2026-01-01T00:00:00.000Z',
            last_log_in: '2026-01-01T00:00:00.000Z',
          })
        : HttpResponse.json({ message: 'User not found' }, { status: 404 })
    }),
    http.post('*/api/users', async ({ request }) => {
      const body = (await request.json()) as { email: string }
      calls.push({ method: 'POST', path: '/users', authorization: request.headers.get('authorization'), body })
      const existing = users.some((u) => u.email === body.email)
      if (!existing) users.push({ email: body.email, role: 'student' })
      return HttpResponse.json({ acknowledged: true, insertedId: existing ? null : 'new', existing })
    }),
    http.post('*/api/jwt', async ({ request }) => {
      const body = (await request.json()) as { email: string }
      calls.push({ method: 'POST', path: '/jwt', authorization: request.headers.get('authorization'), body })
      return HttpResponse.json({ token: `app-token-for-${body.email}` })
    }),
  )
  return calls
}

/** What a screen sees: the ['auth','user'] entry (undefined: not known yet) and the actions. */
interface SessionView extends AuthActions {
  loading: boolean
  user: SignedInUser | null
  email: string | null
  role: SignedInUser['role']
}

/** A gateway that reports `email` as signed in. */
export function signedIn(email: string, idToken = 'id-token'): AuthGateway {
  // The app marked the device when the provider last reported this identity (auth-session.ts).
  localStorage.setItem(LOCAL_KEYS.signedIn, '1')
  const { gateway, identityFor } = fakeGateway()
  return {
    ...gateway,
    onAuthStateChanged: (cb) => {
      queueMicrotask(() => cb(identityFor(email)))
      return () => {}
    },
    getIdToken: async () => idToken,
  }
}

export function renderSession(
  gateway: AuthGateway,
  onSignedOut?: () => void,
  options: Omit<AuthProviderProps, 'children' | 'loadGateway'> = {},
) {
  const seen: Array<Pick<SessionView, 'loading' | 'role' | 'email'>> = []
  const ref: { current: SessionView | null } = { current: null }
  function Probe() {
    const state = useUserState()
    const actions = useAuthActions()
    const view: SessionView = {
      ...actions,
      loading: state === undefined,
      user: state ?? null,
      email: state?.email ?? null,
      role: state?.role ?? 'student',
    }
    ref.current = view
    seen.push({ loading: view.loading, role: view.role, email: view.email })
    return null
  }
  resetFeedback()
  const queryClient = new QueryClient()
  let loads = 0
  render(
    <QueryClientProvider client={queryClient}>
      <AuthProvider loadGateway={async () => (loads++, gateway)} {...options} onSignedOut={onSignedOut}>
        <Probe />
        <FeedbackHost />
      </AuthProvider>
    </QueryClientProvider>,
  )
  /** loads(): how many times the session loaded the provider's code. */
  return { session: () => ref.current!, seen, queryClient, loads: () => loads }
}
