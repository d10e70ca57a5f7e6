// The demo build's API is the app's own service worker
// (docs/decisions/0002-demo-server-in-the-service-worker.md):
// once it controls the page, /api/* is answered with JSON by the demo server,
// never by the static server's SPA fallback (index.html with status 200).
import { expect, test, waitForServiceWorker } from './fixtures'

// The browser logs every 404 it receives; this one is the point of the test.
test.use({ allowedConsoleErrors: ['the server responded with a status of 404'] })

test('the service worker takes control and answers /api with JSON', async ({ page }) => {
  await page.goto('/')
  await waitForServiceWorker(page)

  const answer = await page.evaluate(async () => {
    const response = await fetch('/api/no-such-route')
    return { status: response.status, type: response.headers.get('content-type') ?? '', body: await response.text() }
  })
  // `vite preview` alone would send the HTML shell with 200 here.
  expect(answer.status).toBe(404)
  expect(answer.type).toMatch(/application\/json/)
  expect(JSON.parse(answer.body)).toEqual(expect.objectContaining({ message: expect.any(String) }))
})
