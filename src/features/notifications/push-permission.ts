// Asking for the browser's permission to notify, once, and the Web Push
// subscription of this device. The app asks only after a sign-in, from a card
// that says why (never at a first load, never twice: a "Not now" or a refusal
// is remembered). With the permission, a live build subscribes this browser
// with the server's VAPID key and binds the subscription to the signed-in
// user; a demo build has no push service (the server answers no key), and
// its demo server shows the notifications itself. Logging out drops the
// subscription, so the next user of the device is not told of this user's news.
import { api } from '#shared/api/http-client'
import { LOCAL_KEYS, localStore } from '#shared/storage/browser-storage'

const canNotify = (): boolean => typeof Notification !== 'undefined' && 'serviceWorker' in navigator

/** Whether the card should ask: the browser can notify, has not been answered, and we have not asked before. */
export function shouldAsk(): boolean {
  if (!canNotify() || Notification.permission !== 'default') return false
  return localStore.get(LOCAL_KEYS.notificationsAsked) === null
}

/**
 * An iPhone's or iPad's browser tab: there Web Push reaches only a web app
 * added to the home screen and opened from it, and the browser never offers
 * to install one, so the card says how, and offers email instead. (An iPad
 * asks for desktop sites: it names itself a Mac with a touch screen.)
 */
function pushNeedsHomeScreen(): boolean {
  const agent = navigator.userAgent
  const apple = /iPhone|iPad|iPod/.test(agent) || (agent.includes('Macintosh') && navigator.maxTouchPoints > 1)
  const installed =
    window.matchMedia?.('(display-mode: standalone)').matches ||
    (navigator as Navigator & { standalone?: boolean }).standalone === true
  return apple && !installed
}

/** Whether the card should offer email instead: push needs the home screen here, and we have not asked before. */
export function shouldOfferEmail(): boolean {
  return pushNeedsHomeScreen() && localStore.get(LOCAL_KEYS.notificationsAsked) === null
}

/** "Not now": remembered, so the card does not come back. */
export function rememberAsked(answer: string): void {
  // Storage full or refused: the card may ask again next time, which is harmless.
  localStore.set(LOCAL_KEYS.notificationsAsked, answer)
}

function keyBytes(base64Url: string): Uint8Array<ArrayBuffer> {
  const base64 = base64Url
    .replace(/-/g, '+')
    .replace(/_/g, '/')
    .padEnd(Math.ceil(base64Url.length / 4) * 4, '=')
  return Uint8Array.from(atob(base64), (c) => c.charCodeAt(0))
}

/** Subscribes this browser for the signed-in user when the server sends push and permission is granted. */
export async function subscribeThisDevice(): Promise<void> {
  if (!canNotify() || Notification.permission !== 'granted') return
  const registration = await navigator.serviceWorker.getRegistration()
  if (!registration?.pushManager) return
  const { publicKey } = await api('getPushPublicKey')
  if (!publicKey) return
  const subscription =
    (await registration.pushManager.getSubscription()) ??
    (await registration.pushManager.subscribe({ userVisibleOnly: true, applicationServerKey: keyBytes(publicKey) }))
  const json = subscription.toJSON() as { endpoint: string; keys: { p256dh: string; auth: string } }
  // Saved at every sign-in: a device follows whoever signed in on it last.
  await api('savePushSubscription', { body: { endpoint: json.endpoint, keys: json.keys } })
}

/** Asks the browser (from a click), then subscribes; answers whether notifications are on. */
export async function turnOnNotifications(): Promise<boolean> {
  const answer = await Notification.requestPermission()
  rememberAsked(answer)
  if (answer !== 'granted') return false
  await subscribeThisDevice().catch(() => undefined)
  return true
}

/** Logout: this browser's subscription is dropped at the server (best effort) and at the push service. */
export async function dropThisDevice(): Promise<void> {
  if (!canNotify()) return
  const registration = await navigator.serviceWorker.getRegistration()
  const subscription = await registration?.pushManager?.getSubscription()
  if (!subscription) return
  await api('deletePushSubscription', { body: { endpoint: subscription.endpoint } }).catch(() => undefined)
  // Unsubscribed, its endpoint is dead: any later send gets 410 and the server forgets it.
  await subscription.unsubscribe()
}
