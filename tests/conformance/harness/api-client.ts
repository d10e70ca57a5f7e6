// fetch against a target's REST API, JSON in and out, signed in as anyone:
// `await api.call('GET', '/sessions', { as: email })`. Signing in is what the
// app does: the provider's ID token → POST /jwt {email} → the app token, which
// is kept until the next reset (a reset makes every token stale).
import { CLIENT_HEADER, CLIENT_HEADER_VALUE } from '#contract/routes'
import type { Target } from './target'

export interface CallOptions {
  /** Sign in as this user and send their app token. */
  as?: string
  /** Or send this bearer token (an ID token, a tampered token, ...). */
  token?: string
  /** JSON-encoded unless it is FormData, bytes or a string (sent as is). */
  body?: unknown
  idempotencyKey?: string
  headers?: Record<string, string>
  /** Leave out the app's same-origin signal (CLIENT_HEADER), as a form on another site would. */
  withoutAppHeader?: boolean
}

interface CallResult<T = unknown> {
  status: number
  data: T
  headers: Headers
}

export interface Api {
  target: Target
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  call<T = any>(method: string, path: string, options?: CallOptions): Promise<CallResult<T>>
  /** The app token of `email`, signing in once per reset. */
  signIn(email: string): Promise<string>
  /** Forgets a cached app token (after the user was deleted, or their role changed, say). */
  forget(email: string): void
  /** Signs in to the provider and the API afresh, as after being signed out of every device: the new app token. */
  signInAgain(email: string): Promise<string>
  /** Resets the target and forgets every token and everything in `memo`. */
  reset(): Promise<void>
  /** What a test helper read once and may keep until the next reset (no API call changes a name). */
  memo: Map<string, unknown>
  /** An absolute URL for a path the API answered (a material's fileUrl). */
  absolute(path: string): string
  /** GET of a path the API answered (a material's fileUrl), as `as` or anonymously. */
  file(path: string, as?: string): Promise<Response>
}

export function createApi(target: Target): Api {
  const tokens = new Map<string, Promise<string>>()
  const memo = new Map<string, unknown>()

  async function call<T>(method: string, path: string, options: CallOptions = {}): Promise<CallResult<T>> {
    const headers: Record<string, string> = options.withoutAppHeader
      ? { ...options.headers }
      : { [CLIENT_HEADER]: CLIENT_HEADER_VALUE, ...options.headers }
    if (options.as) headers.Authorization = `Bearer ${await signIn(options.as)}`
    if (options.token !== undefined) headers.Authorization = `Bearer ${options.token}`
    if (options.idempotencyKey) headers['Idempotency-Key'] = options.idempotencyKey
    let body: BodyInit | undefined
    const raw = options.body
    if (raw instanceof FormData || typeof raw === 'string' || raw instanceof Uint8Array) {
      body = raw as BodyInit
    } else if (raw !== undefined) {
      headers['Content-Type'] ??= 'application/json'
      body = JSON.stringify(raw)
    }
    const response = await fetch(`${target.baseUrl}${path}`, { method, headers, body })
    const isJson = (response.headers.get('Content-Type') ?? '').includes('json')
    const data = (isJson ? await response.json() : await response.text()) as T
    return { status: response.status, data, headers: response.headers }
  }

  async function issue(email: string): Promise<string> {
    const idToken = await target.idTokenFor(email)
    const res = await call<{ token?: string; message?: string }>('POST', '/jwt', { token: idToken, body: { email } })
    if (res.status !== 200 || !res.data.token) {
      throw new Error(
        `Sign-in of ${email} on ${target.name} failed: POST /jwt → ${res.status} ${JSON.stringify(res.data)}`,
      )
    }
    return res.data.token
  }

  function signIn(email: string): Promise<string> {
    const key = email.toLowerCase()
    let token = tokens.get(key)
    if (!token) {
      token = issue(key)
      tokens.set(key, token)
      // A failed sign-in is not remembered: the next call tries again.
      token.catch(() => tokens.delete(key))
    }
    return token
  }

  return {
    target,
    call,
    signIn,
    forget: (email) => void tokens.delete(email.toLowerCase()),
    async signInAgain(email) {
      tokens.delete(email.toLowerCase())
      await target.signInAgain(email)
      return signIn(email)
    },
    memo,
    async reset() {
      tokens.clear()
      memo.clear()
      await target.reset()
    },
    absolute: (path) => new URL(path, target.origin).toString(),
    async file(path, as) {
      const headers: Record<string, string> = as ? { Authorization: `Bearer ${await signIn(as)}` } : {}
      return fetch(new URL(path, target.origin), { headers })
    },
  }
}
