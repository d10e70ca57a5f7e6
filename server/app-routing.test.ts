// @vitest-environment node
// The HTTP layer around the routes (./app-fixtures.ts: fake routes and a store
// nobody may touch): each route gets its request, params and deps, requests
// get ids and log lines, unknown paths a 404, and /healthz and
// /api/openapi.json answer for the server itself.
import { describe, expect, it } from 'vitest'
import { routes } from '#contract/routes'
import type { ApiDeps } from '#core/api-deps'
import { setup } from './app-fixtures'

describe('mounting the routes', () => {
  it('hands each route the raw request, its path params and the deps', async () => {
    const { request, calls, deps } = setup()
    const answer = await request('/api/notes/n-1', {
      method: 'PATCH',
      headers: { 'Content-Type': 'application/json' },
      body: '{"title":"t","description":"d"}',
    })
    expect(answer.status).toBe(200)
    expect(calls.map(({ params, body }) => ({ params, body }))).toEqual([
      { params: { id: 'n-1' }, body: '{"title":"t","description":"d"}' },
    ])
    // The same deps, with a reporter that logs the route's unexpected errors under this request's id.
    for (const key of Object.keys(deps) as (keyof ApiDeps)[]) expect(calls[0]!.deps[key]).toBe(deps[key])
    expect(calls[0]!.deps.reportError).toBeTypeOf('function')
  })

  it('matches a specific path before a parameterised one', async () => {
    const { request, calls } = setup()
    await request('/api/sessions/pending')
    expect(calls[0]?.params).toEqual({})
  })
})

describe('request ids and logs', () => {
  it('makes an id when none is sent, echoes it, and logs one line per request', async () => {
    const { request, logger } = setup()
    const answer = await request('/api/sessions/s-1?status=approved&email=a@b.co')
    const id = answer.headers.get('X-Request-Id')
    expect(id).toMatch(/^[0-9a-f-]{36}$/)
    const lines = logger.records.filter((r) => r.msg === 'request')
    expect(lines).toEqual([
      {
        time: expect.any(String),
        level: 'info',
        msg: 'request',
        requestId: id,
        method: 'GET',
        path: '/api/sessions/s-1',
        status: 200,
        ms: expect.any(Number),
      },
    ])
  })

  it('logs a secret path segment by its name, never the query or the Authorization header', async () => {
    const { request, logger } = setup()
    const secret = '0ad9bd171d7930a3a96fb963b4a1b106'
    await request(`/api/calendar/${secret}?signature=sig-${secret}`, {
      headers: { Authorization: `Bearer t-${secret}` },
    })
    const lines = logger.records.filter((r) => r.msg === 'request')
    expect(lines).toMatchObject([{ path: '/api/calendar/:token', status: 404 }])
    expect(JSON.stringify(logger.records)).not.toContain(secret)
  })

  it('keeps a valid incoming id and replaces one that is not', async () => {
    const { request } = setup()
    const kept = await request('/api/sessions/s-1', { headers: { 'X-Request-Id': 'lb-7f3a.9:2' } })
    expect(kept.headers.get('X-Request-Id')).toBe('lb-7f3a.9:2')
    const replaced = await request('/api/sessions/s-1', { headers: { 'X-Request-Id': 'evil"\tid' } })
    expect(replaced.headers.get('X-Request-Id')).toMatch(/^[0-9a-f-]{36}$/)
    const tooLong = await request('/api/sessions/s-1', { headers: { 'X-Request-Id': 'a'.repeat(129) } })
    expect(tooLong.headers.get('X-Request-Id')).toMatch(/^[0-9a-f-]{36}$/)
  })

  it('answers a thrown error with 500, the request id, and a logged stack', async () => {
    const { request, logger } = setup()
    const answer = await request('/api/broken')
    expect(answer.status).toBe(500)
    const id = answer.headers.get('X-Request-Id')
    expect(await answer.json()).toEqual({ message: 'Server error: please try again.', requestId: id })
    const logged = logger.records.find((r) => r.msg === 'unhandled error')
    expect(logged).toMatchObject({ level: 'error', requestId: id, path: '/api/broken' })
    expect((logged?.error as { stack?: string }).stack).toContain('the database went away')
    expect(logger.records.find((r) => r.msg === 'request')).toMatchObject({ level: 'error', status: 500 })
  })

  it('adds the security headers to every answer', async () => {
    const { request } = setup()
    const answer = await request('/api/sessions/s-1')
    expect(answer.headers.get('X-Content-Type-Options')).toBe('nosniff')
    expect(answer.headers.get('Referrer-Policy')).toBe('strict-origin-when-cross-origin')
  })
})

describe('unknown paths', () => {
  it('answers 404 JSON for a path no route has, and for a method the path does not take', async () => {
    const { request } = setup()
    for (const [path, method] of [
      ['/api/nothing-here', 'GET'],
      ['/api/sessions', 'GET'],
      ['/api/sessions/s-1', 'DELETE'],
      ['/elsewhere', 'GET'],
    ] as const) {
      const answer = await request(path, { method })
      expect(answer.status, `${method} ${path}`).toBe(404)
      expect(await answer.json()).toEqual({ message: 'Not found.' })
    }
  })
})

describe('GET /healthz', () => {
  it('is 200 while the database answers', async () => {
    const { request } = setup()
    const answer = await request('/healthz')
    expect([answer.status, await answer.json()]).toEqual([200, { status: 'ok' }])
  })

  it('is 503 with Retry-After when the database does not, and says why in the log', async () => {
    const { request, logger } = setup({}, async () => {
      throw new Error('connection refused')
    })
    const answer = await request('/healthz')
    expect([answer.status, await answer.json()]).toEqual([503, { status: 'unavailable' }])
    expect(answer.headers.get('Retry-After')).toBe('5')
    expect(logger.records.find((r) => r.msg === 'health check failed')).toMatchObject({
      level: 'warn',
      error: { message: 'connection refused' },
    })
  })
})

describe('GET /api/openapi.json', () => {
  it('describes every route of the contract', async () => {
    const { request } = setup()
    const answer = await request('/api/openapi.json')
    expect(answer.status).toBe(200)
    const document = (await answer.json()) as { openapi: string; paths: Record<string, Record<string, unknown>> }
    expect(document.openapi).toBe('3.1.0')
    for (const def of Object.values(routes)) {
      const path = `/api${def.path.replace(/:([A-Za-z]+)/g, '{$1}')}`
      expect(document.paths[path]?.[def.method.toLowerCase()], `${def.method} ${path}`).toBeDefined()
    }
  })
})
