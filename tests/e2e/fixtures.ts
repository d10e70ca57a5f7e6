// The one `test` and `expect` every browser test imports. Its `page` fixture
// holds the app to two rules on every test, so no spec can forget them:
//
// - Accessibility: axe-core (WCAG 2.0/2.1 A and AA, WCAG 2.2 AA) runs after
//   every `page.goto`/`page.reload` and on the page the test ends on; pages
//   reached by clicking (client-side navigation) that the test left before the
//   end are visited again and checked at teardown. Any violation fails the
//   test with a readable list. Call `checkA11y(page)` for states a URL does not
//   capture (an open dialog, a filled form).
// - Console: any console.error or uncaught page error fails the test, except
//   messages the test declares expected with
//   `test.use({ allowedConsoleErrors: [/.../] })`.
// - Content-Security-Policy: every violation the page reports (a
//   `securitypolicyviolation` event: a blocked script, frame, connection,
//   Trusted Types sink) fails the test; no test can allow one.
// - Offline: after every navigation or reload of a page whose context the test
//   took offline (offline-network.ts), the page first proves that the server
//   is out of reach. Every page the context opens gets these guards, not only
//   the fixture's `page`.
//
// `appMode` says which build the project tests ('demo' or 'live', set per
// project in playwright.config.ts); helpers that differ between the two
// (signing in) read it with `appMode()`.
import {
  test as base,
  expect,
  type BrowserContextOptions,
  type Page,
  type PlaywrightTestArgs,
  type PlaywrightTestOptions,
  type PlaywrightWorkerArgs,
  type PlaywrightWorkerOptions,
  type TestInfo,
  type TestType,
} from '@playwright/test'
import { formatViolations, installAxe, markScanned, runAxe, settle, unchangedSinceScan } from './axe-scan'
import {
  expectServerOutOfReach,
  isOffline,
  isOnStaticPage,
  isOpeningOffline,
  OFFLINE_PROBE_MARKER,
} from './offline-network'
import { WarmContexts } from './warm-context'

export { expect }

export type AppMode = 'demo' | 'live'

export interface AppModeOption {
  /** Which build the project tests: the demo build or a live build against the API server. */
  appMode: AppMode
}

/** The build the running test's project tests. */
export function appMode(): AppMode {
  return (test.info().project.use as Partial<AppModeOption>).appMode ?? 'demo'
}

export interface ContextOption {
  /**
   * A browser context of the test's own, where the app installs afresh,
   * instead of the worker's kept one (./warm-context.ts): for tests about
   * installing, updating or starting offline.
   */
  freshContext: boolean
}

export interface GuardOptions {
  /** Console errors and page errors this test expects (substring or pattern). */
  allowedConsoleErrors: (string | RegExp)[]
  /** CSS selectors axe leaves out, e.g. third-party embeds the app cannot fix. */
  axeExclude: string[]
  /** Revisit and check pages reached by clicking that were not checked yet. */
  a11yRevisit: boolean
}

interface GuardState {
  scanned: Set<string>
  visited: string[]
  options: GuardOptions
  testInfo: TestInfo
}

const guards = new WeakMap<Page, GuardState>()
/** Each watched page's own `goto`, before the checks were wrapped around it. */
const uncheckedGotos = new WeakMap<Page, Page['goto']>()
/** Pages on a set-up step: where they land is not a page of the test's, to revisit and scan. */
const settingUp = new WeakSet<Page>()

/**
 * Opens a URL with none of the checks a test's own `page.goto` runs: for a
 * helper's set-up step (the first load that installs the app before signing
 * in), never for a page the test asserts anything on. Online only.
 */
export async function gotoUnchecked(page: Page, url: string): Promise<void> {
  if (isOffline(page.context())) throw new Error('gotoUnchecked is for set-up steps online only')
  settingUp.add(page)
  try {
    await (uncheckedGotos.get(page) ?? page.goto.bind(page))(url)
  } finally {
    settingUp.delete(page)
  }
}

/** The part of a URL that names a page: no hash. */
function pageKey(url: string): string {
  const u = new URL(url)
  u.hash = ''
  return u.href
}

/**
 * Runs axe on the page as it is now and fails on any WCAG A/AA violation.
 * `label` names the state in the failure message ("login dialog open").
 * `restyled`: only the page's look changed since it settled (a theme or a
 * window size), so a short quiet spell is enough.
 */
export async function checkA11y(page: Page, label = '', { restyled = false } = {}): Promise<void> {
  await settle(page, restyled ? 50 : 150)
  const guard = guards.get(page)
  const exclude = guard?.options.axeExclude ?? []
  const url = page.url()
  const violations = await runAxe(page, exclude)
  guard?.scanned.add(pageKey(url))
  await markScanned(page)
  if (violations.length > 0) {
    const message = formatViolations(url, label, violations)
    await guard?.testInfo.attach(`axe-violations${label ? `-${label}` : ''}`, {
      body: JSON.stringify(violations, null, 2),
      contentType: 'application/json',
    })
    throw new Error(message)
  }
}

/**
 * Opens `url` (a path) in the running app as a link would, through the
 * router's own history event: a screen costs its render, not a start of the
 * whole app. No scan runs here (call `checkA11y` for the screen).
 */
export async function openInApp(page: Page, url: string): Promise<void> {
  await pushRoute(page, url)
  // As the browser writes it (a `'` in a query is percent-encoded, say).
  const { pathname, search } = new URL(url, page.url())
  await expect(page).toHaveURL((u) => u.pathname + u.search === pathname + search)
}

/** The router's own history event, as a link's click makes it. */
function pushRoute(page: Page, url: string): Promise<void> {
  return page.evaluate((to) => {
    history.pushState(null, '', to)
    dispatchEvent(new PopStateEvent('popstate'))
  }, url)
}

/**
 * Opens a page the test reached earlier again, for its scan at the end: inside
 * the running app when the page shows it (about 0.6 s less than a full load of
 * the app, and the screen as the test's click showed it), or loaded whole.
 */
async function revisit(page: Page, goto: Page['goto'], url: string): Promise<void> {
  const appRunning = await page.evaluate(() => (document.getElementById('root')?.childElementCount ?? 0) > 0)
  if (appRunning && new URL(url).origin === new URL(page.url()).origin) await pushRoute(page, url)
  else await goto(url)
}

/** Waits until a service worker controls the page (the demo server answers only then). */
export async function waitForServiceWorker(page: Page, timeout = 15_000): Promise<void> {
  await page.waitForFunction(() => navigator.serviceWorker?.controller != null, null, { timeout })
}

function isAllowed(text: string, allowed: (string | RegExp)[]): boolean {
  return allowed.some((pattern) => (typeof pattern === 'string' ? text.includes(pattern) : pattern.test(text)))
}

/** Playwright's test with the private fixture its `context` fixture is made from, named so it can be used here. */
const playwrightTest = base as unknown as TestType<
  PlaywrightTestArgs & PlaywrightTestOptions & { _combinedContextOptions: BrowserContextOptions },
  PlaywrightWorkerArgs & PlaywrightWorkerOptions
>

export const test = playwrightTest.extend<GuardOptions & AppModeOption & ContextOption, { warmContexts: WarmContexts }>(
  {
    appMode: ['demo', { option: true }],
    allowedConsoleErrors: [[], { option: true }],
    axeExclude: [[], { option: true }],
    a11yRevisit: [true, { option: true }],
    freshContext: [false, { option: true }],

    warmContexts: [
      async ({ browser }, use) => {
        const contexts = new WarmContexts(browser)
        await use(contexts)
        await contexts.discard()
      },
      { scope: 'worker' },
    ],

    // `_combinedContextOptions` is Playwright's own merge of every context option the project and the spec set
    // (playwright.config.ts, test.use): the one its built-in `context` fixture makes contexts with.
    context: async (
      { browser, warmContexts, freshContext, appMode, _combinedContextOptions: options },
      use,
      testInfo,
    ) => {
      const context = freshContext
        ? await browser.newContext(options)
        : await warmContexts.take(options, appMode === 'demo')
      await use(context)
      if (freshContext) await context.close()
      else await warmContexts.give(testInfo)
    },

    // Playwright's own `page` is a new page of the context; a kept context's first page is the one its wipe ran on.
    page: async (
      { context, warmContexts, freshContext, allowedConsoleErrors, axeExclude, a11yRevisit },
      use,
      testInfo,
    ) => {
      const page = freshContext ? await context.newPage() : await warmContexts.newPage(context)
      const problems: string[] = []
      const state: GuardState = {
        scanned: new Set(),
        visited: [],
        options: { allowedConsoleErrors, axeExclude, a11yRevisit },
        testInfo,
      }

      const watch = (watched: Page) => {
        guards.set(watched, state)
        // Blank pages are not the app: axe opens one in the context to finish
        // each scan, and init scripts that touch storage throw there.
        const isApp = () => watched.url().startsWith('http')
        watched.on('console', (message) => {
          if (!isApp() || message.type() !== 'error' || isAllowed(message.text(), allowedConsoleErrors)) return
          const { url, lineNumber } = message.location()
          // The offline proof's own request fails on purpose.
          if (url?.includes(OFFLINE_PROBE_MARKER)) return
          // The browser's own ask of a tab that shows no HTML (a file, the static page a test starts on):
          // the app has no /favicon.ico (its icon is favicon.svg) and never asks for one.
          if (url && new URL(url).pathname === '/favicon.ico') return
          problems.push(`console.error: ${message.text()}${url ? `\n    at ${url}:${lineNumber}` : ''}`)
        })
        watched.on('pageerror', (error) => {
          if (!isApp() || isAllowed(`${error.message}\n${error.stack ?? ''}`, allowedConsoleErrors)) return
          problems.push(`uncaught error: ${error.stack ?? error.message}`)
        })
        // Pages of the app only: a popup of the identity provider is not ours to revisit and scan.
        const appOrigin = testInfo.project.use.baseURL ? new URL(testInfo.project.use.baseURL).origin : null
        watched.on('framenavigated', (frame) => {
          if (frame !== watched.mainFrame() || settingUp.has(watched)) return
          const url = frame.url()
          if (!url.startsWith('http') || (appOrigin && new URL(url).origin !== appOrigin)) return
          const key = pageKey(url)
          if (!state.visited.includes(key)) state.visited.push(key)
        })

        // Every navigation the test asks for is checked where it lands: offline
        // first (nothing about offline behaviour is worth asserting on a page
        // the server still answers), then accessibility.
        const landed = async () => {
          // A tab opened offline lands on a static file first; newPageOffline proves that stop itself.
          if (isOpeningOffline(watched)) return
          if (isOffline(watched.context())) await expectServerOutOfReach(watched)
          await checkA11y(watched)
        }
        const goto = watched.goto.bind(watched)
        uncheckedGotos.set(watched, goto)
        watched.goto = async (...args: Parameters<Page['goto']>) => {
          const response = await goto(...args)
          await landed()
          return response
        }
        const reload = watched.reload.bind(watched)
        watched.reload = async (...args: Parameters<Page['reload']>) => {
          const response = await reload(...args)
          await landed()
          return response
        }
        return goto
      }
      const goto = watch(page)
      page.context().on('page', watch)
      const stopWatching = () => page.context().off('page', watch)
      // Every page of the context, from its first script on.
      await page.context().exposeBinding('__reportCspViolation', ({ page: from }, report: string) => {
        if (from.url().startsWith('http')) problems.push(`Content-Security-Policy violation: ${report}`)
      })
      await installAxe(page.context())
      await page.context().addInitScript(() => {
        const report = (window as unknown as { __reportCspViolation(report: string): void }).__reportCspViolation
        window.addEventListener('securitypolicyviolation', (event) => {
          const where = event.sourceFile ? ` at ${event.sourceFile}:${event.lineNumber}` : ''
          report(`${event.effectiveDirective} blocked ${event.blockedURI || '(inline)'} on ${location.href}${where}`)
        })
      })

      await use(page)
      stopWatching()

      const passedSoFar = testInfo.status === 'passed'
      if (passedSoFar && !page.isClosed() && page.url().startsWith('http') && !isOnStaticPage(page)) {
        // The page the test ends on, unless its last scan saw it exactly as it is now.
        if (!(await unchangedSinceScan(page))) await checkA11y(page, 'end of test')
        if (a11yRevisit) {
          for (const url of state.visited.filter((u) => !state.scanned.has(u))) {
            await revisit(page, goto, url)
            await checkA11y(page, 'revisited at end of test')
          }
        }
      }

      if (problems.length > 0) {
        const message = `The page logged ${problems.length} error(s):\n${problems.map((p) => `  • ${p}`).join('\n')}`
        if (passedSoFar) throw new Error(message)
        await testInfo.attach('console-errors', { body: message, contentType: 'text/plain' })
      }
    },
  },
)
