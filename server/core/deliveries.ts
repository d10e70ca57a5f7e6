// Which deliveries an event's notifications get, once for both servers. Each
// store calls plannedDeliveries inside the transaction that writes the
// notifications, with the recipients' preferences read in that transaction,
// and writes the rows it answers (and, on the API server, a queue job for
// each) there too: a committed change is always told, on every channel its
// recipient chose, and a change that rolled back is told nowhere.
import type { NotificationChannel } from '#contract/entities'
import { resolvePreferences } from './notification-preferences'
import type { DeliveryRow, NotificationRow, PreferencesRow } from './store'

export interface DeliveryContext {
  /** The recipients' stored preferences (absent: the defaults). */
  preferences: ReadonlyMap<string, PreferencesRow>
  /** Recipients with at least one push subscription: push goes nowhere without one. */
  pushRecipients: ReadonlySet<string>
  /** Whether this server sends mail at all (the API server: SMTP_URL is set). */
  mailEnabled: boolean
}

export function plannedDeliveries(rows: readonly NotificationRow[], context: DeliveryContext): DeliveryRow[] {
  const planned: DeliveryRow[] = []
  for (const row of rows) {
    const { channels } = resolvePreferences(context.preferences.get(row.recipientEmail))
    const choice = channels[row.kind]
    const on: NotificationChannel[] = []
    if (choice.push && context.pushRecipients.has(row.recipientEmail)) on.push('push')
    if (choice.email && context.mailEnabled) on.push('email')
    for (const channel of on) {
      planned.push({
        notificationId: row._id,
        channel,
        recipientEmail: row.recipientEmail,
        state: 'queued',
        createdAt: row.createdAt,
        attempts: 0,
        doneAt: null,
        lastError: null,
      })
    }
  }
  return planned
}

/** The job name of each channel's queue on the API server (pg-boss), and the demo server's worker. */
export const DELIVERY_QUEUES: Record<NotificationChannel, string> = { push: 'deliver-push', email: 'deliver-email' }

/** A delivery's unique key: one per event, recipient and channel (a notification has one recipient). */
export const deliveryKey = (row: Pick<DeliveryRow, 'notificationId' | 'channel'>): string =>
  `${row.notificationId}:${row.channel}`
