// Each user's inbox, preferences and push subscriptions in the demo database.
// An event's notifications and their deliveries are written inside the
// transaction of the change they report (writeNotices, from the store's writes
// and the seat ledger); a reminder's `onceKey` is a unique index, so a second
// one for a booking and lead is not written.
import Dexie from 'dexie'
import { plannedDeliveries } from '#core/deliveries'
import type { NotificationRow, Store } from '#core/store'
import type { DemoDb, DemoNotificationRow } from './demo-db'
import { whileGeneration } from './dexie-credentials'

/** A notification as the port has it, without the demo's index key. */
function portNotification({ onceKey: _key, ...row }: DemoNotificationRow): NotificationRow {
  return { ...row, readAt: row.readAt ?? null }
}

const ofRecipient = (db: DemoDb, email: string) =>
  db.notifications.where('[recipientEmail+createdAt]').between([email, Dexie.minKey], [email, Dexie.maxKey])

/**
 * The deliveries of notifications about to be written, planned with their
 * recipients' preferences as they are now. There is no push service in a
 * demo (it answers no push key, so the app saves no subscription): its one
 * way to push is the device it runs on, so the user signed in there counts as
 * subscribed, and the service worker shows their notifications itself. The
 * demo server always "mails", into its mailbox. Call inside the transaction
 * that writes the rows (which must include db.noticeTables).
 */
async function writeDeliveries(db: DemoDb, rows: readonly NotificationRow[]): Promise<void> {
  const recipients = [...new Set(rows.map((row) => row.recipientEmail))]
  const [preferences, device] = await Promise.all([db.preferences.bulkGet(recipients), db.meta.get('deviceUser')])
  const planned = plannedDeliveries(rows, {
    preferences: new Map(preferences.flatMap((row) => (row ? [[row.email, row] as const] : []))),
    pushRecipients: new Set(typeof device?.value === 'string' ? [device.value] : []),
    mailEnabled: true,
  })
  if (planned.length > 0) await db.deliveries.bulkAdd(planned)
}

/** Adds an event's notifications and their deliveries; call inside the change's transaction (over db.noticeTables). */
export async function writeNotices(db: DemoDb, rows: readonly NotificationRow[] | undefined): Promise<void> {
  if (!rows || rows.length === 0) return
  await db.notifications.bulkAdd([...rows])
  await writeDeliveries(db, rows)
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
      // One transaction each: a refused row (its reminder is there) must not undo the others.
      for (const row of rows) {
        try {
          await db.transaction('rw', db.noticeTables, async () => {
            await db.notifications.add(row)
            await writeDeliveries(db, [row])
          })
          written.push(row)
        } catch (error) {
          if (!isConstraintError(error)) throw error
        }
      }
      return written
    },
  }
}

/** IndexedDB's unique-index refusal, as Dexie reports it (itself, or inside a failed transaction). */
const isConstraintError = (error: unknown) =>
  (error as { name?: string }).name === 'ConstraintError' ||
  (error as { inner?: { name?: string } }).inner?.name === 'ConstraintError'

export function dexiePreferences(db: DemoDb): Store['preferences'] {
  return {
    get: (email) => db.preferences.get(email),
    ofUsers: async (emails) => {
      const rows = await db.preferences.bulkGet([...emails])
      return new Map(rows.flatMap((row) => (row ? [[row.email, row] as const] : [])))
    },
    save: async (row) => {
      await db.preferences.put(row)
    },
  }
}

export function dexieDeliveries(db: DemoDb): Store['deliveries'] {
  return {
    ofNotifications: async (ids) => {
      const rows =
        ids.length === 0
          ? []
          : await db.deliveries
              .where('notificationId')
              .anyOf([...ids])
              .toArray()
      const byNotification = new Map<string, typeof rows>()
      for (const row of rows)
        byNotification.set(row.notificationId, [...(byNotification.get(row.notificationId) ?? []), row])
      return byNotification
    },
    mailSince: async (since) => {
      const done = await db.deliveries
        .where('doneAt')
        .aboveOrEqual(since)
        .filter((row) => row.channel === 'email')
        .toArray()
      const failed = done.filter((row) => row.state === 'failed').sort((a, b) => (a.doneAt! < b.doneAt! ? 1 : -1))
      return {
        sent: done.filter((row) => row.state === 'sent').length,
        failed: failed.length,
        lastError: failed[0]?.lastError ?? null,
        lastErrorAt: failed[0]?.doneAt ?? null,
      }
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
