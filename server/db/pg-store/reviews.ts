// Students' reviews of sessions: one per student and session (the database's
// unique key), and the rating sums the session answers are built from.
import { and, desc, eq, sql } from 'drizzle-orm'
import type { ReviewRow, Store } from '#core/store'
import { reviews } from '../schema'
import { listed } from './paging'
import { guarded } from './pg-errors'
import { inList, present, type PgDb } from './shared'

const toReview = (row: typeof reviews.$inferSelect): ReviewRow => present(row)

export function reviewsStore(db: PgDb): Store['reviews'] {
  const reviewOrder = [desc(reviews.createdAt), desc(reviews._id)]
  return {
    async get(id) {
      const [row] = await db.select().from(reviews).where(eq(reviews._id, id))
      return row && toReview(row)
    },
    async of(studentEmail, sessionId) {
      const [row] = await db
        .select()
        .from(reviews)
        .where(and(eq(reviews.sessionId, sessionId), eq(reviews.studentEmail, studentEmail)))
      return row && toReview(row)
    },
    async ofSession(sessionId) {
      const rows = await db
        .select()
        .from(reviews)
        .where(eq(reviews.sessionId, sessionId))
        .orderBy(...reviewOrder)
      return rows.map(toReview)
    },
    async ratings(sessionIds) {
      if (sessionIds.length === 0) return new Map()
      const rows = await db
        .select({
          sessionId: reviews.sessionId,
          // A missing rating counts as 0: it adds nothing to the sum but one to the count.
          sum: sql<number>`coalesce(sum(${reviews.rating}), 0)::float8`,
          count: sql<number>`count(*)::int`,
        })
        .from(reviews)
        .where(inList(reviews.sessionId, sessionIds))
        .groupBy(reviews.sessionId)
      return new Map(rows.map((r) => [r.sessionId, { sum: Number(r.sum), count: Number(r.count) }]))
    },
    list(paging) {
      return listed(db, { table: reviews, time: reviews.createdAt, id: reviews._id }, paging, toReview)
    },
    async insert(row) {
      const { studentEmail } = row
      // Answers may hide the reviewer; a stored review always names them.
      if (!studentEmail) throw new Error('A review is stored with its studentEmail.')
      await guarded(() => db.insert(reviews).values({ ...row, studentEmail, rating: row.rating ?? null }))
    },
    async delete(id) {
      const gone = await db.delete(reviews).where(eq(reviews._id, id)).returning({ id: reviews._id })
      return gone.length > 0
    },
    countOfStudent(email) {
      return db.$count(reviews, eq(reviews.studentEmail, email))
    },
  }
}
