// @vitest-environment node
// The HTTP layer around the routes, with fake routes and a store nobody may
// touch: what is tested here is what happens before and after a route runs.
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { gunzipSync } from 'node:zlib'
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import { PAGE_RENDERER_PATH } from '#contract/first-paint'
import { CLIENT_HEADER, CLIENT_HEADER_VALUE, routes } from '#contract/routes'
import { NAVIGATION_REFUSED } from '#core/cross-site-guard'
import { policyInPage, policyMeta } from './http/content-security-policy'
import { createApp, formatBytes, MULTIPART_OVERHEAD_BYTES } from './app'
import { loadConfig, type Config } from './config'
import type { ApiDeps } from '#core/api-deps'
import type { ApiRoute } from '#core/routes'
import type { Store } from '#core/store'
import { memoryLogger } from './logger'

const untouchableStore = new Proxy({} as Store, {
  get(_target, name) {
    throw new Error(`the HTTP layer must not use the store (store.${String(name)})`)
  },
})

interface Call {
  params: Record<string, string>
  body: string
  deps: ApiDeps
}

function setup(overrides: Partial<Config> = {}, ping: () => Promise<void> = async () => {}) {
  const calls: Call[] = []
  let clock = new Date('2026-03-02T10:00:10.000Z')
  const echo =
    (status: number) =>
    async (request: Request, params: Record<string, string>, deps: ApiDeps): Promise<Response> => {
      calls.push({ params, body: await request.text(), deps })
      return new Response(JSON.stringify({ ok: true }), { status, headers: { 'Content-Type': 'application/json' } })
    }
  const fakeRoutes: ApiRoute[] = [
    { method: 'GET', path: '/api/sessions/pending', handle: echo(200) },
    { method: 'GET', path: '/api/sessions/:id', handle: echo(200) },
    { method: 'POST', path: '/api/sessions', handle: echo(201) },
    { method: 'POST', path: '/api/materials', handle: echo(201) },
    { method: 'POST', path: '/api/jwt', handle: echo(200) },
    { method: 'POST', path: '/api/users', handle: echo(201) },
    { method: 'PATCH', path: '/api/notes/:id', handle: echo(200) },
    {
      method: 'GET',
      path: '/api/broken',
      handle: async () => {
        throw new Error('the database went away')
      },
    },
  ]
  const config: Config = { ...loadConfig({}), ...overrides }
  const logger = memoryLogger()
  const deps: ApiDeps = {
    store: untouchableStore,
    identity: { verify: async () => null },
    now: () => clock,
    appTokenTtlSeconds: 900,
    maxFileBytes: config.maxFileBytes,
  }
  const app = createApp(deps, { config, logger, ping, routes: fakeRoutes })
  /** A request from `ip` (the socket's peer, as @hono/node-server reports it), with the app's write header. */
  const request = (path: string, init: RequestInit = {}, ip = '203.0.113.7') => {
    const headers = new Headers(init.headers)
    if (!headers.has(CLIENT_HEADER)) headers.set(CLIENT_HEADER, CLIENT_HEADER_VALUE)
    return app.request(path, { ...init, headers }, { incoming: { socket: { remoteAddress: ip } } })
  }
  return {
    app,
    request,
    calls,
    logger,
    deps,
    setClock: (iso: string) => {
      clock = new Date(iso)
    },
  }
}

const postJson = (body: unknown, headers: Record<string, string> = {}): RequestInit => ({
  method: 'POST',
  headers: { 'Content-Type': 'application/json', ...headers },
  body: JSON.stringify(body),
})

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

  it('is 503 when the database does not, and says why in the log', async () => {
    const { request, logger } = setup({}, async () => {
      throw new Error('connection refused')
    })
    const answer = await request('/healthz')
    expect([answer.status, await answer.json()]).toEqual([503, { status: 'unavailable' }])
    expect(logger.records.find((r) => r.msg === 'health check failed')).toMatchObject({
      level: 'warn',
      error: { message: 'connection refused' },
    })
  })
})

describe('body size caps', () => {
  it('refuses a JSON body over MAX_JSON_BYTES with 413 before the route runs', async () => {
    const { request, calls } = setup({ maxJsonBytes: 1024 })
    const answer = await request('/api/sessions', postJson({ title: 'x'.repeat(2000) }))
    expect(answer.status).toBe(413)
    expect(await answer.json()).toEqual({ message: 'Request body too large: at most 1024 bytes.' })
    expect(calls).toHaveLength(0)
  })

  it('refuses a streamed body (no Content-Length) once it passes the cap', async () => {
    const { request, calls } = setup({ maxJsonBytes: 1024 })
    const chunk = new TextEncoder().encode('x'.repeat(600))
    const body = new ReadableStream<Uint8Array>({
      start(controller) {
        controller.enqueue(chunk)
        controller.enqueue(chunk)
        controller.close()
      },
    })
    const answer = await request('/api/sessions', {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body,
      duplex: 'half',
    } as RequestInit)
    expect(answer.status).toBe(413)
    expect(calls).toHaveLength(0)
  })

  it('lets an upload exceed the JSON cap, up to the file cap plus the form overhead', async () => {
    const { request, calls } = setup({ maxJsonBytes: 1024, maxFileBytes: 4096 })
    const form = (bytes: number) => {
      const data = new FormData()
      data.set('title', 'Notes')
      data.set('file', new Blob([new Uint8Array(bytes)], { type: 'application/pdf' }), 'notes.pdf')
      return data
    }
    const fits = await request('/api/materials', { method: 'POST', body: form(4096) })
    expect(fits.status).toBe(201)
    const tooBig = await request('/api/materials', { method: 'POST', body: form(4096 + MULTIPART_OVERHEAD_BYTES) })
    expect(tooBig.status).toBe(413)
    expect(await tooBig.json()).toEqual({ message: 'File too large: at most 4 KB.' })
    expect(calls).toHaveLength(1)
  })
})

describe('the file cap', () => {
  it('belongs to the upload route only: a multipart body elsewhere gets the JSON cap', async () => {
    const { request, calls } = setup({ maxJsonBytes: 1024, maxFileBytes: 4096 })
    const data = new FormData()
    data.set('file', new Blob([new Uint8Array(2048)], { type: 'application/pdf' }), 'notes.pdf')
    const answer = await request('/api/sessions', { method: 'POST', body: data })
    expect(answer.status).toBe(413)
    expect(calls).toHaveLength(0)
  })
})

describe('formatBytes', () => {
  it('says a size the way a person would', () => {
    expect([formatBytes(10_485_760), formatBytes(1_572_864), formatBytes(4096), formatBytes(512)]).toEqual([
      '10 MB',
      '1.5 MB',
      '4 KB',
      '512 bytes',
    ])
  })
})

describe('rate limits', () => {
  it('answers 429 with Retry-After once a client passes the write limit, until the minute ends', async () => {
    const { request, setClock } = setup({ rateLimitWrites: 2 })
    expect((await request('/api/sessions', postJson({}))).status).toBe(201)
    expect((await request('/api/notes/n-1', { method: 'PATCH', body: '{}' })).status).toBe(200)
    const refused = await request('/api/sessions', postJson({}))
    expect(refused.status).toBe(429)
    // The clock reads 10:00:10: the window ends in 50 seconds.
    expect(refused.headers.get('Retry-After')).toBe('50')
    expect(await refused.json()).toEqual({ message: 'Too many requests: try again in 50 seconds.' })

    // Reads are not writes; another client has its own count.
    expect((await request('/api/sessions/s-1')).status).toBe(200)
    expect((await request('/api/sessions', postJson({}), '198.51.100.1')).status).toBe(201)

    setClock('2026-03-02T10:01:00.000Z')
    expect((await request('/api/sessions', postJson({}))).status).toBe(201)
  })

  it('counts sign-ins (POST /jwt and POST /users) apart from other writes', async () => {
    expect(routes.issueToken.path).toBe('/jwt')
    expect(routes.createUser.path).toBe('/users')
    const { request } = setup({ rateLimitSignIn: 2, rateLimitWrites: 100 })
    expect((await request('/api/jwt', postJson({}))).status).toBe(200)
    expect((await request('/api/users', postJson({}))).status).toBe(201)
    expect((await request('/api/jwt', postJson({}))).status).toBe(429)
    expect((await request('/api/sessions', postJson({}))).status).toBe(201)
  })

  it('reads X-Forwarded-For only behind a trusted proxy', async () => {
    const viaProxy = (forwardedFor: string): RequestInit => postJson({}, { 'X-Forwarded-For': forwardedFor })
    const direct = setup({ rateLimitWrites: 1 })
    expect((await direct.request('/api/sessions', viaProxy('192.0.2.1'), '10.0.0.5')).status).toBe(201)
    // A forged header changes nothing: the socket's address is the client.
    expect((await direct.request('/api/sessions', viaProxy('192.0.2.2'), '10.0.0.5')).status).toBe(429)
  })

  it('behind TRUST_PROXY=true, 40 sign-ins from one client, each with another made-up first address, meet the limit', async () => {
    const { trustProxy } = loadConfig({ TRUST_PROXY: 'true' })
    const { request } = setup({ rateLimitSignIn: 20, trustProxy })
    const statuses: number[] = []
    for (let i = 0; i < 40; i++) {
      // The client wrote the first entry; the proxy appended the address it saw.
      const forwarded = postJson({}, { 'X-Forwarded-For': `198.18.0.${i}, 192.0.2.1` })
      statuses.push((await request('/api/jwt', forwarded, '10.0.0.5')).status)
    }
    expect(statuses.filter((s) => s === 429)).toHaveLength(20)
    // Another client behind the same proxy has its own count.
    const other = postJson({}, { 'X-Forwarded-For': '192.0.2.2' })
    expect((await request('/api/jwt', other, '10.0.0.5')).status).toBe(200)
  })

  it('takes the address the last of N trusted proxies received the request from', async () => {
    const via = (forwardedFor: string): RequestInit => postJson({}, { 'X-Forwarded-For': forwardedFor })
    const { request } = setup({ rateLimitWrites: 1, trustProxy: { hops: 2 } })
    // Client 192.0.2.1 → proxy 10.0.0.9 → proxy 10.0.0.5 → us.
    expect((await request('/api/sessions', via('made-up, 192.0.2.1, 10.0.0.9'), '10.0.0.5')).status).toBe(201)
    expect((await request('/api/sessions', via('other, 192.0.2.1, 10.0.0.9'), '10.0.0.5')).status).toBe(429)
    expect((await request('/api/sessions', via('192.0.2.2, 10.0.0.9'), '10.0.0.5')).status).toBe(201)
  })

  it('skips only the listed proxies, and trusts no header from a peer that is not one of them', async () => {
    const via = (forwardedFor: string): RequestInit => postJson({}, { 'X-Forwarded-For': forwardedFor })
    const { request } = setup({ rateLimitWrites: 1, trustProxy: { proxies: ['10.0.0.5', '10.0.0.9'] } })
    expect((await request('/api/sessions', via('made-up, 192.0.2.1, 10.0.0.9'), '::ffff:10.0.0.5')).status).toBe(201)
    expect((await request('/api/sessions', via('other, 192.0.2.1'), '10.0.0.5')).status).toBe(429)
    // Straight from a client: the socket's peer is the client, whatever it forwards.
    expect((await request('/api/sessions', via('192.0.2.3'), '198.51.100.4')).status).toBe(201)
    expect((await request('/api/sessions', via('192.0.2.4'), '198.51.100.4')).status).toBe(429)
  })

  it('can be turned off with 0', async () => {
    const { request } = setup({ rateLimitWrites: 0 })
    for (let i = 0; i < 5; i++) expect((await request('/api/sessions', postJson({}))).status).toBe(201)
  })
})

describe('CORS', () => {
  const allowed = 'https://app.example.com'
  const config = { corsOrigins: [allowed] }

  it('lets a listed origin call the API and read the headers the app needs', async () => {
    const { request } = setup(config)
    const answer = await request('/api/sessions', postJson({}, { Origin: allowed }))
    expect(answer.status).toBe(201)
    expect(answer.headers.get('Access-Control-Allow-Origin')).toBe(allowed)
    expect(answer.headers.get('Access-Control-Expose-Headers')).toContain('X-Total-Count')
    expect(answer.headers.get('Access-Control-Expose-Headers')).toContain('X-Request-Id')
    expect(answer.headers.get('Vary')).toContain('Origin')
  })

  it('answers a listed origin’s preflight with the methods and headers the app sends', async () => {
    const { request, calls } = setup(config)
    const answer = await request('/api/notes/n-1', {
      method: 'OPTIONS',
      headers: {
        Origin: allowed,
        'Access-Control-Request-Method': 'PATCH',
        'Access-Control-Request-Headers': 'authorization, content-type, idempotency-key, x-studyhub-client',
      },
    })
    expect(answer.status).toBe(204)
    expect(answer.headers.get('Access-Control-Allow-Origin')).toBe(allowed)
    expect(answer.headers.get('Access-Control-Allow-Methods')).toBe('GET, POST, PATCH, DELETE, OPTIONS')
    expect(answer.headers.get('Access-Control-Allow-Headers')).toBe(
      'Authorization, Content-Type, Idempotency-Key, X-StudyHub-Client, X-Request-Id',
    )
    expect(calls).toHaveLength(0)
  })

  it('refuses any other origin: its preflight and its requests get 403, and no route runs', async () => {
    const { request, calls } = setup(config)
    const preflight = await request('/api/sessions', {
      method: 'OPTIONS',
      headers: { Origin: 'https://evil.example.net', 'Access-Control-Request-Method': 'POST' },
    })
    expect(preflight.status).toBe(403)
    expect(preflight.headers.get('Access-Control-Allow-Origin')).toBeNull()

    const write = await request('/api/sessions', postJson({}, { Origin: 'https://app.example.com.evil.net' }))
    expect(write.status).toBe(403)
    expect(await write.json()).toEqual({ message: 'This origin may not call the API.' })
    const read = await request('/api/sessions/s-1', { headers: { Origin: 'http://app.example.com' } })
    expect(read.status).toBe(403)
    expect(calls).toHaveLength(0)
  })

  it('lets same-origin requests through: no Origin, or the server’s own', async () => {
    const { request } = setup()
    expect((await request('/api/sessions', postJson({}))).status).toBe(201)
    const own = await request(
      'http://studyhub.example.com/api/sessions',
      postJson({}, { Origin: 'https://studyhub.example.com' }),
    )
    expect(own.status).toBe(201)
    expect(own.headers.get('Access-Control-Allow-Origin')).toBeNull()
  })

  it('recognises its own origin by the forwarded host only behind a trusted proxy', async () => {
    const init = postJson({}, { Origin: 'https://studyhub.example.com', 'X-Forwarded-Host': 'studyhub.example.com' })
    expect((await setup().request('http://10.0.0.5:8787/api/sessions', init)).status).toBe(403)
    expect((await setup({ trustProxy: { hops: 1 } }).request('http://10.0.0.5:8787/api/sessions', init)).status).toBe(
      201,
    )
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

describe('serving the built app (APP_DIST_DIR)', () => {
  const PAGE_POLICY = "default-src 'self'; script-src 'self' 'sha256-abc='; object-src 'none'"
  // Over the 1 KiB below which compressing is not worth it.
  const SCRIPT = `console.log(${JSON.stringify('a chunk of the app '.repeat(80))})`

  let dist = ''
  beforeAll(() => {
    dist = mkdtempSync(join(tmpdir(), 'studyhub-dist-'))
    writeFileSync(
      join(dist, 'index.html'),
      `<!doctype html><meta charset="UTF-8" />${policyMeta(PAGE_POLICY)}<title>StudyHub</title><p>${'Study sessions. '.repeat(80)}</p>`,
    )
    writeFileSync(join(dist, 'sw.js'), 'self.addEventListener("install", () => {})')
    writeFileSync(join(dist, 'manifest.webmanifest'), '{}')
    mkdirSync(join(dist, 'assets'))
    writeFileSync(join(dist, 'assets', 'index-3f2a9c.js'), SCRIPT)
  })
  afterAll(() => rmSync(dist, { recursive: true, force: true }))

  let app: ReturnType<typeof setup>
  beforeEach(() => {
    app = setup({ appDistDir: dist })
  })
  const navigate = { headers: { Accept: 'text/html,application/xhtml+xml', 'Sec-Fetch-Mode': 'navigate' } }

  it('serves index.html at / with no-cache and the page’s security headers', async () => {
    const answer = await app.request('/', navigate)
    expect(answer.status).toBe(200)
    expect(await answer.text()).toContain('<title>StudyHub</title>')
    expect(answer.headers.get('Cache-Control')).toBe('no-cache')
    expect(answer.headers.get('X-Content-Type-Options')).toBe('nosniff')
    expect(answer.headers.get('Referrer-Policy')).toBe('strict-origin-when-cross-origin')
    expect(answer.headers.get('Cross-Origin-Opener-Policy')).toBe('same-origin-allow-popups')
    // The page's own policy, plus what only a header can say.
    expect(answer.headers.get('Content-Security-Policy')).toBe(`${PAGE_POLICY}; frame-ancestors 'none'`)
    expect((await app.request('/sw.js')).headers.get('Content-Security-Policy')).toBe(
      `${PAGE_POLICY}; frame-ancestors 'none'`,
    )
  })

  it('revalidates sw.js and caches hashed assets for a year', async () => {
    const worker = await app.request('/sw.js')
    expect([worker.status, worker.headers.get('Cache-Control')]).toEqual([200, 'no-cache'])
    const asset = await app.request('/assets/index-3f2a9c.js')
    expect(asset.status).toBe(200)
    expect(asset.headers.get('Content-Type')).toContain('javascript')
    expect(asset.headers.get('Cache-Control')).toBe('public, max-age=31536000, immutable')
  })

  it('sends the page and scripts gzipped to a browser that accepts it, and plain to one that does not', async () => {
    const gzip = { headers: { 'Accept-Encoding': 'gzip, deflate, br' } }
    const script = await app.request('/assets/index-3f2a9c.js', gzip)
    expect(script.headers.get('Content-Encoding')).toBe('gzip')
    expect(script.headers.get('Vary')).toContain('Accept-Encoding')
    expect(gunzipSync(Buffer.from(await script.arrayBuffer())).toString()).toBe(SCRIPT)
    const page = await app.request('/', { headers: { ...navigate.headers, ...gzip.headers } })
    expect(page.headers.get('Content-Encoding')).toBe('gzip')
    expect(gunzipSync(Buffer.from(await page.arrayBuffer())).toString()).toContain('<title>StudyHub</title>')
    const plain = await app.request('/assets/index-3f2a9c.js')
    expect(plain.headers.get('Content-Encoding')).toBeNull()
    expect(await plain.text()).toBe(SCRIPT)
  })

  it('answers a navigation to a client-side route with index.html', async () => {
    const answer = await app.request('/dashboard/student/bookings', navigate)
    expect(answer.status).toBe(200)
    expect(await answer.text()).toContain('<title>StudyHub</title>')
    expect(answer.headers.get('Cache-Control')).toBe('no-cache')
  })

  it('answers 404 for a missing file that is not a navigation, and for a missing asset', async () => {
    expect((await app.request('/missing.js', { headers: { Accept: '*/*' } })).status).toBe(404)
    expect((await app.request('/assets/index-old.js', navigate)).status).toBe(404)
  })

  it('never answers an /api path with the page', async () => {
    // A page navigation under /api/ is refused before anything else looks at it.
    const answer = await app.request('/api/nothing-here', navigate)
    expect(answer.status).toBe(403)
    expect(await answer.json()).toEqual({ message: NAVIGATION_REFUSED })
    const fetched = await app.request('/api/nothing-here', { headers: { Accept: 'text/html' } })
    expect(fetched.status).toBe(404)
    expect(await fetched.json()).toEqual({ message: 'Not found.' })
  })

  it('refuses paths that climb out of the folder', async () => {
    const answer = await app.request('/..%2f..%2fetc/passwd', { headers: { Accept: '*/*' } })
    expect(answer.status).toBe(404)
  })
})

describe('the first-paint data in the page (docs/decisions/0041-data-in-the-first-paint.md)', () => {
  let dist = ''
  beforeAll(() => {
    dist = mkdtempSync(join(tmpdir(), 'studyhub-dist-'))
    writeFileSync(
      join(dist, 'index.html'),
      `<!doctype html><meta charset="UTF-8" />${policyMeta(PAGE_POLICY)}<title>StudyHub</title><body><div id="root"></div></body>`,
    )
  })
  afterAll(() => rmSync(dist, { recursive: true, force: true }))

  const hostile = '</script><script>alert(1)</script><!--'
  // The data block runs nothing, so the policy needs no hash for it: the page's own policy goes out unchanged.
  const PAGE_POLICY = "default-src 'self'; script-src 'self' 'sha256-abc='"
  const asked: string[] = []
  function appWith(answer: () => Promise<Response>) {
    const config: Config = { ...loadConfig({}), appDistDir: dist }
    const deps: ApiDeps = {
      store: untouchableStore,
      identity: { verify: async () => null },
      now: () => new Date('2026-03-02T10:00:00.000Z'),
      appTokenTtlSeconds: 900,
      maxFileBytes: config.maxFileBytes,
    }
    const list: ApiRoute = {
      method: 'GET',
      path: `/api${routes.listSessions.path}`,
      handle: async (request) => {
        asked.push(new URL(request.url).search)
        return answer()
      },
    }
    return createApp(deps, { config, logger: memoryLogger(), ping: async () => {}, routes: [list] })
  }
  const sessions = () =>
    Promise.resolve(
      new Response(JSON.stringify([{ _id: 's1', title: hostile }]), {
        headers: { 'Content-Type': 'application/json', 'X-Total-Count': '17' },
      }),
    )
  const navigate = { headers: { Accept: 'text/html', 'Sec-Fetch-Mode': 'navigate' } }
  const inlined = (html: string) => /<script type="application\/json" id="first-paint-data">(.*?)<\/script>/.exec(html)

  it('inlines page 1 of the approved sessions into / and /study-sessions, escaped', async () => {
    const app = appWith(sessions)
    for (const path of ['/', '/study-sessions', '/study-sessions?page=1']) {
      asked.length = 0
      const answer = await app.request(path, navigate)
      expect(answer.headers.get('Cache-Control')).toBe('no-cache')
      const html = await answer.text()
      const element = inlined(html)
      expect(element, path).not.toBeNull()
      // Only the element's own tags: the title's "<" cannot end it or start another.
      expect(element![1]).not.toContain('<')
      expect(JSON.parse(element![1]!)).toEqual({
        at: Date.parse('2026-03-02T10:00:00.000Z'),
        studySessions: { items: [{ _id: 's1', title: hostile }], total: 17 },
      })
      expect(html.match(/<script/g)).toHaveLength(1)
      expect(answer.headers.get('Content-Security-Policy')).toBe(`${PAGE_POLICY}; frame-ancestors 'none'`)
      expect(policyInPage(html)).toBe(PAGE_POLICY)
      expect(asked).toEqual(['?status=approved&page=1&limit=8'])
    }
  })

  it('renders the page with the build’s server renderer, and keeps the renderer’s files to itself', async () => {
    // A stand-in renderer at the build's path: what it returns is the page.
    const folder = join(dist, PAGE_RENDERER_PATH, '..')
    mkdirSync(folder, { recursive: true })
    writeFileSync(
      join(dist, PAGE_RENDERER_PATH),
      `export async function renderPage(page, url, data) {
        const path = new URL(url).pathname
        if (path === '/study-sessions') throw new Error('render failed')
        return page.replace('<div id="root"></div>', '<div id="root">rendered ' + path + ' ' + data.studySessions.total + '</div>')
      }`,
    )
    try {
      const app = appWith(sessions)
      // The service worker's own fetch of "/" asks for HTML, not a navigation.
      for (const headers of [navigate.headers, { Accept: 'text/html' }]) {
        const html = await (await app.request('/', { headers })).text()
        expect(html).toContain('<div id="root">rendered / 17</div>')
      }
      // A render that fails: the page goes out with its data alone.
      const fallback = await (await app.request('/study-sessions', navigate)).text()
      expect(fallback).toContain('<div id="root"></div>')
      expect(inlined(fallback)).not.toBeNull()
      // The renderer is code for the server, not a file of the app.
      const code = await app.request(`/${PAGE_RENDERER_PATH}`, { headers: { Accept: '*/*' } })
      expect(code.status).toBe(404)
      expect(await code.text()).not.toContain('renderPage')
    } finally {
      rmSync(folder, { recursive: true, force: true })
    }
  })

  it('serves the plain page elsewhere, and when the read fails', async () => {
    asked.length = 0
    const app = appWith(sessions)
    for (const path of ['/study-sessions?page=2', '/tutors']) {
      expect(inlined(await (await app.request(path, navigate)).text()), path).toBeNull()
    }
    expect(asked).toEqual([])
    const failing = appWith(() => Promise.resolve(new Response('{}', { status: 500 })))
    const answer = await failing.request('/', navigate)
    expect(answer.status).toBe(200)
    expect(inlined(await answer.text())).toBeNull()
  })
})
