// Accounts: lookups by id, email and provider uid, role and identity changes,
// the admin list, and deleting a user with everything their email reaches
// (the foreign keys cascade it; the bucket's objects go after the commit).
import { and, eq, ilike, inArray, isNull, ne, or, sql } from 'drizzle-orm'
import type { AnyPgColumn, AnyPgTable } from 'drizzle-orm/pg-core'
import type { Store, UserRow } from '#core/store'
import { bookings, files, materials, notes, reviews, sessions, users } from '../schema'
import { bucketFileIds, type RemoveObjects } from './files'
import { listed } from './paging'
import { guarded } from './pg-errors'
import { columnsOf, present, type PgDb } from './shared'

// An unverified binding reads as the field absent, as the demo store keeps it.
const toUser = ({ emailVerified, ...row }: typeof users.$inferSelect): UserRow =>
  present(emailVerified ? { ...row, emailVerified } : row)

export function usersStore(db: PgDb, removeObjects: RemoveObjects): Store['users'] {
  return {
    async get(id) {
      const [row] = await db.select().from(users).where(eq(users._id, id))
      return row && toUser(row)
    },
    async byEmail(email) {
      const [row] = await db.select().from(users).where(eq(users.email, email))
      return row && toUser(row)
    },
    async byUid(uid) {
      const [row] = await db.select().from(users).where(eq(users.uid, uid))
      return row && toUser(row)
    },
    async insert(row) {
      await guarded(() =>
        db.insert(users).values({ ...row, uid: row.uid ?? null, emailVerified: row.emailVerified ?? false }),
      )
    },
    async adminEmails() {
      const rows = await db.select({ email: users.email }).from(users).where(eq(users.role, 'admin'))
      return rows.map((r) => r.email)
    },
    async update(id, patch) {
      const set = columnsOf(patch, ['name', 'photo', 'last_log_in'])
      if (Object.keys(set).length === 0) return
      await guarded(() => db.update(users).set(set).where(eq(users._id, id)))
    },
    async setRole(id, role) {
      const changed = await guarded(() =>
        db
          .update(users)
          .set({ role })
          .where(and(eq(users._id, id), ne(users.role, 'admin'), ne(users.role, role)))
          .returning({ id: users._id }),
      )
      return changed.length > 0
    },
    async bindVerified(id, uid, expected) {
      const changed = await guarded(() =>
        db
          .update(users)
          .set({ uid, emailVerified: true })
          .where(
            and(
              eq(users._id, id),
              expected === null ? isNull(users.uid) : eq(users.uid, expected),
              eq(users.emailVerified, false),
            ),
          )
          .returning({ id: users._id }),
      )
      return changed.length > 0
    },
    list(search, paging) {
      const needle = search?.trim()
      // LIKE's wildcards in the search box are literal characters.
      const pattern = needle ? `%${needle.replace(/[\\%_]/g, (c) => `\\${c}`)}%` : undefined
      const where = pattern ? or(ilike(users.name, pattern), ilike(users.email, pattern)) : undefined
      return listed(db, { table: users, time: users.created_at, id: users._id, where }, paging, toUser)
    },
    count() {
      return db.$count(users)
    },
    async owned(email) {
      // What bears their email, as the demo server counts it (rows hanging off their sessions go too).
      const count = (table: AnyPgTable, column: AnyPgColumn) =>
        sql<number>`(select count(*) from ${table} where ${column} = ${email})::int`
      const [row] = await db
        .select({
          sessions: count(sessions, sessions.tutorEmail),
          bookings: count(bookings, bookings.studentEmail),
          reviews: count(reviews, reviews.studentEmail),
          notes: count(notes, notes.email),
          materials: count(materials, materials.tutorEmail),
        })
        .from(sql`(values (1)) as one (x)`)
      return row!
    },
    async deleteWithOwned(user) {
      const fileIds = await db.transaction(async (tx) => {
        // The user first, then their sessions (the order the cascade takes them in): while these
        // are locked no session, material or file bearing them can be added, so the files read
        // below are all the delete takes.
        const [locked] = await tx
          .select({ email: users.email })
          .from(users)
          .where(eq(users._id, user._id))
          .for('update')
        if (!locked) return []
        const theirSessions = () =>
          tx.select({ id: sessions._id }).from(sessions).where(eq(sessions.tutorEmail, locked.email))
        await theirSessions().orderBy(sessions._id).for('update')
        const theirMaterials = tx
          .select({ id: materials._id })
          .from(materials)
          .where(or(eq(materials.tutorEmail, locked.email), inArray(materials.sessionId, theirSessions())))
        const held = await bucketFileIds(
          tx,
          or(inArray(files.sessionId, theirSessions()), inArray(files.materialId, theirMaterials)),
        )
        // The foreign keys cascade from users.email to everything bearing it, and from sessions onwards.
        await tx.delete(users).where(eq(users._id, user._id))
        return held
      })
      await removeObjects(fileIds)
    },
  }
}
