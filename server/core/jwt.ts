// HS256 JSON Web Tokens over WebCrypto, for the app tokens POST /jwt issues
// (and the demo identity provider's ID tokens). Each kind of token has its own
// issuer and audience, so one kind is never accepted in place of another.

const encoder = new TextEncoder()

export function toBase64Url(bytes: Uint8Array): string {
  let binary = ''
  for (const b of bytes) binary += String.fromCharCode(b)
  return btoa(binary).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '')
}

export function fromBase64Url(text: string): Uint8Array<ArrayBuffer> {
  const base64 = text.replace(/-/g, '+').replace(/_/g, '/') + '='.repeat((4 - (text.length % 4)) % 4)
  const binary = atob(base64)
  const out = new Uint8Array(binary.length)
  for (let i = 0; i < binary.length; i++) out[i] = binary.charCodeAt(i)
  return out
}

/** A fresh random secret: 256 bits, base64url. */
export function newSecret(): string {
  return toBase64Url(crypto.getRandomValues(new Uint8Array(32)))
}

const keys = new Map<string, Promise<CryptoKey>>()

export function hmacKey(secret: string): Promise<CryptoKey> {
  let key = keys.get(secret)
  if (!key) {
    key = crypto.subtle.importKey('raw', fromBase64Url(secret), { name: 'HMAC', hash: 'SHA-256' }, false, [
      'sign',
      'verify',
    ])
    keys.set(secret, key)
  }
  return key
}

export interface TokenKind {
  iss: string
  aud: string
}

export interface TokenClaims {
  iss: string
  aud: string
  /** The subject: a user record's id (app tokens) or an identity's uid (ID tokens). */
  sub: string
  email: string
  /** App tokens: the user's credential generation when it was issued (a token of an older one is refused). */
  gen?: number
  iat: number
  exp: number
}

export async function signJwt(
  secret: string,
  kind: TokenKind,
  subject: Pick<TokenClaims, 'sub' | 'email' | 'gen'>,
  ttlSeconds: number,
  nowSeconds: number,
): Promise<string> {
  const claims: TokenClaims = { ...kind, ...subject, iat: nowSeconds, exp: nowSeconds + ttlSeconds }
  const head = toBase64Url(encoder.encode(JSON.stringify({ alg: 'HS256', typ: 'JWT' })))
  const body = toBase64Url(encoder.encode(JSON.stringify(claims)))
  const signature = await crypto.subtle.sign('HMAC', await hmacKey(secret), encoder.encode(`${head}.${body}`))
  return `${head}.${body}.${toBase64Url(new Uint8Array(signature))}`
}

/** The claims of a valid, unexpired token of this kind; null for anything else. */
export async function verifyJwt(
  secret: string,
  kind: TokenKind,
  token: string,
  nowSeconds: number,
): Promise<TokenClaims | null> {
  const parts = token.split('.')
  if (parts.length !== 3) return null
  const [head, body, signature] = parts as [string, string, string]
  try {
    const header = JSON.parse(new TextDecoder().decode(fromBase64Url(head))) as { alg?: string }
    if (header.alg !== 'HS256') return null
    const ok = await crypto.subtle.verify(
      'HMAC',
      await hmacKey(secret),
      fromBase64Url(signature),
      encoder.encode(`${head}.${body}`),
    )
    if (!ok) return null
    const claims = JSON.parse(new TextDecoder().decode(fromBase64Url(body))) as TokenClaims
    if (claims.iss !== kind.iss || claims.aud !== kind.aud) return null
    if (typeof claims.exp !== 'number' || claims.exp <= nowSeconds) return null
    if (typeof claims.email !== 'string' || typeof claims.sub !== 'string') return null
    return claims
  } catch {
    return null
  }
}

/** App tokens: what POST /jwt issues and every other call carries. */
export const APP_TOKEN: TokenKind = { iss: 'studyhub-api', aud: 'studyhub-app' }

/** Hex SHA-256 of text: an idempotent request's fingerprint. */
export async function sha256Hex(data: string | Uint8Array<ArrayBuffer>): Promise<string> {
  const bytes = typeof data === 'string' ? encoder.encode(data) : data
  const digest = new Uint8Array(await crypto.subtle.digest('SHA-256', bytes))
  return Array.from(digest, (b) => b.toString(16).padStart(2, '0')).join('')
}
