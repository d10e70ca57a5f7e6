// The app's start, in the entry's second task (src/main.tsx): restores the
// saved cache, seeds the data the page came with, and renders or hydrates.
// First: every feature's tables, before anything can open the app database.
import '#app/device-tables'
// Then: restores the saved first-paint cache, so the router's first loaders see it.
import '#app/query-persistence'
import { startTransition, StrictMode, useEffect } from 'react'
import type { createRoot, hydrateRoot } from 'react-dom/client'
import { App } from '#app/app'
import { finishPendingWipe, pendingWipe } from '#app/device-data'
import { readFirstPaintData, seedFirstPaint } from '#app/first-paint-data'
import { startPlatform } from '#app/platform'
import { queryClient } from '#app/query-client'
import { router } from '#app/router'

/** React DOM's root functions, from the entry's first task. */
export interface Roots {
  createRoot: typeof createRoot
  hydrateRoot: typeof hydrateRoot
}

export function start({ createRoot, hydrateRoot }: Roots): void {
  startPlatform()

  const container = document.getElementById('root')!
  // A built index.html holds the home page prerendered (scripts/prerender/),
  // and a live build's API server renders "/" and /study-sessions with their
  // cards (docs/decisions/0043-cards-rendered-on-the-server.md): React adopts
  // that markup, so what painted from HTML stays put. When the markup is not
  // this path's page, index.html's inline script has already emptied the root
  // (src/app/prerendered-page.ts), and the dev server's index.html has nothing in it.
  const hydrating = container.firstElementChild !== null
  // The data the page came with (docs/decisions/0041-data-in-the-first-paint.md):
  // in the cache before the first render, unless the markup being hydrated was
  // rendered without it; then just after, so hydration still matches.
  const firstPaint = readFirstPaintData()
  const seedNow = firstPaint && (!hydrating || firstPaint.inMarkup)
  if (firstPaint && seedNow) seedFirstPaint(queryClient, firstPaint)

  function AfterHydration() {
    useEffect(() => {
      if (firstPaint && !seedNow) seedFirstPaint(queryClient, firstPaint)
    }, [])
    return null
  }

  const app = (
    <StrictMode>
      <App />
      <AfterHydration />
    </StrictMode>
  )
  // As a transition, the first render yields to the browser every few
  // milliseconds instead of holding the main thread for the whole tree, so a
  // tap or a paint is never kept waiting by it (docs/performance.md#nothing-late-moves-the-page).
  function render() {
    startTransition(() => {
      if (hydrating) hydrateRoot(container, app)
      else createRoot(container).render(app)
    })
  }

  // A lazy screen's markup (/study-sessions) is adopted once its code is in:
  // until then the router would render its loading fallback, not that markup.
  function renderWhenRouted() {
    if (!hydrating || router.state.initialized) return render()
    const stop = router.subscribe((state) => {
      if (!state.initialized) return
      stop()
      render()
    })
  }

  // A log out that could not wipe the device left a marker: nothing is shown
  // until that wipe is done (docs/architecture/data-on-the-device.md).
  if (pendingWipe() === null) renderWhenRouted()
  else void finishPendingWipe().finally(renderWhenRouted)
}
