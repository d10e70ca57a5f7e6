// The client session (docs/product.md#states) when things go wrong, against a
// fake gateway and the REST calls answered by msw, as screens see them in the
// ['auth', 'user'] entry (./testing/render-session.tsx): no network,
// overlapping changes, a session the provider no longer vouches for, and a log
// out whose wipe of the device fails.
import { act, waitFor } from '@testing-library/react'
import { http, HttpResponse } from 'msw'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { server } from '../../../tests/setup/msw-server'
import { resetApiGate } from '#shared/api/api-ready'
import { api } from '#shared/api/http-client'
import { LOCAL_KEYS } from '#shared/storage/browser-storage'
import type { AuthProviderProps } from './auth-provider'
import { fakeGateway } from './testing/fake-gateway'
import { renderSession, restServer, signedIn } from './testing/render-session'

beforeEach(() => resetApiGate(true))
afterEach(() => vi.restoreAllMocks())

describe('client session without a network', () => {
  it('keeps the last known role and the token when the server cannot be reached, and asks again once online', async () => {
    localStorage.setItem(LOCAL_KEYS.accessToken, 'kept-token')
    localStorage.setItem(LOCAL_KEYS.role, JSON.stringify({ email: 'tom@example.com', role: 'tutor' }))
    const calls = restServer([{ email: 'tom@example.com', role: 'tutor' }])
    let reachable = false
    // No answer at all, as when offline; once reachable, the normal handlers answer.
    server.use(http.all('*/api/*', () => (reachable ? undefined : HttpResponse.error())))
    const log = vi.spyOn(console, 'log').mockImplementation(() => {})
    const { session } = renderSession(signedIn('tom@example.com'))
    await waitFor(() => expect(session().loading).toBe(false))
    expect(session()).toMatchObject({ role: 'tutor', email: 'tom@example.com' })
    expect(localStorage.getItem(LOCAL_KEYS.accessToken)).toBe('kept-token')
    expect(log).toHaveBeenCalledWith('AuthProvider error', expect.anything())
    expect(calls).toEqual([])

    reachable = true
    act(() => {
      window.dispatchEvent(new Event('online'))
    })
    await waitFor(() => expect(localStorage.getItem(LOCAL_KEYS.accessToken)).toBe('app-token-for-tom@example.com'))
    expect(session()).toMatchObject({ role: 'tutor', loading: false })
    expect(calls.map((c) => `${c.method} ${c.path}`)).toEqual(['POST /jwt', 'GET /users/tom@example.com'])
  })

  it('with no role remembered for that email, an unreachable server means student, token kept', async () => {
    localStorage.setItem(LOCAL_KEYS.accessToken, 'kept-token')
    localStorage.setItem(LOCAL_KEYS.role, JSON.stringify({ email: 'someone-else@example.com', role: 'admin' }))
    server.use(
      http.post('*/api/jwt', () => HttpResponse.error()),
      http.get('*/api/users/:email', () => HttpResponse.error()),
    )
    vi.spyOn(console, 'log').mockImplementation(() => {})
    const { session } = renderSession(signedIn('tom@example.com'))
    await waitFor(() => expect(session().loading).toBe(false))
    expect(session().role).toBe('student')
    expect(localStorage.getItem(LOCAL_KEYS.accessToken)).toBe('kept-token')
  })

  it('a refusal (4xx) still falls back to student and removes the token and the remembered role', async () => {
    localStorage.setItem(LOCAL_KEYS.accessToken, 'stale')
    localStorage.setItem(LOCAL_KEYS.role, JSON.stringify({ email: 'tom@example.com', role: 'tutor' }))
    restServer([{ email: 'tom@example.com', role: 'tutor' }])
    server.use(http.post('*/api/jwt', () => HttpResponse.json({ message: 'Forbidden' }, { status: 403 })))
    const log = vi.spyOn(console, 'log').mockImplementation(() => {})
    const { session } = renderSession(signedIn('tom@example.com'))
    await waitFor(() => expect(session().loading).toBe(false))
    expect(session().role).toBe('student')
    expect(localStorage.getItem(LOCAL_KEYS.accessToken)).toBeNull()
    expect(localStorage.getItem(LOCAL_KEYS.role)).toBeNull()
    expect(log).toHaveBeenCalledWith('AuthProvider error', expect.anything())
  })

  it('remembers the role the server gave', async () => {
    restServer([{ email: 'ada@example.com', role: 'admin' }])
    const { session } = renderSession(signedIn('ada@example.com'))
    await waitFor(() => expect(session().loading).toBe(false))
    expect(JSON.parse(localStorage.getItem(LOCAL_KEYS.role)!)).toEqual({ email: 'ada@example.com', role: 'admin' })
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
    await waitFor(() => expect(localStorage.getItem(LOCAL_KEYS.accessToken)).toBe('app-token-for-sam@example.com'))
    await act(() => gateway.signOut())
    release()
    await act(() => signingIn)
    expect(session()).toMatchObject({ user: null, email: null })
    expect(localStorage.getItem(LOCAL_KEYS.accessToken)).toBeNull()
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
    expect(localStorage.getItem(LOCAL_KEYS.accessToken)).toBe('app-token-for-tess@example.com')
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
    const device = { unsentWarning: vi.fn(async () => null), wipe: vi.fn(async () => undefined) }
    vi.spyOn(console, 'log').mockImplementation(() => {})
    const { calls, gateway, session } = await samSignedIn({ onSessionEnded, onSignedOut, device })
    // The provider's proof is refused from now on too.
    server.use(http.post('*/api/jwt', () => HttpResponse.json({ message: 'Invalid ID token' }, { status: 401 })))
    const error = await callWithExpiredToken()
    expect((error as { status?: number }).status).toBe(401)
    expect(onSessionEnded).toHaveBeenCalledTimes(1)
    expect(gateway.signOut).toHaveBeenCalledTimes(1)
    expect(session()).toMatchObject({ user: null, email: null })
    expect(localStorage.getItem(LOCAL_KEYS.accessToken)).toBeNull()
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

/** Sam signed in through the session, with these options; `logOut()` answers how the log out ended. */
async function samSignedInWith(options: Omit<AuthProviderProps, 'children' | 'loadGateway'>) {
  restServer([{ email: 'sam@example.com', role: 'student' }])
  const { gateway } = fakeGateway()
  const { session } = renderSession(gateway, undefined, options)
  await waitFor(() => expect(session().loading).toBe(false))
  await act(() => session().signIn('sam@example.com', 'right-password'))
  const logOut = async () => {
    let result: unknown
    await act(async () => {
      result = await session().logOut()
    })
    return result
  }
  return { gateway, session, logOut }
}

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
    const device = {
      unsentWarning: vi.fn(async () => null),
      wipe: vi.fn(async () => Promise.reject(new Error('DatabaseClosedError'))),
    }
    vi.spyOn(console, 'log').mockImplementation(() => {})
    const { session, logOut } = await samSignedInWith({ device })
    expect(await logOut()).toBe('wipe-pending')
    expect(device.wipe).toHaveBeenCalledWith('sam@example.com')
    expect(session()).toMatchObject({ user: null })
    expect(localStorage.getItem(LOCAL_KEYS.accessToken)).toBeNull()
  })
})

describe('the question before a log out with unsent writes', () => {
  const warning = { title: 'Log out with unsent notes?', text: '1 note change has not reached the server yet.' }

  it('is asked through the function the app passes in, and opens no dialog of its own', async () => {
    const device = { unsentWarning: vi.fn(async () => warning), wipe: vi.fn(async () => undefined) }
    const confirmLogOut = vi.fn(async () => false)
    const { gateway, logOut } = await samSignedInWith({ device, confirmLogOut })

    expect(await logOut()).toBe('stayed')
    expect(confirmLogOut).toHaveBeenCalledWith(warning)
    expect(document.querySelector('[role="alertdialog"]')).toBeNull()
    expect(gateway.signOut).not.toHaveBeenCalled()

    confirmLogOut.mockResolvedValue(true)
    expect(await logOut()).toBe('logged-out')
    expect(device.wipe).toHaveBeenCalledWith('sam@example.com')
  })

  it('without a way to ask, writes that would be lost keep the user signed in', async () => {
    const device = { unsentWarning: vi.fn(async () => warning), wipe: vi.fn(async () => undefined) }
    const { logOut } = await samSignedInWith({ device })
    expect(await logOut()).toBe('stayed')
    expect(device.wipe).not.toHaveBeenCalled()
  })

  it('signing out of every device asks the server first, then logs out here; a failure changes nothing here', async () => {
    restServer([{ email: 'sam@example.com', role: 'student' }])
    let up = false
    const asked: (string | null)[] = []
    server.use(
      http.post('*/api/users/me/sign-out-everywhere', ({ request }) => {
        asked.push(request.headers.get('authorization'))
        return up
          ? HttpResponse.json({ success: true, message: 'Signed out of every device.' })
          : HttpResponse.json({ message: 'The server is busy.' }, { status: 503 })
      }),
    )
    const device = { unsentWarning: vi.fn(async () => null), wipe: vi.fn(async () => {}) }
    const { gateway } = fakeGateway()
    const { session } = renderSession(gateway, undefined, { device })
    await waitFor(() => expect(session().loading).toBe(false))
    await act(() => session().signIn('sam@example.com', 'right-password'))

    await act(() => expect(session().signOutEverywhere()).rejects.toThrow('The server is busy.'))
    expect(session()).toMatchObject({ email: 'sam@example.com' })
    expect(gateway.signOut).not.toHaveBeenCalled()
    expect(localStorage.getItem(LOCAL_KEYS.accessToken)).toBe('app-token-for-sam@example.com')

    up = true
    let result: unknown
    await act(async () => {
      result = await session().signOutEverywhere()
    })
    expect(result).toBe('logged-out')
    expect(asked).toEqual(['Bearer app-token-for-sam@example.com', 'Bearer app-token-for-sam@example.com'])
    expect(gateway.signOut).toHaveBeenCalledTimes(1)
    expect(device.wipe).toHaveBeenCalledWith('sam@example.com')
    expect(session()).toMatchObject({ user: null })
    expect(localStorage.getItem(LOCAL_KEYS.accessToken)).toBeNull()
  })
})
