// Values the server keeps for itself rather than for users: the token secret,
// made once and then shared by every process on the database.
//
// Once read, the secret is kept in memory for that database: it is never
// changed once made, and every signed-in request checks its token against it,
// so reading it each time was one more query for each of them, which under
// load on the embedded database waited its turn like any other
// (docs/performance.md). Only emptying the database
// (truncateAll, in tests) removes it, and that forgets the kept copy.
import { randomBytes } from 'node:crypto'
import { eq } from 'drizzle-orm'
import type { Store } from '#core/store'
import { meta } from '../schema'
import type { PgDb } from './shared'

const TOKEN_SECRET_KEY = 'token-secret'

/** The secret read from each database, by its drizzle object. */
const keptSecrets = new WeakMap<PgDb, string>()

/** Forgets the secret kept for `db`: its tables were emptied, so the next read makes a new one. */
export function forgetTokenSecret(db: PgDb): void {
  keptSecrets.delete(db)
}

export function metaStore(db: PgDb): Store['meta'] {
  return {
    async tokenSecret() {
      const kept = keptSecrets.get(db)
      if (kept) return kept
      const read = async () =>
        (await db.select({ value: meta.value }).from(meta).where(eq(meta.key, TOKEN_SECRET_KEY)))[0]?.value
      const existing = await read()
      if (existing) {
        keptSecrets.set(db, existing)
        return existing
      }
      // Of processes racing to make it, the first insert wins and every one reads that.
      await db
        .insert(meta)
        .values({ key: TOKEN_SECRET_KEY, value: randomBytes(32).toString('base64url') })
        .onConflictDoNothing({ target: meta.key })
      const secret = await read()
      if (!secret) throw new Error('The token secret could not be stored.')
      keptSecrets.set(db, secret)
      return secret
    },
  }
}
