// A live build's pages with cards come with their cards: the API server renders
// "/" and /study-sessions with the approved sessions per request, the app
// adopts that markup, and the service worker keeps the last "/" for a start
// from the home screen (docs/decisions/0043-cards-rendered-on-the-server.md).
// A search, filter, sort or page address of /study-sessions comes with its
// own list, rendered and seeded under the screen's own query
// (docs/decisions/0066-every-study-sessions-address-comes-with-its-cards.md).
import type { Page, Route } from '@playwright/test'
import { LOCAL_KEYS } from '../../../src/shared/storage/browser-storage'
import { CLIENT_HEADER, CLIENT_HEADER_VALUE } from '../../../src/contract/routes'
import { expect, test, waitForServiceWorker } from '../fixtures'
import { keepServedCards, servedStillShown } from '../served-cards'
import { deviceRowCount } from '../device-tables'
import { goOffline, newPageOffline } from '../offline-network'

interface Listed {
  _id: string
  title: string
}

const cardsOf = (page: Page) => page.getByTestId('session-card')
const cardIds = (page: Page) => cardsOf(page).evaluateAll((els) => els.map((el) => el.getAttribute('data-session-id')))

/** The approved sessions' page 1 (and a search) as the API answers it (asked from outside the page: no worker needed). */
async function approved(page: Page, limit: number, search = ''): Promise<Listed[]> {
  const answer = await page.request.get(`/api/sessions?status=approved&page=1&limit=${limit}${search}`, {
    headers: { [CLIENT_HEADER]: CLIENT_HEADER_VALUE },
  })
  expect(answer.ok()).toBe(true)
  return (await answer.json()) as Listed[]
}

test('"/" and /study-sessions show their cards with no JavaScript at all @live', async ({ browser, baseURL, page }) => {
  const expected = await approved(page, 8)

  const context = await browser.newContext({ baseURL, javaScriptEnabled: false, serviceWorkers: 'block' })
  const bare = await context.newPage()
  await bare.goto('/')
  await expect(bare.getByRole('region', { name: 'Available Study Sessions' }).getByTestId('session-card')).toHaveCount(
    6,
  )
  expect(await cardIds(bare)).toEqual(expected.slice(0, 6).map((s) => s._id))

  await bare.goto('/study-sessions')
  await expect(bare.getByRole('heading', { level: 1, name: 'Study Sessions' })).toBeVisible()
  await expect(cardsOf(bare).getByRole('heading', { level: 2 })).toHaveText(expected.map((s) => s.title))
  await expect(bare.getByText('Loading sessions…')).toHaveCount(0)
  await context.close()
})

for (const [path, count] of [
  ['/study-sessions', 8],
  ['/', 6],
] as const) {
  test(`${path} adopts the served cards even when the device saved other ones @live`, async ({ page }) => {
    // A visit saves the cards (the first-paint cache in localStorage)...
    await page.goto(path)
    await expect(cardsOf(page)).toHaveCount(count)
    await page.waitForFunction((key) => localStorage.getItem(key)?.includes('"items"'), LOCAL_KEYS.queryCache)
    // ...then, as the next page starts (after this one's last write on its
    // way out), the saved copy differs from what the server renders: one
    // card's title is not the server's. Hydrating from it would not match the
    // served markup (the console guard fails the test on React's error).
    await page.addInitScript((key) => {
      const text = localStorage.getItem(key)
      if (!text) return
      const saved = JSON.parse(text) as {
        clientState: { queries: { state: { data?: { items?: { title: string }[] } } }[] }
      }
      for (const query of saved.clientState.queries) {
        const first = query.state.data?.items?.[0]
        if (first) first.title = 'A title only this device saved'
      }
      localStorage.setItem(key, JSON.stringify(saved))
    }, LOCAL_KEYS.queryCache)
    // Without its worker, the next navigation is the server's page again, as a first visit's is.
    await page.evaluate(async () => {
      for (const registration of await navigator.serviceWorker.getRegistrations()) await registration.unregister()
    })
    await keepServedCards(page)
    await page.reload()

    const expected = await approved(page, count)
    await expect(cardsOf(page).getByRole('heading')).toHaveText(expected.map((s) => s.title))
    // The very elements the server sent: adopted, not rendered again.
    expect(await servedStillShown(page)).toEqual([count, true])
  })
}

const SEARCH = '/study-sessions?q=comp&sort=fee'

test('a search address shows its own cards with no JavaScript at all @live', async ({ browser, baseURL, page }) => {
  const expected = await approved(page, 8, '&q=comp&sort=fee')
  expect(expected.length).toBeGreaterThan(0)

  const context = await browser.newContext({ baseURL, javaScriptEnabled: false, serviceWorkers: 'block' })
  const bare = await context.newPage()
  await bare.goto(SEARCH)
  await expect(cardsOf(bare).getByRole('heading', { level: 2 })).toHaveText(expected.map((s) => s.title))
  await expect(bare.getByLabel('Search')).toHaveValue('comp')
  await expect(bare.getByText('Loading sessions…')).toHaveCount(0)
  await context.close()
})

test('a search address hydrates with its served cards, with every list request held @live', async ({ page }) => {
  const expected = await approved(page, 8, '&q=comp&sort=fee')
  // Without its worker, the navigation is the server's page, as a first visit's is.
  await page.goto('/about')
  await page.evaluate(async () => {
    for (const registration of await navigator.serviceWorker.getRegistrations()) await registration.unregister()
  })
  const held: Route[] = []
  // What the page shows, it did not get from a request of its own.
  await page.route('**/api/sessions?**', (route) => void held.push(route))
  await keepServedCards(page)
  await page.goto(SEARCH)

  await expect(cardsOf(page).getByRole('heading')).toHaveText(expected.map((s) => s.title))
  // The app is running on the adopted markup: the search box drives the address.
  await page.getByLabel('Search').fill('compu')
  await expect(page).toHaveURL(/[?&]q=compu(&|$)/)
  // Until the new search answers, the list shown is still the served one, the very elements (no mismatch).
  expect(await servedStillShown(page)).toEqual([expected.length, true])
  // No request for another list than the ones typed (the served one's background refresh at most).
  for (const route of held) expect(new URL(route.request().url()).searchParams.get('q')).toMatch(/^compu?$/)
  // Answered now (those the app has not given up on), so the page settles: the end-of-test scan waits for nothing busy.
  await page.unrouteAll()
  for (const route of held) await route.continue().catch(() => undefined)
  await expect(cardsOf(page).locator('xpath=ancestor::ul[@aria-busy="true"]')).toHaveCount(0)
})

test.describe('a first visit', () => {
  test.use({ allowedConsoleErrors: [/ERR_INTERNET_DISCONNECTED/], freshContext: true })

  test('asks for no list it came with, and keeps it for reading offline @live', async ({ page, context }) => {
    const expected = (await approved(page, 8)).map((s) => s._id)
    const listRequests: string[] = []
    page.on('request', (request) => {
      if (new URL(request.url()).pathname === '/api/sessions') listRequests.push(request.url())
    })
    await page.goto('/study-sessions')
    await expect(cardsOf(page)).toHaveCount(8)
    // The list the server read for this request is the query's answer, kept on the device once the page is idle
    // (docs/performance.md#a-list-read-for-this-request-is-not-asked-again).
    await expect.poll(() => deviceRowCount(page, 'sessionPages')).toBe(1)
    expect(listRequests).toEqual([])

    // Offline, the worker answers with the app shell, and the list is the device's.
    await goOffline(context)
    const offline = await newPageOffline(context)
    await offline.goto('/study-sessions')
    await expect(cardsOf(offline)).toHaveCount(8)
    expect(await cardIds(offline)).toEqual(expected)
    await expect(offline.getByText(/^Offline — showing data from/)).toBeVisible()
  })
})

test.describe('a start from the home screen', () => {
  // Offline, the app's own request for the sessions fails (the page says so; the cards stay).
  // Offline, the app runs on what its own install kept: each test installs it afresh.
  test.use({ allowedConsoleErrors: [/ERR_INTERNET_DISCONNECTED/], freshContext: true })

  test('shows the cards the worker kept, offline too @live', async ({ page, context }) => {
    await page.goto('/')
    await waitForServiceWorker(page)
    const expected = (await approved(page, 6)).map((s) => s._id)
    // The worker keeps "/" as the server rendered it once it is active.
    await expect
      .poll(() =>
        page.evaluate(async () => {
          for (const name of await caches.keys()) {
            if (!name.startsWith('studyhub-home-page-')) continue
            const kept = await (await caches.open(name)).match('/')
            if (kept) return (await kept.text()).split('data-testid="session-card"').length - 1
          }
          return 0
        }),
      )
      .toBe(6)

    await goOffline(context)
    const start = await newPageOffline(context)
    await keepServedCards(start)
    const response = await start.goto('/')
    // The page itself, from the worker, holds the cards: they paint before any script runs.
    expect((await response!.text()).split('data-testid="session-card"')).toHaveLength(7)
    await expect(cardsOf(start)).toHaveCount(6)
    expect(await cardIds(start)).toEqual(expected)
    expect(await servedStillShown(start)).toEqual([6, true])
  })
})
