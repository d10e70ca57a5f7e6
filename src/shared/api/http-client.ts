// The app's only way to call the REST API: `api(name, input)` with a route
// name of src/contract/routes.ts, typed end to end by src/contract/endpoints.ts.
// Responses of session and booking routes are normalised here (the client's
// edge) to the canonical shapes.
import type { BodyOf, ParamsOf, QueryOf, ResponseOf } from '../../contract/endpoints'
import { normalizeEntity } from '../../contract/normalize'
import { whenApiReady } from './api-ready'
import {
  buildPath,
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

const loadInstance = () => import('./axios-instance').then((m) => m.instance)

/**
 * App tokens are short-lived. On a 401 the client asks for a fresh one once
 * (the auth feature registers how: a new ID token from the identity provider,
 * then POST /jwt) and retries the call, so nobody is left looking signed in
 * with a dead token. Concurrent 401s share one renewal.
 */
type TokenRenewer = () => Promise<string | null>
let renewer: TokenRenewer | null = null
let renewal: Promise<string | null> | null = null

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
  const [instance] = await Promise.all([loadInstance(), whenApiReady()])
  const headers: Record<string, string> = {}
  if (input?.authorization) headers.Authorization = `Bearer ${input.authorization}`
  if (input?.idempotencyKey) headers[IDEMPOTENCY_HEADER] = input.idempotencyKey
  let data: unknown = input?.body
  if (route.multipart && data && !(data instanceof FormData)) data = toFormData(data as Record<string, unknown>)
  const response = await instance.request({
    method: route.method,
    url: buildPath(route.path, input?.params as Record<string, string> | undefined),
    params: input?.query,
    data,
    headers,
    signal: input?.signal,
  })
  const body: unknown = route.entity ? normalizeEntity(route.entity, response.data) : response.data
  return { body: body as ResponseOf<N>, total: Number(response.headers[TOTAL_COUNT_HEADER.toLowerCase()] ?? NaN) }
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
