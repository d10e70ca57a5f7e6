// The client session's transitions (docs/product.md#states) against a fake gateway and the
// REST calls answered by msw, as screens see them in the ['auth', 'user']
// entry: not known yet, then role and token on each change, the failure
// fallback, the sign-up ordering (the identity exists before its user
// record), overlapping changes, and a session the provider no longer vouches for.
import { QueryClient, QueryClientProvider } from '@tanstack/react-query'
import { act, render, waitFor } from '@testing-library/react'
import { http, HttpResponse } from 'msw'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { server } from '../../../tests/setup/msw-server'
import { resetApiGate } from '#shared/api/api-ready'
import { api } from '#shared/api/http-client'
import { ACCESS_TOKEN_KEY } from '#shared/config/env'
import { FeedbackHost, resetFeedback } from '#shared/ui/feedback'
import type { AuthGateway } from './auth-identity'
import { AuthProvider, useAuthActions, type AuthActions, type AuthProviderProps } from './auth-provider'
import { AuthError } from './auth-errors'
import { ROLE_KEY } from './auth-session'
import { fakeGateway } from './testing/fake-gateway'
import { useUserState, type SignedInUser } from './user-query'

interface ServerUser {
  email: string
  role: string
}

/** The REST side: users by email, POST /users, POST /jwt; records every call in order. */
function restServer(users: ServerUser[]) {
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
function signedIn(email: string, idToken = 'id-token'): AuthGateway {
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

function renderSession(
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
  render(
    <QueryClientProvider client={queryClient}>
      <AuthProvider loadGateway={async () => gateway} {...options} onSignedOut={onSignedOut}>
        <Probe />
        <FeedbackHost />
      </AuthProvider>
    </QueryClientProvider>,
  )
  return { session: () => ref.current!, seen, queryClient }
}

beforeEach(() => resetApiGate(true))
afterEach(() => vi.restoreAllMocks())

describe('client session (sign-in states)', () => {
  it('starts loading, and with no identity settles as a logged-out student with no stored token', async () => {
    localStorage.setItem(ACCESS_TOKEN_KEY, 'stale')
    const calls = restServer([])
    const { session, seen } = renderSession(fakeGateway().gateway)
    expect(seen[0]).toEqual({ loading: true, role: 'student', email: null })
    await waitFor(() => expect(session().loading).toBe(false))
    expect(session().user).toBeNull()
    expect(session().role).toBe('student')
    expect(localStorage.getItem(ACCESS_TOKEN_KEY)).toBeNull()
    expect(calls).toEqual([])
  })

  it('for a signed-in identity gets the app token with the ID token in the body, then the role with the app token', async () => {
    const calls = restServer([{ email: 'ada@example.com', role: 'admin' }])
    const { session } = renderSession(signedIn('ada@example.com', 'id-token-for-ada@example.com'))
    await waitFor(() => expect(session().loading).toBe(false))
    expect(session().role).toBe('admin')
    expect(session().email).toBe('ada@example.com')
    expect(calls.map((c) => `${c.method} ${c.path}`)).toEqual(['POST /jwt', 'GET /users/ada@example.com'])
    // The provider's proof travels in POST /jwt's body; every call carries the stored app token, if any.
    expect(calls[0]!.body).toEqual({ email: 'ada@example.com', idToken: 'id-token-for-ada@example.com' })
    expect(calls[0]!.authorization).toBeNull()
    expect(calls[1]!.authorization).toBe('Bearer app-token-for-ada@example.com')
    expect(localStorage.getItem(ACCESS_TOKEN_KEY)).toBe('app-token-for-ada@example.com')
  })

  it.each([
    ['the role lookup', 'get'],
    ['the token call', 'jwt'],
  ])('falls back to student and removes the token when %s fails', async (_label, failing) => {
    localStorage.setItem(ACCESS_TOKEN_KEY, 'stale')
    restServer([{ email: 'tom@example.com', role: 'tutor' }])
    server.use(
      failing === 'get'
        ? http.get('*/api/users/:email', () => HttpResponse.json({ message: 'down' }, { status: 500 }))
        : http.post('*/api/jwt', () => HttpResponse.json({ message: 'down' }, { status: 500 })),
    )
    const log = vi.spyOn(console, 'log').mockImplementation(() => {})
    const { session } = renderSession(signedIn('tom@example.com'))
    await waitFor(() => expect(session().loading).toBe(false))
    expect(session().role).toBe('student')
    expect(session().user?.email).toBe('tom@example.com')
    expect(localStorage.getItem(ACCESS_TOKEN_KEY)).toBeNull()
    expect(log).toHaveBeenCalledWith('AuthProvider error', expect.anything())
  })

  it('sign-in publishes nothing while it runs, then the user with the role from the server', async () => {
    const calls = restServer([{ email: 'tess@example.com', role: 'tutor' }])
    const { gateway } = fakeGateway()
    const { session } = renderSession(gateway)
    await waitFor(() => expect(session().loading).toBe(false))
    let pending!: Promise<void>
    act(() => {
      pending = session().signIn('tess@example.com', 'right-password')
    })
    // Never the new identity with a guessed role: the entry changes once, when the role is known.
    expect(session()).toMatchObject({ loading: false, email: null })
    await act(() => pending)
    expect(session()).toMatchObject({ loading: false, role: 'tutor', email: 'tess@example.com' })
    // One round of calls although the gateway both notified and answered.
    expect(calls.map((c) => `${c.method} ${c.path}`)).toEqual(['POST /jwt', 'GET /users/tess@example.com'])
  })

  it('a failed sign-in rejects with the provider message and stops loading', async () => {
    restServer([])
    const { gateway } = fakeGateway()
    const { session } = renderSession(gateway)
    await waitFor(() => expect(session().loading).toBe(false))
    let error: unknown
    await act(async () => {
      error = await session()
        .signIn('who@example.com', 'wrong')
        .catch((e: unknown) => e)
    })
    expect(error).toBeInstanceOf(AuthError)
    expect((error as Error).message).toBe('Invalid email or password.')
    expect(session()).toMatchObject({ loading: false, user: null })
  })

  it('sign-up creates the user record before the role lookup, and sets the profile', async () => {
    const users: ServerUser[] = []
    const calls = restServer(users)
    const log = vi.spyOn(console, 'log')
    const { gateway } = fakeGateway()
    const { session } = renderSession(gateway)
    await waitFor(() => expect(session().loading).toBe(false))
    await act(() =>
      session().signUp({
        name: 'Nia',
        email: 'nia@example.com',
        password: 'secret1',
        photoURL: 'https://img.example/nia.png',
      }),
    )
    expect(gateway.updateProfile).toHaveBeenCalledWith({
      displayName: 'Nia',
      photoURL: 'https://img.example/nia.png',
    })
    expect(calls.map((c) => `${c.method} ${c.path}`)).toEqual([
      'POST /users',
      'POST /jwt',
      'GET /users/nia@example.com',
    ])
    expect(calls[0]!.body).toEqual({ name: 'Nia', email: 'nia@example.com', photo: 'https://img.example/nia.png' })
    expect(calls[0]!.authorization).toBe('Bearer id-token-for-nia@example.com')
    expect(session()).toMatchObject({ loading: false, role: 'student', email: 'nia@example.com' })
    expect(session().user?.displayName).toBe('Nia')
    expect(localStorage.getItem(ACCESS_TOKEN_KEY)).toBe('app-token-for-nia@example.com')
    expect(log).not.toHaveBeenCalledWith('AuthProvider error', expect.anything())
  })

  it('Google sign-in posts {email, role: user, created_at, last_log_in}', async () => {
    const calls = restServer([])
    const { gateway } = fakeGateway()
    const { session } = renderSession(gateway)
    await waitFor(() => expect(session().loading).toBe(false))
    await act(() => session().signInWithGoogle())
    const post = calls.find((c) => c.method === 'POST' && c.path === '/users')!
    const body = post.body as Record<string, string>
    expect(Object.keys(body).sort()).toEqual(['created_at', 'email', 'last_log_in', 'role'])
    expect(body).toMatchObject({ email: 'gina@gmail.test', role: 'user' })
    expect(Number.isNaN(Date.parse(body.created_at!))).toBe(false)
    expect(calls.map((c) => `${c.method} ${c.path}`)).toEqual([
      'POST /users',
      'POST /jwt',
      'GET /users/gina@gmail.test',
    ])
    expect(session()).toMatchObject({ loading: false, role: 'student', email: 'gina@gmail.test' })
  })

  it('log out keeps the user until the provider signed out, ends logged out with no token, and lets the app clear its caches', async () => {
    restServer([{ email: 'sam@example.com', role: 'student' }])
    const onSignedOut = vi.fn()
    const { gateway } = fakeGateway()
    // The provider's sign-out waits until released, so the loading state can be seen.
    let release!: () => void
    const released = new Promise<void>((resolve) => (release = resolve))
    const providerSignOut = gateway.signOut
    gateway.signOut = vi.fn(async () => {
      await released
      await providerSignOut()
    })
    const { session } = renderSession(gateway, onSignedOut)
    await waitFor(() => expect(session().loading).toBe(false))
    await act(() => session().signIn('sam@example.com', 'right-password'))
    expect(localStorage.getItem(ACCESS_TOKEN_KEY)).toBe('app-token-for-sam@example.com')
    let pending!: Promise<string>
    act(() => {
      pending = session().logOut()
    })
    await waitFor(() => expect(gateway.signOut).toHaveBeenCalled())
    expect(session()).toMatchObject({ loading: false, email: 'sam@example.com' })
    release()
    expect(await act(() => pending)).toBe('logged-out')
    expect(session()).toMatchObject({ loading: false, user: null, email: null, role: 'student' })
    expect(localStorage.getItem(ACCESS_TOKEN_KEY)).toBeNull()
    expect(onSignedOut).toHaveBeenCalledTimes(1)
  })

  it('a failed log out rejects, stops loading and keeps the user', async () => {
    restServer([{ email: 'sam@example.com', role: 'student' }])
    const onSignedOut = vi.fn()
    const { gateway } = fakeGateway()
    const { session } = renderSession(
      { ...gateway, signOut: async () => Promise.reject(new AuthError('auth/network-request-failed')) },
      onSignedOut,
    )
    await waitFor(() => expect(session().loading).toBe(false))
    await act(() => session().signIn('sam@example.com', 'right-password'))
    let error: unknown
    await act(async () => {
      error = await session()
        .logOut()
        .catch((e: unknown) => e)
    })
    expect((error as Error).message).toBe('Network error: check your connection and try again.')
    expect(session()).toMatchObject({ loading: false, email: 'sam@example.com' })
    expect(onSignedOut).not.toHaveBeenCalled()
  })
})

describe('client session without a network', () => {
  it('keeps the last known role and the token when the server cannot be reached, and asks again once online', async () => {
    localStorage.setItem(ACCESS_TOKEN_KEY, 'kept-token')
    localStorage.setItem(ROLE_KEY, JSON.stringify({ email: 'tom@example.com', role: 'tutor' }))
    const calls = restServer([{ email: 'tom@example.com', role: 'tutor' }])
    let reachable = false
    // No answer at all, as when offline; once reachable, the normal handlers answer.
    server.use(http.all('*/api/*', () => (reachable ? undefined : HttpResponse.error())))
    const log = vi.spyOn(console, 'log').mockImplementation(() => {})
    const { session } = renderSession(signedIn('tom@example.com'))
    await waitFor(() => expect(session().loading).toBe(false))
    expect(session()).toMatchObject({ role: 'tutor', email: 'tom@example.com' })
    expect(localStorage.getItem(ACCESS_TOKEN_KEY)).toBe('kept-token')
    expect(log).toHaveBeenCalledWith('AuthProvider error', expect.anything())
    expect(calls).toEqual([])

    reachable = true
    act(() => {
      window.dispatchEvent(new Event('online'))
    })
    await waitFor(() => expect(localStorage.getItem(ACCESS_TOKEN_KEY)).toBe('app-token-for-tom@example.com'))
    expect(session()).toMatchObject({ role: 'tutor', loading: false })
    expect(calls.map((c) => `${c.method} ${c.path}`)).toEqual(['POST /jwt', 'GET /users/tom@example.com'])
  })

  it('with no role remembered for that email, an unreachable server means student, token kept', async () => {
    localStorage.setItem(ACCESS_TOKEN_KEY, 'kept-token')
    localStorage.setItem(ROLE_KEY, JSON.stringify({ email: 'someone-else@example.com', role: 'admin' }))
    server.use(
      http.post('*/api/jwt', () => HttpResponse.error()),
      http.get('*/api/users/:email', () => HttpResponse.error()),
    )
    vi.spyOn(console, 'log').mockImplementation(() => {})
    const { session } = renderSession(signedIn('tom@example.com'))
    await waitFor(() => expect(session().loading).toBe(false))
    expect(session().role).toBe('student')
    expect(localStorage.getItem(ACCESS_TOKEN_KEY)).toBe('kept-token')
  })

  it('a refusal (4xx) still falls back to student and removes the token and the remembered role', async () => {
    localStorage.setItem(ACCESS_TOKEN_KEY, 'stale')
    localStorage.setItem(ROLE_KEY, JSON.stringify({ email: 'tom@example.com', role: 'tutor' }))
    restServer([{ email: 'tom@example.com', role: 'tutor' }])
    server.use(http.post('*/api/jwt', () => HttpResponse.json({ message: 'Forbidden' }, { status: 403 })))
    const log = vi.spyOn(console, 'log').mockImplementation(() => {})
    const { session } = renderSession(signedIn('tom@example.com'))
    await waitFor(() => expect(session().loading).toBe(false))
    expect(session().role).toBe('student')
    expect(localStorage.getItem(ACCESS_TOKEN_KEY)).toBeNull()
    expect(localStorage.getItem(ROLE_KEY)).toBeNull()
    expect(log).toHaveBeenCalledWith('AuthProvider error', expect.anything())
  })

  it('remembers the role the server gave', async () => {
    restServer([{ email: 'ada@example.com', role: 'admin' }])
    const { session } = renderSession(signedIn('ada@example.com'))
    await waitFor(() => expect(session().loading).toBe(false))
    expect(JSON.parse(localStorage.getItem(ROLE_KEY)!)).toEqual({ email: 'ada@example.com', role: 'admin' })
  })
})

describe('overlapping changes', () => {
  it('a sign-out while the sign-in is still asking for the role ends signed out, with no token left', async () => {
    restServer([{ email: 'sam@example.com', role: 'student' }])
    // The role lookup waits until released, so the sign-out lands in the middle.
    let release!: () => void
    const released = new Promise<void>((resolve) => (release = resolve))
    server.use(
      http.get('*/api/users/:email', async () => {
        await released
        return undefined
      }),
    )
    const { gateway } = fakeGateway()
    const { session } = renderSession(gateway)
    await waitFor(() => expect(session().loading).toBe(false))
    let signingIn!: Promise<void>
    act(() => {
      signingIn = session().signIn('sam@example.com', 'right-password')
    })
    await waitFor(() => expect(localStorage.getItem(ACCESS_TOKEN_KEY)).toBe('app-token-for-sam@example.com'))
    await act(() => gateway.signOut())
    release()
    await act(() => signingIn)
    expect(session()).toMatchObject({ user: null, email: null })
    expect(localStorage.getItem(ACCESS_TOKEN_KEY)).toBeNull()
  })

  it("another tab's sign-in of someone else wins over this tab's earlier one", async () => {
    restServer([
      { email: 'sam@example.com', role: 'student' },
      { email: 'tess@example.com', role: 'tutor' },
    ])
    const { gateway } = fakeGateway()
    const providerSignIn = gateway.signIn
    // Between this tab's sign-in and its answer, another tab signs in Tess (the provider reports her).
    const thisTab = vi.fn(async (email: string, password: string) => {
      const identity = await providerSignIn(email, password)
      await providerSignIn('tess@example.com', 'right-password')
      return identity
    })
    const { session } = renderSession({ ...gateway, signIn: thisTab })
    await waitFor(() => expect(session().loading).toBe(false))
    await act(() => session().signIn('sam@example.com', 'right-password'))
    await waitFor(() => expect(session()).toMatchObject({ email: 'tess@example.com', role: 'tutor' }))
    expect(localStorage.getItem(ACCESS_TOKEN_KEY)).toBe('app-token-for-tess@example.com')
  })
})

describe('a session the provider no longer vouches for', () => {
  /** Sam signed in, with the app told of a session that ends in `onSessionEnded`. */
  async function samSignedIn(options: Omit<AuthProviderProps, 'children' | 'loadGateway'> = {}) {
    const calls = restServer([{ email: 'sam@example.com', role: 'student' }])
    const { gateway } = fakeGateway()
    const { session } = renderSession(gateway, options.onSignedOut, options)
    await waitFor(() => expect(session().loading).toBe(false))
    await act(() => session().signIn('sam@example.com', 'right-password'))
    return { calls, gateway, session }
  }

  /** A call the server refuses for an expired app token; resolves to its error. */
  async function callWithExpiredToken(): Promise<unknown> {
    server.use(http.get('*/api/notes/student/:email', () => HttpResponse.json({ message: 'expired' }, { status: 401 })))
    let error: unknown
    await act(async () => {
      error = await api('listStudentNotes', { params: { email: 'sam@example.com' } }).catch((e: unknown) => e)
    })
    return error
  }

  it('a 401 whose renewal the server refuses signs out visibly (the app is told), keeping the device data', async () => {
    const onSessionEnded = vi.fn()
    const onSignedOut = vi.fn()
    const device = { unsentWrites: vi.fn(async () => 0), wipe: vi.fn(async () => undefined) }
    vi.spyOn(console, 'log').mockImplementation(() => {})
    const { calls, gateway, session } = await samSignedIn({ onSessionEnded, onSignedOut, device })
    // The provider's proof is refused from now on too.
    server.use(http.post('*/api/jwt', () => HttpResponse.json({ message: 'Invalid ID token' }, { status: 401 })))
    const error = await callWithExpiredToken()
    expect((error as { status?: number }).status).toBe(401)
    expect(onSessionEnded).toHaveBeenCalledTimes(1)
    expect(gateway.signOut).toHaveBeenCalledTimes(1)
    expect(session()).toMatchObject({ user: null, email: null })
    expect(localStorage.getItem(ACCESS_TOKEN_KEY)).toBeNull()
    // Not a log out the user asked for: their unsent writes wait on the device for their next sign-in.
    expect(device.wipe).not.toHaveBeenCalled()
    expect(onSignedOut).not.toHaveBeenCalled()
    expect(calls.filter((c) => c.path === '/jwt')).toHaveLength(1)
  })

  it('a renewal with no answer (offline) keeps the user signed in', async () => {
    const onSessionEnded = vi.fn()
    const { session } = await samSignedIn({ onSessionEnded })
    server.use(http.post('*/api/jwt', () => HttpResponse.error()))
    await callWithExpiredToken()
    expect(onSessionEnded).not.toHaveBeenCalled()
    expect(session()).toMatchObject({ email: 'sam@example.com' })
  })

  it('the provider having no ID token any more (its session is gone) ends the session too', async () => {
    const onSessionEnded = vi.fn()
    const { gateway, session } = await samSignedIn({ onSessionEnded })
    vi.mocked(gateway.getIdToken).mockResolvedValue(null)
    await callWithExpiredToken()
    expect(onSessionEnded).toHaveBeenCalledTimes(1)
    expect(session()).toMatchObject({ user: null })
  })
})

describe('log out and the device', () => {
  it('ends signed out (not "not known yet") when the app clears its caches on log out', async () => {
    restServer([{ email: 'sam@example.com', role: 'student' }])
    const { gateway } = fakeGateway()
    let clearCaches = () => {}
    const { session, queryClient } = renderSession(gateway, () => clearCaches())
    clearCaches = () => queryClient.clear()
    await waitFor(() => expect(session().loading).toBe(false))
    await act(() => session().signIn('sam@example.com', 'right-password'))
    await act(() => session().logOut())
    expect(session()).toMatchObject({ loading: false, user: null })
  })

  it('a wipe that fails is not a clean log out: signed out, and the result says the wipe is pending', async () => {
    restServer([{ email: 'sam@example.com', role: 'student' }])
    const device = {
      unsentWrites: vi.fn(async () => 0),
      wipe: vi.fn(async () => Promise.reject(new Error('DatabaseClosedError'))),
    }
    vi.spyOn(console, 'log').mockImplementation(() => {})
    const { gateway } = fakeGateway()
    const { session } = renderSession(gateway, undefined, { device })
    await waitFor(() => expect(session().loading).toBe(false))
    await act(() => session().signIn('sam@example.com', 'right-password'))
    let result: unknown
    await act(async () => {
      result = await session().logOut()
    })
    expect(result).toBe('wipe-pending')
    expect(device.wipe).toHaveBeenCalledWith('sam@example.com')
    expect(session()).toMatchObject({ user: null })
    expect(localStorage.getItem(ACCESS_TOKEN_KEY)).toBeNull()
  })
})
