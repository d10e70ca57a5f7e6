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
// A tab opened while offline is a case of its own: see `newPageOffline`.
//
// ESLint forbids `setOffline` anywhere else under tests/e2e.
import { expect, type BrowserContext, type CDPSession, type Page } from '@playwright/test'

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

/** Tabs on their way to their first page, whose landing is not yet to be proven. */
const opening = new WeakSet<Page>()

/** Whether the page is a tab `newPageOffline` is still setting up (the fixture's proof waits for it). */
export function isOpeningOffline(page: Page): boolean {
  return opening.has(page)
}

/** The offline emulation newPageOffline set on a tab of its own; goOnline lifts it. */
const tabEmulation = new Map<Page, CDPSession>()

/**
 * A static file of the origin that the service worker keeps, served with the
 * app's own headers: a page that starts no app, where a helper stops a tab
 * (to wipe the device, to place a signed-in user, to open a tab offline).
 */
export const STATIC_PAGE = '/favicon.svg'

/** Whether the page shows STATIC_PAGE (a kept context's wipe leaves the test's page there). */
export function isOnStaticPage(page: Page): boolean {
  const url = page.url()
  return url.startsWith('http') && new URL(url).pathname === STATIC_PAGE
}

/**
 * Opens a new tab in an offline context, proven offline, for the test to
 * navigate where it likes. What Chromium does there
 * (seen on 150 and 156): a new tab's first navigation to a page sent with
 * Cross-Origin-Opener-Policy (the API server sends it with the live build)
 * moves the tab into a new browsing context group, in a new renderer, and
 * that renderer comes up without the offline emulation: `navigator.onLine`
 * reads true there, while the network stays cut. Emulation set on the tab
 * after that move holds across its later same-origin navigations and reloads.
 * So the tab's first stop is a static file from the service worker's
 * precache (no app code runs), the offline state is set again on that tab
 * alone, and the proof holds there before the test opens the app.
 */
export async function newPageOffline(context: BrowserContext): Promise<Page> {
  if (!isOffline(context)) throw new Error('newPageOffline is for a context the test took offline')
  const page = await context.newPage()
  opening.add(page)
  try {
    await page.goto(STATIC_PAGE)
    // The session stays attached: Chromium drops a session's emulation when it detaches.
    const cdp = await context.newCDPSession(page)
    await cdp.send('Network.emulateNetworkConditions', {
      offline: true,
      latency: 0,
      downloadThroughput: -1,
      uploadThroughput: -1,
    })
    tabEmulation.set(page, cdp)
    await expectServerOutOfReach(page)
  } finally {
    opening.delete(page)
  }
  return page
}

/**
 * Takes the whole context offline and proves it on every open page. The app
 * goes offline installed: a service worker still installing (its precache not
 * yet kept) would leave a reload offline with nothing to answer it, as for a
 * user who lost the signal in the first seconds of a first visit, which no
 * test here is about. So each page first waits until its worker is active.
 */
export async function goOffline(context: BrowserContext): Promise<void> {
  for (const page of context.pages()) {
    if (!page.url().startsWith('http')) continue
    const installed = await page.evaluate(async () => {
      const registration = await navigator.serviceWorker?.getRegistration()
      if (!registration || registration.active) return true
      const timeout = new Promise<false>((resolve) => setTimeout(() => resolve(false), 30_000))
      return Promise.race([navigator.serviceWorker.ready.then(() => true), timeout])
    })
    expect(installed, `the app's service worker never became active at ${page.url()}`).toBe(true)
  }
  await context.setOffline(true)
  offlineContexts.add(context)
  // As in goOnline, the service worker learns of the change a moment after the page: until it
  // has, its demo server still answers. The proof must come to hold (and then holds after every
  // navigation, where the fixture checks it at once), or the test fails here.
  for (const page of context.pages()) {
    if (!page.url().startsWith('http')) continue
    await expect
      .poll(() => probeServer(page), {
        message: `offline at ${page.url()}: the browser must say so and the server must not answer`,
        timeout: 10_000,
      })
      .toEqual({ online: false, answer: 'no answer' })
  }
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
  for (const [page, cdp] of tabEmulation) {
    if (page.context() !== context) continue
    tabEmulation.delete(page)
    if (!page.isClosed()) await cdp.detach()
  }
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
