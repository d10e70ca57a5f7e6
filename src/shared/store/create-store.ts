// The one way to keep a small piece of module state that React screens read:
// a value, who listens to it, and a hook over useSyncExternalStore. Feedback
// (toasts, dialogs), storage faults, the install offer, a waiting update and
// the outbox's changes are each one store.
import { useSyncExternalStore } from 'react'

export interface Store<T> {
  /** The value it started with: what a prerendered page shows. */
  readonly initial: T
  get(): T
  /** Replaces the value (or derives it from the current one) and tells every listener. */
  set(next: T | ((current: T) => T)): void
  subscribe(listener: () => void): () => void
}

export function createStore<T>(initial: T): Store<T> {
  let value = initial
  const listeners = new Set<() => void>()
  return {
    initial,
    get: () => value,
    set(next) {
      value = typeof next === 'function' ? (next as (current: T) => T)(value) : next
      for (const listener of listeners) listener()
    },
    subscribe(listener) {
      listeners.add(listener)
      return () => listeners.delete(listener)
    },
  }
}

/**
 * The store's current value; the component renders again when it changes. The
 * prerendered home page, and its hydration, see the initial value.
 */
export function useStore<T>(store: Store<T>): T {
  return useSyncExternalStore(store.subscribe, store.get, () => store.initial)
}
