// The system notifications of StudyHub: a push from the API server is shown as
// it came (title, text, and the app screen it is about), and a click opens
// that screen, in a window of the app that is already open when there is one.
// In a demo build the demo server shows its own (mocks/sw-demo-server.ts), with
// the same `data.url`, so the click is the same.

declare const self: ServiceWorkerGlobalScope

/** What the API server sends in a push (server/push/push-sender.ts). */
interface PushPayload {
  id: string
  title: string
  body: string
  link: string
}

/** Only a path of the app is opened: a payload cannot send the window elsewhere. */
function appUrl(link: unknown): string {
  const url = new URL(typeof link === 'string' ? link : '/', self.location.origin)
  return url.origin === self.location.origin ? url.href : new URL('/', self.location.origin).href
}

async function openOrFocus(url: string): Promise<void> {
  const windows = await self.clients.matchAll({ type: 'window', includeUncontrolled: true })
  const open = windows.find((client) => new URL(client.url).origin === self.location.origin)
  if (open) {
    // The app's router follows its own history; a full navigation would start it again.
    open.postMessage({ type: 'OPEN_URL', url: new URL(url).pathname + new URL(url).search })
    // Focus is allowed only while handling the user's click on the notification.
    await open.focus().catch(() => undefined)
    return
  }
  await self.clients.openWindow(url)
}

export function listenForNotifications(): void {
  self.addEventListener('push', (event) => {
    let payload: PushPayload | null
    try {
      payload = event.data?.json() as PushPayload
    } catch {
      payload = null
    }
    if (!payload?.title) return
    const shown = self.registration.showNotification(payload.title, {
      body: payload.body,
      tag: payload.id,
      data: { url: payload.link },
    })
    const told = self.clients
      .matchAll({ type: 'window' })
      .then((windows) => windows.forEach((client) => client.postMessage({ type: 'NOTIFIED' })))
    event.waitUntil(Promise.all([shown, told]))
  })

  self.addEventListener('notificationclick', (event) => {
    event.notification.close()
    const data = event.notification.data as { url?: unknown } | null
    const opening = openOrFocus(appUrl(data?.url))
    try {
      event.waitUntil(opening)
    } catch {
      // Only an event the browser dispatched may extend itself; one dispatched by script (a test of the click) still opens.
    }
  })
}
