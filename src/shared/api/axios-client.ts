// The app's one axios instance, and what its interceptors do around every
// call of the REST API: wait for the API, the bearer token, the idempotency
// key, the same-origin signal on writes, the timeout, one renewal of the app
// token on a 401, and one error type (ApiError) for every failure.
// src/shared/api/http-client.ts loads this module with import() on the first
// call, never with the page: axios is about 20 KiB gzip and the first paint
// needs no call, since the home page's data comes with the page
// (docs/decisions/0053-axios-after-the-first-paint.md). Nothing else imports
// axios (ESLint), so screens never see its types.
import axios, { AxiosError, type AxiosResponse } from 'axios'
import type { ResponseOf } from '#contract/endpoints'
import { normalizeEntity } from '#contract/normalize'
import {
  buildPath,
  CLIENT_HEADER,
  CLIENT_HEADER_VALUE,
  IDEMPOTENCY_HEADER,
  IF_MATCH_HEADER,
  revisionTag,
  routes,
  TOTAL_COUNT_HEADER,
  type RouteDef,
  type RouteName,
} from '#contract/routes'
import { apiBaseUrl } from '../config/env'
import { ApiError, UNAUTHORIZED_MESSAGE } from './api-error'
import { whenApiReady } from './api-ready'
import { credentials } from './credentials'
import type { CallInput } from './http-client'
import { renewToken } from './token-renewal'

// What a call tells the interceptors beyond axios's own options.
declare module 'axios' {
  interface AxiosRequestConfig {
    /** The caller's own credential (the identity provider's ID token while signing in), sent instead of the stored app token. */
    authorization?: string
    /** Sent as the Idempotency-Key header, the same on the retry after a renewal, so the server does a write once. */
    idempotencyKey?: string
    /** Whether a 401 may renew the stored app token and send the call again. */
    renewable?: boolean
  }
}

/** A call that has had no answer for this long fails as a network error. */
const TIMEOUT_MS = 30_000

const client = axios.create({
  // fetch rather than XMLHttpRequest: a cancelled query aborts it through its
  // AbortSignal, and the demo server in the service worker answers it.
  adapter: 'fetch',
  // The runtime's own FormData for a multipart body: axios would take the
  // form-data package's wherever it runs as Node (the unit tests).
  env: { FormData: globalThis.FormData },
  timeout: TIMEOUT_MS,
  headers: {
    Accept: 'application/json',
    // axios's fetch adapter names itself in a User-Agent header unless one is
    // set; false sends none. A header outside the CORS safelist would cost a
    // preflight on a cross-origin API, and the API server's CORS list does not allow it.
    'User-Agent': false,
  },
})

client.interceptors.request.use(async (config) => {
  // In a demo build nothing answers /api until the worker controls the page.
  await whenApiReady()
  config.baseURL = apiBaseUrl()
  // An explicit credential wins over the stored app token. The stored one is
  // read at every send, so the retry after a renewal carries the new token.
  const token = config.authorization ?? credentials.token()
  if (token) config.headers.set('Authorization', `Bearer ${token}`)
  else config.headers.delete('Authorization')
  if (config.idempotencyKey) config.headers.set(IDEMPOTENCY_HEADER, config.idempotencyKey)
  // Both servers accept a write only with a same-origin signal; this header
  // is one a form on another site cannot send (docs/decisions/0034-no-cross-site-api.md).
  // Reads go without it: on another origin it would cost every public read a preflight.
  if (config.method?.toUpperCase() !== 'GET') config.headers.set(CLIENT_HEADER, CLIENT_HEADER_VALUE)
  return config
})

client.interceptors.response.use(
  (response) => {
    // An uncontrolled page can get the SPA's index.html for /api/... with 200:
    // that is not an answer, whatever its status says. A calendar is the one text answer.
    if (!isJson(response) && !isCalendar(response)) {
      throw new ApiError(`Expected JSON from ${client.getUri(response.config)}`, response.status, undefined)
    }
    return response
  },
  async (error: unknown) => {
    const config = error instanceof AxiosError ? error.config : undefined
    // Cancelled by the caller (a query no one needs any more): not a failure
    // to report. It rejects with the signal's reason, as fetch does.
    if (config?.signal?.aborted) throw (config.signal as AbortSignal).reason
    const failure = toApiError(error)
    if (failure instanceof ApiError && failure.status === 401 && config?.renewable && (await renewToken())) {
      return client.request({ ...config, renewable: false })
    }
    throw failure
  },
)

/** A Retry-After header's wait in ms (seconds, or an HTTP date), or undefined when absent or unreadable. */
function retryAfterMs(header: unknown, now = Date.now()): number | undefined {
  if (typeof header !== 'string' || header.trim() === '') return undefined
  const seconds = Number(header)
  if (Number.isFinite(seconds)) return Math.max(0, seconds * 1000)
  const at = Date.parse(header)
  return Number.isNaN(at) ? undefined : Math.max(0, at - now)
}

function isCalendar(response: AxiosResponse): boolean {
  return /^text\/calendar\b/i.test(String(response.headers['content-type'] ?? ''))
}

function isJson(response: AxiosResponse): boolean {
  return /^application\/([\w.+-]+\+)?json\b/i.test(String(response.headers['content-type'] ?? ''))
}

/** The answer's JSON, or undefined when it is not JSON after all (axios leaves text it cannot parse as it is). */
function jsonOf(response: AxiosResponse): unknown {
  return isJson(response) && typeof response.data !== 'string' ? (response.data as unknown) : undefined
}

function toApiError(error: unknown): unknown {
  // Ours already (not JSON), or not the network's doing: as it is.
  if (!(error instanceof AxiosError)) return error
  const response = error.response
  if (!response) {
    // No answer at all (offline, refused, timed out), or a body cut off on the
    // way (the connection dropped, or the page is being left): status 0 either
    // way. Callers then keep what they had, where a broken answer would read
    // as the server's refusal.
    const unreached = error.code === AxiosError.ERR_NETWORK || error.code === AxiosError.ETIMEDOUT
    return new ApiError(
      unreached ? 'Network error: the server could not be reached' : 'Network error: the answer was cut off',
      0,
      undefined,
    )
  }
  if (response.status === 401 || response.status === 403) console.log(UNAUTHORIZED_MESSAGE)
  const data = jsonOf(response)
  const serverMessage = (data as { message?: unknown } | undefined)?.message
  return new ApiError(
    typeof serverMessage === 'string' && serverMessage
      ? serverMessage
      : `Request failed with status code ${response.status}`,
    response.status,
    data,
    retryAfterMs(response.headers['retry-after']),
  )
}

/** One call of the contract: its answer, normalised, and the X-Total-Count the server sent (NaN without one). */
export async function call<N extends RouteName>(
  name: N,
  input: CallInput<N> | undefined,
): Promise<{ body: ResponseOf<N>; total: number }> {
  const route: RouteDef = routes[name]
  const response = await client.request<unknown>({
    method: route.method,
    url: buildPath(route.path, input?.params as Record<string, string> | undefined),
    params: input?.query,
    data: input?.body,
    headers: {
      // axios turns a multipart route's body (with its File) into FormData.
      ...(route.multipart ? { 'Content-Type': 'multipart/form-data' } : {}),
      ...(route.ifMatch && input?.ifMatch !== undefined ? { [IF_MATCH_HEADER]: revisionTag(input.ifMatch) } : {}),
    },
    signal: input?.signal,
    authorization: input?.authorization,
    idempotencyKey: input?.idempotencyKey,
    // A call with its own credential (signing up), or the renewal itself, is not the stored token's to renew.
    renewable: !input?.authorization && name !== 'issueToken',
  })
  const data = isCalendar(response) ? String(response.data) : jsonOf(response)
  const body: unknown = route.entity ? normalizeEntity(route.entity, data) : data
  return {
    body: body as ResponseOf<N>,
    total: Number(response.headers[TOTAL_COUNT_HEADER.toLowerCase()] ?? NaN),
  }
}
