// The HTTP layer's tests (app-*.test.ts) run it with fake routes and a store
// nobody may touch: what they test is what happens before and after a route
// runs.
import { CLIENT_HEADER, CLIENT_HEADER_VALUE } from '#contract/routes'
import type { ApiDeps } from '#core/api-deps'
import type { ApiRoute } from '#core/routes'
import type { Store } from '#core/store'
import { createApp } from './app'
import { loadConfig, type Config } from './config'
import { memoryLogger } from './logger'

export const untouchableStore = new Proxy({} as Store, {
  get(_target, name) {
    throw new Error(`the HTTP layer must not use the store (store.${String(name)})`)
  },
})

interface Call {
  params: Record<string, string>
  body: string
  deps: ApiDeps
}

export function setup(overrides: Partial<Config> = {}, ping: () => Promise<void> = async () => {}) {
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

export const postJson = (body: unknown, headers: Record<string, string> = {}): RequestInit => ({
  method: 'POST',
  headers: { 'Content-Type': 'application/json', ...headers },
  body: JSON.stringify(body),
})
