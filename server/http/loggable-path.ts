// What a log line may say of a request's path. A route whose path carries a
// secret (the route table's `secret`: a calendar feed's token, which alone
// opens the feed) has that segment replaced by the parameter's name, so
// whoever reads the logs cannot use it: `/api/calendar/:token`. The rule is
// taken from the routes, and applies to any request that looks like one of
// them, whatever its method, case, doubled slashes or extra segments: a
// request the router did not match may still carry a live secret. The query
// is never logged at all (search terms, emails, a file link's signature).
import type { ApiRoute } from '#core/routes'

interface SecretSegment {
  /** The route's segments before the secret: literal ones must match (any case), parameters match anything. */
  before: readonly string[]
  name: string
}

/** A function that answers `path` with the secret segment of every route that has one replaced. */
export function loggablePath(routes: readonly ApiRoute[]): (path: string) => string {
  const rules: SecretSegment[] = routes.flatMap((route) => {
    if (!route.secret) return []
    const segments = route.path.split('/').filter(Boolean)
    const at = segments.indexOf(`:${route.secret}`)
    return at < 0 ? [] : [{ before: segments.slice(0, at).map((s) => s.toLowerCase()), name: route.secret }]
  })
  return (path) => {
    const segments = path.split('/').filter(Boolean)
    let changed = false
    for (const { before, name } of rules) {
      const at = before.length
      if (segments.length <= at) continue
      if (!before.every((s, i) => s.startsWith(':') || s === segments[i]!.toLowerCase())) continue
      segments[at] = `:${name}`
      changed = true
    }
    return changed ? `/${segments.join('/')}` : path
  }
}
