// Installability, as Chromium itself judges it: Page.getInstallabilityErrors
// over CDP answers only in a persistent (non-incognito) profile, so this test
// launches its own persistent context against the built demo app.
import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { chromium } from '@playwright/test'
import { checkA11y, expect, test } from './fixtures'

interface ManifestIcon {
  src: string
  sizes: string
  purpose?: string
}

test('the built app meets Chromium’s install criteria and offers a rich install sheet', async () => {
  const testInfo = test.info()
  const baseURL = testInfo.project.use.baseURL!
  const launch = testInfo.project.use.launchOptions ?? {}
  const userDataDir = await mkdtemp(join(tmpdir(), 'studyhub-install-'))
  const context = await chromium.launchPersistentContext(userDataDir, {
    executablePath: launch.executablePath,
    args: launch.args,
    headless: true,
    baseURL,
    serviceWorkers: 'allow',
  })
  try {
    const page = context.pages()[0] ?? (await context.newPage())
    await page.goto('/')
    await page.waitForFunction(() => navigator.serviceWorker?.controller != null)

    const cdp = await context.newCDPSession(page)
    const { installabilityErrors } = await cdp.send('Page.getInstallabilityErrors')
    expect(installabilityErrors).toEqual([])

    const { url, errors, data } = await cdp.send('Page.getAppManifest')
    expect(url).toBe(new URL('/manifest.webmanifest', baseURL).href)
    expect(errors).toEqual([])
    const manifest = JSON.parse(data ?? '{}') as {
      id: string
      name: string
      short_name: string
      start_url: string
      scope: string
      display: string
      theme_color: string
      background_color: string
      icons: ManifestIcon[]
      screenshots: (ManifestIcon & { form_factor?: string })[]
    }
    expect(manifest).toMatchObject({ id: '/', name: 'StudyHub', start_url: '/', scope: '/', display: 'standalone' })
    expect(manifest.short_name).toBeTruthy()
    expect(manifest.theme_color).toMatch(/^#/)
    expect(manifest.background_color).toMatch(/^#/)
    const icon = (size: string, purpose: string) =>
      manifest.icons.find((i) => i.sizes === size && i.purpose === purpose)
    expect(icon('192x192', 'any')).toBeDefined()
    expect(icon('512x512', 'any')).toBeDefined()
    expect(icon('512x512', 'maskable')).toBeDefined()
    expect(manifest.screenshots.map((s) => s.form_factor).sort()).toEqual(['narrow', 'wide'])

    // Every image the manifest names exists, as a PNG of the size it claims.
    for (const image of [...manifest.icons, ...manifest.screenshots]) {
      const size = await page.evaluate(async (src) => {
        const response = await fetch(src)
        if (!response.ok || response.headers.get('content-type') !== 'image/png') return `HTTP ${response.status}`
        const bitmap = await createImageBitmap(await response.blob())
        return `${bitmap.width}x${bitmap.height}`
      }, image.src)
      expect(size, image.src).toBe(image.sizes)
    }

    const touchIcon = await page.locator('link[rel="apple-touch-icon"]').getAttribute('href')
    expect((await page.request.get(touchIcon!)).status()).toBe(200)

    // Chromium offers installation (beforeinstallprompt) to an installable
    // app: the banner appears once the visitor uses the page (a key here),
    // passes axe, and "Not now" puts it away.
    const banner = page.getByRole('region', { name: 'Install StudyHub' })
    await page.keyboard.press('Shift')
    await expect(banner.getByRole('button', { name: 'Install' })).toBeVisible()
    await checkA11y(page, 'install banner')
    await banner.getByRole('button', { name: 'Not now' }).click()
    await expect(banner).toHaveCount(0)
    await page.reload()
    await page.waitForFunction(() => navigator.serviceWorker?.controller != null)
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible()
    await expect(banner).toHaveCount(0)
  } finally {
    await context.close()
    await rm(userDataDir, { recursive: true, force: true })
  }
})
