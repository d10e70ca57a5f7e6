// Offline-capable queries: answers are mirrored into the app database as they
// arrive, and a query whose server cannot be reached is answered from there,
// dated when it was fetched. Server errors are never hidden behind old data.
import { QueryClient, type QueryFunctionContext } from '@tanstack/react-query'
import { http, HttpResponse } from 'msw'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { server } from '../../../tests/setup/msw-server'
import type { Review, Session } from '../../contract/entities'
import { ApiError } from '../../shared/api/api-error'
import { api, apiPage } from '../../shared/api/http-client'
import { appDb } from '../../shared/db/app-db'
import { clearOfflineData } from '../../shared/db/query-snapshots'
import { clearStorageFault, getStorageFault } from '../../shared/db/storage-status'
import { isShowingPhoneData } from './offline-data'
import { startOfflineMirror } from './offline-mirror'
import { offlineFirst } from './offline-query'

function session(id: string, status: Session['status'] = 'approved'): Session {
  return {
    _id: id,
    title: `Session ${id}`,
    subject: 'Maths',
    description: 'Limits and derivatives',
    registrationStart: '2026-01-01T00:00:00.000Z',
    registrationEnd: '2026-12-31T00:00:00.000Z',
    classStart: '2027-01-10T09:00:00.000Z',
    classEnd: '2027-01-10T11:00:00.000Z',
    duration: 2,
    registrationFee: 0,
    tutorName: 'Tia Tutor',
    tutorEmail: 'tia@example.com',
    status,
    createdAt: '2026-01-01T00:00:00.000Z',
    averageRating: 4,
    reviewCount: 1,
  }
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
    http.get('*/api/sessions/:id', ({ params }) => answer(ONLINE_LIST.find((s) => s._id === params.id))),
    http.get('*/api/reviews/:sessionId', () => answer([REVIEW])),
  )
}

function homeQuery() {
  return {
    queryKey: ['sessions', 'list', 'approved', { page: 1, limit: 6 }] as const,
    ...offlineFirst(({ signal }: QueryFunctionContext) => apiPage('listSessions', 1, 6, { signal }), {
      entity: 'sessions',
    }),
  }
}

function detailQuery(id: string) {
  return {
    queryKey: ['sessions', 'detail', id] as const,
    ...offlineFirst(({ signal }: QueryFunctionContext) => api('getSession', { params: { id }, signal }), {
      entity: 'session',
      sessionId: id,
    }),
  }
}

function reviewsQuery(sessionId: string) {
  return {
    queryKey: ['reviews', 'session', sessionId] as const,
    ...offlineFirst(
      ({ signal }: QueryFunctionContext) => api('listSessionReviews', { params: { sessionId }, signal }),
      { entity: 'reviews', sessionId },
    ),
  }
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

/** An earlier visit, online: the answers end up on the phone. */
async function visitOnline(fetchedAt: number) {
  vi.setSystemTime(fetchedAt)
  const online = client()
  startOfflineMirror(online)
  await online.fetchQuery(homeQuery())
  await online.fetchQuery(reviewsQuery('s1'))
  await expect.poll(() => appDb.snapshots.count()).toBe(2)
  vi.useRealTimers()
}

beforeEach(async () => {
  vi.useFakeTimers({ toFake: ['Date'] })
  state = 'up'
  serveSessions(() => state)
  await clearOfflineData()
  clearStorageFault()
})

afterEach(() => {
  vi.useRealTimers()
  for (const c of clients.splice(0)) c.clear()
})

describe('mirror', () => {
  it('stores each successful answer with the time it was fetched, and the approved sessions in it', async () => {
    const fetchedAt = Date.parse('2026-03-01T10:00:00.000Z')
    await visitOnline(fetchedAt)

    const snapshots = await appDb.snapshots.toArray()
    expect(snapshots.map((s) => s.savedAt)).toEqual([fetchedAt, fetchedAt])
    const list = snapshots.find((s) => s.entity === 'sessions')
    expect((list?.data as { items: Session[] }).items.map((s) => s._id)).toEqual(['s1', 's2', 'p1'])
    // Only approved sessions are kept one by one.
    expect((await appDb.sessions.toArray()).map((s) => s._id).sort()).toEqual(['s1', 's2'])
  })

  it('stores answers that arrived before it started', async () => {
    const early = client()
    await early.fetchQuery(homeQuery())
    expect(await appDb.snapshots.count()).toBe(0)
    startOfflineMirror(early)
    await expect.poll(() => appDb.snapshots.count()).toBe(1)
  })

  it('leaves queries without offline meta alone', async () => {
    const c = client()
    startOfflineMirror(c)
    await c.fetchQuery({ queryKey: ['private'], queryFn: () => Promise.resolve({ secret: 1 }) })
    await c.fetchQuery(homeQuery())
    await expect.poll(() => appDb.snapshots.count()).toBe(1)
    expect(await appDb.snapshots.get('["private"]')).toBeUndefined()
  })
})

describe('offline fallback', () => {
  it('answers from the phone when the server cannot be reached, dated when it was fetched', async () => {
    const fetchedAt = Date.parse('2026-03-01T10:00:00.000Z')
    await visitOnline(fetchedAt)

    state = 'down'
    const offline = client()
    startOfflineMirror(offline)
    const page = await offline.fetchQuery(homeQuery())
    expect(page.items.map((s) => s._id)).toEqual(['s1', 's2', 'p1'])
    const reviews = await offline.fetchQuery(reviewsQuery('s1'))
    expect(reviews).toEqual([REVIEW])

    const query = offline.getQueryCache().find({ queryKey: homeQuery().queryKey })!
    await expect.poll(() => query.state.dataUpdatedAt).toBe(fetchedAt)
    expect(isShowingPhoneData(query)).toBe(true)
    // The phone's answer is not written back as if it were new.
    expect((await appDb.snapshots.get(query.queryHash))?.savedAt).toBe(fetchedAt)
  })

  it('opens a session seen only in a list on its details page', async () => {
    await visitOnline(Date.parse('2026-03-01T10:00:00.000Z'))
    state = 'down'
    const detail = await client().fetchQuery(detailQuery('s2'))
    expect(detail).toEqual(session('s2'))
    // A pending session is not kept, so it does not open offline.
    await expect(client().fetchQuery(detailQuery('p1'))).rejects.toSatisfy(
      (e: unknown) => e instanceof ApiError && e.isNetworkError,
    )
  })

  it('passes the network error on when nothing was saved', async () => {
    state = 'down'
    await expect(client().fetchQuery(homeQuery())).rejects.toSatisfy(
      (e: unknown) => e instanceof ApiError && e.isNetworkError,
    )
  })

  it('never hides a server error behind saved data', async () => {
    await visitOnline(Date.parse('2026-03-01T10:00:00.000Z'))
    state = 'broken'
    await expect(client().fetchQuery(homeQuery())).rejects.toSatisfy(
      (e: unknown) => e instanceof ApiError && e.status === 500,
    )
  })

  it('shows fresh server data again once the server answers', async () => {
    await visitOnline(Date.parse('2026-03-01T10:00:00.000Z'))
    state = 'down'
    const c = client()
    startOfflineMirror(c)
    await c.fetchQuery(homeQuery())
    state = 'up'
    await c.refetchQueries({ queryKey: homeQuery().queryKey })
    const query = c.getQueryCache().find({ queryKey: homeQuery().queryKey })!
    expect(isShowingPhoneData(query)).toBe(false)
    await expect.poll(async () => (await appDb.snapshots.get(query.queryHash))?.savedAt).toBe(query.state.dataUpdatedAt)
  })
})

describe('storage faults while mirroring', () => {
  it('reports a full disk and stores nothing', async () => {
    vi.spyOn(appDb.snapshots, 'put').mockRejectedValue(
      Object.assign(new Error('Transaction aborted'), {
        name: 'AbortError',
        inner: new DOMException('The quota has been exceeded.', 'QuotaExceededError'),
      }),
    )
    const c = client()
    startOfflineMirror(c)
    await c.fetchQuery(homeQuery())
    await expect.poll(() => getStorageFault()?.kind).toBe('quota')
    vi.mocked(appDb.snapshots.put).mockRestore()
    expect(await appDb.snapshots.count()).toBe(0)
    expect(await appDb.sessions.count()).toBe(0)
  })

  it('still shows the server data when the database connection is lost', async () => {
    vi.spyOn(appDb.snapshots, 'put').mockRejectedValue(
      Object.assign(new Error('Database has been closed'), { name: 'DatabaseClosedError' }),
    )
    const c = client()
    startOfflineMirror(c)
    const page = await c.fetchQuery(homeQuery())
    expect(page.items).toHaveLength(3)
    await expect.poll(() => getStorageFault()?.kind).toBe('closed')
  })
})
