// What the shared route logic needs from the server that hosts it.
import type { IdentityVerifier } from './identity'
import type { NotificationRow, Store } from './store'

export interface ApiDeps {
  store: Store
  identity: IdentityVerifier
  /** The current time; tests pass a fixed clock. */
  now: () => Date
  /** How long an app token lives. Short: the client renews it once on a 401. */
  appTokenTtlSeconds: number
  /** Largest material file accepted, in bytes. */
  maxFileBytes: number
  /** The app's origin, for links back to it (calendar events); the API's public origin when unset. */
  appOrigin?: string
  /**
   * The origin this request reached the API at, as its caller sees it (behind
   * a proxy that ends TLS: `https://` and the proxy's host), for the absolute
   * addresses an answer hands out; the request URL's own origin when unset.
   */
  publicOrigin?: string
  /** Where an unexpected error of a route goes; the console when unset (the demo server). */
  reportError?: (error: unknown) => void
  /**
   * Called with the notifications a write committed, after the commit: the API
   * server sends them as Web Push, the demo server shows them on this device.
   * Must not throw or wait; a failure to deliver leaves the inbox as it is.
   */
  announce?: (written: readonly NotificationRow[]) => void
  /** Whether this server sends mail (the API server: SMTP_URL is set; the demo server: its mailbox). */
  mailEnabled?: boolean
  /** The VAPID public key browsers subscribe with; unset when this server sends no push. */
  pushPublicKey?: string
  /** The hosts a push subscription's endpoint may be on (PUSH_HOSTS); the browsers' push services when unset. */
  pushHosts?: readonly string[]
}
