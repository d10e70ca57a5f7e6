// After a client-side navigation, focus moves to the new page's heading, so a
// screen reader announces where the user landed and Tab continues from the top
// of the page instead of from a link that no longer exists. The first load
// leaves focus alone: the browser already starts at the top of a fresh page.
import { useEffect, useRef } from 'react'
import { useLocation } from 'react-router-dom'

/** How long a lazy page may take to render its heading before the main landmark is focused instead. */
const HEADING_WAIT_MS = 5_000

function focusHeading(main: HTMLElement): boolean {
  const heading = main.querySelector<HTMLElement>('h1')
  if (!heading) return false
  if (!heading.hasAttribute('tabindex')) heading.setAttribute('tabindex', '-1')
  heading.focus()
  return true
}

export function useHeadingFocusOnNavigate(): void {
  const { pathname } = useLocation()
  const shown = useRef(pathname)
  useEffect(() => {
    if (shown.current === pathname) return
    shown.current = pathname
    const main = document.getElementById('main')
    // A dialog opened by the new page keeps its own focus.
    if (!main || document.querySelector('[data-dialog-host]')) return
    if (focusHeading(main)) return
    const observer = new MutationObserver(() => {
      if (focusHeading(main)) stop()
    })
    const timer = setTimeout(() => {
      stop()
      main.focus()
    }, HEADING_WAIT_MS)
    function stop() {
      observer.disconnect()
      clearTimeout(timer)
    }
    observer.observe(main, { childList: true, subtree: true })
    return stop
  }, [pathname])
}
