// The handlers of the delivery queue for a server's settings: email through
// SMTP_URL when it is set, Web Push with the VAPID keys when they are. Used by
// the server's start (../main.ts) and the conformance suite's API target.
import type { Config } from '../config'
import type { Database } from '../db/open-database'
import type { Logger } from '../logger'
import { createPushSender } from '../push/push-sender'
import { emailDelivery } from './deliver-email'
import { pushDelivery } from './deliver-push'
import type { DeliveryQueue } from './delivery-queue'
import { createSmtpMailer } from './smtp-mailer'

export interface DeliveryWorkers {
  /** Ends what the handlers hold open (the SMTP transport). */
  close(): void
}

/** Starts working the queue's deliveries with the handlers the settings allow. */
export async function workDeliveries(
  queue: DeliveryQueue,
  database: Database,
  settings: Pick<Config, 'mail' | 'vapid' | 'pushHosts'>,
  context: {
    /** Where links in mail go: the app's screens and the API. */
    origins: { appOrigin: string; apiOrigin: string }
    logger: Pick<Logger, 'warn'>
    now?: () => Date
  },
): Promise<DeliveryWorkers> {
  const now = context.now ?? (() => new Date())
  const mailer = settings.mail && createSmtpMailer(settings.mail)
  const common = { store: database.store, ledger: database.deliveries, now }
  await queue.work({
    ...(mailer
      ? { email: emailDelivery({ ...common, mailer, origins: context.origins, logger: context.logger }) }
      : {}),
    ...(settings.vapid
      ? {
          push: pushDelivery({
            ...common,
            sender: createPushSender(database.store, settings.vapid, context.logger, { hosts: settings.pushHosts }),
          }),
        }
      : {}),
  })
  return { close: () => mailer?.close() }
}
