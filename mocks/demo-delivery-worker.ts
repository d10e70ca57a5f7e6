// The demo server's delivery worker: what the API server's queue does (one job
// per delivery), done in the demo right after each write that queued some.
// Deliveries are written with their notifications (./db/dexie-notifications.ts);
// the store's announce hook (../handlers.ts) runs this after the commit, and
// the conformance harness runs it before it reads the mailbox.
// - email: rendered by the same templates as the API server's mail
//   (server/core/mail) and kept in the demo mailbox (./demo-mailbox.ts);
// - push: there is no push service in a demo; a push is for the user signed in
//   on this device, and the service worker shows it itself (./sw-demo-server.ts).
//   Without a service worker (msw/node) it counts as handed over.
// Each delivery ends sent or failed, once: its state is set in the
// transaction that keeps its mail, and only while it is still queued.
import { loadMailContext } from '#core/mail/mail-context'
import { renderNotificationMail } from '#core/mail/render-mail'
import type { DeliveryRow, NotificationRow } from '#core/store'
import type { DemoDb } from './db/demo-db'
import { storeOf } from './db/store-of'
import { mailRow, type RenderedForMailbox } from './db/mailbox-row'

/** Shows a notification on this device: null when shown, else why not. */
export type ShowOnDevice = (notification: NotificationRow) => Promise<string | null>

let showOnDevice: ShowOnDevice | undefined

/** The service worker's way to show a push on this device (undefined: none, as under msw/node). */
export function pushWith(show: ShowOnDevice | undefined): void {
  showOnDevice = show
}

interface WorkerState {
  /** The origin the app and the demo server answer on: the links in the mails. */
  origin: string
  running: Promise<void> | null
  again: boolean
}

const workers = new WeakMap<DemoDb, WorkerState>()

function workerOf(db: DemoDb): WorkerState {
  let state = workers.get(db)
  if (!state) {
    // The service worker's own origin; under msw/node the first request's (deliveriesFrom).
    const origin = (globalThis as { location?: { origin?: string } }).location?.origin ?? 'http://localhost'
    state = { origin, running: null, again: false }
    workers.set(db, state)
  }
  return state
}

/** The origin of a request the demo server answers: the app is on it, so the mails' links are too. */
export function deliveriesFrom(db: DemoDb, url: string): void {
  workerOf(db).origin = new URL(url).origin
}

/**
 * Works every queued delivery; answers when none is left, including those
 * queued while it ran. One run at a time per database: a call during a run
 * makes the run look again, and answers with it.
 */
export function workDeliveries(db: DemoDb): Promise<void> {
  const state = workerOf(db)
  state.again = true
  state.running ??= (async () => {
    try {
      while (state.again) {
        state.again = false
        await drain(db, state.origin)
      }
    } finally {
      state.running = null
    }
  })()
  return state.running
}

async function drain(db: DemoDb, origin: string): Promise<void> {
  for (;;) {
    const queued = await db.deliveries.where('state').equals('queued').sortBy('createdAt')
    if (queued.length === 0) return
    for (const delivery of queued) await deliver(db, delivery, origin)
  }
}

type Outcome = { sent: true; mail?: RenderedForMailbox } | { sent: false; error: string }

async function deliver(db: DemoDb, delivery: DeliveryRow, origin: string): Promise<void> {
  const now = new Date()
  let outcome: Outcome
  try {
    outcome = await attempt(db, delivery, origin, now)
  } catch (error) {
    outcome = { sent: false, error: error instanceof Error ? error.message : String(error) }
  }
  const doneAt = now.toISOString()
  const key: [string, string] = [delivery.notificationId, delivery.channel]
  await db.transaction('rw', db.deliveries, db.mailbox, async () => {
    const current = await db.deliveries.get(key)
    // Done already, or gone with a reset: nothing more to do.
    if (current?.state !== 'queued') return
    if (outcome.sent && outcome.mail) {
      await db.mailbox.add(mailRow(delivery.recipientEmail, outcome.mail, doneAt, delivery.notificationId))
    }
    await db.deliveries.update(key, {
      state: outcome.sent ? 'sent' : 'failed',
      attempts: current.attempts + 1,
      doneAt,
      lastError: outcome.sent ? null : outcome.error,
    })
  })
}

async function attempt(db: DemoDb, delivery: DeliveryRow, origin: string, now: Date): Promise<Outcome> {
  const store = storeOf(db)
  const notification = await store.notifications.get(delivery.notificationId)
  if (!notification) return { sent: false, error: 'The notification was deleted before it was sent.' }
  if (delivery.channel === 'push') {
    const refused = showOnDevice ? await showOnDevice(notification) : null
    return refused === null ? { sent: true } : { sent: false, error: refused }
  }
  const context = await loadMailContext(store, notification, { appOrigin: origin, apiOrigin: origin }, now)
  if (!context) return { sent: false, error: 'Its recipient has no account any more: there is no one to mail.' }
  return { sent: true, mail: renderNotificationMail(context) }
}
