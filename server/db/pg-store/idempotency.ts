// Idempotency keys: the claim a request takes before it runs and the answer it
// leaves, so a retried write is answered once and never applied twice. The
// core claims, runs and answers in one transaction (Store.transaction): a
// claim of a key whose first run has not committed waits for that run's
// transaction at the key's row, for at most its lock_timeout (CLAIM_WAIT_MS,
// set by the transaction).
import { and, eq, lt } from 'drizzle-orm'
import { KeyStillRunning, type IdempotencyRow, type Store } from '#core/store'
import { idempotencyKeys } from '../schema'
import { lockNotAvailable } from './pg-errors'
import { present, type PgDb } from './shared'

function toIdempotency(row: typeof idempotencyKeys.$inferSelect): IdempotencyRow {
  return present(row) as IdempotencyRow
}

export function idempotencyStore(db: PgDb): Store['idempotency'] {
  const idempotency: Store['idempotency'] = {
    async claim(row) {
      // Another request may release its claim between our insert and our read: then claim again.
      for (let attempt = 0; attempt < 5; attempt++) {
        const claimed = await db
          .insert(idempotencyKeys)
          .values({ id: row.id, requestHash: row.requestHash, state: 'running', createdAt: row.createdAt })
          .onConflictDoNothing({ target: idempotencyKeys.id })
          .returning({ id: idempotencyKeys.id })
          .catch((error: unknown) => {
            throw lockNotAvailable(error) ? new KeyStillRunning(row.id) : error
          })
        if (claimed.length > 0) return null
        const existing = await idempotency.get(row.id)
        if (existing) return existing
      }
      throw new Error(`Idempotency key keeps changing hands: ${row.id}`)
    },
    async get(id) {
      const [row] = await db.select().from(idempotencyKeys).where(eq(idempotencyKeys.id, id))
      return row && toIdempotency(row)
    },
    async complete(id, answer) {
      await db
        .update(idempotencyKeys)
        .set({ state: 'done', status: answer.status, body: answer.body, headers: answer.headers })
        .where(eq(idempotencyKeys.id, id))
    },
    async release(id) {
      // Only a claim still running: a stored answer stays the key's answer.
      await db.delete(idempotencyKeys).where(and(eq(idempotencyKeys.id, id), eq(idempotencyKeys.state, 'running')))
    },
    async expire(before) {
      const gone = await db
        .delete(idempotencyKeys)
        .where(lt(idempotencyKeys.createdAt, before))
        .returning({ id: idempotencyKeys.id })
      return gone.length
    },
  }
  return idempotency
}
