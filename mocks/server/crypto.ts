// The demo identity provider's cryptography, through WebCrypto (present in
// the service worker and in Node alike): its ID tokens (HS256, signed with the
// install's own secret, so a token minted by one install means nothing to
// another) and salted PBKDF2 password hashes.
import { fromBase64Url, signJwt, toBase64Url, verifyJwt, type TokenClaims, type TokenKind } from '#core/jwt'
import { getPasswordIterations } from '../config'
import type { DemoDb } from '../db/demo-db'
import { storeOf } from '../db/store-of'

const encoder = new TextEncoder()

/** The demo provider's ID tokens: their own issuer and audience, never accepted as app tokens. */
const ID_TOKEN: TokenKind = { iss: 'studyhub-demo-idp', aud: 'studyhub-demo-app' }
const ID_TOKEN_TTL_SECONDS = 7 * 24 * 60 * 60

const nowSeconds = () => Math.floor(Date.now() / 1000)

export async function signIdToken(db: DemoDb, subject: { sub: string; email: string }): Promise<string> {
  return signJwt(await storeOf(db).meta.tokenSecret(), ID_TOKEN, subject, ID_TOKEN_TTL_SECONDS, nowSeconds())
}

export async function verifyIdToken(db: DemoDb, token: string): Promise<TokenClaims | null> {
  return verifyJwt(await storeOf(db).meta.tokenSecret(), ID_TOKEN, token, nowSeconds())
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

/** A one-time code for a mailed link: 32 random bytes, base64url. */
export function newCode(): string {
  return toBase64Url(crypto.getRandomValues(new Uint8Array(32)))
}

/** How a code is kept: its SHA-256, so the table alone opens nothing. */
export async function codeHash(code: string): Promise<string> {
  return toBase64Url(new Uint8Array(await crypto.subtle.digest('SHA-256', encoder.encode(code))))
}
