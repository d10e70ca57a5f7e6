// The app's only way to call the REST API: `api(name, input)` with a route
// name of src/contract/routes.ts, typed end to end by src/contract/endpoints.ts.
// Responses of session and booking routes are normalised at the client's edge
// to the canonical shapes. The calls go through axios and its interceptors
// (./axios-client.ts), which this module loads with import() on the first
// call: axios is about 20 KiB gzip and no first paint waits for it
// (docs/decisions/0053-axios-after-the-first-paint.md).
import type { BodyOf, ParamsOf, QueryOf, ResponseOf } from '#contract/endpoints'
import type { RouteName, routes } from '#contract/routes'
import { ApiError } from './api-error'

export { setTokenRenewer } from './token-renewal'

type Slot<K extends string, T> = [T] extends [undefined] ? { [P in K]?: undefined } : { [P in K]: T }

export type CallInput<N extends RouteName> = Slot<'params', ParamsOf<N>> &
  Partial<Slot<'query', QueryOf<N>>> &
  Slot<'body', BodyOf<N>> & {
    /** Replaces the stored app token, e.g. with the identity provider's ID token. */
    authorization?: string
    idempotencyKey?: string
    /** The revision the write is based on, for a route that takes one (`ifMatch` in its route definition). */
    ifMatch?: number
    signal?: AbortSignal
  }

type NoInput<N extends RouteName> = [ParamsOf<N>, BodyOf<N>] extends [undefined, undefined]
  ? [input?: CallInput<N>]
  : [input: CallInput<N>]

/** axios and its interceptors: one chunk, fetched once, by the first call. */
const fetchClient = () => import('./axios-client')
let client: ReturnType<typeof fetchClient> | null = null

function loadClient() {
  client ??= fetchClient().catch(() => {
    // The chunk could not be fetched (offline before the worker had it, or
    // the server unreachable): no answer, as for the call itself, so callers
    // keep what they had rather than read a refusal. The next call tries again.
    client = null
    throw new ApiError('Network error: the server could not be reached', 0, undefined)
  })
  return client
}

async function send<N extends RouteName>(name: N, input: CallInput<N> | undefined) {
  return (await loadClient()).call(name, input)
}

export async function api<N extends RouteName>(name: N, ...[input]: NoInput<N>): Promise<ResponseOf<N>> {
  return (await send(name, input)).body
}

type PagedName = { [N in RouteName]: (typeof routes)[N] extends { paged: true } ? N : never }[RouteName]

export interface Page<T> {
  items: T[]
  total: number
  page: number
  limit: number
}

/**
 * One page of a paged list, with the total the server counted. A server that
 * answers the contract's plain lists (no `page`/`limit`, no X-Total-Count)
 * sent everything: the page is then cut on the client, after the filters it
 * may have ignored (a query parameter that names a field of the records).
 */
export async function apiPage<N extends PagedName>(
  name: N,
  page: number,
  limit: number,
  input: Omit<CallInput<N>, 'query'> & { query?: QueryOf<N> } = {} as CallInput<N>,
): Promise<Page<ResponseOf<N> extends (infer T)[] ? T : never>> {
  const query = { ...input.query, page: String(page), limit: String(limit) }
  const { body, total } = await send(name, { ...input, query } as CallInput<N>)
  const items = body as unknown as (ResponseOf<N> extends (infer T)[] ? T : never)[]
  if (Number.isFinite(total)) return { items, total, page, limit }
  const filters = Object.entries((input.query ?? {}) as Record<string, unknown>).filter(
    ([key, value]) => typeof value === 'string' && items.some((item) => key in (item as object)),
  )
  const matching = items.filter((item) =>
    filters.every(([key, value]) => (item as Record<string, unknown>)[key] === value),
  )
  return pageOf(matching, page, limit)
}

/** A page cut from a whole list on the client. */
export function pageOf<T>(all: T[], page: number, limit: number): Page<T> {
  return { items: all.slice((page - 1) * limit, page * limit), total: all.length, page, limit }
}
