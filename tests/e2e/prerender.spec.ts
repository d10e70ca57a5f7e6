// The built index.html carries the home page prerendered (scripts/prerender/):
// it paints without JavaScript, only on "/", and the app adopts it on start.
// Its cards come with the page: a demo build's from the seed at build time, a
// live build's from the API server, which inlines them per request
// (docs/decisions/0041-data-in-the-first-paint.md).
import { callApi } from './demo-accounts'
import { expect, test, waitForServiceWorker } from './fixtures'

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
