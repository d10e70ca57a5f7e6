// A new version prompts and reloads every open tab onto it. The test serves
// its own copy of the built app on its own origin (so other tests never see
// the update), opens two tabs, then publishes a "new build" the way a deploy
// does: a changed index.html and a sw.js whose precache manifest names it
// with a new revision. The browser finds the new worker, both tabs offer
// "A new version is ready", one tab accepts, and both reload onto the new
// index.html, which only the new worker's precache can serve.
import { createReadStream } from 'node:fs'
import { cp, mkdtemp, readFile, rm, stat, writeFile } from 'node:fs/promises'
import { createServer, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import { tmpdir } from 'node:os'
import { extname, join, normalize } from 'node:path'
import { fileURLToPath } from 'node:url'
import type { Browser, BrowserContext, Page } from '@playwright/test'
import { UPDATE_KEEPS_TYPING } from '../../src/features/pwa/update-available'
import { answerAvatarService, logInAs } from './demo-accounts'
import { checkA11y, expect, test, waitForServiceWorker } from './fixtures'

const TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.webp': 'image/webp',
  '.avif': 'image/avif',
  '.webmanifest': 'application/manifest+json',
  '.json': 'application/json',
  '.pdf': 'application/pdf',
}

/** A static server with the SPA fallback, like `vite preview`. */
function serve(root: string): Promise<Server> {
  const server = createServer((request, response) => {
    void (async () => {
      const path = normalize(decodeURIComponent(new URL(request.url ?? '/', 'http://x').pathname))
      let file = join(root, path)
      const found = file.startsWith(root) && (await stat(file).catch(() => null))?.isFile()
      if (!found) file = join(root, 'index.html')
      response.writeHead(200, {
        'Content-Type': TYPES[extname(file)] ?? 'application/octet-stream',
        'Cache-Control': 'no-cache',
      })
      createReadStream(file).pipe(response)
    })()
  })
  return new Promise((resolve) => server.listen(0, '127.0.0.1', () => resolve(server)))
}

/** Publishes build 2: index.html carries a marker, sw.js precaches it under a new revision. */
async function publishNewVersion(root: string): Promise<void> {
  const indexPath = join(root, 'index.html')
  const html = await readFile(indexPath, 'utf8')
  await writeFile(indexPath, html.replace('<head>', '<head><meta name="studyhub-build" content="2" />'))
  const swPath = join(root, 'sw.js')
  const sw = await readFile(swPath, 'utf8')
  const updated = sw.replace(/("revision":")[0-9a-f]+(","url":"index\.html")/, '$1feedc0ffee$2')
  expect(updated, 'the precache manifest names index.html').not.toBe(sw)
  await writeFile(swPath, updated)
}

/** Runs `body` in a context on a copy of the built app served on its own origin; cleans up after. */
async function onOwnCopy(
  browser: Browser,
  body: (context: BrowserContext, root: string, errors: string[]) => Promise<void>,
): Promise<void> {
  const port = process.env.E2E_PORT
  const built = fileURLToPath(new URL(`../../node_modules/.cache/e2e-dist-${port}/`, import.meta.url))
  const root = await mkdtemp(join(tmpdir(), 'studyhub-update-'))
  await cp(built, root, { recursive: true })
  const server = await serve(root)
  const origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`
  const context = await browser.newContext({ baseURL: origin, serviceWorkers: 'allow' })
  const errors: string[] = []
  context.on('page', (page) => {
    page.on('pageerror', (error) => errors.push(error.message))
    page.on('console', (message) => {
      if (message.type() === 'error') errors.push(message.text())
    })
  })
  try {
    await body(context, root, errors)
  } finally {
    await context.close()
    server.closeAllConnections()
    await new Promise((resolve) => server.close(resolve))
    await rm(root, { recursive: true, force: true })
  }
}

// Each test installs a worker twice and reloads tabs on a copy of the build: slower than most.
test.describe.configure({ timeout: 120_000 })

const buildMarker = (page: Page) => page.locator('meta[name="studyhub-build"]')
const updatePrompt = (page: Page) => page.getByRole('status').filter({ hasText: 'A new version is ready' })

test('a new version prompts, and accepting it reloads every open tab onto it', async ({ browser }) => {
  await onOwnCopy(browser, async (context, root, errors) => {
    const [first, second] = [await context.newPage(), await context.newPage()]
    for (const page of [first, second]) {
      await page.goto('/')
      await waitForServiceWorker(page)
    }
    await expect(first.getByText('A new version is ready')).toHaveCount(0)
    await expect(buildMarker(first)).toHaveCount(0)

    await publishNewVersion(root)
    // What the browser does on the next navigation or the app's hourly check.
    await first.evaluate(async () => (await navigator.serviceWorker.getRegistration())?.update())

    for (const page of [first, second]) {
      await expect(updatePrompt(page)).toBeVisible({ timeout: 15_000 })
    }
    // The old version keeps running until the user accepts.
    await expect(buildMarker(first)).toHaveCount(0)
    await checkA11y(first, 'update prompt')

    const reloaded = Promise.all([first.waitForEvent('load'), second.waitForEvent('load')])
    await first.getByRole('button', { name: 'Reload' }).click()
    await reloaded

    for (const page of [first, second]) {
      await expect(buildMarker(page)).toHaveCount(1)
      await expect(page.getByRole('heading', { level: 1, name: 'Unlock Knowledge, Anytime, Anywhere' })).toBeVisible()
      await expect(page.getByText('A new version is ready')).toHaveCount(0)
      await waitForServiceWorker(page)
    }
    expect(errors).toEqual([])
  })
})

test('a tab with unsaved typing asks before reloading onto the new version, and keeps the text', async ({
  browser,
}) => {
  await onOwnCopy(browser, async (context, root, errors) => {
    const [first, second] = [await context.newPage(), await context.newPage()]
    // Both tabs share the sign-in, so both show the account's avatar.
    await answerAvatarService(first)
    await first.goto('/')
    await waitForServiceWorker(first)
    await logInAs(second, 'student')
    await second.goto('/dashboard/create-note')
    await second.getByLabel('Title').fill('Half a thought')
    await second.getByLabel('Description').fill('Typed while another tab updates')

    await publishNewVersion(root)
    await first.evaluate(async () => (await navigator.serviceWorker.getRegistration())?.update())
    for (const page of [first, second]) await expect(updatePrompt(page)).toBeVisible({ timeout: 15_000 })

    // Accepted in the first tab: that tab reloads onto the new version.
    const reloaded = first.waitForEvent('load')
    await first.getByRole('button', { name: 'Reload' }).click()
    await reloaded
    await expect(buildMarker(first)).toHaveCount(1)

    // The typing tab asks instead of reloading under its user, and nothing typed is lost.
    await expect(second.getByText(UPDATE_KEEPS_TYPING)).toBeVisible({ timeout: 15_000 })
    await expect(buildMarker(second)).toHaveCount(0)
    await expect(second.getByLabel('Title')).toHaveValue('Half a thought')
    await checkA11y(second, 'update prompt over a form with unsaved text')

    // Reloading when the user chooses: the form comes back as it was (kept in this tab's session storage).
    const secondReloaded = second.waitForEvent('load')
    await second.getByRole('button', { name: 'Reload' }).click()
    await secondReloaded
    await expect(buildMarker(second)).toHaveCount(1)
    await expect(second.getByLabel('Title')).toHaveValue('Half a thought')
    await expect(second.getByLabel('Description')).toHaveValue('Typed while another tab updates')
    expect(errors).toEqual([])
  })
})
