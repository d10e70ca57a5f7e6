// A first visit's data inside the page (docs/decisions/0041-data-in-the-first-paint.md):
// a navigation to / or to a /study-sessions address gets index.html with that
// page's list inlined (src/contract/first-paint.ts): page 1 of the approved
// sessions for "/", and for /study-sessions the page, tutor, search, filters
// and sort its address asks for (docs/decisions/0066-every-study-sessions-address-comes-with-its-cards.md),
// read through the API's own route, so the app renders the cards in its first
// render instead of after one more round trip. If the read fails or is slow,
// the page goes out without it and the app asks as usual.
import { readFirstPaintList, type FirstPaintData } from '#contract/first-paint'
import { listOfAddress, type SessionListAddress } from '#contract/session-filters'
import { routes } from '#contract/routes'
import type { ApiDeps } from '#core/api-deps'
import type { ApiRoute } from '#core/routes'

/** The read never leaves this process: the URL's origin only has to parse. */
const FIRST_PAINT_ORIGIN = { origin: 'http://first-paint.invalid' }

/**
 * The list a navigation to this URL shows, when this server can ask for the
 * very list the visitor's screen will: "/" shows page 1 of the plain list;
 * /study-sessions what its address asks for. Not a list page, or one whose
 * days (?from=, ?to=) the screen bounds at the visitor's own midnight, which
 * the server does not know: undefined (the page goes out as any other
 * route's, and the app asks for its list itself).
 */
export function firstPaintListOf(url: URL): SessionListAddress | undefined {
  if (url.pathname === '/') return { page: 1 }
  if (url.pathname !== '/study-sessions') return undefined
  const list = listOfAddress(url.searchParams)
  return list.search?.from || list.search?.to ? undefined : list
}

export type FirstPaintReader = (list?: SessionListAddress) => Promise<FirstPaintData | undefined>

export function firstPaintReader(apiRoutes: readonly ApiRoute[], deps: ApiDeps): FirstPaintReader {
  const route = apiRoutes.find((r) => r.method === 'GET' && r.path === `/api${routes.listSessions.path}`)
  return async (list = { page: 1 }) =>
    route
      ? readFirstPaintList((request) => route.handle(request, {}, deps), FIRST_PAINT_ORIGIN, list, deps.now().getTime())
      : undefined
}
