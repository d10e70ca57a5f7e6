// Test helpers for anything that runs against the demo server under msw/node:
// reset the demo database to a fresh seed, and sign in as any seeded account
// without going through the identity provider (tokens are minted with the
// install's own secret, exactly as POST /jwt would).
import { APP_TOKEN, signJwt } from '#core/jwt'
import { credentialGeneration } from '#core/store'
import { CLIENT_HEADER, CLIENT_HEADER_VALUE } from '#contract/routes'
import type { SeedOptions } from '#core/seed/seed-data'
import { demoDb } from '../db/demo-db'
import { storeOf } from '../db/store-of'
import { DEMO_APP_TOKEN_TTL_SECONDS } from '../handlers'
import { resetDemoData } from '../server/ready'

/** jsdom's origin: absolute URLs for fetch in tests. */
export const API_BASE = 'http://localhost:3000/api'

/** Wipes the demo database and seeds it again (default: the normal small seed). */
export function resetDemoDb(options: SeedOptions = {}): Promise<void> {
  return resetDemoData(options)
}

/** An app token (what POST /jwt answers) for a seeded or created user. */
export async function tokenFor(email: string): Promise<string> {
  const db = demoDb()
  const user = await db.users.where('email').equals(email.toLowerCase()).first()
  if (!user) throw new Error(`No demo user ${email}: seed first (resetDemoDb) or create it.`)
  const secret = await storeOf(db).meta.tokenSecret()
  return signJwt(
    secret,
    APP_TOKEN,
    { sub: user._id, email: user.email, gen: credentialGeneration(user) },
    DEMO_APP_TOKEN_TTL_SECONDS,
    Math.floor(Date.now() / 1000),
  )
}

/** Stores the app token where the app's HTTP client reads it (`access-token`, docs/product.md#constants). */
export async function signInAs(email: string): Promise<string> {
  const token = await tokenFor(email)
  // Typed by hand: this module also type-checks under the worker's lib, which has no localStorage.
  ;(globalThis as unknown as { localStorage: { setItem(key: string, value: string): void } }).localStorage.setItem(
    'access-token',
    token,
  )
  return token
}

export interface CallOptions {
  /** Sign in as this seeded account (an app token), or send `token` as the bearer. */
  as?: string
  token?: string
  body?: unknown
  idempotencyKey?: string
  headers?: Record<string, string>
}

export interface CallResult<T = unknown> {
  status: number
  data: T
  headers: Headers
}

/**
 * fetch against the demo server with JSON in and out: `await call('GET', '/sessions', { as: email })`.
 * `data` defaults to `any` so tests can read answers without a cast at every step.
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function call<T = any>(method: string, path: string, options: CallOptions = {}): Promise<CallResult<T>> {
  // What the app's HTTP client sends: the demo server takes writes only with it.
  const headers: Record<string, string> = { [CLIENT_HEADER]: CLIENT_HEADER_VALUE, ...options.headers }
  if (options.as) headers.Authorization = `Bearer ${await tokenFor(options.as)}`
  if (options.token) headers.Authorization = `Bearer ${options.token}`
  if (options.idempotencyKey) headers['Idempotency-Key'] = options.idempotencyKey
  let body: BodyInit | undefined
  if (options.body instanceof Uint8Array) body = options.body as Uint8Array<ArrayBuffer>
  else if (options.body !== undefined) {
    headers['Content-Type'] ??= 'application/json'
    body = JSON.stringify(options.body)
  }
  const response = await fetch(`${API_BASE}${path}`, { method, headers, body })
  const isJson = (response.headers.get('Content-Type') ?? '').includes('json')
  const data = (isJson ? await response.json() : await response.text()) as T
  return { status: response.status, data, headers: response.headers }
}
