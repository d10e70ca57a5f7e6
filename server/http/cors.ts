// Cross-origin access to the API: only the origins in CORS_ORIGINS, matched
// exactly, may call it from a browser. Same-origin calls (the app served by
// this server, see ./static-app.ts) need no entry. The API authenticates with
// a bearer header, not cookies, so this is defence in depth rather than the
// only guard against cross-site requests: a foreign origin is refused outright
// (403) instead of merely having its answer hidden from it.
import type { MiddlewareHandler } from 'hono'
import { CLIENT_HEADER, IDEMPOTENCY_HEADER, IF_MATCH_HEADER, TOTAL_COUNT_HEADER } from '#contract/routes'
import type { TrustProxy } from '../config'
import { forwardedHost as forwardedHostOf } from './client-address'
import { setResponseHeaders } from './response-headers'

const ALLOW_METHODS = 'GET, POST, PATCH, DELETE, OPTIONS'
const ALLOW_HEADERS = [
  'Authorization',
  'Content-Type',
  IDEMPOTENCY_HEADER,
  IF_MATCH_HEADER,
  CLIENT_HEADER,
  'X-Request-Id',
].join(', ')
const EXPOSE_HEADERS = [TOTAL_COUNT_HEADER, 'X-Request-Id', 'Retry-After', 'Idempotent-Replayed'].join(', ')
const MAX_AGE_SECONDS = '600'

/**
 * Whether `origin` is the request's own. Only the host is compared: behind a
 * proxy that ends TLS this server sees http:// while the browser says https://.
 */
function isSameOrigin(origin: string, requestUrl: string, forwardedHost: string | undefined): boolean {
  try {
    const host = new URL(origin).host
    return host === new URL(requestUrl).host || (forwardedHost !== undefined && host === forwardedHost)
  } catch {
    return false
  }
}

const refuse = (message: string) =>
  new Response(JSON.stringify({ message }), {
    status: 403,
    headers: { 'Content-Type': 'application/json', 'Cache-Control': 'no-store', Vary: 'Origin' },
  })

export function corsPolicy(allowed: readonly string[], trustProxy: TrustProxy): MiddlewareHandler {
  const allowList = new Set(allowed)
  return async (c, next) => {
    const origin = c.req.header('Origin')
    const isApi = c.req.path === '/api' || c.req.path.startsWith('/api/')
    const preflight = c.req.method === 'OPTIONS' && c.req.header('Access-Control-Request-Method') !== undefined
    const forwardedHost = forwardedHostOf(c, trustProxy)

    if (origin === undefined || isSameOrigin(origin, c.req.url, forwardedHost)) {
      await next()
      // Another origin may get a different answer: shared caches must keep them apart.
      if (isApi) setResponseHeaders(c, { Vary: 'Origin' }, 'append')
      return
    }
    if (!allowList.has(origin)) {
      if (preflight || isApi) return refuse('This origin may not call the API.')
      await next()
      return
    }
    if (preflight) {
      return new Response(null, {
        status: 204,
        headers: {
          'Access-Control-Allow-Origin': origin,
          'Access-Control-Allow-Methods': ALLOW_METHODS,
          'Access-Control-Allow-Headers': ALLOW_HEADERS,
          'Access-Control-Max-Age': MAX_AGE_SECONDS,
          Vary: 'Origin',
        },
      })
    }
    await next()
    setResponseHeaders(c, { 'Access-Control-Allow-Origin': origin, 'Access-Control-Expose-Headers': EXPOSE_HEADERS })
    setResponseHeaders(c, { Vary: 'Origin' }, 'append')
  }
}
