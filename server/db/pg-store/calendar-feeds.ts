// Students' calendar feed tokens: one per student (its key), each unique, made
// only while the student's credential generation is the one their token names.
import { eq } from 'drizzle-orm'
import type { Store } from '#core/store'
import { calendarFeeds } from '../schema'
import type { PgDb } from './shared'
import { whileGeneration } from './users'

export function calendarFeedsStore(db: PgDb): Store['calendarFeeds'] {
  return {
    async tokenOf(email) {
      const [row] = await db.select().from(calendarFeeds).where(eq(calendarFeeds.studentEmail, email))
      return row?.token
    },
    async emailOf(token) {
      const [row] = await db.select().from(calendarFeeds).where(eq(calendarFeeds.token, token))
      return row?.studentEmail
    },
    replace(email, token, createdAt, generation) {
      return whileGeneration(db, email, generation, (tx) =>
        tx
          .insert(calendarFeeds)
          .values({ studentEmail: email, token, createdAt })
          .onConflictDoUpdate({ target: calendarFeeds.studentEmail, set: { token, createdAt } }),
      )
    },
    async remove(email) {
      const gone = await db
        .delete(calendarFeeds)
        .where(eq(calendarFeeds.studentEmail, email))
        .returning({ email: calendarFeeds.studentEmail })
      return gone.length > 0
    },
  }
}
