// @vitest-environment node
// The HTTP layer's guards before a route runs (./app-fixtures.ts: fake routes
// and a store nobody may touch): body size caps, rate limits (and whom they
// count behind trusted proxies), and which origins may call the API.
import { describe, expect, it } from 'vitest'
import { routes } from '#contract/routes'
import { formatBytes, MULTIPART_OVERHEAD_BYTES } from './app'
import { loadConfig } from './config'
import { postJson, setup } from './app-fixtures'

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
      'Authorization, Content-Type, Idempotency-Key, If-Match, X-StudyHub-Client, X-Request-Id',
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
