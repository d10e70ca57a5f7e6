// The API server's HTTP layer (Hono). The REST routes themselves are the
// shared ones (./core/routes.ts, the same the demo server mounts); this file
// adds what only a real server needs around them, outermost first:
//   request id + one JSON log line per request + security headers
//   → CORS allowlist → the cross-site rule (./core/cross-site-guard.ts, the
//   demo server's too) → the embedded database's outages (503/507,
//   ./http/database-outage.ts) → rate limits → body size caps → the routes,
//   /healthz, /api/openapi.json and (optionally) the built app's files.
// docs/decisions/0012-api-server-http.md says why each is done this way.
import { Hono, type Context, type MiddlewareHandler } from 'hono'
import { bodyLimit } from 'hono/body-limit'
import { HTTPException } from 'hono/http-exception'
import { routes } from '#contract/routes'
import type { ApiDeps } from '#core/api-deps'
import { crossSiteRefusal } from '#core/cross-site-guard'
import { errorResponse, RETRY_AFTER_SECONDS } from '#core/http-errors'
import { apiRoutes, type ApiRoute } from '#core/routes'
import type { Config } from './config'
import type { DatabaseStatus } from './db/open-database'
import { clientAddress, publicOrigin } from './http/client-address'
import { corsPolicy } from './http/cors'
import { databaseOutages } from './http/database-outage'
import { firstPaintReader } from './http/first-paint'
import { loggablePath } from './http/loggable-path'
import { FixedWindowLimiter } from './http/rate-limit'
import { setResponseHeaders } from './http/response-headers'
import { mountStaticApp, SECURITY_HEADERS } from './http/static-app'
import { describeError, type Logger } from './logger'
import { buildOpenApiDocument, type OpenApiDocument } from './openapi'

export interface AppOptions {
  config: Config
  logger: Logger
  /** Throws when the database cannot answer. */
  ping: () => Promise<void>
  /** The embedded database's state (Database.status), when it has one. */
  databaseStatus?: () => DatabaseStatus
  /** The routes to mount; every route of the API unless a test narrows it. */
  routes?: readonly ApiRoute[]
}

type AppEnv = { Variables: { requestId: string } }

/** A multipart upload may exceed the file cap by this much: the other form fields and the part headers. */
export const MULTIPART_OVERHEAD_BYTES = 64 * 1024
/** How long /healthz waits for the database before calling it unavailable. */
const PING_TIMEOUT_MS = 3_000
// Printable, header-safe, bounded: an incoming id is echoed into logs and headers.
const VALID_REQUEST_ID = /^[A-Za-z0-9._:-]{1,128}$/
const UPLOAD_PATH = `/api${routes.uploadMaterial.path}`
const SIGN_IN_PATHS = new Set([`/api${routes.issueToken.path}`, `/api${routes.createUser.path}`])

const hasBody = (method: string) => method !== 'GET' && method !== 'HEAD' && method !== 'OPTIONS'

const jsonError = (message: string, status: number, headers: Record<string, string> = {}) =>
  new Response(JSON.stringify({ message }), {
    status,
    headers: { 'Content-Type': 'application/json', 'Cache-Control': 'no-store', ...headers },
  })

function requestLog(logger: Logger, logPath: (path: string) => string): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    const started = performance.now()
    const incoming = c.req.header('X-Request-Id')
    const requestId = incoming && VALID_REQUEST_ID.test(incoming) ? incoming : crypto.randomUUID()
    c.set('requestId', requestId)
    await next()
    setResponseHeaders(c, { 'X-Request-Id': requestId, ...SECURITY_HEADERS })
    const status = c.res.status
    // The path only, its secrets left out (./http/loggable-path.ts); never a header (Authorization).
    logger[status >= 500 ? 'error' : 'info']('request', {
      requestId,
      method: c.req.method,
      path: logPath(c.req.path),
      status,
      ms: Math.round((performance.now() - started) * 10) / 10,
    })
  }
}

function rateLimits(config: Config, now: () => Date): MiddlewareHandler<AppEnv> {
  const signIn = new FixedWindowLimiter(config.rateLimitSignIn)
  const writes = new FixedWindowLimiter(config.rateLimitWrites)
  return async (c, next) => {
    if (!hasBody(c.req.method)) return next()
    const signingIn = c.req.method === 'POST' && SIGN_IN_PATHS.has(c.req.path)
    const decision = (signingIn ? signIn : writes).hit(clientAddress(c, config.trustProxy), now().getTime())
    if (!decision.allowed) {
      return jsonError(`Too many requests: try again in ${decision.retryAfterSeconds} seconds.`, 429, {
        'Retry-After': String(decision.retryAfterSeconds),
      })
    }
    return next()
  }
}

/** 10485760 → "10 MB", 4096 → "4 KB": the size as a person would say it. */
export function formatBytes(bytes: number): string {
  const round = (n: number) => Math.round(n * 10) / 10
  if (bytes >= 1024 * 1024) return `${round(bytes / (1024 * 1024))} MB`
  if (bytes >= 1024) return `${round(bytes / 1024)} KB`
  return `${bytes} bytes`
}

function bodyLimits(config: Config): MiddlewareHandler<AppEnv> {
  const json = bodyLimit({
    maxSize: config.maxJsonBytes,
    onError: () => jsonError(`Request body too large: at most ${config.maxJsonBytes} bytes.`, 413),
  })
  const multipart = bodyLimit({
    maxSize: config.maxFileBytes + MULTIPART_OVERHEAD_BYTES,
    onError: () => jsonError(`File too large: at most ${formatBytes(config.maxFileBytes)}.`, 413),
  })
  // The file cap belongs to the one upload route; any other path, whatever
  // type its body claims, gets the JSON cap. Both are checked from
  // Content-Length first, then counted as the bytes arrive.
  return async (c, next) => {
    if (!hasBody(c.req.method)) return next()
    return (c.req.method === 'POST' && c.req.path === UPLOAD_PATH ? multipart : json)(c, next)
  }
}

async function withTimeout(work: Promise<void>, ms: number): Promise<void> {
  let timer: ReturnType<typeof setTimeout> | undefined
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`no answer within ${ms} ms`)), ms)
  })
  try {
    await Promise.race([work, timeout])
  } finally {
    clearTimeout(timer)
  }
}

export function createApp(deps: ApiDeps, options: AppOptions): Hono<AppEnv> {
  const { config, logger, ping } = options
  const app = new Hono<AppEnv>()
  const mounted = options.routes ?? apiRoutes
  // Every route's secret, mounted or not: a request for one that is not mounted may still carry it.
  const logPath = loggablePath([...apiRoutes, ...mounted])
  const logUnhandled = (c: Context<AppEnv>, error: unknown) =>
    logger.error('unhandled error', {
      requestId: c.get('requestId'),
      method: c.req.method,
      path: logPath(c.req.path),
      error: describeError(error),
    })

  app.use('*', requestLog(logger, logPath))
  app.use('*', corsPolicy(config.corsOrigins, config.trustProxy))
  app.use('/api/*', async (c, next) => {
    const refusal = crossSiteRefusal(c.req.raw)
    return refusal ? errorResponse(refusal) : next()
  })
  if (options.databaseStatus) app.use('/api/*', databaseOutages(options.databaseStatus))
  app.use('/api/*', rateLimits(config, deps.now))
  app.use('/api/*', bodyLimits(config))

  app.get('/healthz', async (c) => {
    try {
      await withTimeout(ping(), PING_TIMEOUT_MS)
      return c.json({ status: 'ok' }, 200, { 'Cache-Control': 'no-store' })
    } catch (error) {
      logger.warn('health check failed', { requestId: c.get('requestId'), error: describeError(error) })
      return c.json({ status: 'unavailable' }, 503, {
        'Cache-Control': 'no-store',
        'Retry-After': String(RETRY_AFTER_SECONDS),
      })
    }
  })

  let openApi: OpenApiDocument | undefined
  app.get('/api/openapi.json', (c) => c.json((openApi ??= buildOpenApiDocument())))

  for (const route of mounted) {
    app.on(route.method, route.path, (c) => {
      const origin = publicOrigin(c, config.trustProxy, config.publicUrl)
      return route.handle(c.req.raw, c.req.param(), {
        ...deps,
        ...(origin ? { publicOrigin: origin } : {}),
        // One JSON line with the request id, like every other log line.
        reportError: (error) => logUnhandled(c, error),
      })
    })
  }

  if (config.appDistDir) {
    mountStaticApp(app, config.appDistDir, firstPaintReader(mounted, deps))
  }

  app.notFound(() => jsonError('Not found.', 404))

  app.onError((error, c: Context<AppEnv>) => {
    if (error instanceof HTTPException) return error.getResponse()
    const requestId = c.get('requestId')
    logUnhandled(c, error)
    return new Response(JSON.stringify({ message: 'Server error: please try again.', requestId }), {
      status: 500,
      headers: { 'Content-Type': 'application/json', 'Cache-Control': 'no-store' },
    })
  })

  return app
}
