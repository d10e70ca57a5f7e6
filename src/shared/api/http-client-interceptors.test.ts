// What axios's interceptors add around every call of the HTTP client
// (docs/decisions/0053-axios-after-the-first-paint.md): renewing an expired
// app token, the idempotency key, the headers a call carries, waiting for the
// API, the timeout and cancelling. The edge rules:
// ./http-client-edge-rules.test.ts.
import { http, HttpResponse } from 'msw'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { server } from '../../../tests/setup/msw-server'
import { CLIENT_HEADER, IDEMPOTENCY_HEADER } from '#contract/routes'
import { LOCAL_KEYS } from '../storage/browser-storage'
import { ApiError } from './api-error'
import { openApiGate, resetApiGate } from './api-ready'
import { api, setTokenRenewer } from './http-client'
import { recordUserRequests, USER } from '../testing/user-requests'

const ACCESS_TOKEN_KEY = LOCAL_KEYS.accessToken

describe('renewing an expired app token', () => {
  afterEach(() => setTokenRenewer(null))

  /** GET /users/:email answers 401 to any token but `fresh`, and records the bearers it saw. */
  function expiringServer(): string[] {
    const bearers: string[] = []
    server.use(
      http.get('*/api/users/:email', ({ request }) => {
        const bearer = request.headers.get('Authorization') ?? ''
        bearers.push(bearer)
        return bearer === 'Bearer fresh'
          ? HttpResponse.json(USER)
          : HttpResponse.json({ message: 'Invalid or expired token.' }, { status: 401 })
      }),
    )
    return bearers
  }

  it('renews once on a 401 and retries the call with the new token', async () => {
    const bearers = expiringServer()
    localStorage.setItem(ACCESS_TOKEN_KEY, 'expired')
    const renewer = vi.fn(async () => {
      localStorage.setItem(ACCESS_TOKEN_KEY, 'fresh')
      return 'fresh'
    })
    setTokenRenewer(renewer)
    const log = vi.spyOn(console, 'log').mockImplementation(() => undefined)
    await expect(api('getUser', { params: { email: USER.email } })).resolves.toMatchObject({ email: USER.email })
    expect(renewer).toHaveBeenCalledTimes(1)
    expect(bearers).toEqual(['Bearer expired', 'Bearer fresh'])
    log.mockRestore()
  })

  it('shares one renewal between calls that fail together, and rejects when renewal fails', async () => {
    const bearers = expiringServer()
    localStorage.setItem(ACCESS_TOKEN_KEY, 'expired')
    let release!: () => void
    const renewer = vi.fn(
      () =>
        new Promise<string>((resolve) => {
          release = () => {
            localStorage.setItem(ACCESS_TOKEN_KEY, 'fresh')
            resolve('fresh')
          }
        }),
    )
    setTokenRenewer(renewer)
    const log = vi.spyOn(console, 'log').mockImplementation(() => undefined)
    const both = Promise.all([
      api('getUser', { params: { email: USER.email } }),
      api('getUser', { params: { email: USER.email } }),
    ])
    await vi.waitFor(() => expect(renewer).toHaveBeenCalledTimes(1))
    release()
    await expect(both).resolves.toHaveLength(2)
    expect(renewer).toHaveBeenCalledTimes(1)
    expect(bearers.filter((b) => b === 'Bearer fresh')).toHaveLength(2)

    localStorage.setItem(ACCESS_TOKEN_KEY, 'expired')
    setTokenRenewer(async () => null)
    await expect(api('getUser', { params: { email: USER.email } })).rejects.toMatchObject({ status: 401 })
    log.mockRestore()
  })

  it('never renews for a call that brings its own credential', async () => {
    expiringServer()
    const renewer = vi.fn(async () => 'fresh')
    setTokenRenewer(renewer)
    const log = vi.spyOn(console, 'log').mockImplementation(() => undefined)
    await expect(api('getUser', { params: { email: USER.email }, authorization: 'an-id-token' })).rejects.toMatchObject(
      { status: 401 },
    )
    expect(renewer).not.toHaveBeenCalled()
    log.mockRestore()
  })
})

describe('renewing and idempotency', () => {
  afterEach(() => setTokenRenewer(null))

  it('sends the idempotency key, and the same key again on the retry after a renewal', async () => {
    const seen: { bearer: string | null; key: string | null }[] = []
    server.use(
      http.post('*/api/notes', ({ request }) => {
        const bearer = request.headers.get('Authorization')
        seen.push({ bearer, key: request.headers.get(IDEMPOTENCY_HEADER) })
        return bearer === 'Bearer fresh'
          ? HttpResponse.json({ insertedId: 'n1' })
          : HttpResponse.json({ message: 'Invalid or expired token.' }, { status: 401 })
      }),
    )
    localStorage.setItem(ACCESS_TOKEN_KEY, 'expired')
    setTokenRenewer(async () => {
      localStorage.setItem(ACCESS_TOKEN_KEY, 'fresh')
      return 'fresh'
    })
    const log = vi.spyOn(console, 'log').mockImplementation(() => undefined)

    await api('createNote', {
      body: { email: USER.email, title: 'T', description: 'D' },
      idempotencyKey: 'key-1',
    })

    expect(seen).toEqual([
      { bearer: 'Bearer expired', key: 'key-1' },
      { bearer: 'Bearer fresh', key: 'key-1' },
    ])
    log.mockRestore()
  })
  it('renews once per call: a 401 on the retry is the answer', async () => {
    let requests = 0
    server.use(
      http.get('*/api/users/:email', () => {
        requests += 1
        // Refuses every token; a client that renewed again would get this user on the third try.
        return requests < 3
          ? HttpResponse.json({ message: 'Invalid or expired token.' }, { status: 401 })
          : HttpResponse.json(USER)
      }),
    )
    localStorage.setItem(ACCESS_TOKEN_KEY, 'expired')
    const renewer = vi.fn(async () => 'fresh')
    setTokenRenewer(renewer)
    const log = vi.spyOn(console, 'log').mockImplementation(() => undefined)

    await expect(api('getUser', { params: { email: USER.email } })).rejects.toMatchObject({ status: 401 })
    expect(renewer).toHaveBeenCalledTimes(1)
    expect(requests).toBe(2)
    log.mockRestore()
  })
})

describe('headers', () => {
  it('sends a read with no header that would cost a cross-origin preflight', async () => {
    const seen = recordUserRequests()

    await api('getUser', { params: { email: USER.email } })

    // The API server's CORS list allows Authorization, Content-Type,
    // Idempotency-Key and the client header; axios's own User-Agent is not one.
    // (Node's fetch names itself here, as a browser does; axios must not.)
    expect(seen[0]!.headers.get('user-agent') ?? '').not.toMatch(/axios/i)
    expect(seen[0]!.headers.has(CLIENT_HEADER)).toBe(false)
    expect(seen[0]!.headers.has('content-type')).toBe(false)
    expect(seen[0]!.headers.get('accept')).toBe('application/json')
  })

  it('sends a write with the same-origin signal and a JSON body', async () => {
    const seen = recordUserRequests()

    await api('issueToken', { body: { email: USER.email } })

    expect(seen[0]!.headers.get(CLIENT_HEADER)).toBe('app')
    expect(seen[0]!.headers.get('content-type')).toMatch(/^application\/json/)
    expect(seen[0]!.headers.has(IDEMPOTENCY_HEADER)).toBe(false)
  })
})

describe('waiting, timing out and cancelling', () => {
  it('waits for the API to be ready before sending anything', async () => {
    const seen = recordUserRequests()
    resetApiGate(false)

    const call = api('getUser', { params: { email: USER.email } })
    await new Promise((resolve) => setTimeout(resolve, 50))
    expect(seen).toHaveLength(0)
    openApiGate()

    await expect(call).resolves.toMatchObject({ email: USER.email })
    expect(seen).toHaveLength(1)
  })

  /** GET /sessions/:id never answers; resolves once a call has reached it. */
  function silentServer(): Promise<void> {
    return new Promise<void>((reached) =>
      server.use(
        http.get('*/api/sessions/:id', () => {
          reached()
          return new Promise<Response>(() => undefined)
        }),
      ),
    )
  }

  it('fails a call with no answer after 30 s as a network error (status 0)', async () => {
    const reached = silentServer()
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] })
    try {
      const call = api('getSession', { params: { id: 's1' } }).catch((e: unknown) => e)
      await reached
      let settled = false
      void call.then(() => (settled = true))
      await vi.advanceTimersByTimeAsync(29_000)
      expect(settled).toBe(false)
      await vi.advanceTimersByTimeAsync(1_000)
      const error = await call
      expect(error).toBeInstanceOf(ApiError)
      expect((error as ApiError).isNetworkError).toBe(true)
    } finally {
      vi.useRealTimers()
    }
  })

  it('rejects a call its caller cancelled with the signal’s reason, not as a failure of the server', async () => {
    const reached = silentServer()
    const controller = new AbortController()
    const call = api('getSession', { params: { id: 's1' }, signal: controller.signal }).catch((e: unknown) => e)
    await reached
    const reason = new DOMException('No one needs it any more', 'AbortError')

    controller.abort(reason)

    expect(await call).toBe(reason)
  })
})
