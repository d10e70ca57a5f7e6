// The REST API as both servers mount it: one entry per route of
// src/contract/routes.ts, each running the shared pipeline with its endpoint
// from ./endpoints/<domain>.ts (the file is named after the path's first
// segment: /sessions/... → endpoints/sessions.ts). The demo server mounts them
// as msw handlers (mocks/handlers.ts), the API server as Hono routes
// (server/app.ts).
import { routes, type HttpMethod, type RouteDef, type RouteName } from '#contract/routes'
import type { ApiDeps } from './api-deps'
import * as bookings from './endpoints/bookings'
import * as calendar from './endpoints/calendar'
import { serveFile } from './endpoints/files'
import * as materials from './endpoints/materials'
import * as notes from './endpoints/notes'
import * as notifications from './endpoints/notifications'
import * as push from './endpoints/push'
import * as reviews from './endpoints/reviews'
import * as sessions from './endpoints/sessions'
import * as stats from './endpoints/stats'
import * as unsubscribe from './endpoints/unsubscribe'
import * as users from './endpoints/users'
import { firstValues, handleRoute, type RouteImpl } from './pipeline'

// Each endpoint file exports its routes' implementations under the route names
// (and may export helpers too, which are not routes). A route without one is a type error.
const impls: { [N in RouteName]: RouteImpl<N> } = {
  ...users,
  ...sessions,
  ...stats,
  ...bookings,
  ...calendar,
  ...notes,
  ...reviews,
  ...materials,
  ...notifications,
  ...push,
  ...unsubscribe,
}

export interface ApiRoute {
  method: HttpMethod
  /** The full path, `/api/...`, with `:param` segments. */
  path: string
  /** The path parameter that is a secret (the contract's `secret`): never written to a log. */
  secret?: string
  /** `params` as the host's router gives them (msw may give arrays); the pipeline takes the first value of each. */
  handle(request: Request, params: Record<string, unknown>, deps: ApiDeps): Promise<Response>
}

const paramCount = (path: string) => (path.match(/:/g) ?? []).length

/** Every route, specific paths before parameterised ones (/sessions/pending before /sessions/:id). */
export const apiRoutes: readonly ApiRoute[] = [
  ...(Object.keys(routes) as RouteName[]).map((name): ApiRoute => {
    const { method, path, secret }: RouteDef = routes[name]
    return {
      method,
      path: `/api${path}`,
      ...(secret ? { secret } : {}),
      handle: (request, params, deps) =>
        handleRoute(name, impls[name] as RouteImpl<typeof name>, request, params, deps),
    }
  }),
  {
    method: 'GET',
    path: '/api/files/:id',
    handle: (request: Request, params: Record<string, unknown>, deps: ApiDeps) =>
      serveFile(request, firstValues(params).id ?? '', deps),
  } satisfies ApiRoute,
].sort((a, b) => paramCount(a.path) - paramCount(b.path))
