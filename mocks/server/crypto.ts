// Signing and hashing for the demo server, all through WebCrypto (present in
// the service worker and in Node alike). The HMAC secret is per install: it is
// generated on first start and kept in the demo database's meta table, so a
// token minted by one install means nothing to another.
import { getPasswordIterations } from '../config'
import type { DemoDb } from '../db/demo-db'

const encoder = new TextEncoder()

function toBase64Url(bytes: Uint8Array): string {
  let binary = ''
  for (const b of bytes) binary += String.fromCharCode(b)
  return btoa(binary).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '')
}

function fromBase64Url(text: string): Uint8Array<ArrayBuffer> {
  const base64 = text.replace(/-/g, '+').replace(/_/g, '/') + '='.repeat((4 - (text.length % 4)) % 4)
  const binary = atob(base64)
  const out = new Uint8Array(binary.length)
  for (let i = 0; i < binary.length; i++) out[i] = binary.charCodeAt(i)
  return out
}

function hex(bytes: Uint8Array): string {
  return Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('')
}

/** A record id: 96 random bits in hex, shaped like a MongoDB ObjectId. */
export function newId(): string {
  return hex(crypto.getRandomValues(new Uint8Array(12)))
}

/** A file id: 128 random bits; knowing it is the capability to read the file. */
export function newFileId(): string {
  return hex(crypto.getRandomValues(new Uint8Array(16)))
}

const keys = new WeakMap<DemoDb, Promise<CryptoKey>>()

async function loadSecret(db: DemoDb): Promise<CryptoKey> {
  let raw = (await db.meta.get('secret'))?.value as string | undefined
  if (!raw) {
    const fresh = toBase64Url(crypto.getRandomValues(new Uint8Array(32)))
    // Two first requests may race: the first write wins, both read it back.
    await db.transaction('rw', db.meta, async () => {
      if (!(await db.meta.get('secret'))) await db.meta.put({ key: 'secret', value: fresh })
    })
    raw = (await db.meta.get('secret'))!.value as string
  }
  return crypto.subtle.importKey('raw', fromBase64Url(raw), { name: 'HMAC', hash: 'SHA-256' }, false, [
    'sign',
    'verify',
  ])
}

function signingKey(db: DemoDb): Promise<CryptoKey> {
  let key = keys.get(db)
  if (!key) {
    key = loadSecret(db)
    key.catch(() => keys.delete(db))
    keys.set(db, key)
  }
  return key
}

/** Two token kinds, never interchangeable: the issuer and audience differ. */
export const TOKEN_KINDS = {
  app: { iss: 'studyhub-demo-server', aud: 'studyhub-api', ttlSeconds: 24 * 60 * 60 },
  id: { iss: 'studyhub-demo-idp', aud: 'studyhub-demo-app', ttlSeconds: 7 * 24 * 60 * 60 },
} as const
export type TokenKind = keyof typeof TOKEN_KINDS

export interface TokenClaims {
  iss: string
  aud: string
  sub: string
  email: string
  iat: number
  exp: number
}

export async function signToken(
  db: DemoDb,
  kind: TokenKind,
  subject: { sub: string; email: string },
  nowSeconds = Math.floor(Date.now() / 1000),
): Promise<string> {
  const { iss, aud, ttlSeconds } = TOKEN_KINDS[kind]
  const claims: TokenClaims = { iss, aud, ...subject, iat: nowSeconds, exp: nowSeconds + ttlSeconds }
  const head = toBase64Url(encoder.encode(JSON.stringify({ alg: 'HS256', typ: 'JWT' })))
  const body = toBase64Url(encoder.encode(JSON.stringify(claims)))
  const signature = await crypto.subtle.sign('HMAC', await signingKey(db), encoder.encode(`${head}.${body}`))
  return `${head}.${body}.${toBase64Url(new Uint8Array(signature))}`
}

/** The claims of a valid, unexpired token of this kind; null for anything else. */
export async function verifyToken(db: DemoDb, kind: TokenKind, token: string): Promise<TokenClaims | null> {
  const parts = token.split('.')
  if (parts.length !== 3) return null
  const [head, body, signature] = parts as [string, string, string]
  try {
    const header = JSON.parse(new TextDecoder().decode(fromBase64Url(head))) as { alg?: string }
    if (header.alg !== 'HS256') return null
    const ok = await crypto.subtle.verify(
      'HMAC',
      await signingKey(db),
      fromBase64Url(signature),
      encoder.encode(`${head}.${body}`),
    )
    if (!ok) return null
    const claims = JSON.parse(new TextDecoder().decode(fromBase64Url(body))) as TokenClaims
    const { iss, aud } = TOKEN_KINDS[kind]
    if (claims.iss !== iss || claims.aud !== aud) return null
    if (typeof claims.exp !== 'number' || claims.exp <= Math.floor(Date.now() / 1000)) return null
    if (typeof claims.email !== 'string' || typeof claims.sub !== 'string') return null
    return claims
  } catch {
    return null
  }
}

export interface PasswordHash {
  passwordHash: string
  salt: string
  iterations: number
}

async function pbkdf2(password: string, salt: Uint8Array<ArrayBuffer>, iterations: number): Promise<Uint8Array> {
  const key = await crypto.subtle.importKey('raw', encoder.encode(password), 'PBKDF2', false, ['deriveBits'])
  const bits = await crypto.subtle.deriveBits({ name: 'PBKDF2', hash: 'SHA-256', salt, iterations }, key, 256)
  return new Uint8Array(bits)
}

export async function hashPassword(password: string): Promise<PasswordHash> {
  const salt = crypto.getRandomValues(new Uint8Array(16))
  const iterations = getPasswordIterations()
  return { passwordHash: toBase64Url(await pbkdf2(password, salt, iterations)), salt: toBase64Url(salt), iterations }
}

export async function checkPassword(password: string, stored: PasswordHash): Promise<boolean> {
  const actual = toBase64Url(await pbkdf2(password, fromBase64Url(stored.salt), stored.iterations))
  // Same length by construction; compare every character anyway.
  let diff = actual.length ^ stored.passwordHash.length
  for (let i = 0; i < actual.length; i++) diff |= actual.charCodeAt(i) ^ stored.passwordHash.charCodeAt(i)
  return diff === 0
}
