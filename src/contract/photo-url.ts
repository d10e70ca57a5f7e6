// Which profile photo URLs are stored: https anywhere, http only on this
// computer (a developer's local server). Anything else (javascript:, data:,
// plain http on the network) is refused when a client sends it, and dropped
// when an identity provider's profile carries it: a user can set their own
// provider profile picture to any string.

const LOOPBACK = new Set(['localhost', '127.0.0.1', '[::1]'])

export const PHOTO_URL_RULE = 'photo must be an https:// URL (http:// only on localhost)'

export function isAcceptedPhotoUrl(value: string): boolean {
  let url: URL
  try {
    url = new URL(value)
  } catch {
    return false
  }
  return url.protocol === 'https:' || (url.protocol === 'http:' && LOOPBACK.has(url.hostname))
}
