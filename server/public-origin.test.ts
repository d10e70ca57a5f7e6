// @vitest-environment node
// The addresses the server hands out are the ones its callers reach it at.
// Behind a proxy that ends TLS the server sees http:// and its own host: a
// calendar feed's address (and the links its events carry back to the app)
// must say https:// and the proxy's host, taken from PUBLIC_URL, or from the
// proxy's X-Forwarded-Proto and X-Forwarded-Host when TRUST_PROXY says the
// proxy is ours. Without TRUST_PROXY those headers are anyone's, and ignored.
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { CLIENT_HEADER, CLIENT_HEADER_VALUE } from '#contract/routes'
import type { ApiDeps } from '#core/api-deps'
import type { IdentityVerifier } from '#core/identity'
import { buildSeedRows, SEED_STUDENTS } from '#core/seed/seed-data'
import { createApp } from './app'
import { loadConfig } from './config'
import { openDatabase, type Database } from './db/open-database'
import { memoryLogger } from './logger'

const STUDENT = SEED_STUDENTS[0]!
const ID_TOKEN = 'id-token-of-the-student'
/** The server as the proxy in front reaches it. */
const INSIDE = 'http://10.0.0.5:8787'
const PROXY = { 'X-Forwarded-Proto': 'https', 'X-Forwarded-Host': 'studyhub.example.com' }

const identity: IdentityVerifier = {
  verify: async (token) =>
    token === ID_TOKEN
      ? {
          uid: 'uid-student',
          email: STUDENT.email,
          emailVerified: true,
          name: STUDENT.name,
          picture: null,
          authTime: 0,
        }
      : null,
}

describe('the addresses the server hands out', () => {
  let database: Database
  beforeAll(async () => {
    database = await openDatabase({ inMemory: true })
    await database.seed(await buildSeedRows())
  })
  afterAll(async () => {
    await database?.close()
  })

  /** The feed address the student is given, through a server configured with `env`, the request carrying `headers`. */
  async function feedAddress(env: Record<string, string>, headers: Record<string, string> = {}) {
    const config = loadConfig({ RATE_LIMIT_SIGN_IN: '0', RATE_LIMIT_WRITES: '0', ...env })
    const deps: ApiDeps = {
      store: database.store,
      identity,
      now: () => new Date(),
      appTokenTtlSeconds: 900,
      maxFileBytes: config.maxFileBytes,
    }
    const app = createApp(deps, { config, logger: memoryLogger(), ping: async () => {} })
    const send = async (method: string, path: string, init: { body?: unknown; token?: string } = {}) => {
      const answer = await app.request(`${INSIDE}/api${path}`, {
        method,
        headers: {
          ...headers,
          [CLIENT_HEADER]: CLIENT_HEADER_VALUE,
          'Content-Type': 'application/json',
          ...(init.token ? { Authorization: `Bearer ${init.token}` } : {}),
        },
        ...(init.body ? { body: JSON.stringify(init.body) } : {}),
      })
      expect(answer.status, `${method} ${path}`).toBeLessThan(300)
      return answer
    }
    const { token } = (await (
      await send('POST', '/jwt', { body: { email: STUDENT.email, idToken: ID_TOKEN } })
    ).json()) as {
      token: string
    }
    const made = (await (await send('POST', `/calendar-feeds/${STUDENT.email}`, { token })).json()) as { url: string }
    const read = (await (await send('GET', `/calendar-feeds/${STUDENT.email}`, { token })).json()) as { url: string }
    expect(read.url).toBe(made.url)
    const feed = await (await send('GET', new URL(made.url).pathname.replace(/^\/api/, ''))).text()
    return { url: made.url, origin: new URL(made.url).origin, feed }
  }

  it('is the request’s own without PUBLIC_URL or TRUST_PROXY, whatever forwarded headers say', async () => {
    expect((await feedAddress({})).origin).toBe(INSIDE)
    const forged = await feedAddress({}, PROXY)
    expect(forged.origin).toBe(INSIDE)
    expect(forged.feed).not.toContain('studyhub.example.com')
  })

  it('is the one a trusted proxy forwarded, in the feed’s address and the links its events carry', async () => {
    const { origin, feed } = await feedAddress({ TRUST_PROXY: 'true' }, PROXY)
    expect(origin).toBe('https://studyhub.example.com')
    // The seeded student's approved bookings link back to the app, which this server serves.
    expect(feed).toContain('URL:https://studyhub.example.com/session-details/')
    expect(feed).not.toContain(INSIDE)
    // Either header alone: the other part is the request's own.
    expect((await feedAddress({ TRUST_PROXY: 'true' }, { 'X-Forwarded-Proto': 'https' })).origin).toBe(
      'https://10.0.0.5:8787',
    )
    expect((await feedAddress({ TRUST_PROXY: '1' }, { 'X-Forwarded-Host': 'studyhub.example.com:8443' })).origin).toBe(
      'http://studyhub.example.com:8443',
    )
    // The first entry of a list (the client-facing proxy's), and a host that is not one is ignored.
    expect(
      (await feedAddress({ TRUST_PROXY: 'true' }, { ...PROXY, 'X-Forwarded-Host': 'a.example.com, b' })).origin,
    ).toBe('https://a.example.com')
    for (const host of ['evil.example/path', 'user@evil.example', 'evil example']) {
      const ignored = await feedAddress({ TRUST_PROXY: 'true' }, { 'X-Forwarded-Host': host })
      expect(ignored.origin, host).toBe(INSIDE)
    }
  })

  it('is PUBLIC_URL when set, behind a trusted proxy or not', async () => {
    const env = { PUBLIC_URL: 'https://learn.example.org' }
    expect((await feedAddress(env)).origin).toBe('https://learn.example.org')
    expect((await feedAddress(env, PROXY)).origin).toBe('https://learn.example.org')
    const trusted = await feedAddress({ ...env, TRUST_PROXY: 'true' }, PROXY)
    expect(trusted.origin).toBe('https://learn.example.org')
    expect(trusted.feed).toContain('URL:https://learn.example.org/session-details/')
  })
})
