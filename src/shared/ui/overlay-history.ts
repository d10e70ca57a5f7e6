// Back closes what is open before it leaves the page
// (docs/decisions/0078-phone-shell.md): every dialog, sheet, viewer and menu
// that covers the page adds one history entry when it opens, a copy of the
// page's own entry (same address, the router's state kept) marked with the
// overlay's id. Back, or a phone's back gesture, then lands on the entry
// under it: this module hears that `popstate` first (a capturing listener on
// window runs before the router's) and closes the overlay on top instead of
// letting the router see a navigation. An overlay closed any other way (its
// button, Escape) takes its entry back off with history.back(), whose
// `popstate` is swallowed the same way.
//
// An overlay left by a navigation (a link in a menu) calls `leave()` and the
// link navigates with `replace`: the new page takes the overlay's entry, so
// Back goes to the page under it.
import { useCallback, useEffect, useId, useRef } from 'react'

const MARK = 'studyhubOverlay'

interface Overlay {
  id: string
  close: () => void
}

/** The open overlays, the last opened on top: each owns the history entry at its depth. */
const open: Overlay[] = []
/** Closed overlays whose entry is taken back at the end of this task, unless another overlay takes it over. */
const releasing = new Set<string>()
/** Overlays left by a navigation: the router replaces their entry. */
const leaving = new Set<string>()
/** Traversals this module asked for itself, whose popstate nobody else must see. */
let ownTraversals = 0
/** Overlays opened while such a traversal was on its way: their entries are added once it has landed. */
const waitingToPush: string[] = []
let listening = false

const push = (id: string) => history.pushState({ ...(history.state as object | null), [MARK]: id }, '')

const markOf = (state: unknown): string | undefined =>
  state && typeof state === 'object' ? ((state as Record<string, unknown>)[MARK] as string | undefined) : undefined

function onPopState(event: PopStateEvent): void {
  if (ownTraversals > 0) {
    ownTraversals -= 1
    event.stopImmediatePropagation()
    if (ownTraversals === 0) for (const id of waitingToPush.splice(0)) push(id)
    return
  }
  const top = open.at(-1)
  // Nothing open, or Forward into the top overlay's own entry: the router's business.
  if (!top || markOf(event.state) === top.id) return
  // Back from the top overlay's entry: the page stays, the overlay closes.
  event.stopImmediatePropagation()
  open.pop()
  top.close()
}

function register(id: string, close: () => void): void {
  if (!listening) {
    listening = true
    window.addEventListener('popstate', onPopState, { capture: true })
  }
  open.push({ id, close })
  leaving.delete(id)
  const current = markOf(history.state)
  // Mounted again before its release took the entry back (React's StrictMode mounts twice): the entry is still its own.
  if (current === id) {
    releasing.delete(id)
    return
  }
  // One overlay gives way to the next in the same task (a confirm, then an alert): the next takes its entry.
  if (current !== undefined && releasing.delete(current)) {
    history.replaceState({ ...(history.state as object), [MARK]: id }, '')
    return
  }
  // A back() of ours has not landed yet: an entry pushed now would be the one it takes away.
  if (ownTraversals > 0) waitingToPush.push(id)
  else push(id)
}

function release(id: string): void {
  const index = open.findIndex((o) => o.id === id)
  // Already closed by Back: its entry is gone.
  if (index < 0) return
  open.splice(index, 1)
  const waiting = waitingToPush.indexOf(id)
  if (waiting >= 0) {
    // Its entry was never added.
    waitingToPush.splice(waiting, 1)
    return
  }
  if (leaving.delete(id)) return
  releasing.add(id)
  queueMicrotask(() => {
    if (!releasing.delete(id)) return
    // Only while its entry is the current one: after a navigation it is not ours to take back.
    if (markOf(history.state) !== id) return
    ownTraversals += 1
    history.back()
  })
}

/**
 * While `active`, Back calls `close` instead of leaving the page. Returns
 * `leave`, for an overlay about to be left by a navigation with `replace`.
 */
export function useBackToClose(active: boolean, close: () => void): () => void {
  const id = useId()
  const closeRef = useRef(close)
  useEffect(() => {
    closeRef.current = close
  })
  useEffect(() => {
    if (!active) return
    register(id, () => closeRef.current())
    return () => release(id)
  }, [active, id])
  return useCallback(() => {
    if (open.some((o) => o.id === id)) leaving.add(id)
  }, [id])
}

/**
 * A link followed out of an open overlay: the overlay closes, and the new
 * page takes its history entry (the link navigates with `replace`); a link to
 * this very page only closes it.
 */
export function followOut(event: { preventDefault(): void }, to: string, leave: () => void, close: () => void): void {
  if (to === window.location.pathname) event.preventDefault()
  else leave()
  close()
}
