// Values the server keeps for itself rather than for users: the database's
// half of the token secret, made once and then shared by every process on the
// database. The secret itself is that value combined with a key kept outside
// the database (../token-key.ts), so a backup of the database alone cannot
// sign a token.
//
// Once read, the value is kept in memory for that database: it is never
// changed once made, and every signed-in request checks its token against it,
// so reading it each time was one more query for each of them, which under
// load on the embedded database waited its turn like any other
// (docs/performance.md). Only emptying the database
// (truncateAll, in tests) removes it, and that forgets the kept copy.
import { randomBytes } from 'node:crypto'
import { eq } from 'drizzle-orm'
import type { Store } from '#core/store'
import { meta } from '../schema'
import { tokenSecretOf } from '../token-key'
import type { PgDb } from './shared'

// The name it had when the value was the whole secret: an upgraded database keeps its value, and its secret changes.
const TOKEN_SECRET_KEY = 'token-secret'

/** The value read from each database, by its drizzle object. */
const keptValues = new WeakMap<PgDb, string>()

/** Forgets the value kept for `db`: its tables were emptied, so the next read makes a new one. */
export function forgetTokenSecret(db: PgDb): void {
  keptValues.delete(db)
}

async function databaseValue(db: PgDb): Promise<string> {
  const kept = keptValues.get(db)
  if (kept) return kept
  const read = async () =>
    (await db.select({ value: meta.value }).from(meta).where(eq(meta.key, TOKEN_SECRET_KEY)))[0]?.value
  const existing = await read()
  if (existing) {
    keptValues.set(db, existing)
    return existing
  }
  // Of processes racing to make it, the first insert wins and every one reads that.
  await db
    .insert(meta)
    .values({ key: TOKEN_SECRET_KEY, value: randomBytes(32).toString('base64url') })
    .onConflictDoNothing({ target: meta.key })
  const value = await read()
  if (!value) throw new Error('The token secret could not be stored.')
  keptValues.set(db, value)
  return value
}

/** `key`: the half kept outside the database. */
export function metaStore(db: PgDb, key: string): Store['meta'] {
  let derived: { from: string; secret: string } | undefined
  return {
    async tokenSecret() {
      const value = await databaseValue(db)
      if (derived?.from !== value) derived = { from: value, secret: tokenSecretOf(key, value) }
      return derived.secret
    },
  }
}
