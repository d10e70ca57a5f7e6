// The visitor's first tap, key or scroll: what counts as using the page (as
// it ends Largest Contentful Paint in Chromium). Work that only matters to
// someone using the page waits for it, so a first look never pays for it.

const ENGAGING = ['pointerdown', 'keydown', 'scroll'] as const

/** Runs `task` once, at the first interaction with the page. */
export function onFirstInteraction(task: () => void): void {
  if (typeof window === 'undefined') return
  const engage = () => {
    for (const type of ENGAGING) window.removeEventListener(type, engage, true)
    task()
  }
  for (const type of ENGAGING) window.addEventListener(type, engage, { capture: true, passive: true })
}
