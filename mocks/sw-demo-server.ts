// The demo server as the service worker hosts it
// (docs/decisions/0002-demo-server-in-the-service-worker.md).
// Resolved through the `#demo-server` alias only in a demo build. The data is
// seeded on the first request (once, even when several arrive together; see
// ./server/ready.ts), and every answer waits a realistic latency.
//
// There is no push service in a demo: when a write commits notifications for
// the user signed in on this device, the worker shows them itself, and the
// reminders of classes starting soon are written at the worker's first
// request (app start). Other users' notifications stay in their inboxes.
import { getResponse } from 'msw'
import { crossSiteRefusal } from '#core/cross-site-guard'
import { errorResponse } from '#core/http-errors'
import type { NotificationRow } from '#core/store'
import { setLatency, WORKER_LATENCY_MS } from './config'
import { demoDb } from './db/demo-db'
import { announceWith, handlers, remindAtStart } from './handlers'
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

async function showOnThisDevice(written: readonly NotificationRow[]): Promise<void> {
  const email = await readDeviceUser()
  if (!email || typeof Notification === 'undefined' || Notification.permission !== 'granted') return
  const mine = written.filter((row) => row.recipientEmail === email)
  for (const n of mine) {
    await self.registration.showNotification(n.title, { body: n.body, tag: n._id, data: { url: n.link } })
  }
  // The open app looks at its inbox again (the bell's count).
  if (mine.length > 0)
    for (const client of await self.clients.matchAll({ type: 'window' })) client.postMessage({ type: 'NOTIFIED' })
}

announceWith((written) => {
  showOnThisDevice(written).catch((error: unknown) => console.warn('Could not show a notification', error))
})

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
