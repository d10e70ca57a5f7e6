// The HTTP client's edge rules (docs/product.md#roles, #api-calls, #messages):
// bearer token, the 401/403 message, non-JSON answers, path encoding and
// normalised sessions. What axios's interceptors add around every call:
// ./http-client-interceptors.test.ts; multipart bodies:
// ./http-client-multipart.test.ts.
import { http, HttpResponse } from 'msw'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { server } from '../../../tests/setup/msw-server'
import { LOCAL_KEYS } from '../storage/browser-storage'
import { ApiError, UNAUTHORIZED_MESSAGE } from './api-error'
import { api, apiPage } from './http-client'
import { recordUserRequests, USER } from '../testing/user-requests'

const ACCESS_TOKEN_KEY = LOCAL_KEYS.accessToken

describe('authorization', () => {
  it('sends the stored access-token as a bearer Authorization header', async () => {
    const seen = recordUserRequests()
    localStorage.setItem(ACCESS_TOKEN_KEY, 'stored-token')

    await api('getUser', { params: { email: USER.email } })

    expect(seen).toHaveLength(1)
    expect(seen[0]!.headers.get('authorization')).toBe('Bearer stored-token')
  })

  it('sends no Authorization header when no token is stored', async () => {
    const seen = recordUserRequests()

    await api('getUser', { params: { email: USER.email } })

    expect(seen[0]!.headers.has('authorization')).toBe(false)
  })

  it('lets an explicit authorization win over the stored token', async () => {
    const seen = recordUserRequests()
    localStorage.setItem(ACCESS_TOKEN_KEY, 'stored-token')

    const answer = await api('issueToken', { body: { email: USER.email }, authorization: 'id-token' })

    expect(answer).toEqual({ token: 'app-token' })
    expect(seen[0]!.headers.get('authorization')).toBe('Bearer id-token')
    expect(await seen[0]!.json()).toEqual({ email: USER.email })
  })

  it('calls the demo API on the app’s own origin under /api', async () => {
    const seen = recordUserRequests()
    await api('getUser', { params: { email: USER.email } })
    expect(new URL(seen[0]!.url).origin).toBe(window.location.origin)
    expect(new URL(seen[0]!.url).pathname).toBe('/api/users/ada%40example.com')
  })
})

describe.each([401, 403])('a %i answer', (status) => {
  let log: ReturnType<typeof vi.spyOn>
  beforeEach(() => {
    log = vi.spyOn(console, 'log').mockImplementation(() => undefined)
  })
  afterEach(() => log.mockRestore())

  it('logs the product’s message once and rejects with ApiError, without logging out or redirecting', async () => {
    server.use(http.get('*/api/users/:email', () => HttpResponse.json({ message: 'forbidden' }, { status })))
    localStorage.setItem(ACCESS_TOKEN_KEY, 'stored-token')
    const before = window.location.href

    const error = await api('getUser', { params: { email: USER.email } }).catch((e: unknown) => e)

    expect(error).toBeInstanceOf(ApiError)
    expect((error as ApiError).status).toBe(status)
    expect(log).toHaveBeenCalledTimes(1)
    expect(log).toHaveBeenCalledWith('Unauthorized access - maybe log out the user')
    expect(UNAUTHORIZED_MESSAGE).toBe('Unauthorized access - maybe log out the user')
    // No logout: the token stays; no redirect: the page stays.
    expect(localStorage.getItem(ACCESS_TOKEN_KEY)).toBe('stored-token')
    expect(window.location.href).toBe(before)
  })
})

describe('errors', () => {
  it('does not log the unauthorized message for other failures, and carries the server’s message', async () => {
    const log = vi.spyOn(console, 'log').mockImplementation(() => undefined)
    server.use(
      http.get('*/api/sessions/:id', () => HttpResponse.json({ message: 'Session not found.' }, { status: 404 })),
    )

    const error = await api('getSession', { params: { id: 'nope' } }).catch((e: unknown) => e)

    expect(error).toBeInstanceOf(ApiError)
    expect((error as ApiError).status).toBe(404)
    expect((error as ApiError).message).toBe('Session not found.')
    expect(log).not.toHaveBeenCalled()
  })

  it('rejects a 200 answer that is not JSON (the SPA shell of an uncontrolled page)', async () => {
    server.use(
      http.get('*/api/sessions/:id', () =>
        HttpResponse.html('<!doctype html><html><body><div id="root"></div></body></html>'),
      ),
    )

    const error = await api('getSession', { params: { id: 's1' } }).catch((e: unknown) => e)

    expect(error).toBeInstanceOf(ApiError)
    expect((error as ApiError).message).toMatch(/Expected JSON/)
  })

  it('rejects an answer whose body is cut off on the way as a network failure, not as a refusal', async () => {
    // The headers arrived, then the body stopped (the page being left does this to every call in flight).
    const cutOff = new ReadableStream<Uint8Array>({
      start(controller) {
        controller.enqueue(new TextEncoder().encode('{"_id":"u1","em'))
        controller.error(new TypeError('network error'))
      },
    })
    vi.spyOn(globalThis, 'fetch').mockResolvedValueOnce(
      new Response(cutOff, { headers: { 'Content-Type': 'application/json' } }),
    )

    const error = await api('getUser', { params: { email: USER.email } }).catch((e: unknown) => e)

    expect(error).toBeInstanceOf(ApiError)
    expect((error as ApiError).isNetworkError).toBe(true)
  })

  it('carries how long the server asked to wait (Retry-After, in seconds or as a date), and nothing without it', async () => {
    const at = new Date(Date.now() + 60_000).toUTCString()
    const answers: Record<string, string>[] = [
      { 'Retry-After': '2' },
      { 'Retry-After': at },
      {},
      { 'Retry-After': 'soon' },
    ]
    server.use(
      http.get('*/api/sessions/:id', () =>
        HttpResponse.json({ message: 'Busy' }, { status: 503, headers: answers.shift() }),
      ),
    )
    const waits: unknown[] = []
    for (let i = 0; i < 4; i++) {
      const error = await api('getSession', { params: { id: 's1' } }).catch((e: unknown) => e)
      waits.push((error as ApiError).retryAfterMs)
    }
    expect(waits[0]).toBe(2_000)
    expect(waits[1]).toBeGreaterThan(50_000)
    expect(waits[1]).toBeLessThanOrEqual(60_000)
    expect(waits.slice(2)).toEqual([undefined, undefined])
  })

  it('rejects a network failure with status 0', async () => {
    server.use(http.get('*/api/sessions/:id', () => HttpResponse.error()))

    const error = await api('getSession', { params: { id: 's1' } }).catch((e: unknown) => e)

    expect(error).toBeInstanceOf(ApiError)
    expect((error as ApiError).isNetworkError).toBe(true)
  })
})

describe('paths and queries', () => {
  it('encodes path parameters', async () => {
    const seen = recordUserRequests()

    await api('getUser', { params: { email: 'a b/c?d#e@example.com' } })

    expect(new URL(seen[0]!.url).pathname).toBe('/api/users/a%20b%2Fc%3Fd%23e%40example.com')
  })

  it('sends the query string of the contract', async () => {
    let url: URL | undefined
    server.use(
      http.get('*/api/sessions', ({ request }) => {
        url = new URL(request.url)
        return HttpResponse.json([])
      }),
    )

    await api('listSessions', { query: { status: 'approved' } })

    expect(url?.pathname).toBe('/api/sessions')
    expect(url?.searchParams.get('status')).toBe('approved')
  })
})

describe('normalisation at the edge', () => {
  const legacySession = {
    _id: 's1',
    title: 'Algebra',
    subject: 'Maths',
    description: 'Linear equations',
    registrationStartDate: '2026-01-01T00:00:00.000Z',
    registrationEndDate: '2026-01-10T00:00:00.000Z',
    classStartDate: '2026-01-12T09:00:00.000Z',
    classEndDate: '2026-01-20T09:00:00.000Z',
    sessionDuration: '2',
    fee: 15,
    tutorName: 'Ada',
    tutorEmail: 'ada@example.com',
    status: 'approved',
    createdAt: '2025-12-01T00:00:00.000Z',
  }
  const canonical = {
    _id: 's1',
    title: 'Algebra',
    subject: 'Maths',
    description: 'Linear equations',
    registrationStart: '2026-01-01T00:00:00.000Z',
    registrationEnd: '2026-01-10T00:00:00.000Z',
    classStart: '2026-01-12T09:00:00.000Z',
    classEnd: '2026-01-20T09:00:00.000Z',
    duration: 2,
    registrationFee: 15,
    tutorName: 'Ada',
    tutorEmail: 'ada@example.com',
    status: 'approved',
    createdAt: '2025-12-01T00:00:00.000Z',
    // No count from the server: the rating is computed from the reviews (useRatingFromReviews), not assumed 0.
  }

  it('maps a session with alternative field names onto the canonical shape', async () => {
    server.use(http.get('*/api/sessions/:id', () => HttpResponse.json(legacySession)))

    expect(await api('getSession', { params: { id: 's1' } })).toEqual(canonical)
  })

  it('maps every session of a page and reads the total from X-Total-Count', async () => {
    let url: URL | undefined
    server.use(
      http.get('*/api/sessions', ({ request }) => {
        url = new URL(request.url)
        return HttpResponse.json([legacySession, { ...legacySession, _id: 's2' }], {
          headers: { 'X-Total-Count': '17' },
        })
      }),
    )

    const page = await apiPage('listSessions', 2, 8, { query: { status: 'approved' } })

    expect(url?.searchParams.get('page')).toBe('2')
    expect(url?.searchParams.get('limit')).toBe('8')
    expect(url?.searchParams.get('status')).toBe('approved')
    expect(page.total).toBe(17)
    expect(page.items).toEqual([canonical, { ...canonical, _id: 's2' }])
  })

  it('maps the session fields a booking carries', async () => {
    server.use(
      http.get('*/api/bookings/student/:email', () =>
        HttpResponse.json([
          {
            _id: 'b1',
            sessionId: 's1',
            studentEmail: 'sam@example.com',
            tutorEmail: 'ada@example.com',
            status: 'approved',
            bookedAt: '2026-01-02T00:00:00.000Z',
            title: 'Algebra',
            fee: 0,
            regStartDate: '2026-01-01T00:00:00.000Z',
            regEndDate: '2026-01-10T00:00:00.000Z',
            classStartDate: '2026-01-12T09:00:00.000Z',
            classEndDate: '2026-01-20T09:00:00.000Z',
          },
        ]),
      ),
    )

    const [booking] = await api('listStudentBookings', { params: { email: 'sam@example.com' } })

    expect(booking).toEqual({
      _id: 'b1',
      sessionId: 's1',
      studentEmail: 'sam@example.com',
      tutorEmail: 'ada@example.com',
      status: 'approved',
      bookedAt: '2026-01-02T00:00:00.000Z',
      title: 'Algebra',
      registrationFee: 0,
      registrationStart: '2026-01-01T00:00:00.000Z',
      registrationEnd: '2026-01-10T00:00:00.000Z',
      classStart: '2026-01-12T09:00:00.000Z',
      classEnd: '2026-01-20T09:00:00.000Z',
    })
  })
})
