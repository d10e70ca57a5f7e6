// @vitest-environment node
// The server started in-process on a free port. Requests go over raw TCP
// sockets, which show exactly when the server ends a connection (what a
// graceful stop is about) and keep HTTP client pooling out of the picture.
import { mkdtempSync, rmSync } from 'node:fs'
import { connect, type Socket } from 'node:net'
import { tmpdir } from 'node:os'
import { dirname, join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { loadConfig, type Config } from './config'
import type { IdentityVerifier } from '#core/identity'
import type { ApiRoute } from '#core/routes'
import type { SeedRows } from '#core/seed/seed-data'
import type { Store } from '#core/store'
import { openDatabase, type Database } from './db/open-database'
import { memoryLogger } from './logger'
import { shouldSeed, startServer } from './main'

const noIdentity: IdentityVerifier = { verify: async () => null }

const testConfig = (overrides: Partial<Config> = {}): Config => ({
  ...loadConfig({}),
  host: '127.0.0.1',
  port: 0,
  seed: 'never',
  ...overrides,
})

interface FakeDatabase extends Database {
  closed: number
  seeded: SeedRows[]
}

/** Where the fakes' job queue keeps its jobs: the queue starts with every server, as in a deployment. */
let jobs: Database

function fakeDatabase(kind: Database['kind'] = 'pglite', empty = true): FakeDatabase {
  const fake: FakeDatabase = {
    store: {} as Store,
    kind,
    deliveries: jobs.deliveries,
    jobDatabase: jobs.jobDatabase,
    closed: 0,
    seeded: [],
    ping: async () => {},
    isEmpty: async () => empty,
    seed: async (rows) => {
      fake.seeded.push(rows)
    },
    truncateAll: async () => {},
    close: async () => {
      fake.closed += 1
    },
  }
  return fake
}

interface RawAnswer {
  status: number
  headers: Record<string, string>
  body: string
}

/** The body of a chunked answer, or null while it is incomplete. */
function dechunk(raw: Buffer): Buffer | null {
  const parts: Buffer[] = []
  let at = 0
  for (;;) {
    const lineEnd = raw.indexOf('\r\n', at)
    if (lineEnd < 0) return null
    const size = Number.parseInt(raw.subarray(at, lineEnd).toString(), 16)
    if (size === 0) return Buffer.concat(parts)
    if (raw.length < lineEnd + 2 + size + 2) return null
    parts.push(raw.subarray(lineEnd + 2, lineEnd + 2 + size))
    at = lineEnd + 2 + size + 2
  }
}

function parse(raw: Buffer): RawAnswer | null {
  const headEnd = raw.indexOf('\r\n\r\n')
  if (headEnd < 0) return null
  const [statusLine = '', ...lines] = raw.subarray(0, headEnd).toString().split('\r\n')
  const headers = Object.fromEntries(
    lines.map((line) => [line.slice(0, line.indexOf(':')).toLowerCase(), line.slice(line.indexOf(':') + 1).trim()]),
  )
  const rest = raw.subarray(headEnd + 4)
  let body: Buffer | null = rest
  if (headers['transfer-encoding'] === 'chunked') body = dechunk(rest)
  else if (headers['content-length'] !== undefined && rest.length < Number(headers['content-length'])) body = null
  if (body === null) return null
  return { status: Number(statusLine.split(' ')[1]), headers, body: body.toString() }
}

interface Exchange {
  socket: Socket
  /** The complete answer, or a rejection when the connection fails or closes first. */
  answer: Promise<RawAnswer>
  /** Settles when the server (or we) closed the connection. */
  closed: Promise<void>
}

/** One HTTP/1.1 request on a fresh connection: its head, then `body` (which may be only part of what it declares). */
function exchange(baseUrl: string, method: string, path: string, headers: Record<string, string>, body?: Buffer) {
  const { hostname, port } = new URL(baseUrl)
  const socket = connect({ host: hostname, port: Number(port) })
  const chunks: Buffer[] = []
  const answer = new Promise<RawAnswer>((resolve, reject) => {
    socket.on('connect', () => {
      const lines = Object.entries({ Host: `${hostname}:${port}`, ...headers }).map(([k, v]) => `${k}: ${v}\r\n`)
      socket.write(`${method} ${path} HTTP/1.1\r\n${lines.join('')}\r\n`)
      if (body && body.length > 0) socket.write(body)
    })
    socket.on('data', (chunk: Buffer) => {
      chunks.push(chunk)
      const parsed = parse(Buffer.concat(chunks))
      if (parsed) resolve(parsed)
    })
    socket.on('error', reject)
    socket.on('close', () => reject(new Error('connection closed before a complete answer')))
  })
  answer.catch(() => {})
  const closed = new Promise<void>((resolve) => socket.on('close', () => resolve()))
  return { socket, answer, closed }
}

/** One HTTP/1.1 GET on a fresh connection, kept alive unless `headers` say otherwise. */
function get(baseUrl: string, path: string, headers: Record<string, string> = {}): Exchange {
  return exchange(baseUrl, 'GET', path, headers)
}

/** A route that starts, then waits until the test lets it answer. */
function slowRoute() {
  let release!: () => void
  let began!: () => void
  const gate = new Promise<void>((resolve) => (release = resolve))
  const started = new Promise<void>((resolve) => (began = resolve))
  const route: ApiRoute = {
    method: 'GET',
    path: '/api/slow',
    handle: async () => {
      began()
      await gate
      return new Response(JSON.stringify({ done: true }), { headers: { 'Content-Type': 'application/json' } })
    },
  }
  return { route, started, release }
}

beforeAll(async () => {
  jobs = await openDatabase({ inMemory: true })
}, 60_000)
afterAll(() => jobs?.close())

describe('shouldSeed', () => {
  it('seeds the embedded database on auto, a PostgreSQL server only when asked to', () => {
    expect([
      shouldSeed('auto', 'pglite'),
      shouldSeed('auto', 'postgres'),
      shouldSeed('always', 'pglite'),
      shouldSeed('always', 'postgres'),
      shouldSeed('never', 'pglite'),
      shouldSeed('never', 'postgres'),
    ]).toEqual([true, false, true, true, false, false])
  })
})

describe('startServer', () => {
  it('seeds an empty database per SEED, and never one that has data', async () => {
    const cases = [
      { seed: 'auto', db: fakeDatabase('pglite', true), seeds: 1 },
      { seed: 'auto', db: fakeDatabase('postgres', true), seeds: 0 },
      { seed: 'always', db: fakeDatabase('postgres', true), seeds: 1 },
      { seed: 'always', db: fakeDatabase('pglite', false), seeds: 0 },
    ] as const
    for (const { seed, db, seeds } of cases) {
      const running = await startServer(testConfig({ seed }), {
        database: db,
        identity: noIdentity,
        routes: [],
        logger: memoryLogger(),
      })
      await running.close()
      expect(db.seeded.length, `${seed} on ${db.kind}`).toBe(seeds)
      if (seeds) expect(db.seeded[0]?.users.some((u) => u.role === 'admin')).toBe(true)
    }
  })

  it('logs where it listens and with which database', async () => {
    const logger = memoryLogger()
    const running = await startServer(testConfig(), { database: fakeDatabase(), identity: noIdentity, logger })
    await running.close()
    expect(running.url).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/)
    expect(logger.records.find((r) => r.msg === 'listening')).toMatchObject({ url: running.url, database: 'pglite' })
  })

  it('says once at start that it sends no mail without SMTP_URL, and nothing of the kind with it', async () => {
    const without = memoryLogger()
    await (await startServer(testConfig(), { database: fakeDatabase(), identity: noIdentity, logger: without })).close()
    expect(without.records.filter((r) => String(r.msg).startsWith('mail'))).toEqual([
      expect.objectContaining({ level: 'info', msg: 'mail disabled: SMTP_URL is not set' }),
    ])
    const mail = { smtpUrl: 'smtp://127.0.0.1:9', from: 'noreply@studyhub.test' }
    const withMail = memoryLogger()
    await (
      await startServer(testConfig({ mail }), { database: fakeDatabase(), identity: noIdentity, logger: withMail })
    ).close()
    expect(withMail.records.filter((r) => String(r.msg).startsWith('mail'))).toEqual([])
  })

  it('closes the database when it cannot listen', async () => {
    const first = await startServer(testConfig(), {
      database: fakeDatabase(),
      identity: noIdentity,
      routes: [],
      logger: memoryLogger(),
    })
    const db = fakeDatabase()
    const port = Number(new URL(first.url).port)
    await expect(
      startServer(testConfig({ port }), { database: db, identity: noIdentity, logger: memoryLogger() }),
    ).rejects.toMatchObject({ code: 'EADDRINUSE' })
    expect(db.closed).toBe(1)
    await first.close()
  })
})

describe('graceful shutdown', () => {
  it('lets a request in flight finish after close(), refuses new connections, then closes the database', async () => {
    const slow = slowRoute()
    const db = fakeDatabase()
    const logger = memoryLogger()
    const running = await startServer(testConfig({ shutdownGraceMs: 10_000 }), {
      database: db,
      identity: noIdentity,
      routes: [slow.route],
      logger,
    })
    const inFlight = get(running.url, '/api/slow')
    await slow.started

    const startedClosing = Date.now()
    const closing = running.close()
    await expect(get(running.url, '/healthz', { Connection: 'close' }).answer).rejects.toMatchObject({
      code: 'ECONNREFUSED',
    })
    expect(db.closed).toBe(0)

    slow.release()
    const answer = await inFlight.answer
    expect([answer.status, JSON.parse(answer.body)]).toEqual([200, { done: true }])
    // The client asked for keep-alive; a stopping server ends the connection after the answer.
    expect(answer.headers.connection).toBe('close')
    await inFlight.closed

    await closing
    expect(Date.now() - startedClosing).toBeLessThan(5_000)
    expect(db.closed).toBe(1)
    expect(logger.records.at(-1)).toMatchObject({ msg: 'stopped' })
  })

  it('does not wait for an idle keep-alive connection', async () => {
    const db = fakeDatabase()
    const running = await startServer(testConfig({ shutdownGraceMs: 10_000 }), {
      database: db,
      identity: noIdentity,
      routes: [],
      logger: memoryLogger(),
    })
    const idle = get(running.url, '/healthz')
    expect((await idle.answer).status).toBe(200)
    const startedClosing = Date.now()
    await running.close()
    await idle.closed
    expect(Date.now() - startedClosing).toBeLessThan(5_000)
    expect(db.closed).toBe(1)
  })

  it('cuts the connections still open when the grace period is over', async () => {
    const slow = slowRoute()
    const db = fakeDatabase()
    const logger = memoryLogger()
    const running = await startServer(testConfig({ shutdownGraceMs: 200 }), {
      database: db,
      identity: noIdentity,
      routes: [slow.route],
      logger,
    })
    const stuck = get(running.url, '/api/slow')
    await slow.started
    await running.close()
    await expect(stuck.answer).rejects.toThrow('connection closed before a complete answer')
    expect(db.closed).toBe(1)
    expect(logger.records.find((r) => r.msg === 'grace period over: closing the connections still open')).toBeDefined()
    slow.release()
  })

  it('closing twice closes once', async () => {
    const db = fakeDatabase()
    const running = await startServer(testConfig(), { database: db, identity: noIdentity, logger: memoryLogger() })
    await Promise.all([running.close(), running.close()])
    expect(db.closed).toBe(1)
  })
})

describe('the server on the embedded database', () => {
  let dataDir = ''
  beforeAll(() => {
    // A folder inside a temporary one: the key file beside it (./db/token-key.ts) goes with it.
    dataDir = join(mkdtempSync(join(tmpdir(), 'studyhub-server-')), 'data')
  })
  afterAll(() => rmSync(dirname(dataDir), { recursive: true, force: true }))

  it('seeds a fresh folder, answers the real routes, and releases the folder when it stops', async () => {
    const running = await startServer(testConfig({ dataDir, seed: 'auto' }), {
      identity: noIdentity,
      logger: memoryLogger(),
    })
    try {
      const health = await get(running.url, '/healthz', { Connection: 'close' }).answer
      expect(health.status).toBe(200)
      const sessions = await get(running.url, '/api/sessions?status=approved&limit=3', { Connection: 'close' }).answer
      expect(sessions.status).toBe(200)
      expect(JSON.parse(sessions.body)).toHaveLength(3)
      expect(Number(sessions.headers['x-total-count'])).toBeGreaterThan(3)
      // A second server on the same folder is refused while the first runs.
      await expect(openDatabase({ dataDir })).rejects.toThrow(/in use/)
    } finally {
      await running.close()
    }
    const reopened = await openDatabase({ dataDir })
    try {
      expect(await reopened.isEmpty()).toBe(false)
    } finally {
      await reopened.close()
    }
  }, 60_000)
})

/** A POST that sends its headers and only the first `sent` bytes of a `declared`-byte body, then waits. */
function partialPost(baseUrl: string, path: string, declared: number, sent: number, headers: Record<string, string>) {
  const head = { 'Content-Length': String(declared), ...headers }
  return exchange(baseUrl, 'POST', path, head, Buffer.alloc(sent, 0x61))
}

describe('uploads refused on their headers', () => {
  const TEN_MB = 10 * 1024 * 1024
  const multipart = { 'Content-Type': 'multipart/form-data; boundary=x', 'X-StudyHub-Client': 'app' }

  it('answers anonymous 10 MB uploads with 401 while their bodies are still unsent, and /healthz meanwhile', async () => {
    const running = await startServer(testConfig(), {
      database: fakeDatabase(),
      identity: noIdentity,
      logger: memoryLogger(),
    })
    const uploads = Array.from({ length: 10 }, () =>
      partialPost(running.url, '/api/materials', TEN_MB, 64 * 1024, multipart),
    )
    try {
      // Each body stops at 64 KB of 10 MB: an answer can only come from the headers.
      for (const upload of uploads) expect((await upload.answer).status).toBe(401)
      const health = await get(running.url, '/healthz', { Connection: 'close' }).answer
      expect(health.status).toBe(200)
    } finally {
      for (const upload of uploads) upload.socket.destroy()
      await running.close()
    }
  }, 30_000)

  it('does not invite the body of an anonymous upload sent with Expect: 100-continue', async () => {
    const running = await startServer(testConfig(), {
      database: fakeDatabase(),
      identity: noIdentity,
      logger: memoryLogger(),
    })
    const upload = partialPost(running.url, '/api/materials', TEN_MB, 0, { ...multipart, Expect: '100-continue' })
    try {
      // Node would answer 100 Continue on its own; the first answer must be the refusal.
      expect((await upload.answer).status).toBe(401)
    } finally {
      upload.socket.destroy()
      await running.close()
    }
  }, 30_000)

  it('sends 100 Continue once a route reads the body, and the route gets it all', async () => {
    const echo: ApiRoute = {
      method: 'POST',
      path: '/api/echo',
      handle: async (request) =>
        new Response(JSON.stringify({ length: (await request.arrayBuffer()).byteLength }), {
          headers: { 'Content-Type': 'application/json' },
        }),
    }
    const running = await startServer(testConfig(), {
      database: fakeDatabase(),
      identity: noIdentity,
      routes: [echo],
      logger: memoryLogger(),
    })
    const post = partialPost(running.url, '/api/echo', 5, 0, {
      'Content-Type': 'application/json',
      'X-StudyHub-Client': 'app',
      Expect: '100-continue',
    })
    try {
      expect((await post.answer).status).toBe(100)
      const rest: Buffer[] = []
      const final = new Promise<RawAnswer>((resolve) =>
        post.socket.on('data', (chunk: Buffer) => {
          rest.push(chunk)
          const parsed = parse(Buffer.concat(rest))
          if (parsed) resolve(parsed)
        }),
      )
      post.socket.write('"abc"')
      const answer = await final
      expect(answer.status).toBe(200)
      expect(JSON.parse(answer.body)).toEqual({ length: 5 })
    } finally {
      post.socket.destroy()
      await running.close()
    }
  }, 30_000)
})
