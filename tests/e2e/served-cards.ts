// Whether the app adopted the cards a page came with (prerendered by the
// build, rendered by the API server, or answered by the worker) instead of
// rendering them again: the elements the HTML parser made are the ones shown.
import type { Page } from '@playwright/test'

/** Keeps, when the HTML is parsed and before any module runs, the cards the page came with. */
export async function keepServedCards(page: Page): Promise<void> {
  await page.addInitScript(() => {
    document.addEventListener('readystatechange', () => {
      if (document.readyState !== 'interactive') return
      const w = window as unknown as { __served?: Element[] }
      w.__served = [...document.querySelectorAll('[data-testid="session-card"]')]
    })
  })
}

/** How many cards the page came with, and whether every one of them is still in the document. */
export const servedStillShown = (page: Page) =>
  page.evaluate(() => {
    const served = (window as unknown as { __served?: Element[] }).__served ?? []
    return [served.length, served.every((el) => el.isConnected)] as const
  })
