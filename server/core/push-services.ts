// Which push subscriptions the API keeps. A subscription's endpoint is where
// the API server later sends a request, so an endpoint a user could point
// anywhere (a loopback port, a cloud's metadata address, a host of the
// server's own network) would have the server call it for them. A browser
// subscribes only at its vendor's push service, so the endpoint must be an
// https:// address on one of those services' hosts; a school that runs a push
// service of its own names its hosts in PUSH_HOSTS. Both servers refuse any
// other endpoint when it is saved, and the API server checks it again, with
// every address its host resolves to, before each send (server/push/).
// docs/decisions/0072-push-pinned-to-push-services.md says why.

/**
 * The hosts of the browsers' push services: Chrome, Edge's Chromium and Opera
 * (FCM), Firefox (Mozilla's autopush), Safari (Apple), Windows (WNS). An entry
 * `*.host` is any subdomain of `host`.
 */
export const DEFAULT_PUSH_HOSTS: readonly string[] = [
  'fcm.googleapis.com',
  'updates.push.services.mozilla.com',
  '*.push.services.mozilla.com',
  '*.push.apple.com',
  '*.notify.windows.com',
]

/** How many browsers one user may have subscribed; saving one more drops their oldest. */
export const MAX_PUSH_SUBSCRIPTIONS = 10

const LABEL = '[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?'
const HOST_PATTERN = new RegExp(`^(?:\\*\\.)?${LABEL}(?:\\.${LABEL})*$`)

/** Whether `entry` is a host name, or `*.` and a host name (any of its subdomains). */
export const isPushHostEntry = (entry: string): boolean => entry.length <= 253 && HOST_PATTERN.test(entry)

/** Whether `hostname` (lowercase, as a URL has it) is one of `hosts`. */
function isPushHost(hostname: string, hosts: readonly string[]): boolean {
  return hosts.some((entry) => {
    if (!entry.startsWith('*.')) return hostname === entry
    const suffix = entry.slice(1)
    // A label of its own before the suffix: `evilpush.apple.com` is not under `.push.apple.com`.
    return hostname.endsWith(suffix) && hostname.length > suffix.length && !hostname.startsWith('.')
  })
}

/** Why `endpoint` is no push service's address (a message naming the field), or null when it is one. */
export function pushEndpointProblem(endpoint: string, hosts: readonly string[]): string | null {
  let url: URL
  try {
    url = new URL(endpoint)
  } catch {
    return 'endpoint: must be an https:// address'
  }
  if (url.protocol !== 'https:') return 'endpoint: must be an https:// address'
  if (url.username !== '' || url.password !== '') return 'endpoint: must not carry a user name or password'
  if (!isPushHost(url.hostname, hosts)) {
    return `endpoint: must be on a browser's push service (${hosts.join(', ')})`
  }
  return null
}
