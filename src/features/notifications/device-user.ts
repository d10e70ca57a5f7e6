// The service worker's side of the signed-in user. In a demo build the demo
// server in the worker shows the notifications of whoever is signed in on this
// device, so it is told at sign-in and at logout. The worker may also ask the
// open app to show a screen (a click on a notification) or to look again at
// the inbox (a notification came).

type WorkerMessage = { type: 'OPEN_URL'; url: string } | { type: 'NOTIFIED' }

/** Tells the worker who is signed in (null: nobody); resolves once it has kept it. */
export async function tellWorkerWhoIsSignedIn(email: string | null): Promise<void> {
  if (!('serviceWorker' in navigator)) return
  const registration = await navigator.serviceWorker.getRegistration()
  registration?.active?.postMessage({ type: 'DEVICE_USER', email })
}

/** Follows the worker's requests; answers the function that stops following them. */
export function followWorker(on: { open: (url: string) => void; notified: () => void }): () => void {
  if (!('serviceWorker' in navigator)) return () => undefined
  const listener = (event: MessageEvent<WorkerMessage | null>) => {
    if (event.data?.type === 'OPEN_URL' && event.data.url.startsWith('/')) on.open(event.data.url)
    if (event.data?.type === 'NOTIFIED') on.notified()
  }
  navigator.serviceWorker.addEventListener('message', listener)
  return () => navigator.serviceWorker.removeEventListener('message', listener)
}
