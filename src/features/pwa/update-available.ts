// "A new version is ready": src/app/service-worker/register-service-worker.ts
// announces a waiting service worker here with the function that activates
// it; the layout's update prompt reads it. Plain module state, no workbox.
import { createStore, useStore } from '#shared/store/create-store'

type Activate = () => void

export const UPDATE_KEEPS_TYPING = 'Reload when you are ready: what you typed here is kept.'

interface Update {
  activate: Activate | null
  /** The new version already runs in another tab and this one waits for its user to reload. */
  asked: boolean
}

const update = createStore<Update>({ activate: null, asked: false })
/** This tab's user pressed Reload: the reload that follows was asked for. */
let accepted = false

export function announceUpdate(activateWaiting: Activate): void {
  update.set((current) => ({ ...current, activate: activateWaiting }))
}

export function useUpdateWaiting(): { waiting: boolean; asked: boolean } {
  const { activate, asked } = useStore(update)
  return { waiting: activate !== null, asked }
}

/** Tells the waiting worker to take over; every open tab reloads when it does. */
export function acceptUpdate(): boolean {
  const { activate } = update.get()
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
  update.set({ activate: reload, asked: true })
}
