// What a page must be on a phone (360 × 740 CSS px), checked by the
// accessibility matrix on every route of every role in both themes
// (./a11y-matrix.spec.ts, decision 0045): nothing wider than the screen,
// every control a 44 × 44 px touch target, every action of a list or table
// in reach without scrolling sideways, and a details page's primary action
// on the first screen or in a bar that stays there.
import type { Page } from '@playwright/test'

/** The width the page lays out wider than the screen, if any (0 when none). */
export function sidewaysOverflow(page: Page): Promise<number> {
  return page.evaluate(() => {
    const doc = document.documentElement
    return Math.max(doc.scrollWidth, document.body.scrollWidth) - doc.clientWidth
  })
}

/** What a user can tap or focus: links, buttons, fields, and anything else made focusable. */
const INTERACTIVE =
  'a[href], button, input:not([type="hidden"]), select, textarea, summary, [role="button"], [tabindex]:not([tabindex="-1"])'

/**
 * Controls on screen smaller than a 44 × 44 px touch target (WCAG 2.5.5). Left out, as WCAG 2.5.8's inline
 * exception allows: a link inside a sentence (laid out inline, in a block with text of its own), whose size the
 * line height decides. A check box or radio button is measured with its label, which takes the same taps. Also
 * left out: what is visually hidden until focused (the skip link), and what a dialog has made inert.
 */
export function smallTargets(page: Page): Promise<string[]> {
  return page.evaluate((selector) => {
    const inSentence = (el: HTMLElement) => {
      if (el.tagName !== 'A' || getComputedStyle(el).display !== 'inline') return false
      let block = el.parentElement
      while (block && getComputedStyle(block).display === 'inline') block = block.parentElement
      const own = (el.textContent ?? '').trim().length
      return (block?.textContent ?? '').trim().length > own
    }
    return Array.from(document.querySelectorAll<HTMLElement>(selector))
      .filter((el) => el.checkVisibility() && !el.closest('[inert]') && el.id !== 'main')
      .filter((el) => !inSentence(el))
      .map((el) => {
        const choice = el instanceof HTMLInputElement && (el.type === 'checkbox' || el.type === 'radio')
        const target = choice && el.labels?.[0] ? el.labels[0] : el
        return { el, box: target.getBoundingClientRect() }
      })
      .filter(({ box }) => box.width > 1 && box.height > 1)
      .filter(({ box }) => box.width < 44 || box.height < 44)
      .map(
        ({ el, box }) =>
          `${el.tagName.toLowerCase()} "${(el.textContent || el.getAttribute('aria-label') || '').trim()}" ${Math.round(box.width)}×${Math.round(box.height)}`,
      )
  }, INTERACTIVE)
}

/**
 * Controls of the page's content that lie partly beyond the screen's left or right edge, so reaching them takes a
 * sideways scroll (of a table, say). The navigation rows are left out: they scroll sideways by design.
 */
export function controlsOffScreen(page: Page): Promise<string[]> {
  return page.evaluate((selector) => {
    const width = document.documentElement.clientWidth
    return Array.from(document.querySelectorAll<HTMLElement>(`main ${selector.split(', ').join(', main ')}`))
      .filter((el) => el.checkVisibility() && !el.closest('nav, [inert]'))
      .map((el) => ({ el, box: el.getBoundingClientRect() }))
      .filter(({ box }) => box.width > 1 && (box.left < -0.5 || box.right > width + 0.5))
      .map(
        ({ el, box }) =>
          `${el.tagName.toLowerCase()} "${(el.textContent || el.getAttribute('aria-label') || '').trim()}" at ${Math.round(box.left)}–${Math.round(box.right)}`,
      )
  }, INTERACTIVE)
}

/**
 * Where a page's primary action (marked `data-primary-action`) is, seen from the top of the page: 'none' when the
 * page has none, 'in view' when it is whole on the first screen and nothing covers it (a sticky bar is), else a
 * description of where it is.
 */
export async function primaryAction(page: Page): Promise<string> {
  return page.evaluate(() => {
    window.scrollTo(0, 0)
    const action = document.querySelector<HTMLElement>('[data-primary-action]')
    if (!action) return 'none'
    const box = action.getBoundingClientRect()
    if (box.top < 0 || box.bottom > window.innerHeight || box.left < 0 || box.right > window.innerWidth)
      return `off the first screen: ${Math.round(box.top)}–${Math.round(box.bottom)} of ${window.innerHeight}`
    const button = action.querySelector('button, a[href]') ?? action
    const at = button.getBoundingClientRect()
    const top = document.elementFromPoint(at.left + at.width / 2, at.top + at.height / 2)
    return top && button.contains(top) ? 'in view' : `covered by ${top?.outerHTML.slice(0, 80) ?? 'nothing'}`
  })
}
