// The built index.html carries the home page prerendered (scripts/prerender/):
// it paints without JavaScript, only on "/", and the app adopts it on start.
import { expect, test } from './fixtures'

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
  await expect(page.getByText('Loading sessions…')).toBeVisible()

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
      ].filter((el): el is Element => el !== null)
    })
  })
  await page.goto('/')

  // Session cards only ever come from the running app.
  await expect(page.getByTestId('session-card').first()).toBeVisible()
  const same = await page.evaluate(() => {
    const before = (window as unknown as { __prerendered?: Element[] }).__prerendered ?? []
    return [before.length, before.every((el) => el.isConnected)] as const
  })
  expect(same).toEqual([2, true])

  // The adopted markup is live: its button works.
  await page.getByRole('button', { name: 'Pause slideshow' }).click()
  await expect(page.getByRole('button', { name: 'Play slideshow' })).toBeVisible()
})
