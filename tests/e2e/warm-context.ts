// One browser context per worker, kept from test to test, with the app
// installed once: its service worker and precache stay, everything a user's
// device holds is wiped between tests.
//
// Why: a fresh context per test made every test install the app again (the
// worker's precache of about 75 files, then its activation), start the app
// twice to sign in, and close a context whose worker was still busy: about
// 3–4 s of each test on two cores, a quarter of the whole run. A user's phone
// does this once, so a test that is not about installing need not either.
//
// Between two tests the context gets back to "the app installed, nobody has
// used it yet":
// - the test's pages are closed, and what it changed on the context is undone:
//   routes, init scripts, bindings, cookies, permissions (a context a test
//   took offline is not kept: see give());
// - on a page of the origin: localStorage and sessionStorage are cleared,
//   every IndexedDB database of the app is deleted, and every cache but the
//   precache; in a demo build the demo server restores its seeded data
//   (POST /api/demo/reset, the app's own "restore demo data"), whose database
//   is the one kept (the worker holds it open).
//
// A test about installing, updating or starting offline, or one that changes
// the context in a way not listed above, asks for its own:
// `test.use({ freshContext: true })`. A test that fails takes its context with
// it: the next one starts in a new context, so a failure never spills over.
import type { Browser, BrowserContext, BrowserContextOptions, Page, TestInfo } from '@playwright/test'
import { CLIENT_HEADER, CLIENT_HEADER_VALUE } from '../../src/contract/routes'
import { isOffline, STATIC_PAGE } from './offline-network'

/** The demo server's own database: the worker keeps it open, and its reset reseeds it. */
const DEMO_SERVER_DB = 'studyhub-demo-server'
/** Workbox's precache: the installed app itself. */
const PRECACHE_PREFIX = 'workbox-precache'

type Undo = () => Promise<unknown>

interface Kept {
  context: BrowserContext
  key: string
  /** What the running test changed on the context, to undo before the next one. */
  undo: Undo[]
}

/** Wraps the context's methods whose changes outlive a test, so each can be undone. */
function trackChanges(kept: Kept): void {
  const { context } = kept
  const track = <K extends 'addInitScript' | 'exposeBinding' | 'exposeFunction' | 'route'>(name: K) => {
    const original = (context[name] as (...args: unknown[]) => Promise<{ dispose(): Promise<void> }>).bind(context)
    ;(context as unknown as Record<K, unknown>)[name] = async (...args: unknown[]) => {
      const disposable = await original(...args)
      kept.undo.push(() => disposable.dispose())
      return disposable
    }
  }
  track('addInitScript')
  track('exposeBinding')
  track('exposeFunction')
  track('route')
}

/**
 * Back to the app as installed: no account, no data on the device, the demo's
 * seeded data. Runs on `page`, a new page of the context, which the test then
 * gets as its own (a page costs about 0.4 s to open here).
 */
async function wipeDevice(page: Page, demo: boolean): Promise<void> {
  try {
    await page.goto(STATIC_PAGE)
    const failure = await page.evaluate(
      async ({ keepDb, keepCache, demo, header }) => {
        localStorage.clear()
        sessionStorage.clear()
        const deleted = (await indexedDB.databases())
          .map((db) => db.name)
          .filter((name): name is string => Boolean(name) && name !== keepDb)
          .map(
            (name) =>
              new Promise<string | null>((resolve) => {
                const request = indexedDB.deleteDatabase(name)
                request.onsuccess = () => resolve(null)
                request.onerror = () => resolve(`deleting ${name}: ${String(request.error)}`)
                // Nothing of the app runs now; a database still held open is a leak to report.
                request.onblocked = () => resolve(`${name} is still open`)
              }),
          )
        const caches_ = (await caches.keys()).filter((name) => !name.startsWith(keepCache)).map((n) => caches.delete(n))
        const problems = (await Promise.all(deleted)).filter(Boolean)
        await Promise.all(caches_)
        // The demo server lives in the service worker, so the reset must go through it, never to the preview
        // server. Two ways this page can be left uncontrolled: the test ended before the worker it installed was
        // active (it claims its pages once active), or the worker is active but this navigation was not handed to
        // it (the app asks for a claim then too: src/app/service-worker/register-service-worker.ts). So: wait
        // for an active worker, ask it to claim, and wait for the claim. No registration: the app never ran
        // here, and the demo server holds nothing yet.
        const registration = demo ? await navigator.serviceWorker.getRegistration() : undefined
        if (registration && !navigator.serviceWorker.controller) {
          const claimed = new Promise((resolve) =>
            navigator.serviceWorker.addEventListener('controllerchange', resolve, { once: true }),
          )
          const timeUp = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms))
          const active = await Promise.race([navigator.serviceWorker.ready.then((r) => r.active), timeUp(30_000)])
          if (active instanceof ServiceWorker && !navigator.serviceWorker.controller) {
            active.postMessage({ type: 'CLAIM' })
            await Promise.race([claimed, timeUp(15_000)])
          }
        }
        if (registration && !navigator.serviceWorker.controller) {
          const state = (w: ServiceWorker | null) => w?.state ?? 'none'
          problems.push(
            `no worker claimed the page (active: ${state(registration.active)}, waiting: ${state(registration.waiting)}, installing: ${state(registration.installing)})`,
          )
        } else if (registration) {
          const answer = await fetch('/api/demo/reset', { method: 'POST', headers: header })
          if (!answer.ok)
            problems.push(`the demo reset answered ${answer.status}: ${(await answer.text()).slice(0, 200)}`)
        }
        return problems.length > 0 ? problems.join('; ') : null
      },
      { keepDb: DEMO_SERVER_DB, keepCache: PRECACHE_PREFIX, demo, header: { [CLIENT_HEADER]: CLIENT_HEADER_VALUE } },
    )
    if (failure) throw new Error(`Could not wipe the kept context for the next test: ${failure}`)
  } catch (error) {
    await page.close()
    throw error
  }
}

/** The worker's kept context: hands it out, and takes it back after each test. */
export class WarmContexts {
  private kept: Kept | null = null
  private inUse = false
  /** The page the last wipe ran on, for the test's `page`. */
  private wiped: Page | null = null

  constructor(private readonly browser: Browser) {}

  /** The kept context for a test with these options: the same one, wiped, or a new one. */
  async take(options: BrowserContextOptions, demo: boolean): Promise<BrowserContext> {
    if (this.inUse) throw new Error('The kept context is already in use')
    const key = JSON.stringify(options)
    if (this.kept && this.kept.key !== key) await this.discard()
    if (this.kept) {
      const page = await this.kept.context.newPage()
      await wipeDevice(page, demo)
      this.wiped = page
    } else {
      const context = await this.browser.newContext(options)
      this.kept = { context, key, undo: [] }
      trackChanges(this.kept)
    }
    this.inUse = true
    return this.kept.context
  }

  /**
   * The test's first page: the one the wipe ran on, still on that static file
   * (no test asserts anything there), or a new one.
   */
  async newPage(context: BrowserContext): Promise<Page> {
    const wiped = this.wiped
    this.wiped = null
    if (wiped && wiped.context() === context && !wiped.isClosed()) return wiped
    return context.newPage()
  }

  /** After a test: its pages closed and its changes undone, or, after a failure, the context dropped. */
  async give(testInfo: TestInfo): Promise<void> {
    this.inUse = false
    this.wiped = null
    const kept = this.kept
    if (!kept) return
    // A context a test left offline, or that took part in a failure, may hold anything: it goes.
    if (testInfo.status !== testInfo.expectedStatus || isOffline(kept.context)) {
      await this.discard()
      return
    }
    await Promise.all(kept.context.pages().map((page) => page.close()))
    for (const undo of kept.undo.splice(0).reverse()) await undo()
    await kept.context.clearCookies()
    await kept.context.clearPermissions()
  }

  async discard(): Promise<void> {
    const kept = this.kept
    this.kept = null
    await kept?.context.close()
  }
}
