// Each user's inbox and push subscriptions in the demo database. An event's
// notifications are written inside the transaction of the change they report
// (writeNotices, from the store's writes and the seat ledger); a reminder's
// `onceKey` is a unique index, so a second one for a booking is not written.
import Dexie from 'dexie'
import type { NotificationRow, Store } from '#core/store'
import type { DemoDb, DemoNotificationRow } from './demo-db'
import { whileGeneration } from './dexie-credentials'

/** A notification as the port has it, without the demo's index key. */
function portNotification({ onceKey: _key, ...row }: DemoNotificationRow): NotificationRow {
  return { ...row, readAt: row.readAt ?? null }
}

const ofRecipient = (db: DemoDb, email: string) =>
  db.notifications.where('[recipientEmail+createdAt]').between([email, Dexie.minKey], [email, Dexie.maxKey])

/** Adds an event's notifications; call inside the change's transaction (which must include db.notifications). */
export async function writeNotices(db: DemoDb, rows: readonly NotificationRow[] | undefined): Promise<void> {
  if (rows && rows.length > 0) await db.notifications.bulkAdd([...rows])
}

export function dexieNotifications(db: DemoDb): Store['notifications'] {
  return {
    get: async (id) => {
      const row = await db.notifications.get(id)
      return row && portNotification(row)
    },
    ofRecipient: (email, paging) =>
      db.transaction('r', db.notifications, async () => {
        const all = (await ofRecipient(db, email).toArray()).map(portNotification)
        // Newest first, ties by id, as PostgreSQL orders them.
        all.sort((a, b) =>
          a.createdAt === b.createdAt ? (a._id < b._id ? 1 : -1) : a.createdAt < b.createdAt ? 1 : -1,
        )
        if (!paging) return { rows: all }
        const from = (Math.max(1, paging.page) - 1) * paging.limit
        return { rows: all.slice(from, from + paging.limit), total: all.length }
      }),
    unread: (email) =>
      ofRecipient(db, email)
        .filter((n) => !n.readAt)
        .count(),
    markRead: (id, at) =>
      db.transaction('rw', db.notifications, async () => {
        const row = await db.notifications.get(id)
        if (!row) return false
        if (!row.readAt) await db.notifications.update(id, { readAt: at })
        return true
      }),
    markAllRead: (email, at) =>
      ofRecipient(db, email)
        .filter((n) => !n.readAt)
        .modify({ readAt: at }),
    insertOnce: async (rows) => {
      const written: NotificationRow[] = []
      // One at a time: a refused row (its reminder is there) must not undo the others.
      for (const row of rows) {
        try {
          await db.notifications.add(row)
          written.push(row)
        } catch (error) {
          if ((error as { name?: string }).name !== 'ConstraintError') throw error
        }
      }
      return written
    },
  }
}

export function dexiePushSubscriptions(db: DemoDb): Store['pushSubscriptions'] {
  return {
    save: (row, generation, max) =>
      whileGeneration(db, row.email, generation, db.pushSubscriptions, async () => {
        await db.pushSubscriptions.put(row)
        const others = await db.pushSubscriptions
          .where('email')
          .equals(row.email)
          .filter((s) => s.endpoint !== row.endpoint)
          .toArray()
        // Newest first, as the other store orders them: createdAt, then endpoint.
        others.sort((a, b) => b.createdAt.localeCompare(a.createdAt) || (a.endpoint < b.endpoint ? 1 : -1))
        await db.pushSubscriptions.bulkDelete(others.slice(Math.max(0, max - 1)).map((s) => s.endpoint))
      }),
    remove: (endpoint, email) =>
      db.transaction('rw', db.pushSubscriptions, async () => {
        const row = await db.pushSubscriptions.get(endpoint)
        if (!row || (email !== undefined && row.email !== email)) return false
        await db.pushSubscriptions.delete(endpoint)
        return true
      }),
    ofUsers: async (emails) =>
      emails.length === 0
        ? []
        : db.pushSubscriptions
            .where('email')
            .anyOf([...emails])
            .toArray(),
  }
}
