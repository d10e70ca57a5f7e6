// The one way a browser test takes the browser offline, and the proof that it
// really is offline.
//
// Why a proof: Chromium has dropped `context.setOffline(true)` at the next
// navigation or reload (seen with Chromium 150 and Playwright 1.65: the page
// and its service worker were online again and the demo server answered). The
// launch flag `--disable-features=RenderDocument` in playwright.config.ts keeps
// the state today, but a test that does not check would pass without testing
// anything the day a browser update breaks it again. So every page of an
// offline context proves, after each navigation or reload (fixtures.ts calls
// `expectServerOutOfReach` there), that the browser says it is offline and
// that a request to the API gets no answer at all, before the test asserts
// anything about offline behaviour.
//
// ESLint forbids `setOffline` anywhere else under tests/e2e.
import { expect, type BrowserContext, type Page } from '@playwright/test'

/**
 * The request the proof sends. The marker lets the console guard ignore the
 * "Failed to load resource" line Chromium logs for it.
 */
export const OFFLINE_PROBE_MARKER = 'offline-probe'
const OFFLINE_PROBE_PATH = `/api/sessions?status=approved&${OFFLINE_PROBE_MARKER}=1`

const offlineContexts = new WeakSet<BrowserContext>()

/** Whether the test took this context offline (and has not brought it back). */
export function isOffline(context: BrowserContext): boolean {
  return offlineContexts.has(context)
}

/** What the page says of its connection, and what a request to the API gets. */
function probeServer(page: Page): Promise<{ online: boolean; answer: string }> {
  return page.evaluate(async (probe) => {
    const online = navigator.onLine
    try {
      const response = await fetch(probe, { cache: 'no-store' })
      return { online, answer: `HTTP ${response.status}` }
    } catch {
      return { online, answer: 'no answer' }
    }
  }, OFFLINE_PROBE_PATH)
}

/**
 * Fails unless the page reports no connection and a request to the API gets
 * no answer (neither the demo server in the worker nor anything else).
 */
export async function expectServerOutOfReach(page: Page): Promise<void> {
  if (!page.url().startsWith('http')) return
  expect(
    await probeServer(page),
    `offline at ${page.url()}: the browser must say so and the server must not answer`,
  ).toEqual({
    online: false,
    answer: 'no answer',
  })
}

/** Takes the whole context offline and proves it on every open page. */
export async function goOffline(context: BrowserContext): Promise<void> {
  await context.setOffline(true)
  offlineContexts.add(context)
  for (const page of context.pages()) await expectServerOutOfReach(page)
}

/**
 * Brings the context back online and waits until every open page reaches the
 * API again. The service worker learns of the change a moment after the page
 * does (its `navigator.onLine` lags on a busy machine), so a call made at once
 * could still fail as offline; the test must not depend on that race.
 */
export async function goOnline(context: BrowserContext): Promise<void> {
  offlineContexts.delete(context)
  await context.setOffline(false)
  for (const page of context.pages()) {
    if (page.isClosed() || !page.url().startsWith('http')) continue
    await expect
      .poll(async () => (await probeServer(page)).answer, {
        message: `online again at ${page.url()}: the server must answer`,
        timeout: 10_000,
      })
      .toMatch(/^HTTP /)
  }
}
