// Every REST route runs through the same steps, so no handler can skip one:
// seed on first use → latency → read the bearer token → 401 when no grant of
// the permission table could admit the caller → Idempotency-Key replay →
// validate params/query/body with the contract's schemas (400) → load the
// addressed record (404) → the permission table's grants (401/403) → the
// route's own rules and answer.
import { http, type HttpHandler } from 'msw'
import type { z } from 'zod'
import { endpoints, type EndpointSchemas } from '../../src/contract/endpoints'
import { IDEMPOTENCY_HEADER, routes, type RouteName } from '../../src/contract/routes'
import {
  demoDb,
  type BookingRow,
  type DemoDb,
  type MaterialRow,
  type NoteRow,
  type ReviewRow,
  type SessionRow,
  type UserRow,
} from '../db/demo-db'
import {
  hasAnonymousGrant,
  isAllowed,
  permissions,
  type Permission,
  type Principal,
  type RecordKind,
} from '../permissions'
import { verifyToken } from './crypto'
import {
  bearerToken,
  badRequest,
  errorResponse,
  forbidden,
  json,
  notFound,
  simulateLatency,
  unauthorized,
} from './http'
import { idempotencyId, once } from './idempotency'
import { ensureDemoData } from './ready'

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
}
type RecordOf<N extends RouteName> = (typeof permissions)[N] extends { record: { kind: infer K extends RecordKind } }
  ? RowOf[K]
  : null

export interface RouteContext<N extends RouteName> {
  db: DemoDb
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
}

export type RouteImpl<N extends RouteName> = (ctx: RouteContext<N>) => Promise<Answer> | Answer

const NOT_FOUND: Record<RecordKind, string> = {
  user: 'User not found.',
  session: 'Session not found.',
  booking: 'Booking not found.',
  review: 'Review not found.',
  note: 'Note not found.',
  material: 'Material not found.',
}

function tableOf(db: DemoDb, kind: RecordKind) {
  return {
    user: db.users,
    session: db.sessions,
    booking: db.bookings,
    review: db.reviews,
    note: db.notes,
    material: db.materials,
  }[kind]
}

/** Wraps any demo-server handler: seed, latency, and every error as JSON `{message}`. */
export async function serve(produce: (db: DemoDb) => Promise<Response>): Promise<Response> {
  try {
    const db = demoDb()
    await ensureDemoData(db)
    await simulateLatency()
    return await produce(db)
  } catch (error) {
    return errorResponse(error)
  }
}

export async function resolvePrincipal(
  db: DemoDb,
  token: string,
  kinds: readonly ('app' | 'id')[],
): Promise<Principal | null> {
  if (kinds.includes('app')) {
    const claims = await verifyToken(db, 'app', token)
    if (claims) {
      // The role is read now, not from the token, so a role change applies at once;
      // a deleted user's token stops working.
      const user = await db.users.where('email').equals(claims.email).first()
      return user ? { email: user.email, role: user.role, via: 'app' } : null
    }
  }
  if (kinds.includes('id')) {
    const claims = await verifyToken(db, 'id', token)
    if (claims) {
      const identity = await db.identities.get(claims.sub)
      return identity && identity.email === claims.email ? { email: identity.email, role: null, via: 'id' } : null
    }
  }
  return null
}

/** "rating: Too big: expected number to be <=5": the first problems, each naming its field. */
export function describeIssues(error: z.ZodError, fallbackField: string): string {
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

async function readBody(request: Request, multipart: boolean): Promise<unknown> {
  if (multipart) {
    const type = request.headers.get('Content-Type') ?? ''
    const bytes = new Uint8Array(await request.arrayBuffer())
    try {
      const form = await new Response(bytes, { headers: { 'Content-Type': type } }).formData()
      const out: Record<string, unknown> = {}
      for (const [key, value] of form) out[key] = value
      return out
    } catch {
      // Node's parser builds its Files with the global File, which vitest's
      // jsdom replaces; the small parser below serves that case.
      const parsed = parseMultipart(bytes, type)
      if (!parsed) throw badRequest('body: expected multipart form data')
      return parsed
    }
  }
  const text = await request.text()
  if (!text.trim()) return {}
  try {
    return JSON.parse(text) as unknown
  } catch {
    throw badRequest('body: expected valid JSON')
  }
}

function parseMultipart(bytes: Uint8Array, contentType: string): Record<string, unknown> | null {
  const match = /boundary=(?:"([^"]+)"|([^;\s]+))/i.exec(contentType)
  const boundary = match?.[1] ?? match?.[2]
  if (!boundary) return null
  let latin1 = ''
  for (let i = 0; i < bytes.length; i += 0x8000) latin1 += String.fromCharCode(...bytes.subarray(i, i + 0x8000))
  const out: Record<string, unknown> = {}
  for (const raw of latin1.split(`--${boundary}`).slice(1)) {
    if (raw.startsWith('--')) break
    const part = raw.replace(/^\r\n/, '').replace(/\r\n$/, '')
    const split = part.indexOf('\r\n\r\n')
    if (split < 0) return null
    const head = part.slice(0, split)
    const content = Uint8Array.from(part.slice(split + 4), (c) => c.charCodeAt(0))
    const name = /name="([^"]*)"/i.exec(head)?.[1]
    if (!name) return null
    const filename = /filename="([^"]*)"/i.exec(head)?.[1]
    if (filename === undefined) out[name] = new TextDecoder().decode(content)
    else {
      const type = /content-type:\s*([^\r\n]+)/i.exec(head)?.[1]?.trim() ?? 'application/octet-stream'
      out[name] = Object.assign(new Blob([content], { type }), { name: filename })
    }
  }
  return out
}

function firstValues(params: Record<string, unknown>): Record<string, string> {
  const out: Record<string, string> = {}
  for (const [key, value] of Object.entries(params)) {
    const first = Array.isArray(value) ? value[0] : value
    if (typeof first === 'string') out[key] = first
  }
  return out
}

async function handle<N extends RouteName>(
  db: DemoDb,
  name: N,
  impl: RouteImpl<N>,
  request: Request,
  rawParams: Record<string, unknown>,
): Promise<Response> {
  const def = routes[name]
  const permission: Permission = permissions[name]
  const url = new URL(request.url)
  const token = bearerToken(request)
  const principal = token ? await resolvePrincipal(db, token, permission.credentials ?? ['app']) : null
  const noCredential = () => unauthorized(token ? 'Invalid or expired token.' : undefined)
  if (!principal && !hasAnonymousGrant(permission)) throw noCredential()

  const run = async (): Promise<Response> => {
    const schemas: EndpointSchemas = endpoints[name]
    const params = parse(schemas.params, firstValues(rawParams), 'params') as Record<string, unknown>
    const query = parse(schemas.query, Object.fromEntries(url.searchParams), 'query') as Record<string, unknown>
    const body = (
      schemas.body ? parse(schemas.body, await readBody(request, 'multipart' in def), 'body') : {}
    ) as Record<string, unknown>

    let record: Record<string, unknown> | null = null
    if (permission.record) {
      const { kind, from, field } = permission.record
      const id = (from === 'params' ? params : body)[field]
      record = typeof id === 'string' ? ((await tableOf(db, kind).get(id)) ?? null) : null
      if (!record) throw notFound(NOT_FOUND[kind])
    }

    const allowed = await isAllowed(permission, {
      principal,
      params,
      query,
      body,
      record,
      hasApprovedBooking: async () =>
        !!principal &&
        !!record &&
        (await db.bookings
          .where('[studentEmail+sessionId]')
          .equals([principal.email, String(record._id)])
          .filter((b) => b.status === 'approved')
          .count()) > 0,
    })
    // Where only an ID token is proof (POST /jwt), the wrong proof is no proof: 401.
    const proofOnly = permission.credentials?.every((c) => c === 'id') ?? false
    if (!allowed) throw principal && !proofOnly ? forbidden() : noCredential()

    const answer = await impl({ db, request, url, params, query, body, principal, record } as RouteContext<N>)
    return json(answer.body, answer.status ?? 200, answer.headers)
  }

  const key = request.headers.get(IDEMPOTENCY_HEADER)
  if (def.method === 'GET' || !key) return run()
  const subject = principal ? `${principal.via}:${principal.email}` : 'anonymous'
  return once(db, idempotencyId(subject, def.method, url.pathname, key), () => run().catch(errorResponse))
}

const METHOD = { GET: http.get, POST: http.post, PATCH: http.patch, DELETE: http.delete } as const

/** The msw handler of one contract route, matching `*\/api<path>` (worker and msw/node alike). */
export function route<N extends RouteName>(name: N, impl: RouteImpl<N>): HttpHandler {
  const def = routes[name]
  return METHOD[def.method](`*/api${def.path}`, ({ request, params }) =>
    serve((db) => handle(db, name, impl, request, params)),
  )
}
