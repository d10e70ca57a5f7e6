// Web Push from the API server: the notifications a write committed go, after
// the commit, to every browser subscribed by their recipient, encrypted by
// web-push (aes128gcm) and signed with the server's VAPID key. Only the
// recipient's own subscriptions are looked up (a subscription is bound to one
// user), and a push service's 404 or 410 (the browser unsubscribed, or the
// subscription expired) deletes the subscription. Nothing here can fail a
// request: errors are logged, and the inbox has the notification anyway.
import type { Agent } from 'node:https'
import webPush from 'web-push'
import type { NotificationRow, Store } from '#core/store'
import type { Logger } from '../logger'

export interface VapidKeys {
  publicKey: string
  privateKey: string
  /** `mailto:` or `https:` address push services may contact about this sender. */
  subject: string
}

/** How long a push service keeps a message for an offline browser: a day, the reminder's own horizon. */
const TTL_SECONDS = 24 * 60 * 60
const SEND_TIMEOUT_MS = 10_000

export interface PushSender {
  /** Hands committed notifications over for sending; returns at once. */
  announce(written: readonly NotificationRow[]): void
  /** Resolves once every send started so far has finished (tests, a graceful stop). */
  settled(): Promise<void>
}

export function createPushSender(
  store: Store,
  vapid: VapidKeys,
  logger: Pick<Logger, 'warn'>,
  /** How requests reach push services; the default agent in production, a test's own (its loopback service's certificate) in tests. */
  agent?: Agent,
): PushSender {
  const inFlight = new Set<Promise<void>>()

  async function deliver(written: readonly NotificationRow[]): Promise<void> {
    const recipients = [...new Set(written.map((n) => n.recipientEmail))]
    const subscriptions = await store.pushSubscriptions.ofUsers(recipients)
    await Promise.all(
      written.flatMap((n) =>
        subscriptions
          .filter((s) => s.email === n.recipientEmail)
          .map(async (s) => {
            const payload = JSON.stringify({ id: n._id, title: n.title, body: n.body, link: n.link })
            try {
              await webPush.sendNotification(
                { endpoint: s.endpoint, keys: { p256dh: s.p256dh, auth: s.auth } },
                payload,
                {
                  vapidDetails: vapid,
                  TTL: TTL_SECONDS,
                  contentEncoding: 'aes128gcm',
                  timeout: SEND_TIMEOUT_MS,
                  ...(agent ? { agent } : {}),
                },
              )
            } catch (error) {
              const status = (error as { statusCode?: unknown }).statusCode
              if (status === 404 || status === 410) await store.pushSubscriptions.remove(s.endpoint, s.email)
              else logger.warn('push not sent', { status: typeof status === 'number' ? status : null })
            }
          }),
      ),
    )
  }

  return {
    announce(written) {
      const sending = deliver(written).catch((error: unknown) =>
        logger.warn('push not sent', { error: error instanceof Error ? error.message : String(error) }),
      )
      inFlight.add(sending)
      void sending.finally(() => inFlight.delete(sending))
    },
    async settled() {
      while (inFlight.size > 0) await Promise.all([...inFlight])
    },
  }
}

/** `npm run server:vapid-keys`: prints a new key pair as the environment lines the server reads. */
export function newVapidKeyLines(): string {
  const { publicKey, privateKey } = webPush.generateVAPIDKeys()
  return `VAPID_PUBLIC_KEY=${publicKey}\nVAPID_PRIVATE_KEY=${privateKey}\nVAPID_SUBJECT=mailto:admin@example.com\n`
}
