// The client session's transitions (docs/product.md#states) against a fake gateway and the
// REST calls answered by msw: loading, role and token on each change, the
// failure fallback, and the sign-up ordering (the identity exists before its
// user record).
import { act, render, screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { http, HttpResponse } from 'msw'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { server } from '../../../tests/setup/msw-server'
import { resetApiGate } from '../../shared/api/api-ready'
import { ACCESS_TOKEN_KEY } from '../../shared/config/env'
import { appDb } from '../../shared/db/app-db'
import { FeedbackHost, resetFeedback } from '../../shared/ui/feedback'
import { queueCreate } from '../notes/offline/note-outbox'
import { AuthError } from './auth-errors'
import { AuthProvider, ROLE_KEY, useAuth, type AuthContextValue } from './auth-context'
import type { AuthGateway, AuthIdentity, ProfileUpdate } from './auth-gateway'

interface ServerUser {
  email: string
  role: string
}

/** A stand-in identity provider that notifies like Firebase does: soon after subscribing, then on each change. */
function fakeGateway(initial: AuthIdentity | null = null) {
  let current = initial
  const listeners = new Set<(identity: AuthIdentity | null) => void>()
  const emit = () => listeners.forEach((listener) => listener(current))
  const identityFor = (email: string): AuthIdentity => ({
    uid: `uid-${email}`,
    email,
    displayName: null,
    photoURL: null,
  })
  const gateway: AuthGateway = {
    signUp: vi.fn(async (email: string) => {
      current = identityFor(email)
      emit()
      return current
    }),
    signIn: vi.fn(async (email: string, password: string) => {
      if (password !== 'right-password') throw new AuthError('auth/invalid-credential')
      current = identityFor(email)
      emit()
      return current
    }),
    signInWithGoogle: vi.fn(async () => {
      current = { ...identityFor('gina@gmail.test'), displayName: 'Gina' }
      emit()
      return current
    }),
    updateProfile: vi.fn(async (profile: ProfileUpdate): Promise<AuthIdentity> => {
      current = { ...current!, ...profile }
      return current
    }),
    signOut: vi.fn(async () => {
      current = null
      emit()
    }),
    onAuthStateChanged: (callback) => {
      listeners.add(callback)
      queueMicrotask(() => callback(current))
      return () => listeners.delete(callback)
    },
    getIdToken: vi.fn(async () => (current ? `id-token-for-${current.email}` : null)),
  }
  return { gateway, identityFor }
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

function renderSession(gateway: AuthGateway, onSignedOut?: () => void) {
  const seen: Array<Pick<AuthContextValue, 'loading' | 'role' | 'email'>> = []
  const ref: { current: AuthContextValue | null } = { current: null }
  function Probe() {
    const auth = useAuth()
    ref.current = auth
    seen.push({ loading: auth.loading, role: auth.role, email: auth.email })
    return null
  }
  resetFeedback()
  render(
    <AuthProvider loadGateway={async () => gateway} onSignedOut={onSignedOut}>
      <Probe />
      <FeedbackHost />
    </AuthProvider>,
  )
  return { session: () => ref.current!, seen }
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
    const { gateway, identityFor } = fakeGateway()
    const { session } = renderSession({
      ...gateway,
      onAuthStateChanged: (cb) => {
        queueMicrotask(() => cb(identityFor('ada@example.com')))
        return () => {}
      },
      getIdToken: async () => 'id-token-for-ada@example.com',
    })
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
    const { gateway, identityFor } = fakeGateway(null)
    const { session } = renderSession({
      ...gateway,
      onAuthStateChanged: (cb) => {
        queueMicrotask(() => cb(identityFor('tom@example.com')))
        return () => {}
      },
      getIdToken: async () => 'id-token',
    })
    await waitFor(() => expect(session().loading).toBe(false))
    expect(session().role).toBe('student')
    expect(session().user?.email).toBe('tom@example.com')
    expect(localStorage.getItem(ACCESS_TOKEN_KEY)).toBeNull()
    expect(log).toHaveBeenCalledWith('AuthProvider error', expect.anything())
  })

  it('sign-in sets loading while it runs, then the role from the server', async () => {
    const calls = restServer([{ email: 'tess@example.com', role: 'tutor' }])
    const { gateway } = fakeGateway()
    const { session } = renderSession(gateway)
    await waitFor(() => expect(session().loading).toBe(false))
    let pending!: Promise<void>
    act(() => {
      pending = session().signIn('tess@example.com', 'right-password')
    })
    expect(session()).toMatchObject({ loading: true, email: null })
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

  it('log out sets loading, ends logged out with no token, and lets the app clear its caches', async () => {
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
    let pending!: Promise<boolean>
    act(() => {
      pending = session().logOut()
    })
    await waitFor(() => expect(gateway.signOut).toHaveBeenCalled())
    expect(session()).toMatchObject({ loading: true, email: 'sam@example.com' })
    release()
    expect(await act(() => pending)).toBe(true)
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
  /** A gateway that reports `email` as signed in. */
  function signedIn(email: string): AuthGateway {
    const { gateway, identityFor } = fakeGateway()
    return {
      ...gateway,
      onAuthStateChanged: (cb) => {
        queueMicrotask(() => cb(identityFor(email)))
        return () => {}
      },
      getIdToken: async () => 'id-token',
    }
  }

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

describe('log out with unsent note writes', () => {
  afterEach(async () => {
    await appDb.outbox.clear()
    await appDb.notes.clear()
  })

  it('warns first; staying keeps everything, confirming clears the outbox and notes', async () => {
    // Offline: the sync engine must not send the queued write meanwhile.
    vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(false)
    restServer([{ email: 'sam@example.com', role: 'student' }])
    const onSignedOut = vi.fn()
    const { gateway } = fakeGateway()
    const { session } = renderSession(gateway, onSignedOut)
    await waitFor(() => expect(session().loading).toBe(false))
    await act(() => session().signIn('sam@example.com', 'right-password'))
    await queueCreate('sam@example.com', { title: 'Unsent', description: 'Written offline' })
    const user = userEvent.setup()

    let first!: Promise<boolean>
    act(() => {
      first = session().logOut()
    })
    const warning = await screen.findByRole('alertdialog', { name: 'Log out with unsent notes?' })
    expect(warning.textContent).toContain('1 note change has not reached the server yet')
    await user.click(within(warning).getByRole('button', { name: 'Stay logged in' }))
    expect(await act(() => first)).toBe(false)
    expect(session()).toMatchObject({ email: 'sam@example.com', loading: false })
    expect(gateway.signOut).not.toHaveBeenCalled()
    expect(await appDb.outbox.count()).toBe(1)

    let second!: Promise<boolean>
    act(() => {
      second = session().logOut()
    })
    await user.click(
      within(await screen.findByRole('alertdialog', { name: 'Log out with unsent notes?' })).getByRole('button', {
        name: 'Log out anyway',
      }),
    )
    expect(await act(() => second)).toBe(true)
    expect(session()).toMatchObject({ user: null, email: null })
    expect(await appDb.outbox.count()).toBe(0)
    expect(await appDb.notes.count()).toBe(0)
    expect(onSignedOut).toHaveBeenCalledTimes(1)
  })
})
