// Device-backed queries as the sessions and reviews features make them: each
// server answer is kept once on the device (one row per approved session, list
// pages as ids, reviews per session), and a
// query whose server cannot be reached is given the kept answer dated when it
// was fetched, while its state still says the fetch failed. Server errors
// are never hidden behind old data.
import { QueryClient } from '@tanstack/react-query'
import { http, HttpResponse } from 'msw'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { server } from '../../tests/setup/msw-server'
import type { Review, Session } from '#contract/entities'
import { reviewQueries } from '#features/reviews/api/review-queries'
import { forget as forgetReviews } from '#features/reviews/db/kept-reviews'
import type { ReviewsDb } from '#features/reviews/db/review-tables'
import { sessionQueries } from '#features/sessions/api/session-queries'
import { forget as forgetApprovedSessions } from '#features/sessions/db/approved-sessions'
import type { SessionsDb } from '#features/sessions/db/session-tables'
import { appDb as sharedDb } from '#shared/db/app-db'
import { clearStorageFault, getStorageFault } from '#shared/db/storage-status'
import { deviceWritesSettled, isNetworkError } from '#shared/offline/device-backed-query'
import { sessionFixture } from '#shared/testing/session-fixture'

const appDb = sharedDb as SessionsDb & ReviewsDb

function session(id: string, status: Session['status'] = 'approved'): Session {
  return sessionFixture(id, { status })
}

const REVIEW: Review = {
  _id: 'r1',
  sessionId: 's1',
  studentEmail: 'sam@example.com',
  studentName: 'Sam',
  comment: 'Clear and friendly',
  rating: 4,
  createdAt: '2026-02-01T00:00:00.000Z',
}

const ONLINE_LIST = [session('s1'), session('s2'), session('p1', 'pending')]

type ServerState = 'up' | 'down' | 'broken'

function serveSessions(state: () => ServerState) {
  const answer = (body: Session[] | Session | Review[] | undefined, headers?: Record<string, string>) => {
    if (state() === 'down') return HttpResponse.error()
    if (state() === 'broken') return HttpResponse.json({ message: 'Database on fire' }, { status: 500 })
    return body === undefined
      ? HttpResponse.json({ message: 'Session not found.' }, { status: 404 })
      : HttpResponse.json(body, { headers })
  }
  server.use(
    http.get('*/api/sessions', () => answer(ONLINE_LIST, { 'X-Total-Count': '3' })),
    http.get('*/api/admin/sessions', () => answer(ONLINE_LIST, { 'X-Total-Count': '3' })),
    http.get('*/api/sessions/:id', ({ params }) => answer(ONLINE_LIST.find((s) => s._id === params.id))),
    http.get('*/api/reviews/:sessionId', () => answer([REVIEW])),
  )
}

function newClient(): QueryClient {
  return new QueryClient({ defaultOptions: { queries: { retry: false, gcTime: Infinity } } })
}

let state: ServerState
const clients: QueryClient[] = []

function client(): QueryClient {
  const c = newClient()
  clients.push(c)
  return c
}

const homeQuery = () => sessionQueries.home()
const detailQuery = (id: string) => sessionQueries.detail(id)
const reviewsQuery = (id: string) => reviewQueries.forSession(id)

/** An earlier visit, online: the answers end up on the device. */
async function visitOnline(fetchedAt: number) {
  vi.setSystemTime(fetchedAt)
  const online = client()
  await online.fetchQuery(homeQuery())
  await online.fetchQuery(reviewsQuery('s1'))
  await deviceWritesSettled()
  vi.useRealTimers()
}

/** Fetches once (no retries in these clients) and answers the query's state. */
async function fetchState(c: QueryClient, options: ReturnType<typeof homeQuery> | ReturnType<typeof detailQuery>) {
  await c.fetchQuery(options as ReturnType<typeof homeQuery>).catch(() => undefined)
  return c.getQueryState(options.queryKey)!
}

beforeEach(async () => {
  vi.useFakeTimers({ toFake: ['Date'] })
  state = 'up'
  serveSessions(() => state)
  await Promise.all([forgetApprovedSessions(''), forgetReviews('')])
  clearStorageFault()
})

afterEach(async () => {
  vi.useRealTimers()
  await deviceWritesSettled()
  vi.restoreAllMocks()
  for (const c of clients.splice(0)) c.clear()
})

describe('keeping answers on the device', () => {
  it('keeps each approved session once, a page as its ids in order, and reviews per session', async () => {
    const fetchedAt = Date.parse('2026-03-01T10:00:00.000Z')
    await visitOnline(fetchedAt)

    const [page] = await appDb.sessionPages.toArray()
    // Only approved sessions are kept.
    expect(page).toMatchObject({ ids: ['s1', 's2'], total: 3, page: 1, limit: 8, savedAt: fetchedAt })
    const rows = await appDb.sessions.toArray()
    expect(rows.map((s) => [s._id, s.savedAt])).toEqual([
      ['s1', fetchedAt],
      ['s2', fetchedAt],
    ])
    expect(await appDb.reviews.get('s1')).toEqual({ sessionId: 's1', items: [REVIEW], savedAt: fetchedAt })
  })

  it('forgets a session whose details say it is no longer approved', async () => {
    await visitOnline(Date.parse('2026-03-01T10:00:00.000Z'))
    ONLINE_LIST[1] = session('s2', 'rejected')
    try {
      await client().fetchQuery(detailQuery('s2'))
      await deviceWritesSettled()
      expect(await appDb.sessions.get('s2')).toBeUndefined()
    } finally {
      ONLINE_LIST[1] = session('s2')
    }
  })

  it('keeps nothing of a plain query (the admin list)', async () => {
    await client().fetchQuery(sessionQueries.list({ page: 1, admin: true }))
    await deviceWritesSettled()
    expect(await appDb.sessionPages.count()).toBe(0)
  })
})

describe('answering from the device', () => {
  it('shows the kept answer, dated when it was fetched, and the state says the server was not reached', async () => {
    const fetchedAt = Date.parse('2026-03-01T10:00:00.000Z')
    await visitOnline(fetchedAt)

    state = 'down'
    const offline = client()
    const home = await fetchState(offline, homeQuery())
    expect((home.data as { items: Session[] }).items.map((s) => s._id)).toEqual(['s1', 's2'])
    expect(home.dataUpdatedAt).toBe(fetchedAt)
    expect(isNetworkError(home.fetchFailureReason)).toBe(true)
    await offline.fetchQuery(reviewsQuery('s1')).catch(() => undefined)
    expect(offline.getQueryData(reviewsQuery('s1').queryKey)).toEqual([REVIEW])
    // The kept answer is not written back as if it were new.
    await deviceWritesSettled()
    expect((await appDb.sessionPages.toArray())[0]?.savedAt).toBe(fetchedAt)
  })

  it('opens a session seen only in a list on its details page', async () => {
    await visitOnline(Date.parse('2026-03-01T10:00:00.000Z'))
    state = 'down'
    expect((await fetchState(client(), detailQuery('s2'))).data).toEqual(session('s2'))
    // A pending session is not kept, so it does not open offline.
    const pending = await fetchState(client(), detailQuery('p1'))
    expect(pending.data).toBeUndefined()
    expect(isNetworkError(pending.error)).toBe(true)
  })

  it('passes the network error on when nothing was kept', async () => {
    state = 'down'
    const home = await fetchState(client(), homeQuery())
    expect(home.data).toBeUndefined()
    expect(isNetworkError(home.error)).toBe(true)
  })

  it('never hides a server error behind kept data', async () => {
    await visitOnline(Date.parse('2026-03-01T10:00:00.000Z'))
    state = 'broken'
    const home = await fetchState(client(), homeQuery())
    expect(home.data).toBeUndefined()
    expect(home.error).toMatchObject({ status: 500 })
  })

  it('never replaces data the cache already has', async () => {
    await visitOnline(Date.parse('2026-03-01T10:00:00.000Z'))
    const c = client()
    const newer = { items: [session('s9')], total: 1, page: 1, limit: 8 }
    c.setQueryData(homeQuery().queryKey, newer)
    state = 'down'
    await c.refetchQueries({ queryKey: homeQuery().queryKey })
    expect(c.getQueryData(homeQuery().queryKey)).toEqual(newer)
  })

  it('shows the server’s data again once it answers', async () => {
    const fetchedAt = Date.parse('2026-03-01T10:00:00.000Z')
    await visitOnline(fetchedAt)
    state = 'down'
    const c = client()
    await fetchState(c, homeQuery())
    state = 'up'
    await c.refetchQueries({ queryKey: homeQuery().queryKey })
    const home = c.getQueryState(homeQuery().queryKey)!
    expect(home.fetchFailureReason).toBeNull()
    expect(home.dataUpdatedAt).toBeGreaterThan(fetchedAt)
    expect((home.data as { items: Session[] }).items.map((s) => s._id)).toEqual(['s1', 's2', 'p1'])
  })
})

describe('storage faults while keeping', () => {
  it('reports a full disk and keeps nothing', async () => {
    vi.spyOn(appDb.sessionPages, 'put').mockRejectedValue(
      Object.assign(new Error('Transaction aborted'), {
        name: 'AbortError',
        inner: new DOMException('The quota has been exceeded.', 'QuotaExceededError'),
      }),
    )
    await client().fetchQuery(homeQuery())
    await deviceWritesSettled()
    expect(getStorageFault()?.kind).toBe('quota')
    vi.mocked(appDb.sessionPages.put).mockRestore()
    expect(await appDb.sessionPages.count()).toBe(0)
    expect(await appDb.sessions.count()).toBe(0)
  })

  it('still shows the server data when the database connection is lost', async () => {
    vi.spyOn(appDb.sessionPages, 'put').mockRejectedValue(
      Object.assign(new Error('Database has been closed'), { name: 'DatabaseClosedError' }),
    )
    const page = await client().fetchQuery(homeQuery())
    expect(page.items).toHaveLength(3)
    await deviceWritesSettled()
    expect(getStorageFault()?.kind).toBe('closed')
  })
})
