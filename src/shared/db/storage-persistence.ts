// Asks the browser to keep this site's storage (notes waiting to sync,
// downloaded materials, sessions for offline reading) instead of evicting it
// under pressure, and reports how much is used. Chrome grants persistence
// silently to installed or engaged sites; Firefox asks the user, so this is
// called on a user's action: saving something offline-worthy, logging in,
// installing, or the "Keep data on this device" button.
import { createStore } from '../store/create-store'

export interface StorageUsage {
  usage: number
  quota: number
  persisted: boolean
}

let request: Promise<boolean> | null = null
/** How many times a request for persistence settled: the usage shown may have changed. */
const requests = createStore(0)

export const subscribeStorageUsage = requests.subscribe

function changed(): void {
  requests.set((count) => count + 1)
}

export function isPersistenceSupported(): boolean {
  return typeof navigator !== 'undefined' && typeof navigator.storage?.persist === 'function'
}

/** Asks once per page load; resolves to whether storage is now persistent. */
export function requestPersistentStorage(): Promise<boolean> {
  if (!isPersistenceSupported()) return Promise.resolve(false)
  request ??= (async () => {
    try {
      if (await navigator.storage.persisted()) return true
      return await navigator.storage.persist()
    } catch {
      return false
    } finally {
      changed()
    }
  })()
  const pending = request
  // A refusal may be reconsidered later (Chrome weighs engagement): allow another ask.
  void pending.then((granted) => {
    if (!granted) request = null
  })
  return pending
}

/** Usage and quota in bytes, or null where the browser does not say. */
export async function readStorageUsage(): Promise<StorageUsage | null> {
  if (typeof navigator === 'undefined' || typeof navigator.storage?.estimate !== 'function') return null
  try {
    const [estimate, persisted] = await Promise.all([
      navigator.storage.estimate(),
      typeof navigator.storage.persisted === 'function' ? navigator.storage.persisted() : Promise.resolve(false),
    ])
    return { usage: estimate.usage ?? 0, quota: estimate.quota ?? 0, persisted }
  } catch {
    return null
  }
}
