// Tutors' sessions: compare-and-set status changes, the admin counts, and
// deleting sessions with all that hangs off them (bookings, reviews,
// materials and files go by cascade; the bucket's objects after the commit).
import { and, desc, eq, inArray, or, sql } from 'drizzle-orm'
import type { SessionRow, Store } from '#core/store'
import { files, materials, sessions } from '../schema'
import { bucketFileIds, type RemoveObjects } from './files'
import { listed } from './paging'
import { withNotices } from './notifications'
import { guarded } from './pg-errors'
import { columnsOf, inList, type PgDb } from './shared'

/** A session as the port has it: no seats is no key, as in the other store. */
export function toSession({ seats, ...row }: typeof sessions.$inferSelect): SessionRow {
  return (seats === null ? row : { ...row, seats }) as SessionRow
}

const SESSION_PATCH_KEYS = [
  'title',
  'subject',
  'description',
  'registrationStart',
  'registrationEnd',
  'classStart',
  'classEnd',
  'duration',
  'registrationFee',
  'tutorName',
  'tutorEmail',
  'status',
  'createdAt',
  'seats',
] as const satisfies readonly (keyof SessionRow)[]

/** The columns a patch sets; a key present with no value (seats lifted) becomes NULL. */
export function sessionSet(patch: Partial<Omit<SessionRow, '_id'>>) {
  const set: Partial<typeof sessions.$inferInsert> = columnsOf<SessionRow>(patch, SESSION_PATCH_KEYS)
  if ('seats' in patch && patch.seats === undefined) set.seats = null
  return set
}

export function sessionsStore(db: PgDb, removeObjects: RemoveObjects): Store['sessions'] {
  const sessionOrder = [desc(sessions.createdAt), desc(sessions._id)]
  return {
    async get(id) {
      const [row] = await db.select().from(sessions).where(eq(sessions._id, id))
      return row && toSession(row)
    },
    async getMany(ids) {
      if (ids.length === 0) return new Map()
      const rows = await db.select().from(sessions).where(inList(sessions._id, ids))
      return new Map(rows.map((row) => [row._id, toSession(row)]))
    },
    list(filter, paging) {
      const where = and(
        filter.status ? eq(sessions.status, filter.status) : undefined,
        filter.tutorEmail ? eq(sessions.tutorEmail, filter.tutorEmail) : undefined,
      )
      return listed(db, { table: sessions, time: sessions.createdAt, id: sessions._id, where }, paging, toSession)
    },
    async insert(row, notices) {
      await withNotices(db, notices, async (tx) => {
        await guarded(() => tx.insert(sessions).values(row))
        return true
      })
    },
    update(id, patch, expected, notices) {
      const set = sessionSet(patch)
      return withNotices(db, notices, async (tx) => {
        const changed = await guarded(() =>
          tx
            .update(sessions)
            // An empty patch still answers whether the row has the expected status.
            .set(Object.keys(set).length > 0 ? set : { status: expected })
            .where(and(eq(sessions._id, id), eq(sessions.status, expected)))
            .returning({ id: sessions._id }),
        )
        return changed.length > 0
      })
    },
    async deleteWithOwned(ids) {
      if (ids.length === 0) return
      const fileIds = await db.transaction(async (tx) => {
        // Locked, no material or file can be added to these sessions before the delete.
        await tx
          .select({ id: sessions._id })
          .from(sessions)
          .where(inList(sessions._id, ids))
          .orderBy(sessions._id)
          .for('update')
        const theirMaterials = tx.select({ id: materials._id }).from(materials).where(inList(materials.sessionId, ids))
        const held = await bucketFileIds(
          tx,
          or(inList(files.sessionId, ids), inArray(files.materialId, theirMaterials)),
        )
        // Bookings, reviews, materials and files go by ON DELETE CASCADE, in this one statement.
        await tx.delete(sessions).where(inList(sessions._id, ids))
        return held
      })
      await removeObjects(fileIds)
    },
    async counts() {
      const [row] = await db
        .select({
          total: sql<number>`count(*)::int`,
          pending: sql<number>`(count(*) filter (where ${sessions.status} = 'pending'))::int`,
          approved: sql<number>`(count(*) filter (where ${sessions.status} = 'approved'))::int`,
          rejected: sql<number>`(count(*) filter (where ${sessions.status} = 'rejected'))::int`,
        })
        .from(sessions)
      return row!
    },
    async idsOfTutor(email) {
      const rows = await db
        .select({ id: sessions._id })
        .from(sessions)
        .where(eq(sessions.tutorEmail, email))
        .orderBy(...sessionOrder)
      return rows.map((r) => r.id)
    },
  }
}
