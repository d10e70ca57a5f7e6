// The built index.html carries the home page prerendered (scripts/prerender/):
// it paints without JavaScript, only on "/", and the app adopts it on start.
// Its cards come with the page: a demo build's from the seed at build time, a
// live build's from the API server, which inlines them per request
// (docs/decisions/0041-data-in-the-first-paint.md). A demo build's
// /study-sessions is prerendered too (study-sessions.html), and its worker
// answers a search address with that list's data in the page
// (docs/decisions/0066-every-study-sessions-address-comes-with-its-cards.md).
import type { Page } from '@playwright/test'
import { FIRST_PAINT_ELEMENT_ID } from '../../src/contract/first-paint'
import { callApi } from './demo-accounts'
import { expect, test, waitForServiceWorker } from './fixtures'
import { keepServedCards, servedStillShown } from './served-cards'
import { goOffline, OFFLINE_PROBE_MARKER } from './offline-network'

interface Listed {
  _id: string
  title: string
}

test('index.html shows the home page with no JavaScript at all', async ({ browser, baseURL }) => {
  const context = await browser.newContext({ baseURL, javaScriptEnabled: false, serviceWorkers: 'block' })
  const page = await context.newPage()
  await page.goto('/')

  await expect(page.getByRole('heading', { level: 1, name: 'Unlock Knowledge, Anytime, Anywhere' })).toBeVisible()
  await expect(page.getByText('Book sessions with expert tutors, access study materials')).toBeVisible()
  await expect(page.getByRole('link', { name: 'Explore Sessions' })).toHaveAttribute('href', '/sessions')
  for (const name of ['Available Study Sessions', 'Why Choose Us?', 'Learn from Anywhere, Anytime']) {
    await expect(page.getByRole('heading', { level: 2, name })).toBeVisible()
  }
  // The seed's first six approved sessions, known when the demo build was made.
  await expect(page.getByTestId('session-card')).toHaveCount(6)
  await expect(page.getByText('Loading sessions…')).toHaveCount(0)

  // The first slide, fetched early and painted from HTML.
  const image = page.getByTestId('hero').locator('img[data-scene="study-desk"]')
  await expect(image).toHaveCount(1)
  await expect(image).toHaveAttribute('fetchpriority', 'high')
  await expect.poll(() => image.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0)).toBe(true)
  const preload = page.locator('head link[rel="preload"][as="image"]')
  await expect(preload).toHaveAttribute('fetchpriority', 'high')
  const avif = page.getByTestId('hero').locator('picture:has(img[data-scene="study-desk"]) source[type="image/avif"]')
  // The same candidates as the picture's AVIF source, so the file is fetched once.
  await expect(preload).toHaveAttribute('imagesrcset', (await avif.getAttribute('srcset'))!)

  // The session is not known yet: neither Login nor Dashboard is claimed.
  const nav = page.getByRole('navigation', { name: 'Main' })
  await expect(nav.getByRole('link', { name: 'Home', exact: true })).toHaveAttribute('aria-current', 'page')
  await expect(nav.getByRole('link', { name: /^(Login|Register|Dashboard)$/ })).toHaveCount(0)
  await context.close()
})

test('a deep link never shows the prerendered home page', async ({ browser, baseURL }) => {
  const context = await browser.newContext({ baseURL, serviceWorkers: 'block' })
  const page = await context.newPage()
  // Without the app's scripts, what is left is index.html and its inline script.
  await page.route('**/assets/*.js', (route) => route.abort())
  const headline = page.getByRole('heading', { name: 'Unlock Knowledge, Anytime, Anywhere' })

  await page.goto('/about')
  await expect(page.locator('#root')).toBeEmpty()
  await expect(headline).toHaveCount(0)

  await page.goto('/')
  await expect(headline).toBeVisible()
  await context.close()
})

test('the page preloads the app’s own chunk, which the entry imports after its first task @live', async ({ page }) => {
  // src/main.tsx evaluates React DOM, then imports the app (docs/performance.md#the-entry-in-two-tasks): without
  // the page's preload, the app's chunk would be fetched only once the entry had run, a round trip later.
  const html = await (await page.request.get('/')).text()
  const entry = /<script type="module" crossorigin src="([^"]+)"><\/script>/.exec(html)?.[1]
  const preloaded = /<link rel="modulepreload" crossorigin href="([^"]+)">/.exec(html)?.[1]
  expect(entry).toBeTruthy()
  expect(preloaded).toMatch(/\/app-start-[\w-]+\.js$/)
  const entryCode = await (await page.request.get(entry!)).text()
  expect(entryCode).toContain(preloaded!.split('/').pop())
  expect((await page.request.get(preloaded!)).ok()).toBe(true)
})

test('on "/" the app adopts the prerendered markup instead of replacing it', async ({ page }) => {
  // readyState turns "interactive" once the HTML is parsed and before any
  // module script runs: what is in the DOM then came from index.html.
  await page.addInitScript(() => {
    document.addEventListener('readystatechange', () => {
      if (document.readyState !== 'interactive') return
      const w = window as unknown as { __prerendered?: Element[] }
      w.__prerendered = [
        document.querySelector('#hero-title'),
        document.querySelector('[data-testid="hero"] img'),
        ...document.querySelectorAll('[data-testid="session-card"]'),
      ].filter((el): el is Element => el !== null)
    })
  })
  await page.goto('/')

  // Hydrated with the data the markup was rendered from, then refreshed by the
  // demo server's answer: the same sessions, the same elements.
  await waitForServiceWorker(page)
  const { body } = await callApi<Listed[]>(page, '/sessions?status=approved&page=1&limit=6')
  const cards = page.getByTestId('session-card')
  await expect(cards.getByRole('heading')).toHaveText(body.map((s) => s.title))
  const ids = await cards.evaluateAll((els) => els.map((el) => el.getAttribute('data-session-id')))
  expect(ids).toEqual(body.map((s) => s._id))
  const same = await page.evaluate(() => {
    const before = (window as unknown as { __prerendered?: Element[] }).__prerendered ?? []
    return [before.length, before.every((el) => el.isConnected)] as const
  })
  expect(same).toEqual([8, true])

  // The adopted markup is live: its button works.
  await page.getByRole('button', { name: 'Pause slideshow' }).click()
  await expect(page.getByRole('button', { name: 'Play slideshow' })).toBeVisible()
})

test('the home page’s six cards come with the page, before the API answers anything @live', async ({
  browser,
  baseURL,
  page,
}) => {
  // No service worker (so no demo server) and every API call held unanswered:
  // what the page shows, it did not get from a call.
  const context = await browser.newContext({ baseURL, serviceWorkers: 'block' })
  const held = await context.newPage()
  await held.route('**/api/**', () => undefined)
  await held.goto('/')
  const cards = held.getByRole('region', { name: 'Available Study Sessions' }).getByTestId('session-card')
  await expect(cards).toHaveCount(6)
  // The app is running (hydrated on "/"): its slideshow control answers.
  await held.getByRole('button', { name: 'Pause slideshow' }).click()
  await expect(held.getByRole('button', { name: 'Play slideshow' })).toBeVisible()
  const shown = await cards.evaluateAll((els) =>
    els.map((el) => [el.getAttribute('data-session-id'), el.querySelector('h3')?.textContent]),
  )
  await context.close()

  // The sessions the API answers for the same page.
  await page.goto('/about')
  const { body } = await callApi<Listed[]>(page, '/sessions?status=approved&page=1&limit=6')
  expect(shown).toEqual(body.map((s) => [s._id, s.title]))
})

/**
 * Holds every request the page makes for a sessions list unanswered, and
 * notes its address: what the page then shows, it did not get from a request.
 */
async function holdListRequests(page: Page): Promise<void> {
  await page.addInitScript((probe) => {
    const w = window as unknown as { __lists?: string[] }
    w.__lists = []
    const fetchFromNetwork = window.fetch.bind(window)
    window.fetch = (input, init) => {
      const url = new URL(input instanceof Request ? input.url : String(input), location.href)
      // The offline proof's own request goes through (offline-network.ts).
      if (url.pathname !== '/api/sessions' || url.searchParams.has(probe)) return fetchFromNetwork(input, init)
      w.__lists!.push(url.search)
      return new Promise<Response>(() => undefined)
    }
  }, OFFLINE_PROBE_MARKER)
}

const heldLists = (page: Page) => page.evaluate(() => (window as unknown as { __lists?: string[] }).__lists ?? [])

const cardsOf = (page: Page) => page.getByRole('main').getByTestId('session-card')

test('study-sessions.html shows /study-sessions’ first page with no JavaScript at all', async ({
  browser,
  baseURL,
}) => {
  const context = await browser.newContext({ baseURL, javaScriptEnabled: false, serviceWorkers: 'block' })
  const page = await context.newPage()
  const response = await page.goto('/study-sessions')
  expect(response!.headers()['content-security-policy']).toContain("script-src 'self' 'sha256-")
  await expect(page.getByRole('heading', { level: 1, name: 'Study Sessions' })).toBeVisible()
  // The seed's first eight approved sessions, known when the demo build was made.
  await expect(page.getByTestId('session-card')).toHaveCount(8)
  await expect(page.getByText('Loading sessions…')).toHaveCount(0)
  const nav = page.getByRole('navigation', { name: 'Main' })
  await expect(nav.getByRole('link', { name: 'Study Sessions', exact: true })).toHaveAttribute('aria-current', 'page')
  await context.close()
})

test.describe('offline too', () => {
  // Offline, what the app asks the demo server for fails (the cards stay).
  test.use({ allowedConsoleErrors: [/Failed to load resource: net::ERR_(FAILED|INTERNET_DISCONNECTED)$/] })

  test('/study-sessions comes from the worker with its cards, which the app adopts', async ({ page, context }) => {
    await page.goto('/')
    await waitForServiceWorker(page)
    const { body } = await callApi<Listed[]>(page, '/sessions?status=approved&page=1&limit=8')
    await keepServedCards(page)
    await holdListRequests(page)

    const response = await page.goto('/study-sessions')
    // The worker's answer is the prerendered page itself.
    expect((await response!.text()).split('data-testid="session-card"')).toHaveLength(9)
    await expect(cardsOf(page).getByRole('heading')).toHaveText(body.map((s) => s.title))
    // The very elements of the page, adopted, not rendered again: hydrated without a mismatch.
    expect(await servedStillShown(page)).toEqual([8, true])
    // Only the list's own background refresh (0041), none other, and it answered nothing the cards needed.
    for (const search of await heldLists(page)) expect(new URLSearchParams(search).get('page')).toBe('1')

    await goOffline(context)
    await page.reload()
    await expect(cardsOf(page)).toHaveCount(8)
    expect(await servedStillShown(page)).toEqual([8, true])
  })
})

test('a search address comes from the worker with its list in the page, shown in the first render', async ({
  page,
}) => {
  const address = '/study-sessions?q=comp&sort=fee'
  await page.goto('/')
  await waitForServiceWorker(page)
  const { body, total } = await callApi<Listed[]>(page, '/sessions?status=approved&q=comp&sort=fee&page=1&limit=8')
  expect(body.length).toBeGreaterThan(0)
  await holdListRequests(page)

  const response = await page.goto(address)
  const html = await response!.text()
  const data = new RegExp(`<script type="application/json" id="${FIRST_PAINT_ELEMENT_ID}">([^<]*)</script>`).exec(html)
  // The list, not the home page's: data alone, no markup (the root is the app's to render).
  expect(JSON.parse(data![1]!)).toMatchObject({ list: { page: 1, search: { q: 'comp', sort: 'fee' } } })
  expect(html.split(`id="${FIRST_PAINT_ELEMENT_ID}"`)).toHaveLength(2)
  // Every list request is held: the cards came with the page.
  await expect(cardsOf(page).getByRole('heading')).toHaveText(body.map((s) => s.title))
  await expect(page.getByRole('status').filter({ hasText: / found\.$/ })).toHaveText(
    `${total} ${total === 1 ? 'session' : 'sessions'} found.`,
  )
  await expect(page.getByLabel('Search')).toHaveValue('comp')
  // No request for another list (the plain first page, the home page's); at most this one's background refresh.
  for (const search of await heldLists(page)) expect(new URLSearchParams(search).get('q')).toBe('comp')
})
