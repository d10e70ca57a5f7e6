// The client session's sign-in states (docs/product.md#states) against a fake
// gateway and the REST calls answered by msw, as screens see them in the
// ['auth', 'user'] entry (./testing/render-session.tsx): not known yet, then
// role and token on each change, the failure fallback, the sign-up ordering
// (the identity exists before its user record), and log out.
import { act, waitFor } from '@testing-library/react'
import { http, HttpResponse } from 'msw'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { server } from '../../../tests/setup/msw-server'
import { resetApiGate } from '#shared/api/api-ready'
import { LOCAL_KEYS } from '#shared/storage/browser-storage'
import { AuthError } from './auth-errors'
import { fakeGateway } from './testing/fake-gateway'
import { renderSession, restServer, signedIn, type ServerUser } from './testing/render-session'

beforeEach(() => resetApiGate(true))
afterEach(() => vi.restoreAllMocks())

describe('client session (sign-in states)', () => {
  it('starts loading, and with no identity settles as a logged-out student with no stored token', async () => {
    localStorage.setItem(LOCAL_KEYS.accessToken, 'stale')
    const calls = restServer([])
    const { session, seen } = renderSession(fakeGateway().gateway)
    expect(seen[0]).toEqual({ loading: true, role: 'student', email: null })
    await waitFor(() => expect(session().loading).toBe(false))
    expect(session().user).toBeNull()
    expect(session().role).toBe('student')
    expect(localStorage.getItem(LOCAL_KEYS.accessToken)).toBeNull()
    expect(calls).toEqual([])
  })

  it('for a signed-in identity gets the app token with the ID token in the body, then the role with the app token', async () => {
    vi.spyOn(Intl.DateTimeFormat.prototype, 'resolvedOptions').mockReturnValue({
      ...new Intl.DateTimeFormat('en').resolvedOptions(),
      timeZone: 'Asia/Kolkata',
    })
    const calls = restServer([{ email: 'ada@example.com', role: 'admin' }])
    const { session } = renderSession(signedIn('ada@example.com', 'id-token-for-ada@example.com'))
    await waitFor(() => expect(session().loading).toBe(false))
    expect(session().role).toBe('admin')
    expect(session().email).toBe('ada@example.com')
    expect(calls.map((c) => `${c.method} ${c.path}`)).toEqual(['POST /jwt', 'GET /users/ada@example.com'])
    // The provider's proof travels in POST /jwt's body, with the device's zone; every call carries the stored app
    // token, if any.
    expect(calls[0]!.body).toEqual({
      email: 'ada@example.com',
      idToken: 'id-token-for-ada@example.com',
      timeZone: 'Asia/Kolkata',
    })
    expect(calls[0]!.authorization).toBeNull()
    expect(calls[1]!.authorization).toBe('Bearer app-token-for-ada@example.com')
    expect(localStorage.getItem(LOCAL_KEYS.accessToken)).toBe('app-token-for-ada@example.com')
  })

  it.each([
    ['the role lookup', 'get'],
    ['the token call', 'jwt'],
  ])('falls back to student and removes the token when %s fails', async (_label, failing) => {
    localStorage.setItem(LOCAL_KEYS.accessToken, 'stale')
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
    expect(localStorage.getItem(LOCAL_KEYS.accessToken)).toBeNull()
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
    expect(localStorage.getItem(LOCAL_KEYS.accessToken)).toBe('app-token-for-nia@example.com')
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
    expect(localStorage.getItem(LOCAL_KEYS.accessToken)).toBe('app-token-for-sam@example.com')
    let pending!: Promise<string>
    act(() => {
      pending = session().logOut()
    })
    await waitFor(() => expect(gateway.signOut).toHaveBeenCalled())
    expect(session()).toMatchObject({ loading: false, email: 'sam@example.com' })
    release()
    expect(await act(() => pending)).toBe('logged-out')
    expect(session()).toMatchObject({ loading: false, user: null, email: null, role: 'student' })
    expect(localStorage.getItem(LOCAL_KEYS.accessToken)).toBeNull()
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

const ADA = { uid: 'uid-ada', email: 'ada@example.com', displayName: null, photoURL: null }

describe('a visitor (nothing on the device says anyone signed in)', () => {
  it('is signed out at once, without loading the provider', async () => {
    const calls = restServer([])
    const { session, loads } = renderSession(fakeGateway().gateway)
    await waitFor(() => expect(session().loading).toBe(false))
    expect(session().user).toBeNull()
    expect(loads()).toBe(0)
    expect(calls).toEqual([])
  })

  it('signs in: the provider loads then, and the sign-in ends with the user published', async () => {
    restServer([{ email: 'sam@example.com', role: 'tutor' }])
    const { session, loads } = renderSession(fakeGateway().gateway)
    await waitFor(() => expect(session().loading).toBe(false))
    await act(() => session().signIn('sam@example.com', 'right-password'))
    expect(loads()).toBe(1)
    expect(session().email).toBe('sam@example.com')
    expect(session().role).toBe('tutor')
    expect(localStorage.getItem(LOCAL_KEYS.signedIn)).toBe('1')
  })

  it('is signed in when another tab signs someone in', async () => {
    restServer([{ email: 'ada@example.com', role: 'admin' }])
    // The provider's storage is the other tab's: it holds Ada.
    const { session, loads } = renderSession(fakeGateway(ADA).gateway)
    await waitFor(() => expect(session().loading).toBe(false))
    expect(loads()).toBe(0)
    act(() => {
      localStorage.setItem(LOCAL_KEYS.signedIn, '1')
      window.dispatchEvent(new StorageEvent('storage', { key: LOCAL_KEYS.signedIn, newValue: '1' }))
    })
    await waitFor(() => expect(session().email).toBe('ada@example.com'))
    expect(session().role).toBe('admin')
  })

  it('is not a device whose app signed someone in before the mark existed (a role kept): the provider is asked', async () => {
    localStorage.setItem(LOCAL_KEYS.role, JSON.stringify({ email: 'ada@example.com', role: 'admin' }))
    restServer([{ email: 'ada@example.com', role: 'admin' }])
    // The provider's storage is the other tab's: it holds Ada.
    const { session, loads } = renderSession(fakeGateway(ADA).gateway)
    await waitFor(() => expect(session().email).toBe('ada@example.com'))
    expect(loads()).toBe(1)
  })
})
