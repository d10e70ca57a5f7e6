// The demo server as the service worker hosts it
// (docs/decisions/0002-demo-server-in-the-service-worker.md).
// Resolved through the `#demo-server` alias only in a demo build. The data is
// seeded on the first request (once, even when several arrive together; see
// ./server/ready.ts), and every answer waits a realistic latency.
//
// There is no push service in a demo: the user signed in on this device counts
// as subscribed, and the delivery worker (./demo-delivery-worker.ts) hands
// their push deliveries to this worker, which shows them itself. The reminders
// of classes starting soon are written at the worker's first request (app
// start). Other users' notifications stay in their inboxes (and mailboxes).
import { getResponse } from 'msw'
import { crossSiteRefusal } from '#core/cross-site-guard'
import { errorResponse } from '#core/http-errors'
import type { NotificationRow } from '#core/store'
import { setLatency, WORKER_LATENCY_MS } from './config'
import { demoDb } from './db/demo-db'
import { pushWith } from './demo-delivery-worker'
import { handlers, remindAtStart } from './handlers'
import { ensureDemoData } from './server/ready'

// The service worker's global, as far as this module needs it (mocks/ compiles with the DOM's types too).
declare const self: {
  registration: ServiceWorkerRegistration
  clients: { matchAll(options: { type: 'window' }): Promise<readonly { postMessage(message: unknown): void }[]> }
}

setLatency(WORKER_LATENCY_MS)

/** Who is signed in on this device (the app says so); kept in the demo database, as the worker may be stopped. */
let deviceUser: Promise<string | null> | undefined
const readDeviceUser = () =>
  (deviceUser ??= demoDb()
    .meta.get('deviceUser')
    .then((row) => (typeof row?.value === 'string' ? row.value : null)))

/** A push delivery, shown as a system notification: null when shown, else why not. */
async function showOnThisDevice(n: NotificationRow): Promise<string | null> {
  if (n.recipientEmail !== (await readDeviceUser())) return 'Its recipient is no longer signed in on this device.'
  if (typeof Notification === 'undefined' || Notification.permission !== 'granted')
    return 'This device does not allow notifications.'
  await self.registration.showNotification(n.title, { body: n.body, tag: n._id, data: { url: n.link } })
  // The open app looks at its inbox again (the bell's count).
  for (const client of await self.clients.matchAll({ type: 'window' })) client.postMessage({ type: 'NOTIFIED' })
  return null
}

pushWith(showOnThisDevice)

let reminded: Promise<unknown> | undefined

export const demoServer = {
  async handle(request: Request): Promise<Response | undefined> {
    // The handlers' guard judges again, but only the request the browser
    // handed the worker is sure to still say it is a page navigation (a form
    // another site posted is one).
    const refusal = crossSiteRefusal(request)
    if (refusal) return errorResponse(refusal)
    await ensureDemoData()
    reminded ??= remindAtStart().catch((error: unknown) => console.warn('Reminders failed', error))
    return getResponse(handlers, request, { quiet: true })
  },
  /** The app tells the worker who signed in (null: signed out); only their notifications are shown. */
  async setDeviceUser(email: string | null): Promise<void> {
    deviceUser = Promise.resolve(email)
    await demoDb().meta.put({ key: 'deviceUser', value: email })
  },
}
