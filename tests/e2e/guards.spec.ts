// The guards of ./fixtures.ts must themselves fail when they should, or every
// other spec's accessibility and console checks would pass vacuously.
import { checkA11y, expect, test, waitForServiceWorker } from './fixtures'
import { goOffline, goOnline } from './offline-network'

test('checkA11y fails on a WCAG violation and lists it', async ({ page }) => {
  await page.goto('/')
  await page.evaluate(() => {
    const img = document.createElement('img')
    img.id = 'unlabelled'
    img.src = '/favicon.svg'
    document.querySelector('main')!.append(img)
  })

  const failure = await checkA11y(page, 'image without alt').then(
    () => null,
    (error: Error) => error.message,
  )
  expect(failure).toContain('image-alt')
  expect(failure).toContain('#unlabelled')

  // Put the page right again so the end-of-test check passes.
  await page.evaluate(() => document.getElementById('unlabelled')!.remove())
})

test.describe('a console error', () => {
  test.fail()
  test('fails the test that caused it', async ({ page }) => {
    await page.goto('/')
    await page.evaluate(() => console.error('a bug the test did not expect'))
  })
})

test.describe('an uncaught page error', () => {
  test.fail()
  test('fails the test that caused it', async ({ page }) => {
    await page.goto('/')
    await page.evaluate(() => setTimeout(() => Promise.reject(new Error('unhandled rejection')), 0))
    await page.waitForTimeout(200)
  })
})

test.describe('an expected console error', () => {
  test.use({ allowedConsoleErrors: [/expected by this test/] })
  test('is let through when the test allows it', async ({ page }) => {
    await page.goto('/')
    await page.evaluate(() => console.error('a message expected by this test'))
  })
})

test.describe('the offline proof', () => {
  // The reload's own calls meet a service worker that still believes it is offline (its
  // navigator.onLine lags the page's): their failures are not what this test is about.
  test.use({ allowedConsoleErrors: [/net::ERR_(FAILED|INTERNET_DISCONNECTED)/], freshContext: true })
  test('fails a reload the browser brought back online', async ({ page }) => {
    await page.goto('/')
    await waitForServiceWorker(page)
    await goOffline(page.context())
    // What some Chromium builds do by themselves at a navigation.
    // eslint-disable-next-line no-restricted-properties -- simulating the browser losing the offline state
    await page.context().setOffline(false)
    const failure = await page.reload().then(
      () => null,
      (error: Error) => error.message,
    )
    expect(failure).toContain('the browser must say so and the server must not answer')
    await goOnline(page.context())
  })
})
