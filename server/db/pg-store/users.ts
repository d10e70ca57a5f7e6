// Accounts: lookups by id, email and provider uid, role and identity changes
// (each of which may move the credential generation), the admin list, and
// deleting a user with everything their email reaches (the foreign keys
// cascade it; the bucket's objects go after the commit).
import { and, eq, ilike, inArray, isNull, ne, or, sql } from 'drizzle-orm'
import type { AnyPgColumn, AnyPgTable } from 'drizzle-orm/pg-core'
import type { Store, UserRow } from '#core/store'
import {
  bookings,
  calendarFeeds,
  files,
  materials,
  notes,
  pushSubscriptions,
  reviews,
  sessions,
  users,
} from '../schema'
import { bucketFileIds, type RemoveObjects } from './files'
import { listed } from './paging'
import { guarded } from './pg-errors'
import { columnsOf, present, type PgDb } from './shared'

// An unverified binding, and the first credential generation, read as the field absent, as the demo store keeps them.
const toUser = ({ emailVerified, credentialGeneration, ...row }: typeof users.$inferSelect): UserRow =>
  present({
    ...row,
    ...(emailVerified ? { emailVerified } : {}),
    ...(credentialGeneration ? { credentialGeneration } : {}),
  })

/** The next credential generation, as an UPDATE's value. */
export const nextGeneration = sql`${users.credentialGeneration} + 1`

/**
 * Deletes what the user's old credential generation made (their calendar feed
 * and push subscriptions), on `tx`: the transaction that moved the generation,
 * which holds the user's row lock, so no feed or subscription of the old
 * generation is written meanwhile (those writes take a share lock on it first: whileGeneration below).
 */
export async function endCredentials(tx: PgDb, email: string): Promise<void> {
  await tx.delete(calendarFeeds).where(eq(calendarFeeds.studentEmail, email))
  await tx.delete(pushSubscriptions).where(eq(pushSubscriptions.email, email))
}

/**
 * Runs `write` (an UPDATE of one user that moves the generation, answering the row) and, when it changed
 * the row, ends the old generation's credentials, in one transaction.
 */
function movingGeneration(
  db: PgDb,
  write: (tx: PgDb) => Promise<(typeof users.$inferSelect)[]>,
): Promise<typeof users.$inferSelect | undefined> {
  return guarded(() =>
    db.transaction(async (tx) => {
      const [row] = await write(tx)
      if (row) await endCredentials(tx, row.email)
      return row
    }),
  )
}

/**
 * Runs `write` while the user of `email` is still at credential `generation`, holding a lock on their
 * row until the commit (a generation that moves meanwhile waits for this write, and then deletes what it
 * wrote; or this waits for the move, and then finds the generation gone); false when it has moved. Two
 * writes of one user take turns too, so a count one makes (the cap on push subscriptions) sees the other's.
 */
export function whileGeneration(
  db: PgDb,
  email: string,
  generation: number,
  write: (tx: PgDb) => Promise<unknown>,
): Promise<boolean> {
  return guarded(() =>
    db.transaction(async (tx) => {
      const [owner] = await tx
        .select({ id: users._id })
        .from(users)
        .where(and(eq(users.email, email), eq(users.credentialGeneration, generation)))
        .for('no key update')
      if (!owner) return false
      await write(tx)
      return true
    }),
  )
}

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
      const changed = await movingGeneration(db, (tx) =>
        tx
          .update(users)
          .set({ role, credentialGeneration: nextGeneration })
          .where(and(eq(users._id, id), ne(users.role, 'admin'), ne(users.role, role)))
          .returning(),
      )
      return changed !== undefined
    },
    async bindVerified(id, uid, expected) {
      const where = and(
        eq(users._id, id),
        expected === null ? isNull(users.uid) : eq(users.uid, expected),
        eq(users.emailVerified, false),
      )
      // The same identity keeps its credentials; another one ends the old binding's.
      if (uid === expected) {
        const [row] = await guarded(() => db.update(users).set({ uid, emailVerified: true }).where(where).returning())
        return row && toUser(row)
      }
      const row = await movingGeneration(db, (tx) =>
        tx
          .update(users)
          .set({ uid, emailVerified: true, credentialGeneration: nextGeneration })
          .where(where)
          .returning(),
      )
      return row && toUser(row)
    },
    async endSessions(id, at) {
      const row = await movingGeneration(db, (tx) =>
        tx
          .update(users)
          .set({ credentialGeneration: nextGeneration, signedOutAt: at })
          .where(eq(users._id, id))
          .returning(),
      )
      return row !== undefined
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
