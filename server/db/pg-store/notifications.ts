// Each user's inbox and the devices that receive it as Web Push. The rows an
// event writes come with the change they report, and with their deliveries by
// push and email and those deliveries' queue jobs (Notices.insert, called
// inside that change's transaction: ./deliveries.ts); a reminder's uniqueness
// is a partial unique index, so INSERT ... ON CONFLICT DO NOTHING writes it
// once whichever process gets there first, and only the rows it wrote get
// deliveries.
import { and, desc, eq, isNull, ne, notInArray, sql } from 'drizzle-orm'
import type { NotificationRow, Store } from '#core/store'
import { bookings, notifications, pushSubscriptions, sessions } from '../schema'
import { writeDeliveries, type DeliverySettings } from './deliveries'
import { listed } from './paging'
import { guarded } from './pg-errors'
import { inList, present, type PgDb } from './shared'
import { whileGeneration } from './users'

const toNotification = (row: typeof notifications.$inferSelect): NotificationRow =>
  ({ ...present(row), readAt: row.readAt }) as NotificationRow

/** How an event's notifications are written: with their deliveries, as the host sends. */
export interface Notices {
  /** Writes them on `tx`, which is the transaction of the change they report. */
  insert(tx: PgDb, rows: readonly NotificationRow[] | undefined): Promise<void>
  /** Writes those not there already (a reminder per booking and lead) in a transaction on `db`; answers those written. */
  insertOnce(db: PgDb, rows: readonly NotificationRow[]): Promise<NotificationRow[]>
}

export function noticesFor(settings: DeliverySettings): Notices {
  return {
    async insert(tx, rows) {
      if (!rows || rows.length === 0) return
      await tx.insert(notifications).values([...rows])
      await writeDeliveries(tx, settings, rows)
    },
    async insertOnce(db, rows) {
      if (rows.length === 0) return []
      return guarded(() =>
        db.transaction(async (tx) => {
          const written = await tx
            .insert(notifications)
            .values([...rows])
            .onConflictDoNothing()
            .returning({ id: notifications._id })
          const ids = new Set(written.map((r) => r.id))
          const inserted = rows.filter((row) => ids.has(row._id))
          await writeDeliveries(tx, settings, inserted)
          return inserted
        }),
      )
    },
  }
}

/** Runs `write` and, when it answers true, the notices, in one transaction (or `write` alone when there are none). */
export async function withNotices(
  db: PgDb,
  notices: Notices,
  rows: readonly NotificationRow[] | undefined,
  write: (db: PgDb) => Promise<boolean>,
): Promise<boolean> {
  if (!rows || rows.length === 0) return write(db)
  return guarded(() =>
    db.transaction(async (tx) => {
      if (!(await write(tx))) return false
      await notices.insert(tx, rows)
      return true
    }),
  )
}

/**
 * Gives the reminders of a database from before reminder leads their lead: each
 * was the one reminder a day before its class, so a booking reminded then is
 * not reminded a day before again. Run at every start after the migrations;
 * with nothing to fill it reads the reminders' partial index and writes nothing.
 */
export async function fillReminderLeads(db: PgDb): Promise<void> {
  await db
    .update(notifications)
    .set({ reminderLead: '1d' })
    .where(and(eq(notifications.kind, 'class-reminder'), isNull(notifications.reminderLead)))
  // Reminders from before schedules were of the session's one meeting: so a booking reminded then is not reminded again.
  await db.execute(sql`
    update ${notifications} n set meeting_start = s.class_start
    from ${bookings} b join ${sessions} s on s.id = b.session_id
    where n.kind = 'class-reminder' and n.meeting_start is null and n.booking_id = b.id`)
}

export function notificationsStore(db: PgDb, notices: Notices): Store['notifications'] {
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
    insertOnce: (rows) => notices.insertOnce(db, rows),
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
