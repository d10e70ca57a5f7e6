// What the app knows about the health of on-device storage, as a tiny store
// the layout reads (useStorageFault). It holds no data and imports no
// storage library, so the layout can load it eagerly; src/shared/db reports
// faults into it and screens never have to.
import { createStore, useStore } from '../store/create-store'

export type StorageFaultKind = 'quota' | 'blocked' | 'closed' | 'versionchange' | 'timeout' | 'unknown'

export interface StorageFault {
  kind: StorageFaultKind
  message: string
  /** When it happened (ms since epoch), so a repeat of the same fault is announced again. */
  at: number
}

export const STORAGE_FAULT_MESSAGES: Record<StorageFaultKind, string> = {
  quota:
    'Storage on this device is full: the last change was not saved here. Free some space (for example remove downloaded files), then try again.',
  blocked:
    'On-device storage is waiting for another StudyHub tab. Close the other StudyHub tabs, then reload this one.',
  closed:
    'The browser closed on-device storage (site data cleared or storage lost): data kept for offline use may be gone, and the last change may not be stored. Reload the page if saving keeps failing.',
  versionchange:
    'StudyHub was updated in another tab. Reload this tab to keep saving on this device; changes made here until then are not stored.',
  // Said while a slow write is still running: it may yet be stored (storage-faults.ts).
  timeout: 'On-device storage is slow: the last change is still being saved on this device.',
  unknown: 'The last change could not be saved on this device. Try again.',
}

// A database replaced by another tab's newer version, or an upgrade that
// another tab blocks, makes every later write fail too: only a reload fixes
// those, so they outrank a passing fault. (After a lost connection Dexie
// reopens by itself, so 'closed' is not one of them.)
const STICKY: ReadonlySet<StorageFaultKind> = new Set(['versionchange', 'blocked'])

const fault = createStore<StorageFault | null>(null)

export function reportStorageFault(kind: StorageFaultKind, now = Date.now()): void {
  const current = fault.get()
  // A versionchange closes the database, which also fires 'close': keep the cause.
  if (current?.kind === 'versionchange' && kind === 'closed') return
  if (current && STICKY.has(current.kind) && !STICKY.has(kind)) {
    fault.set({ ...current, at: now })
  } else {
    fault.set({ kind, message: STORAGE_FAULT_MESSAGES[kind], at: now })
  }
}

/** The user dismissed the message, or storage works again (a later write succeeded). */
export function clearStorageFault(kind?: StorageFaultKind): void {
  const current = fault.get()
  if (!current || (kind && current.kind !== kind)) return
  fault.set(null)
}

export function getStorageFault(): StorageFault | null {
  return fault.get()
}

export function useStorageFault(): StorageFault | null {
  return useStore(fault)
}
