// Web Push from the API server: a notification's push delivery (the job
// queue's `deliver-push`, ../jobs/deliver-push.ts) goes to every browser
// subscribed by its recipient, encrypted by web-push (aes128gcm) and signed
// with the server's VAPID key. Only the recipient's own subscriptions are
// looked up (a subscription is bound to one user), and a push service's 404
// or 410 (the browser unsubscribed, or the subscription expired) deletes the
// subscription. A send that fails is logged and counted, not tried again: a
// push is news of the moment, and the inbox has the notification anyway.
//
// Where a send may go (docs/decisions/0072-push-pinned-to-push-services.md):
// an https:// endpoint on a push service's host (#core/push-services, checked
// again here for rows saved before that rule), whose every address, resolved
// here at send time, is public (./public-address.ts). The request then goes to
// the address that was checked, with the host name kept for TLS (SNI and the
// certificate) and the Host header, so a DNS answer that changes between the
// check and the connection cannot move it to a private address. Redirects are
// not followed. Each send has a deadline, and at most MAX_CONCURRENT_SENDS run
// at once, however many notifications and subscriptions are waiting.
import { lookup } from 'node:dns/promises'
import { request, type Agent } from 'node:https'
import { isIP } from 'node:net'
import webPush from 'web-push'
import { DEFAULT_PUSH_HOSTS, MAX_PUSH_SUBSCRIPTIONS, pushEndpointProblem } from '#core/push-services'
import type { NotificationRow, PushSubscriptionRow, Store } from '#core/store'
import type { Logger } from '../logger'
import { isPublicAddress } from './public-address'

export interface VapidKeys {
  publicKey: string
  privateKey: string
  /** `mailto:` or `https:` address push services may contact about this sender. */
  subject: string
}

/** How long a push service keeps a message for an offline browser: a day, the reminder's own horizon. */
const TTL_SECONDS = 24 * 60 * 60
/** One send's deadline, from the DNS lookup to the push service's answer. */
const SEND_TIMEOUT_MS = 10_000
/** Sends in flight at once: a burst of notifications waits its turn instead of opening a connection each. */
const MAX_CONCURRENT_SENDS = 8

/** A host name's addresses, as the system resolver answers them. */
export type Resolver = (hostname: string, signal: AbortSignal) => Promise<readonly string[]>

/** The system's resolver (getaddrinfo: the hosts file, then DNS), as a connection by name would use it. */
export const systemResolver: Resolver = async (hostname) =>
  (await lookup(hostname, { all: true, order: 'verbatim' })).map((a) => a.address)

export interface PushSenderOptions {
  /** The hosts endpoints may be on (PUSH_HOSTS); the browsers' push services by default. */
  hosts?: readonly string[]
  /** Tests answer their own addresses; the system resolver by default. */
  resolve?: Resolver
  /** How connections are made: the default agent in production, a test's own (its loopback service) in tests. */
  agent?: Agent
  /** SEND_TIMEOUT_MS unless a test waits less. */
  timeoutMs?: number
  /** MAX_CONCURRENT_SENDS unless a test counts fewer. */
  maxConcurrent?: number
}

/** How the sends of notifications went: to how many browsers, and the last failure's reason. */
interface PushOutcome {
  sent: number
  failed: number
  lastError: string | null
}

export interface PushSender {
  /** Sends the notifications to their recipients' browsers; resolves once every send has ended. */
  deliver(written: readonly NotificationRow[]): Promise<PushOutcome>
}

/** A send that went nowhere: the endpoint or its addresses were refused. */
class Refused extends Error {}

/** Runs at most `max` tasks at once, the others in the order they came. */
function taskLine(max: number) {
  let running = 0
  const waiting: (() => void)[] = []
  return async <T>(task: () => Promise<T>): Promise<T> => {
    if (running >= max) await new Promise<void>((resolve) => waiting.push(resolve))
    else running += 1
    try {
      return await task()
    } finally {
      // The slot passes straight to the next task, so none can slip in between.
      const next = waiting.shift()
      if (next) next()
      else running -= 1
    }
  }
}

const aborted = (signal: AbortSignal) =>
  new Promise<never>((_, reject) => {
    if (signal.aborted) reject(signal.reason as Error)
    signal.addEventListener('abort', () => reject(signal.reason as Error), { once: true })
  })

/** Each user's `MAX_PUSH_SUBSCRIPTIONS` newest: rows beyond the cap, from before it, are not sent to. */
function newestOfEach(rows: readonly PushSubscriptionRow[]): PushSubscriptionRow[] {
  const sorted = [...rows].sort((a, b) => b.createdAt.localeCompare(a.createdAt))
  const counts = new Map<string, number>()
  return sorted.filter((row) => {
    const count = (counts.get(row.email) ?? 0) + 1
    counts.set(row.email, count)
    return count <= MAX_PUSH_SUBSCRIPTIONS
  })
}

export function createPushSender(
  store: Store,
  vapid: VapidKeys,
  logger: Pick<Logger, 'warn'>,
  options: PushSenderOptions = {},
): PushSender {
  const hosts = options.hosts ?? DEFAULT_PUSH_HOSTS
  const resolve = options.resolve ?? systemResolver
  const timeoutMs = options.timeoutMs ?? SEND_TIMEOUT_MS
  const inLine = taskLine(options.maxConcurrent ?? MAX_CONCURRENT_SENDS)

  /** The one address the request may go to: `name` resolved now, every answer public. */
  async function checkedAddress(name: string, signal: AbortSignal): Promise<string> {
    const addresses = isIP(name) ? [name] : await Promise.race([resolve(name, signal), aborted(signal)])
    if (addresses.length === 0) throw new Refused('no address')
    if (!addresses.every(isPublicAddress)) throw new Refused('not a public address')
    return addresses[0]!
  }

  /** POSTs the encrypted message to the checked address; answers the push service's status. */
  async function post(s: PushSubscriptionRow, payload: string, signal: AbortSignal): Promise<number> {
    const url = new URL(s.endpoint)
    // The host without an IPv6 address's brackets: a name, or an address.
    const name = url.hostname.replace(/^\[(.*)\]$/, '$1')
    const address = await checkedAddress(name, signal)
    const details = webPush.generateRequestDetails(
      { endpoint: s.endpoint, keys: { p256dh: s.p256dh, auth: s.auth } },
      payload,
      { vapidDetails: vapid, TTL: TTL_SECONDS, contentEncoding: 'aes128gcm' },
    )
    return new Promise<number>((done, fail) => {
      const sending = request(
        {
          host: address,
          port: url.port || 443,
          path: `${url.pathname}${url.search}`,
          method: details.method,
          headers: { ...details.headers, Host: url.host },
          // The certificate is checked against the host name, not the address.
          ...(isIP(name) ? {} : { servername: name }),
          signal,
          ...(options.agent ? { agent: options.agent } : {}),
        },
        (response) => {
          response.resume()
          response.on('end', () => done(response.statusCode ?? 0))
          response.on('error', fail)
        },
      )
      sending.on('error', fail)
      sending.end(details.body ?? undefined)
    })
  }

  /** Sends to one browser; answers null when the push service took it (or the browser is gone), the reason otherwise. */
  async function send(n: NotificationRow, s: PushSubscriptionRow): Promise<string | null> {
    // The endpoint is a capability (whoever knows it may push to that browser): logs name its host only.
    const host = URL.canParse(s.endpoint) ? new URL(s.endpoint).host : null
    const problem = pushEndpointProblem(s.endpoint, hosts)
    if (problem) {
      // Saved before the rule: it can never be sent to.
      logger.warn('push refused', { host, reason: problem })
      await store.pushSubscriptions.remove(s.endpoint, s.email)
      return problem
    }
    const payload = JSON.stringify({ id: n._id, title: n.title, body: n.body, link: n.link })
    const signal = AbortSignal.timeout(timeoutMs)
    try {
      const status = await post(s, payload, signal)
      if (status === 404 || status === 410) await store.pushSubscriptions.remove(s.endpoint, s.email)
      else if (status < 200 || status > 299) {
        logger.warn('push not sent', { host, status })
        return `the push service answered ${status}`
      }
      return null
    } catch (error) {
      let reason: string
      if (error instanceof Refused) {
        reason = error.message
        logger.warn('push refused', { host, reason })
      } else {
        reason = signal.aborted
          ? `no answer within ${timeoutMs} ms`
          : error instanceof Error
            ? error.message
            : String(error)
        logger.warn('push not sent', { host, error: reason })
      }
      return reason
    }
  }

  return {
    async deliver(written) {
      const recipients = [...new Set(written.map((n) => n.recipientEmail))]
      const subscriptions = newestOfEach(await store.pushSubscriptions.ofUsers(recipients))
      const outcomes = await Promise.all(
        written.flatMap((n) =>
          subscriptions.filter((s) => s.email === n.recipientEmail).map((s) => inLine(() => send(n, s))),
        ),
      )
      const failures = outcomes.filter((reason) => reason !== null)
      return {
        sent: outcomes.length - failures.length,
        failed: failures.length,
        lastError: failures.at(-1) ?? null,
      }
    },
  }
}

/** `npm run server:vapid-keys`: prints a new key pair as the environment lines the server reads. */
export function newVapidKeyLines(): string {
  const { publicKey, privateKey } = webPush.generateVAPIDKeys()
  return `VAPID_PUBLIC_KEY=${publicKey}\nVAPID_PRIVATE_KEY=${privateKey}\nVAPID_SUBJECT=mailto:admin@example.com\n`
}
