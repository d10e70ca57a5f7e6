// Each user's inbox and the devices that receive it as Web Push. The rows an
// event writes come with the change they report (insertNotices, called inside
// that change's transaction); a reminder's uniqueness is a partial unique
// index, so INSERT ... ON CONFLICT DO NOTHING writes it once whichever process
// gets there first.
import { and, desc, eq, isNull, ne, notInArray, sql } from 'drizzle-orm'
import type { NotificationRow, Store } from '#core/store'
import { notifications, pushSubscriptions } from '../schema'
import { listed } from './paging'
import { guarded } from './pg-errors'
import { inList, present, type PgDb } from './shared'
import { whileGeneration } from './users'

const toNotification = (row: typeof notifications.$inferSelect): NotificationRow =>
  ({ ...present(row), readAt: row.readAt }) as NotificationRow

/** Writes an event's notifications on `db`, which is the transaction of the change they report. */
export async function insertNotices(db: PgDb, rows: readonly NotificationRow[] | undefined): Promise<void> {
  if (rows && rows.length > 0) await db.insert(notifications).values([...rows])
}

/** Runs `write` and, when it answers true, the notices, in one transaction (or `write` alone when there are none). */
export async function withNotices(
  db: PgDb,
  rows: readonly NotificationRow[] | undefined,
  write: (db: PgDb) => Promise<boolean>,
): Promise<boolean> {
  if (!rows || rows.length === 0) return write(db)
  return guarded(() =>
    db.transaction(async (tx) => {
      if (!(await write(tx))) return false
      await insertNotices(tx, rows)
      return true
    }),
  )
}

export function notificationsStore(db: PgDb): Store['notifications'] {
  return {
    async get(id) {
      const [row] = await db.select().from(notifications).where(eq(notifications._id, id))
      return row && toNotification(row)
    },
    ofRecipient(email, paging) {
      const mine = eq(notifications.recipientEmail, email)
      const list = { table: notifications, time: notifications.createdAt, id: notifications._id, where: mine }
      return listed(db, list, paging, toNotification)
    },
    unread(email) {
      return db.$count(notifications, and(eq(notifications.recipientEmail, email), isNull(notifications.readAt)))
    },
    async markRead(id, at) {
      const [row] = await db
        .update(notifications)
        // A second mark keeps the first time.
        .set({ readAt: sql`coalesce(${notifications.readAt}, ${at}::timestamptz)` })
        .where(eq(notifications._id, id))
        .returning({ id: notifications._id })
      return row !== undefined
    },
    async markAllRead(email, at) {
      const rows = await db
        .update(notifications)
        .set({ readAt: at })
        .where(and(eq(notifications.recipientEmail, email), isNull(notifications.readAt)))
        .returning({ id: notifications._id })
      return rows.length
    },
    async insertOnce(rows) {
      if (rows.length === 0) return []
      const written = await guarded(() =>
        db
          .insert(notifications)
          .values([...rows])
          .onConflictDoNothing()
          .returning({ id: notifications._id }),
      )
      const ids = new Set(written.map((r) => r.id))
      return rows.filter((row) => ids.has(row._id))
    },
  }
}

export function pushSubscriptionsStore(db: PgDb): Store['pushSubscriptions'] {
  return {
    save(row, generation, max) {
      return whileGeneration(db, row.email, generation, async (tx) => {
        await tx
          .insert(pushSubscriptions)
          .values(row)
          .onConflictDoUpdate({
            target: pushSubscriptions.endpoint,
            set: { email: row.email, p256dh: row.p256dh, auth: row.auth, createdAt: row.createdAt },
          })
        const others = and(eq(pushSubscriptions.email, row.email), ne(pushSubscriptions.endpoint, row.endpoint))
        const newest = tx
          .select({ endpoint: pushSubscriptions.endpoint })
          .from(pushSubscriptions)
          .where(others)
          .orderBy(desc(pushSubscriptions.createdAt), desc(pushSubscriptions.endpoint))
          .limit(max - 1)
        await tx.delete(pushSubscriptions).where(and(others, notInArray(pushSubscriptions.endpoint, newest)))
      })
    },
    async remove(endpoint, email) {
      const gone = await db
        .delete(pushSubscriptions)
        .where(and(eq(pushSubscriptions.endpoint, endpoint), email ? eq(pushSubscriptions.email, email) : undefined))
        .returning({ endpoint: pushSubscriptions.endpoint })
      return gone.length > 0
    },
    async ofUsers(emails) {
      if (emails.length === 0) return []
      return db.select().from(pushSubscriptions).where(inList(pushSubscriptions.email, emails))
    },
  }
}
