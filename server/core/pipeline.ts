// Every REST route runs through the same steps, on both servers, so no route
// can skip one: who is calling (app token or the identity provider's ID token;
// only POST /jwt, whose proof may travel in its body, reads the body first) →
// 401 when no grant of the permission table could admit the caller, 403 when
// none could admit their role → read the body (size cap, counted as it
// arrives) → Idempotency-Key claim or replay → validate params, query and body
// with the contract's schemas (400) → load the addressed record (404) → the
// permission table's grants (401/403) → the route's own rules and answer.
// Nothing is read from a body before its sender may send it: an anonymous
// 10 MB upload costs its headers only. docs/rules/api.md tells the same story
// for people.
import type { z } from 'zod'
import { endpoints, type EndpointSchemas } from '#contract/endpoints'
import { MAX_JSON_BODY_BYTES } from '#contract/limits'
import { IDEMPOTENCY_HEADER, IDEMPOTENCY_KEY_PATTERN, routes, type RouteName } from '#contract/routes'
import type { ApiDeps } from './api-deps'
import {
  bearerToken,
  badRequest,
  errorResponse,
  forbidden,
  invalidToken,
  json,
  notFound,
  tooLarge,
  unauthorized,
} from './http-errors'
import { idempotent } from './idempotency'
import { APP_TOKEN, verifyJwt } from './jwt'
import { parseMultipart } from './multipart'
import {
  hasAnonymousGrant,
  isAllowed,
  mayBeAllowed,
  permissions,
  type Permission,
  type Principal,
  type RecordKind,
} from './permissions'
import {
  credentialGeneration,
  type BookingRow,
  type MaterialRow,
  type NoteRow,
  type NotificationRow,
  type ReviewRow,
  type SessionRow,
  type Store,
  type UserRow,
} from './store'

type Schemas<N extends RouteName> = (typeof endpoints)[N]
type Out<N extends RouteName, K extends keyof EndpointSchemas> =
  Schemas<N> extends Record<K, z.ZodType> ? z.output<Schemas<N>[K]> : Record<string, never>

interface RowOf {
  user: UserRow
  session: SessionRow
  booking: BookingRow
  review: ReviewRow
  note: NoteRow
  material: MaterialRow
  notification: NotificationRow
}
type RecordOf<N extends RouteName> = (typeof permissions)[N] extends { record: { kind: infer K extends RecordKind } }
  ? RowOf[K]
  : null

interface RouteContext<N extends RouteName> {
  deps: ApiDeps
  store: Store
  request: Request
  url: URL
  params: Out<N, 'params'>
  query: Out<N, 'query'>
  body: Out<N, 'body'>
  principal: Principal | null
  record: RecordOf<N>
}

export interface Answer {
  status?: number
  body: unknown
  headers?: Record<string, string>
  /** Sends `body`, a string, as this type instead of JSON (a calendar). */
  contentType?: string
}

export type RouteImpl<N extends RouteName> = (ctx: RouteContext<N>) => Promise<Answer> | Answer

const NOT_FOUND: Record<RecordKind, string> = {
  user: 'User not found.',
  session: 'Session not found.',
  booking: 'Booking not found.',
  review: 'Review not found.',
  note: 'Note not found.',
  material: 'Material not found.',
  notification: 'Notification not found.',
}

function recordOf(store: Store, kind: RecordKind, id: string): Promise<Record<string, unknown> | undefined> {
  const tables = {
    user: store.users,
    session: store.sessions,
    booking: store.bookings,
    review: store.reviews,
    note: store.notes,
    material: store.materials,
    notification: store.notifications,
  }
  return tables[kind].get(id) as Promise<Record<string, unknown> | undefined>
}

const nowSeconds = (deps: ApiDeps) => Math.floor(deps.now().getTime() / 1000)

/** The caller behind a bearer token, or null when the token proves nothing this route reads. */
export async function resolvePrincipal(
  deps: ApiDeps,
  token: string,
  kinds: readonly ('app' | 'id')[],
): Promise<Principal | null> {
  if (kinds.includes('app')) {
    const claims = await verifyJwt(await deps.store.meta.tokenSecret(), APP_TOKEN, token, nowSeconds(deps))
    if (claims) {
      // The record is read now, not trusted from the token, so a deleted
      // user's token stops working; and a token of an older credential
      // generation (issued before a takeover, a role change or a sign-out of
      // every device), or of none, is no token at all.
      const user = await deps.store.users.get(claims.sub)
      const generation = user ? credentialGeneration(user) : null
      return user && user.email === claims.email && claims.gen === generation
        ? { email: user.email, role: user.role, via: 'app', userId: user._id, generation, identity: null }
        : null
    }
  }
  if (kinds.includes('id')) {
    const identity = await deps.identity.verify(token)
    if (identity) return { email: identity.email, role: null, via: 'id', userId: null, generation: null, identity }
  }
  return null
}

/** "rating: Too big: expected number to be <=5": the first problems, each naming its field. */
function describeIssues(error: z.ZodError, fallbackField: string): string {
  const flat: z.core.$ZodIssue[] = []
  for (const issue of error.issues) {
    if (issue.code === 'invalid_union' && issue.errors.length > 0) {
      // Report the branch that came closest to matching.
      const best = [...issue.errors].sort((a, b) => a.length - b.length)[0]!
      flat.push(...best.map((i) => ({ ...i, path: [...issue.path, ...i.path] })))
    } else flat.push(issue)
  }
  return flat
    .slice(0, 3)
    .map((issue) => {
      const field = issue.path.map(String).join('.') || fallbackField
      return issue.message.includes(field) ? issue.message : `${field}: ${issue.message}`
    })
    .join('; ')
}

function parse<T extends z.ZodType | undefined>(schema: T, value: unknown, what: string) {
  if (!schema) return {}
  const result = schema.safeParse(value)
  if (!result.success) throw badRequest(describeIssues(result.error, what))
  return lowercaseEmails(result.data)
}

/** Emails are stored and compared lowercase. */
function lowercaseEmails(data: unknown): unknown {
  if (!data || typeof data !== 'object' || data instanceof Blob) return data
  const out: Record<string, unknown> = { ...(data as Record<string, unknown>) }
  for (const [key, value] of Object.entries(out)) {
    if (/email$/i.test(key) && typeof value === 'string') out[key] = value.trim().toLowerCase()
  }
  return out
}

/** The raw body, refused with 413 past its cap: from its Content-Length, or as soon as the bytes read pass it. */
async function readBytes(request: Request, cap: number): Promise<Uint8Array<ArrayBuffer>> {
  const refuse = () => tooLarge(`The request body is larger than ${cap} bytes.`)
  const declared = Number(request.headers.get('Content-Length') ?? '0')
  if (declared > cap) throw refuse()
  if (!request.body) return new Uint8Array(0)
  const chunks: Uint8Array[] = []
  let length = 0
  const reader = request.body.getReader()
  for (;;) {
    const { done, value } = await reader.read()
    if (done) break
    length += value.byteLength
    if (length > cap) {
      await reader.cancel().catch(() => undefined)
      throw refuse()
    }
    chunks.push(value)
  }
  const bytes = new Uint8Array(length)
  let at = 0
  for (const chunk of chunks) {
    bytes.set(chunk, at)
    at += chunk.byteLength
  }
  return bytes
}

async function decodeBody(bytes: Uint8Array<ArrayBuffer>, contentType: string, multipart: boolean): Promise<unknown> {
  if (multipart) {
    try {
      const form = await new Response(bytes, { headers: { 'Content-Type': contentType } }).formData()
      const out: Record<string, unknown> = {}
      for (const [key, value] of form) out[key] = value
      return out
    } catch {
      // Node's parser builds its Files with the global File, which vitest's
      // jsdom replaces; the small parser serves that case.
      const parsed = parseMultipart(bytes, contentType)
      if (!parsed) throw badRequest('body: expected multipart form data')
      return parsed
    }
  }
  const text = new TextDecoder().decode(bytes)
  if (!text.trim()) return {}
  try {
    return JSON.parse(text) as unknown
  } catch {
    throw badRequest('body: expected valid JSON')
  }
}

/** The path of the first string (or uploaded file's name) in `value` that holds a NUL character. */
function fieldWithNul(value: unknown, path: string): string | null {
  if (typeof value === 'string') return value.includes('\0') ? path : null
  if (value instanceof Blob) {
    const name = (value as Blob & { name?: unknown }).name
    return typeof name === 'string' && name.includes('\0') ? `${path}.name` : null
  }
  if (value && typeof value === 'object') {
    for (const [key, inner] of Object.entries(value)) {
      const found = fieldWithNul(
        inner,
        path === 'params' || path === 'query' || path === 'body' ? key : `${path}.${key}`,
      )
      if (found) return found
    }
  }
  return null
}

/** The first value of each path parameter: routers differ in whether a parameter may repeat. */
export function firstValues(params: Record<string, unknown>): Record<string, string> {
  const out: Record<string, string> = {}
  for (const [key, value] of Object.entries(params)) {
    const first = Array.isArray(value) ? value[0] : value
    if (typeof first === 'string') out[key] = first
  }
  return out
}

/** Answers one request for one route: every step above, every failure as JSON `{message}`. */
export async function handleRoute<N extends RouteName>(
  name: N,
  impl: RouteImpl<N>,
  request: Request,
  rawParams: Record<string, unknown>,
  deps: ApiDeps,
): Promise<Response> {
  try {
    return await handle(name, impl, request, rawParams, deps)
  } catch (error) {
    return errorResponse(error, deps.reportError)
  }
}

async function handle<N extends RouteName>(
  name: N,
  impl: RouteImpl<N>,
  request: Request,
  rawParams: Record<string, unknown>,
  deps: ApiDeps,
): Promise<Response> {
  const def = routes[name]
  const permission: Permission = permissions[name]
  const url = new URL(request.url)
  const schemas: EndpointSchemas = endpoints[name]
  const multipart = 'multipart' in def
  const readBody = async () => {
    if (!schemas.body) return { bytes: new Uint8Array(0), rawBody: {} as unknown }
    const bytes = await readBytes(request, multipart ? deps.maxFileBytes + 64 * 1024 : MAX_JSON_BODY_BYTES)
    return { bytes, rawBody: await decodeBody(bytes, request.headers.get('Content-Type') ?? '', multipart) }
  }
  // POST /jwt may carry the provider's proof in its body instead of the bearer
  // header: only there is the body (256 KiB at most) read before the caller is known.
  const early = permission.proofField ? await readBody() : null
  const proof =
    permission.proofField && early?.rawBody && typeof early.rawBody === 'object'
      ? (early.rawBody as Record<string, unknown>)[permission.proofField]
      : undefined
  const token = typeof proof === 'string' && proof ? proof : bearerToken(request)
  const principal = token ? await resolvePrincipal(deps, token, permission.credentials ?? ['app']) : null
  const noCredential = () => (token ? invalidToken() : unauthorized())
  if (!principal && !hasAnonymousGrant(permission)) throw noCredential()
  if (principal && !mayBeAllowed(permission, principal)) throw forbidden()
  const key = request.headers.get(IDEMPOTENCY_HEADER)
  if (def.method !== 'GET' && key !== null && !IDEMPOTENCY_KEY_PATTERN.test(key)) {
    throw badRequest(`${IDEMPOTENCY_HEADER} must be 1-128 letters, digits, dots, underscores, colons or hyphens.`)
  }
  const { bytes, rawBody } = early ?? (await readBody())

  // `deps` of a keyed write are those of its transaction (./idempotency.ts).
  const run = async (deps: ApiDeps): Promise<Response> => {
    const { store } = deps
    // No text the API keeps or looks up may hold a NUL: PostgreSQL's text cannot.
    const nul =
      fieldWithNul(firstValues(rawParams), 'params') ??
      fieldWithNul(Object.fromEntries(url.searchParams), 'query') ??
      fieldWithNul(rawBody, 'body')
    if (nul) throw badRequest(`${nul}: must not contain a NUL character`)
    const params = parse(schemas.params, firstValues(rawParams), 'params') as Record<string, unknown>
    const query = parse(schemas.query, Object.fromEntries(url.searchParams), 'query') as Record<string, unknown>
    const body = (schemas.body ? parse(schemas.body, rawBody, 'body') : {}) as Record<string, unknown>

    let record: Record<string, unknown> | null = null
    if (permission.record) {
      const { kind, from, field } = permission.record
      const id = (from === 'params' ? params : body)[field]
      record = typeof id === 'string' ? ((await recordOf(store, kind, id)) ?? null) : null
      if (!record) throw notFound(NOT_FOUND[kind])
    }

    const allowed = await isAllowed(permission, {
      principal,
      params,
      query,
      body,
      record,
      hasApprovedBooking: async () => {
        if (!principal || !record) return false
        // A material is read through its session's booking.
        const sessionId = permission.record?.kind === 'material' ? record.sessionId : record._id
        const booking = await store.bookings.of(principal.email, String(sessionId))
        return booking?.status === 'approved'
      },
    })
    // Where only an ID token is proof (POST /jwt), the wrong proof is no proof: 401.
    const proofOnly = permission.credentials?.every((c) => c === 'id') ?? false
    if (!allowed) throw principal && !proofOnly ? forbidden() : noCredential()

    const answer = await impl({
      deps,
      store,
      request,
      url,
      params,
      query,
      body,
      principal,
      record,
    } as RouteContext<N>)
    if (answer.contentType === undefined) return json(answer.body, answer.status ?? 200, answer.headers)
    return new Response(String(answer.body), {
      status: answer.status ?? 200,
      headers: { 'Content-Type': answer.contentType, 'Cache-Control': 'no-store', ...answer.headers },
    })
  }

  if (def.method === 'GET' || !key) return run(deps)
  const subject = principal ? `${principal.via}:${principal.email}` : 'anonymous'
  return idempotent(deps, { subject, method: def.method, path: url.pathname, key, body: bytes }, (keyed) =>
    run(keyed).catch((error: unknown) => errorResponse(error, deps.reportError)),
  )
}
