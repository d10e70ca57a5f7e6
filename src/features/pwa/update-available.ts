// "A new version is ready": src/app/service-worker/register-service-worker.ts
// announces a waiting service worker here with the function that activates
// it; the layout's update prompt reads it. Plain module state, no workbox.
type Activate = () => void

export const UPDATE_KEEPS_TYPING = 'Reload when you are ready: what you typed here is kept.'

let activate: Activate | null = null
/** This tab's user pressed Reload: the reload that follows was asked for. */
let accepted = false
/** The new version already runs in another tab and this one waits for its user to reload. */
let replaced = false
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
  accepted = true
  activate()
  return true
}

export function wasUpdateAccepted(): boolean {
  return accepted
}

/**
 * The new version took over, but a form in this tab has unsaved text: the
 * tab asks instead of reloading, and Reload then reloads this tab only.
 */
export function askToReload(reload: Activate): void {
  replaced = true
  announceUpdate(reload)
}

export function isReloadAsked(): boolean {
  return replaced
}
