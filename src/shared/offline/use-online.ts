// Whether the browser says it is online, for screens that must disable what
// needs the server (book, review, upload, admin actions) while offline.
// `navigator.onLine === false` is reliable; `true` only means some network
// exists, so a screen still handles a failed call.
import { useSyncExternalStore } from 'react'

export const OFFLINE_REASON =
  'You are offline. This needs a connection to the server; try again when you are back online.'

/** What a part of a screen says when the server cannot be reached and this device kept nothing of it. */
export const NOT_KEPT_OFFLINE = 'Not available offline.'

function subscribe(onChange: () => void): () => void {
  window.addEventListener('online', onChange)
  window.addEventListener('offline', onChange)
  return () => {
    window.removeEventListener('online', onChange)
    window.removeEventListener('offline', onChange)
  }
}

export function isBrowserOnline(): boolean {
  return typeof navigator === 'undefined' || navigator.onLine !== false
}

export function useOnline(): boolean {
  return useSyncExternalStore(subscribe, isBrowserOnline, () => true)
}
