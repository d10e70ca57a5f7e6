// Values the server keeps for itself rather than for users: the token secret,
// made once and then shared by every process on the database.
import { randomBytes } from 'node:crypto'
import { eq } from 'drizzle-orm'
import type { Store } from '#core/store'
import { meta } from '../schema'
import type { PgDb } from './shared'

const TOKEN_SECRET_KEY = 'token-secret'

export function metaStore(db: PgDb): Store['meta'] {
  return {
    async tokenSecret() {
      const read = async () =>
        (await db.select({ value: meta.value }).from(meta).where(eq(meta.key, TOKEN_SECRET_KEY)))[0]?.value
      const existing = await read()
      if (existing) return existing
      // Of processes racing to make it, the first insert wins and every one reads that.
      await db
        .insert(meta)
        .values({ key: TOKEN_SECRET_KEY, value: randomBytes(32).toString('base64url') })
        .onConflictDoNothing({ target: meta.key })
      const secret = await read()
      if (!secret) throw new Error('The token secret could not be stored.')
      return secret
    },
  }
}
