// The route loaders against the demo server (msw/node): they fill the shared
// cache with what the screen will ask for, fetch nothing behind login for a
// visitor who is not signed in (nor an admin's list), never throw for a
// failed fetch, and never hold a navigation for long (failing server, API
// gate closed, offline).
import { onlineManager } from '@tanstack/react-query'
import { http, HttpResponse } from 'msw'
import type { LoaderFunctionArgs } from 'react-router-dom'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { API_BASE, resetDemoDb, signInAs } from '../../mocks/testing/sign-in'
import { server } from '../../tests/setup/msw-server'
import type { Booking, Role, Session } from '#contract/entities'
import { authKeys } from '#features/auth/user-query'
import { bookedMaterialQueries } from '#features/materials/api/booked-material-queries'
import { bookingQueries } from '#features/bookings/api/booking-queries'
import { reviewQueries } from '#features/reviews/api/review-queries'
import { SESSIONS_PAGE_SIZE, sessionQueries } from '#features/sessions/api/session-queries'
import { openApiGate, resetApiGate } from '#shared/api/api-ready'
import { queryClient } from './query-client'
import { LOADER_WAIT_MS } from './route-loaders'
import { loader as bookedSessionLoader } from './routes/dashboard/student-booking'
import { loader as myBookingsLoader } from './routes/dashboard/my-bookings'
import { loader as sessionDetailsLoader } from './routes/session-details'
import { loader as studySessionsLoader } from './routes/study-sessions'
import { loader as tutorsLoader } from './routes/tutors'

const STUDENT = 'student@studyhub.demo'

function args(path: string, params: Record<string, string> = {}): LoaderFunctionArgs {
  return { request: new Request(`http://localhost:3000${path}`), params, context: undefined } as LoaderFunctionArgs
}

/** Who is signed in, as the AuthProvider leaves it in the query cache (src/app/signed-in-user.ts). */
async function lastSessionWas(email: string, role: Role) {
  await signInAs(email)
  queryClient.setQueryData(authKeys.user, { uid: email, email, displayName: null, photoURL: null, role })
}

/** The identity provider said nobody is signed in. */
function nobodySignedIn() {
  queryClient.setQueryData(authKeys.user, null)
}

/**
 * A loader lets the navigation go after LOADER_WAIT_MS even when its fetches
 * are still running (a busy machine); what it started still fills the cache.
 * Tests of what a loader fills wait for that, not for the loader alone.
 */
async function warmed(): Promise<void> {
  await vi.waitFor(() => expect(queryClient.isFetching()).toBe(0), { timeout: 10_000 })
}

const apiCalls: string[] = []
const record = ({ request }: { request: Request }) => {
  if (new URL(request.url).pathname.startsWith('/api/')) apiCalls.push(new URL(request.url).pathname)
}

async function approvedSessions(): Promise<Session[]> {
  return (await (await fetch(`${API_BASE}/sessions?status=approved`)).json()) as Session[]
}

beforeEach(async () => {
  await resetDemoDb()
  apiCalls.length = 0
  server.events.on('request:start', record)
})
afterEach(() => {
  server.events.removeListener('request:start', record)
  queryClient.clear()
  onlineManager.setOnline(true)
})

describe('/study-sessions loader', () => {
  it("fills the cache with the page in ?page= for a visitor who isn't signed in", async () => {
    nobodySignedIn()
    expect(await studySessionsLoader(args('/study-sessions?page=2'))).toBeNull()
    await warmed()
    const page = queryClient.getQueryData(sessionQueries.list({ page: 2, admin: false }).queryKey)
    expect(page?.page).toBe(2)
    expect(page?.items.length).toBeGreaterThan(0)
    expect(page?.items.length).toBeLessThanOrEqual(SESSIONS_PAGE_SIZE)
    expect(page?.items.every((s) => s.status === 'approved')).toBe(true)
    const all = await approvedSessions()
    expect(page?.total).toBe(all.length)
  })

  it("fills one tutor's list from ?tutor= for a signed-in student", async () => {
    await lastSessionWas(STUDENT, 'student')
    const tutorEmail = (await approvedSessions())[0]!.tutorEmail
    await studySessionsLoader(args(`/study-sessions?tutor=${encodeURIComponent(tutorEmail)}`))
    await warmed()
    const page = queryClient.getQueryData(sessionQueries.list({ page: 1, admin: false, tutorEmail }).queryKey)
    expect(page?.items.length).toBeGreaterThan(0)
    expect(page?.items.every((s) => s.tutorEmail === tutorEmail)).toBe(true)
  })

  it('fetches nothing for an admin (their screen asks for another list) or an unknown role', async () => {
    await lastSessionWas('admin@studyhub.demo', 'admin')
    expect(await studySessionsLoader(args('/study-sessions'))).toBeNull()
    await warmed()
    // Not known yet (the identity provider has not answered).
    queryClient.removeQueries({ queryKey: authKeys.user })
    expect(await studySessionsLoader(args('/study-sessions'))).toBeNull()
    await warmed()
    expect(apiCalls).toEqual([])
    expect(queryClient.getQueryCache().getAll()).toEqual([])
  })
})

describe('/session-details/:id loader', () => {
  it('fills the session and its reviews for a signed-in visitor', async () => {
    await lastSessionWas(STUDENT, 'student')
    const session = (await approvedSessions())[0]!
    apiCalls.length = 0
    expect(await sessionDetailsLoader(args(`/session-details/${session._id}`, { id: session._id }))).toBeNull()
    await warmed()
    expect(queryClient.getQueryData(sessionQueries.detail(session._id).queryKey)?.title).toBe(session.title)
    expect(Array.isArray(queryClient.getQueryData(reviewQueries.forSession(session._id).queryKey))).toBe(true)
  })

  it('fetches nothing for a visitor who is not signed in (RequireAuth sends them to /login)', async () => {
    nobodySignedIn()
    const session = (await approvedSessions())[0]!
    apiCalls.length = 0
    expect(await sessionDetailsLoader(args(`/session-details/${session._id}`, { id: session._id }))).toBeNull()
    await warmed()
    expect(apiCalls).toEqual([])
    expect(
      queryClient
        .getQueryCache()
        .getAll()
        .map((q) => q.queryKey),
    ).toEqual([authKeys.user])
  })

  it('does not throw for a missing session, and leaves no error for the screen to trip on', async () => {
    await lastSessionWas(STUDENT, 'student')
    const id = '0123456789abcdef01234567'
    expect(await sessionDetailsLoader(args(`/session-details/${id}`, { id }))).toBeNull()
    await warmed()
    expect(apiCalls).toContain(`/api/sessions/${id}`)
    expect(queryClient.getQueryState(sessionQueries.detail(id).queryKey)).toBeUndefined()
  })
})

describe('/tutors loader', () => {
  it('fills the approved sessions the page is built from', async () => {
    await tutorsLoader(args('/tutors'))
    await warmed()
    const sessions = queryClient.getQueryData(sessionQueries.approved().queryKey)
    expect(sessions?.length).toBe((await approvedSessions()).length)
  })

  // No wall-clock assertions: each case proves the loader settled while the
  // fetch it started could not have finished (the server never answers, the
  // gate is closed, the device is offline), so it did not wait for it.
  it('does not throw and releases the navigation after LOADER_WAIT_MS while the server keeps failing', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] })
    try {
      server.use(http.get('*/api/sessions', () => HttpResponse.json({ message: 'down' }, { status: 500 })))
      let settled = false
      const result = tutorsLoader(args('/tutors')).then((value) => {
        settled = true
        return value
      })
      await vi.advanceTimersByTimeAsync(LOADER_WAIT_MS - 1)
      expect(settled).toBe(false)
      await vi.advanceTimersByTimeAsync(1)
      expect(await result).toBeNull()
      // The retries (1 s, 2 s, 4 s) go on in the cache for the screen to show; the navigation did not wait for them.
      expect(queryClient.getQueryState(sessionQueries.approved().queryKey)?.fetchStatus).toBe('fetching')
    } finally {
      vi.useRealTimers()
    }
  })

  it('does not wait while the API gate is closed, and the fetch lands once it opens', async () => {
    resetApiGate(false)
    // Nothing can be answered while the gate is closed: settling proves no wait.
    expect(await tutorsLoader(args('/tutors'))).toBeNull()
    expect(queryClient.getQueryData(sessionQueries.approved().queryKey)).toBeUndefined()
    openApiGate()
    await expect.poll(() => queryClient.getQueryData(sessionQueries.approved().queryKey)?.length).toBeGreaterThan(0)
  })

  it('does not wait offline', async () => {
    onlineManager.setOnline(false)
    expect(await tutorsLoader(args('/tutors'))).toBeNull()
    expect(queryClient.getQueryData(sessionQueries.approved().queryKey)).toBeUndefined()
  })

  it('stops waiting when the navigation is cancelled', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] })
    try {
      // A server that never answers, and a wait timer that never fires: only the abort can settle the loader.
      server.use(http.get('*/api/sessions', () => new Promise<never>(() => {})))
      const controller = new AbortController()
      const request = new Request('http://localhost:3000/tutors', { signal: controller.signal })
      const result = tutorsLoader({ request, params: {}, context: undefined } as LoaderFunctionArgs)
      controller.abort()
      await expect(result).resolves.toBeNull()
    } finally {
      vi.useRealTimers()
    }
  })
})

describe("the student's booked-session loaders", () => {
  it('fill the bookings, the session, and the materials of an approved booking', async () => {
    await lastSessionWas(STUDENT, 'student')
    const bookings = (await (
      await fetch(`${API_BASE}/bookings/student/${STUDENT}`, {
        headers: { Authorization: `Bearer ${localStorage.getItem('access-token')}` },
      })
    ).json()) as Booking[]
    const approved = bookings.find((b) => b.status === 'approved')
    if (!approved) throw new Error('the seed needs an approved booking for the student')
    const id = approved.sessionId

    await myBookingsLoader(args('/dashboard/my-bookings'))
    await warmed()
    expect(queryClient.getQueryData(bookingQueries.forStudent(STUDENT).queryKey)?.length).toBe(bookings.length)

    // A fresh start that knows only who is signed in.
    queryClient.removeQueries({ predicate: (query) => query.queryKey[0] !== authKeys.user[0] })
    await bookedSessionLoader(args(`/dashboard/student/bookings/${id}`, { id }))
    await warmed()
    expect(queryClient.getQueryData(sessionQueries.detail(id).queryKey)?._id).toBe(id)
    expect(queryClient.getQueryData(bookingQueries.forStudent(STUDENT).queryKey)?.length).toBe(bookings.length)
    expect(Array.isArray(queryClient.getQueryData(bookedMaterialQueries.forSession(id, STUDENT).queryKey))).toBe(true)
  })

  it("don't ask for the materials of a booking that is not approved", async () => {
    await lastSessionWas(STUDENT, 'student')
    const bookings = (await (
      await fetch(`${API_BASE}/bookings/student/${STUDENT}`, {
        headers: { Authorization: `Bearer ${localStorage.getItem('access-token')}` },
      })
    ).json()) as Booking[]
    const pending = bookings.find((b) => b.status !== 'approved')
    if (!pending) throw new Error('the seed needs a booking that is not approved')
    apiCalls.length = 0
    await bookedSessionLoader(args(`/dashboard/student/bookings/${pending.sessionId}`, { id: pending.sessionId }))
    await warmed()
    expect(apiCalls.some((path) => path.startsWith('/api/materials'))).toBe(false)
    expect(queryClient.getQueryData(sessionQueries.detail(pending.sessionId).queryKey)?._id).toBe(pending.sessionId)
  })

  it('fetch nothing for a visitor who is not signed in', async () => {
    nobodySignedIn()
    await bookedSessionLoader(args('/dashboard/student/bookings/x', { id: 'x' }))
    await warmed()
    await myBookingsLoader(args('/dashboard/my-bookings'))
    await warmed()
    expect(apiCalls).toEqual([])
  })
})
