// Every key the app keeps in the browser's key-value storage, named once, and
// the one way to read and write them. localStorage is the origin's, shared by
// every tab and kept across visits; sessionStorage is this tab's alone. What
// each key holds and who writes it: docs/architecture/data-on-the-device.md.
//
// Storage can refuse (a private window, a full quota, storage turned off):
// a read then answers null and a write or removal does nothing, so the app
// works on without what it would have kept. Nothing else in src/ touches
// either storage.

/** The origin's keys, kept across visits and shared by every tab. */
export const LOCAL_KEYS = {
  /** The app token every API call carries (docs/product.md#constants). */
  accessToken: 'access-token',
  /** The last role the server gave, as JSON `{ email, role }`: a start without a network keeps it. */
  role: 'studyhub-role',
  /** Set while the identity provider has someone signed in: a start without it loads no provider code. */
  signedIn: 'studyhub-signed-in',
  /** The query cache's first-paint state (src/app/query-persistence.ts). */
  queryCache: 'studyhub-query-cache',
  /** The email whose device data a log out could not delete yet: the next start finishes it. */
  pendingWipe: 'studyhub-pending-wipe',
  /** The demo identity provider's signed-in user and ID token, as Firebase keeps its own (demo builds). */
  demoIdentity: 'studyhub-demo-identity',
  /** The theme chosen; index.html's inline script reads the same key before the first paint. */
  theme: 'studyhub-theme',
  /** The answer to the card asking to notify on this device, so it never asks twice. */
  notificationsAsked: 'studyhub-notifications-asked',
} as const

/** This tab's keys, gone when the tab closes. */
export const TAB_KEYS = {
  /** "Not now" to the install offer. */
  installDismissed: 'studyhub-install-dismissed',
  /** The prefix of each form's draft, kept under it and the form's own key (src/shared/drafts/form-draft.ts). */
  draftPrefix: 'studyhub-draft:',
} as const

export type LocalKey = (typeof LOCAL_KEYS)[keyof typeof LOCAL_KEYS]
/** This tab's keys: the install offer's, and each form's draft under the drafts' prefix. */
type TabKey = typeof TAB_KEYS.installDismissed | `${typeof TAB_KEYS.draftPrefix}${string}`

function area(which: 'local' | 'session'): Storage | undefined {
  try {
    return which === 'local' ? globalThis.localStorage : globalThis.sessionStorage
  } catch {
    // Reading the property itself throws where storage is turned off.
    return undefined
  }
}

function reader(which: 'local' | 'session') {
  return (key: string): string | null => {
    try {
      return area(which)?.getItem(key) ?? null
    } catch {
      return null
    }
  }
}

function writer(which: 'local' | 'session') {
  return (key: string, value: string | null): void => {
    try {
      if (value === null) area(which)?.removeItem(key)
      else area(which)?.setItem(key, value)
    } catch {
      // Refused or full: nothing is kept, and the caller carries on without it.
    }
  }
}

/** The origin's storage: read, and write (null removes). */
export const localStore = {
  get: reader('local') as (key: LocalKey) => string | null,
  set: writer('local') as (key: LocalKey, value: string | null) => void,
  /** Whether there is storage at all (a private window may have none). */
  available: (): boolean => area('local') !== undefined,
  /** Writes, or throws when storage refuses (a full quota): for a writer that makes room and tries again. */
  put(key: LocalKey, value: string): void {
    const storage = area('local')
    if (!storage) throw new Error('No storage on this device')
    storage.setItem(key, value)
  },
}

/** This tab's storage: read, write (null removes), and which keys it holds. */
export const tabStore = {
  get: reader('session') as (key: TabKey) => string | null,
  set: writer('session') as (key: TabKey, value: string | null) => void,
  keys(): string[] {
    try {
      return Object.keys(area('session') ?? {})
    } catch {
      return []
    }
  },
}

/**
 * Calls `onChange` when another tab writes `key` (or clears the storage), and
 * when this tab announces its own write (`announceLocalChange`). Returns the stop.
 */
export function onLocalChange(key: LocalKey, onChange: (value: string | null) => void): () => void {
  const listener = (event: StorageEvent) => {
    if (event.key === key || event.key === null) onChange(localStore.get(key))
  }
  globalThis.addEventListener?.('storage', listener)
  return () => globalThis.removeEventListener?.('storage', listener)
}

/** Tells this tab's listeners of `key` what the browser tells only the other tabs: it was written. */
export function announceLocalChange(key: LocalKey): void {
  window.dispatchEvent(new StorageEvent('storage', { key }))
}
