// The app's only way to call the REST API: `api(name, input)` with a route
// name of src/contract/routes.ts, typed end to end by src/contract/endpoints.ts.
// Responses of session and booking routes are normalised here (the client's
// edge) to the canonical shapes. It is the browser's fetch with what the app
// needs around it (base URL, bearer token, JSON both ways, a timeout, one
// error type), not axios: that was 21 KiB gzip for the same few lines
// (docs/decisions/0040-javascript-within-budget.md).
import type { BodyOf, ParamsOf, QueryOf, ResponseOf } from '../../contract/endpoints'
import { normalizeEntity } from '../../contract/normalize'
import { ACCESS_TOKEN_KEY, apiBaseUrl } from '../config/env'
import { ApiError, UNAUTHORIZED_MESSAGE } from './api-error'
import { whenApiReady } from './api-ready'
import {
  buildPath,
  CLIENT_HEADER,
  CLIENT_HEADER_VALUE,
  IDEMPOTENCY_HEADER,
  routes,
  TOTAL_COUNT_HEADER,
  type RouteDef,
  type RouteName,
} from '../../contract/routes'

type Slot<K extends string, T> = [T] extends [undefined] ? { [P in K]?: undefined } : { [P in K]: T }

export type CallInput<N extends RouteName> = Slot<'params', ParamsOf<N>> &
  Partial<Slot<'query', QueryOf<N>>> &
  Slot<'body', BodyOf<N>> & {
    /** Replaces the stored app token, e.g. with the identity provider's ID token. */
    authorization?: string
    idempotencyKey?: string
    signal?: AbortSignal
  }

type NoInput<N extends RouteName> = [ParamsOf<N>, BodyOf<N>] extends [undefined, undefined]
  ? [input?: CallInput<N>]
  : [input: CallInput<N>]

/** A call that has had no answer for this long fails as a network error. */
const TIMEOUT_MS = 30_000

/**
 * App tokens are short-lived. On a 401 the client asks for a fresh one once
 * (the auth feature registers how: a new ID token from the identity provider,
 * then POST /jwt) and retries the call, so nobody is left looking signed in
 * with a dead token. Concurrent 401s share one renewal.
 */
type TokenRenewer = () => Promise<string | null>
let renewer: TokenRenewer | null = null
let renewal: Promise<string | null> | null = null

/** The answer's JSON, or undefined when it is not JSON after all. */
function parseJson(text: string): unknown {
  try {
    return JSON.parse(text) as unknown
  } catch {
    return undefined
  }
}

export function setTokenRenewer(next: TokenRenewer | null): void {
  renewer = next
}

function renewToken(): Promise<string | null> {
  if (!renewer) return Promise.resolve(null)
  renewal ??= renewer()
    .catch(() => null)
    .finally(() => (renewal = null))
  return renewal
}

const isUnauthorized = (error: unknown) => (error as { status?: number } | null)?.status === 401

async function send<N extends RouteName>(name: N, input: CallInput<N> | undefined) {
  try {
    return await sendOnce(name, input)
  } catch (error) {
    // A call with its own credential (signing up), or the renewal itself, is not the stored token's to renew.
    if (!isUnauthorized(error) || input?.authorization || name === 'issueToken' || !(await renewToken())) throw error
    return sendOnce(name, input)
  }
}

async function sendOnce<N extends RouteName>(name: N, input: CallInput<N> | undefined) {
  const route: RouteDef = routes[name]
  // In a demo build nothing answers /api until the worker controls the page.
  await whenApiReady()
  const url = apiBaseUrl() + buildPath(route.path, input?.params as Record<string, string> | undefined)
  const search = new URLSearchParams()
  for (const [key, value] of Object.entries((input?.query ?? {}) as Record<string, unknown>)) {
    if (value !== undefined && value !== null) search.set(key, String(value))
  }
  // An explicit authorization (the identity provider's ID token while signing
  // in) wins over the stored app token.
  const token = input?.authorization ?? localStorage.getItem(ACCESS_TOKEN_KEY)
  const headers = new Headers({ Accept: 'application/json' })
  if (token) headers.set('Authorization', `Bearer ${token}`)
  if (input?.idempotencyKey) headers.set(IDEMPOTENCY_HEADER, input.idempotencyKey)
  // Both servers accept a write only with a same-origin signal; this header
  // is one a form on another site cannot send (docs/decisions/0034-no-cross-site-api.md).
  // Reads go without it: on another origin it would cost every public read a preflight.
  if (route.method !== 'GET') headers.set(CLIENT_HEADER, CLIENT_HEADER_VALUE)
  let body: BodyInit | undefined
  if (route.multipart && input?.body) {
    body = input.body instanceof FormData ? input.body : toFormData(input.body as Record<string, unknown>)
  } else if (input?.body !== undefined) {
    headers.set('Content-Type', 'application/json')
    body = JSON.stringify(input.body)
  }
  const timeout = AbortSignal.timeout(TIMEOUT_MS)
  let response: Response
  try {
    response = await fetch(search.size ? `${url}?${search}` : url, {
      method: route.method.toUpperCase(),
      headers,
      body,
      signal: input?.signal ? AbortSignal.any([input.signal, timeout]) : timeout,
    })
  } catch (error) {
    // Cancelled by the caller (a query no one needs any more): not a failure to report.
    if (input?.signal?.aborted) throw error
    throw new ApiError('Network error: the server could not be reached', 0, undefined)
  }
  // An uncontrolled page can get the SPA's index.html for /api/... with 200:
  // that is not an answer, whatever its status says.
  const json = /^application\/([\w.+-]+\+)?json\b/i.test(response.headers.get('content-type') ?? '')
  // A body cut off on the way (the connection dropped, or the page is being
  // left) is no answer, as a failed fetch is: callers then keep what they
  // had, where a broken answer would read as the server's refusal.
  const text = json ? await response.text().catch(() => null) : ''
  if (text === null) throw new ApiError('Network error: the answer was cut off', 0, undefined)
  const data: unknown = json ? parseJson(text) : undefined
  if (!response.ok) {
    if (response.status === 401 || response.status === 403) console.log(UNAUTHORIZED_MESSAGE)
    const serverMessage = (data as { message?: unknown } | undefined)?.message
    throw new ApiError(
      typeof serverMessage === 'string' && serverMessage
        ? serverMessage
        : `Request failed with status code ${response.status}`,
      response.status,
      data,
    )
  }
  if (!json) throw new ApiError(`Expected JSON from ${url}`, response.status, undefined)
  const result: unknown = route.entity ? normalizeEntity(route.entity, data) : data
  return { body: result as ResponseOf<N>, total: Number(response.headers.get(TOTAL_COUNT_HEADER) ?? NaN) }
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

function toFormData(fields: Record<string, unknown>): FormData {
  const form = new FormData()
  for (const [key, value] of Object.entries(fields)) {
    if (value === undefined || value === null) continue
    form.append(key, value instanceof Blob ? value : String(value))
  }
  return form
}
