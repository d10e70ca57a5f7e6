// One push delivery (the `deliver-push` queue): the notification to every
// browser its recipient subscribed, once (../push/push-sender.ts). The sends
// are not tried again: a browser that missed a push has the notification in
// its inbox, and a second round would push again to those that had it. So a
// delivery is sent when any browser took it, and failed when none did. Only
// a failure before any send (the database away) has the job tried again.
import type { Store } from '#core/store'
import type { DeliveryLedger } from '../db/pg-store/deliveries'
import type { PushSender } from '../push/push-sender'
import type { DeliveryHandler } from './delivery-queue'

export function pushDelivery(deps: {
  store: Store
  ledger: DeliveryLedger
  sender: PushSender
  now: () => Date
}): DeliveryHandler {
  const { store, ledger, sender } = deps
  return async (key, attempt) => {
    const notification = await store.notifications.get(key.notificationId)
    if (!notification || !(await ledger.startAttempt(key, attempt.claim))) return
    const outcome = await sender.deliver([notification])
    const at = deps.now().toISOString()
    if (outcome.sent > 0) await ledger.markSent(key, at)
    else await ledger.markFailed(key, outcome.lastError ?? 'No browser is subscribed any more.', at)
  }
}
