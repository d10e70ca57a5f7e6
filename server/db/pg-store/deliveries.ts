// Notifications' deliveries by push and email over PostgreSQL. The rows are
// written with their notifications, in the change's transaction
// (writeDeliveries, called by ./notifications.ts): the recipients'
// preferences and push subscriptions are read there, plannedDeliveries
// (#core/deliveries) says which channels each notification goes on, the rows
// go in (the primary key keeps one per notification and channel), and each
// new row's queue job is written through the same transaction, so a change
// that commits is told and one that rolls back is told nowhere
// (docs/decisions/0080-mail-and-jobs.md). The queue's workers move a row on
// (deliveryLedger): each try counted, marked sent once, or failed.
import { and, asc, count, desc, eq, isNotNull, sql } from 'drizzle-orm'
import { NOTIFICATION_CHANNELS, type NotificationChannel } from '#contract/entities'
import { plannedDeliveries } from '#core/deliveries'
import type { DeliveryRow, NotificationRow, Store } from '#core/store'
import { deliveries, pushSubscriptions } from '../schema'
import { translateError } from './pg-errors'
import { preferencesOf } from './preferences'
import { inList, type PgDb } from './shared'

/** Writes the queue jobs of new delivery rows, on `tx`: the transaction that wrote the rows. */
export interface DeliveryJobs {
  write(tx: PgDb, rows: readonly DeliveryRow[]): Promise<void>
}

/** What the store knows of the host's sending: which channels it sends on, and where their jobs go. */
export interface DeliverySettings {
  /** SMTP_URL is set: email deliveries are planned. */
  mailEnabled: boolean
  /** VAPID keys are set: push deliveries are planned for recipients with a subscription. */
  pushEnabled: boolean
  /** Without it (tests of the store) the rows are written and no job is. */
  jobs?: DeliveryJobs
}

/** A store that sends nothing: no delivery is planned. */
export const NO_DELIVERIES: DeliverySettings = { mailEnabled: false, pushEnabled: false }

/** One delivery: its notification and channel. */
export interface DeliveryKey {
  notificationId: string
  channel: NotificationChannel
}

const channelOrder = (channel: NotificationChannel) => NOTIFICATION_CHANNELS.indexOf(channel)

/** A row as the port has it: the try under way is the queue's own bookkeeping. */
const toDelivery = ({ claimedBy: _claim, ...row }: typeof deliveries.$inferSelect): DeliveryRow => row

const byKey = ({ notificationId, channel }: DeliveryKey) =>
  and(eq(deliveries.notificationId, notificationId), eq(deliveries.channel, channel))

/**
 * The deliveries of notifications just written on `tx` (the transaction of
 * the change they report), and their jobs. Nothing is read when the host
 * sends on no channel, and no preference when only push is on and no
 * recipient has a subscription.
 */
export async function writeDeliveries(
  tx: PgDb,
  settings: DeliverySettings,
  written: readonly NotificationRow[],
): Promise<void> {
  if (written.length === 0 || (!settings.mailEnabled && !settings.pushEnabled)) return
  const recipients = [...new Set(written.map((row) => row.recipientEmail))]
  const pushRecipients = new Set<string>()
  if (settings.pushEnabled) {
    const subscribed = await tx
      .selectDistinct({ email: pushSubscriptions.email })
      .from(pushSubscriptions)
      .where(inList(pushSubscriptions.email, recipients))
    for (const { email } of subscribed) pushRecipients.add(email)
  }
  if (!settings.mailEnabled && pushRecipients.size === 0) return
  const planned = plannedDeliveries(written, {
    preferences: await preferencesOf(tx, recipients),
    pushRecipients,
    mailEnabled: settings.mailEnabled,
  })
  if (planned.length === 0) return
  const inserted = await tx
    .insert(deliveries)
    .values(planned)
    .onConflictDoNothing()
    .returning({ notificationId: deliveries.notificationId, channel: deliveries.channel })
  const isNew = new Set(inserted.map((key) => `${key.notificationId} ${key.channel}`))
  const fresh = planned.filter((row) => isNew.has(`${row.notificationId} ${row.channel}`))
  if (fresh.length > 0) await settings.jobs?.write(tx, fresh)
}

export function deliveriesStore(db: PgDb): Store['deliveries'] {
  return {
    async ofNotifications(ids) {
      const found = new Map<string, DeliveryRow[]>()
      if (ids.length === 0) return found
      const rows = await db.select().from(deliveries).where(inList(deliveries.notificationId, ids))
      rows.sort((a, b) => channelOrder(a.channel) - channelOrder(b.channel))
      for (const row of rows) {
        const list = found.get(row.notificationId) ?? []
        list.push(toDelivery(row))
        found.set(row.notificationId, list)
      }
      return found
    },
    async mailSince(since) {
      const done = and(eq(deliveries.channel, 'email'), sql`${deliveries.doneAt} >= ${since}::timestamptz`)
      const [counts] = await db
        .select({
          sent: sql<number>`(count(*) filter (where ${deliveries.state} = 'sent'))::int`,
          failed: sql<number>`(count(*) filter (where ${deliveries.state} = 'failed'))::int`,
        })
        .from(deliveries)
        .where(done)
      const [last] = await db
        .select({ lastError: deliveries.lastError, lastErrorAt: deliveries.doneAt })
        .from(deliveries)
        .where(and(done, eq(deliveries.state, 'failed'), isNotNull(deliveries.lastError)))
        .orderBy(desc(deliveries.doneAt))
        .limit(1)
      return {
        sent: counts?.sent ?? 0,
        failed: counts?.failed ?? 0,
        lastError: last?.lastError ?? null,
        lastErrorAt: last?.lastErrorAt ?? null,
      }
    },
  }
}

/** How the queue's workers move a delivery on. Every change is on a queued row only: a done one stays as it is. */
export interface DeliveryLedger {
  get(key: DeliveryKey): Promise<DeliveryRow | undefined>
  /**
   * Counts a try about to be made by `claim` (who makes it: ../../jobs/delivery-queue.ts); the
   * row as it then is, or undefined when it is no longer queued.
   */
  startAttempt(key: DeliveryKey, claim: string): Promise<DeliveryRow | undefined>
  /** Marks it sent; false when it was not queued (sent or given up on already). */
  markSent(key: DeliveryKey, at: string): Promise<boolean>
  /** Keeps a failed try's error while it waits for the next. */
  recordError(key: DeliveryKey, error: string): Promise<void>
  /** Gives it up, with the last try's error. */
  markFailed(key: DeliveryKey, error: string, at: string): Promise<boolean>
  /** The deliveries still to send, oldest first (at most `limit`), with the try under way if any. */
  queued(limit: number): Promise<(DeliveryKey & { claimedBy: string | null })[]>
  /** Forgets the try under way when it is still `claim`'s; false when another has started since. */
  releaseClaim(key: DeliveryKey, claim: string): Promise<boolean>
  /** How many are still to send (tests wait for none). */
  queuedCount(): Promise<number>
}

/** Error messages are kept short: a whole SMTP transcript is no use on a dashboard. */
const MAX_ERROR_LENGTH = 500
const shortened = (error: string) =>
  error.length > MAX_ERROR_LENGTH ? `${error.slice(0, MAX_ERROR_LENGTH - 1)}…` : error

export function deliveryLedger(db: PgDb): DeliveryLedger {
  const queuedOne = (key: DeliveryKey) => and(byKey(key), eq(deliveries.state, 'queued'))
  const ledger: DeliveryLedger = {
    async get(key) {
      const [row] = await db.select().from(deliveries).where(byKey(key))
      return row && toDelivery(row)
    },
    async startAttempt(key, claim) {
      const [row] = await db
        .update(deliveries)
        .set({ attempts: sql`${deliveries.attempts} + 1`, claimedBy: claim })
        .where(queuedOne(key))
        .returning()
      return row && toDelivery(row)
    },
    async markSent(key, at) {
      const changed = await db
        .update(deliveries)
        .set({ state: 'sent', doneAt: at })
        .where(queuedOne(key))
        .returning({ id: deliveries.notificationId })
      return changed.length > 0
    },
    async recordError(key, error) {
      await db
        .update(deliveries)
        .set({ lastError: shortened(error) })
        .where(queuedOne(key))
    },
    async markFailed(key, error, at) {
      const changed = await db
        .update(deliveries)
        .set({ state: 'failed', doneAt: at, lastError: shortened(error) })
        .where(queuedOne(key))
        .returning({ id: deliveries.notificationId })
      return changed.length > 0
    },
    async releaseClaim(key, claim) {
      const released = await db
        .update(deliveries)
        .set({ claimedBy: null })
        .where(and(queuedOne(key), eq(deliveries.claimedBy, claim)))
        .returning({ id: deliveries.notificationId })
      return released.length > 0
    },
    async queued(limit) {
      return db
        .select({
          notificationId: deliveries.notificationId,
          channel: deliveries.channel,
          claimedBy: deliveries.claimedBy,
        })
        .from(deliveries)
        .where(eq(deliveries.state, 'queued'))
        .orderBy(asc(deliveries.createdAt))
        .limit(limit)
    },
    async queuedCount() {
      const [row] = await db.select({ n: count() }).from(deliveries).where(eq(deliveries.state, 'queued'))
      return row?.n ?? 0
    },
  }
  // A lost connection or a broken constraint in the port's terms, as every part of the store.
  return Object.fromEntries(
    Object.entries(ledger).map(([name, method]) => [
      name,
      async (...args: unknown[]) => {
        try {
          return await (method as (...a: unknown[]) => Promise<unknown>)(...args)
        } catch (error) {
          throw translateError(error)
        }
      },
    ]),
  ) as unknown as DeliveryLedger
}
