// "A new version is ready": src/app/service-worker/register-service-worker.ts
// announces a waiting service worker here with the function that activates
// it; the layout's update prompt reads it. Plain module state, no workbox.
type Activate = () => void

let activate: Activate | null = null
const listeners = new Set<() => void>()

function emit(): void {
  for (const listener of listeners) listener()
}

export function announceUpdate(activateWaiting: Activate): void {
  activate = activateWaiting
  emit()
}

export function isUpdateWaiting(): boolean {
  return activate !== null
}

export function subscribeUpdate(listener: () => void): () => void {
  listeners.add(listener)
  return () => listeners.delete(listener)
}

/** Tells the waiting worker to take over; every open tab reloads when it does. */
export function acceptUpdate(): boolean {
  if (!activate) return false
  activate()
  return true
}
