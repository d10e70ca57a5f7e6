// One email delivery's try (the `deliver-email` queue): the notification's
// mail, written from what is true now (#core/mail/mail-context.ts: the
// recipient's zone, the booking and its session as they are now), to the SMTP
// server. A delivery is sent at most once: a try starts only while it is
// queued, and it is marked sent right after the SMTP server accepted the mail,
// on that row only while it is still queued. The one gap: a process that
// ends between the server's accept and the mark leaves the delivery queued,
// and the next try sends the mail again, with the same Message-ID, so mail
// clients can tell it for the copy it is (docs/decisions/0080-mail-and-jobs.md).
// A failed try keeps its error and is tried again later (the handler throws);
// the last one, or a refusal for good, gives the delivery up.
import { loadMailContext } from '#core/mail/mail-context'
import { renderNotificationMail } from '#core/mail/render-mail'
import type { Store } from '#core/store'
import type { DeliveryLedger } from '../db/pg-store/deliveries'
import type { Logger } from '../logger'
import type { DeliveryHandler } from './delivery-queue'
import { MailRefused, type Mailer } from './smtp-mailer'

export interface EmailDeliveryDeps {
  store: Store
  ledger: DeliveryLedger
  mailer: Mailer
  /** Where the mail's links go: the app's screens, and the API (the one-click unsubscribe). */
  origins: { appOrigin: string; apiOrigin: string }
  now: () => Date
  logger: Pick<Logger, 'warn'>
}

export function emailDelivery(deps: EmailDeliveryDeps): DeliveryHandler {
  const { store, ledger, mailer, logger } = deps
  return async (key, attempt) => {
    const notification = await store.notifications.get(key.notificationId)
    // Gone with its user (a deleted account), or given up meanwhile: nothing to send.
    if (!notification || !(await ledger.startAttempt(key, attempt.claim))) return
    const now = deps.now()
    const context = await loadMailContext(store, notification, deps.origins, now)
    if (!context) {
      await ledger.markFailed(key, 'The recipient has no account any more.', now.toISOString())
      return
    }
    try {
      await mailer.send({ to: notification.recipientEmail, mail: renderNotificationMail(context) }, attempt.signal)
    } catch (error) {
      const message = error instanceof Error ? error.message : String(error)
      logger.warn('mail not sent', { notification: key.notificationId, last: attempt.last, error: message })
      if (error instanceof MailRefused || attempt.last) {
        await ledger.markFailed(key, message, deps.now().toISOString())
        // Refused for good: no later try, and the job ends as done.
        if (error instanceof MailRefused) return
      } else await ledger.recordError(key, message)
      throw error
    }
    await ledger.markSent(key, deps.now().toISOString())
  }
}
