// The demo server: the REST API of server/core mounted as msw handlers over
// the demo database, plus what only a demo has (its identity provider, its
// mailbox and a data reset). It has no rules of its own: every route runs
// the shared pipeline and endpoints with the Dexie store
// (docs/decisions/0009-one-set-of-rules.md). The same list runs in the service
// worker of a demo build and under msw/node in tests.
import { http, type HttpHandler } from 'msw'
import { MAX_FILE_BYTES } from '#contract/limits'
import type { ApiDeps } from '#core/api-deps'
import { crossSiteRefusal } from '#core/cross-site-guard'
import { errorResponse, json } from '#core/http-errors'
import { remindClassesStartingSoon } from '#core/notifications'
import { apiRoutes } from '#core/routes'
import { demoDb, type DemoDb } from './db/demo-db'
import { storeOf } from './db/store-of'
import { deliveriesFrom, workDeliveries } from './demo-delivery-worker'
import { demoIdentityVerifier } from './demo-identity-verifier'
import { demoIdpHandlers } from './demo-idp'
import { demoMailboxHandlers } from './demo-mailbox'
import { resetDemoData } from './server/ready'
import { serve } from './server/serve'

/**
 * A demo build's app tokens live a day, the longest the API server allows
 * (APP_TOKEN_TTL_SECONDS). The app renews an expired one on its 401 (renewToken
 * in src/features/auth/auth-session.ts), so this only sets how often it does.
 */
export const DEMO_APP_TOKEN_TTL_SECONDS = 24 * 60 * 60

const depsByDb = new WeakMap<DemoDb, ApiDeps>()

/** The demo server's reminder run: at app start (the worker's first request), not on a timer. */
export function remindAtStart(db: DemoDb = demoDb()): Promise<unknown> {
  return remindClassesStartingSoon(demoDeps(db))
}

function demoDeps(db: DemoDb = demoDb()): ApiDeps {
  let deps = depsByDb.get(db)
  if (!deps) {
    deps = {
      store: storeOf(db),
      identity: demoIdentityVerifier(db),
      now: () => new Date(),
      appTokenTtlSeconds: DEMO_APP_TOKEN_TTL_SECONDS,
      maxFileBytes: MAX_FILE_BYTES,
      // The demo server always mails, into its mailbox; committed notices' deliveries are worked at once.
      mailEnabled: true,
      announce: () => {
        workDeliveries(db).catch((error: unknown) => console.warn('Deliveries failed', error))
      },
    }
    depsByDb.set(db, deps)
  }
  return deps
}

/**
 * msw cannot match a URL longer than this (it throws, and the request would
 * fail as a server error); the API server's HTTP parser refuses such a long
 * request line too (431).
 */
const MAX_URL_LENGTH = 8192

/** First in the list: a URL too long to match is refused (414) before any route tries. */
const longUrlGuard = http.all(
  ({ request }) => request.url.length > MAX_URL_LENGTH,
  () => json({ message: `The address is longer than ${MAX_URL_LENGTH} characters.` }, 414),
)

/**
 * Next: a request the shared cross-site rule refuses is answered
 * with its 403 here; any other falls through to its route (a resolver that
 * returns nothing passes the request on).
 */
const crossSiteGuard = http.all('*/api/*', ({ request }) => {
  const refusal = crossSiteRefusal(request)
  return refusal ? errorResponse(refusal) : undefined
})

// Any page of the app may restore the demo data (the data is the demo's own),
// but only the app: the guard above refuses a reset from a form or another site.
const resetHandler = http.post('*/api/demo/reset', () =>
  serve(async () => {
    await resetDemoData()
    return json({ success: true, message: 'Demo data restored.' })
  }),
)

const METHOD = { GET: http.get, POST: http.post, PATCH: http.patch, DELETE: http.delete } as const

/** `*` before the path: the worker (same origin) and msw/node (any test origin) alike. */
const restHandlers = apiRoutes.map((route) =>
  METHOD[route.method](`*${route.path}`, ({ request, params }) =>
    serve((db) => {
      deliveriesFrom(db, request.url)
      return route.handle(request, params, demoDeps(db))
    }),
  ),
)

export const handlers: HttpHandler[] = [
  longUrlGuard,
  crossSiteGuard,
  ...demoIdpHandlers,
  resetHandler,
  ...demoMailboxHandlers,
  ...restHandlers,
]
