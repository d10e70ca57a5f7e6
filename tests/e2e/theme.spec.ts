// The dark theme (docs/decisions/0044-dark-theme-from-tokens.md): it follows the
// system setting, a toggle overrides it and is remembered, the remembered theme
// is in place before the app's code runs (no flash of the other theme), and the
// browser's theme colour follows. axe checks contrast on every page these land on.
import type { Page } from '@playwright/test'
import { expect, test } from './fixtures'

const LIGHT_BAR = '#1e3a8a'
const DARK_BAR = '#0f172a'

/** The page background: a dark theme paints a dark canvas. */
function canvasIsDark(page: Page): Promise<boolean> {
  return page.evaluate(() => {
    const [r, g, b] = getComputedStyle(document.body).backgroundColor.match(/\d+/g)!.map(Number)
    return r! + g! + b! < 3 * 64
  })
}

function themeColors(page: Page): Promise<string[]> {
  return page.locator('meta[name="theme-color"]').evaluateAll((metas) => metas.map((m) => m.getAttribute('content')!))
}

test.describe('with the system set to dark', () => {
  test.use({ colorScheme: 'dark' })

  test('the app is dark, and the toggle switches it to light and back', async ({ page }) => {
    await page.goto('/study-sessions')
    await expect(page.locator('html')).toHaveAttribute('data-theme', 'dark')
    expect(await canvasIsDark(page)).toBe(true)
    const toggle = page.getByRole('button', { name: 'Dark theme' })
    await expect(toggle).toHaveAttribute('aria-pressed', 'true')

    await toggle.click()
    await expect(page.locator('html')).toHaveAttribute('data-theme', 'light')
    await expect(toggle).toHaveAttribute('aria-pressed', 'false')
    expect(await canvasIsDark(page)).toBe(false)
    // A choice against the system colours the browser's bar for it in both media.
    expect(await themeColors(page)).toEqual([LIGHT_BAR, LIGHT_BAR])

    // Back to the system's own choice: nothing is left to remember.
    await toggle.click()
    await expect(page.locator('html')).toHaveAttribute('data-theme', 'dark')
    expect(await page.evaluate(() => localStorage.getItem('studyhub-theme'))).toBeNull()
    expect(await themeColors(page)).toEqual([LIGHT_BAR, DARK_BAR])
  })
})

test('a chosen theme is remembered and applied before the app runs', async ({ page }) => {
  await page.goto('/about')
  await expect(page.locator('html')).toHaveAttribute('data-theme', 'light')
  expect(await themeColors(page)).toEqual([LIGHT_BAR, DARK_BAR])
  await page.getByRole('button', { name: 'Dark theme' }).click()
  await expect(page.locator('html')).toHaveAttribute('data-theme', 'dark')
  expect(await canvasIsDark(page)).toBe(true)
  expect(await themeColors(page)).toEqual([DARK_BAR, DARK_BAR])

  // The document turns "interactive" before any module script runs: the
  // theme seen then was set by the page's head, not by the app.
  await page.addInitScript(() => {
    document.addEventListener('readystatechange', () => {
      if (document.readyState === 'interactive')
        (window as unknown as { themeBeforeApp: string | null }).themeBeforeApp =
          document.documentElement.getAttribute('data-theme')
    })
  })
  await page.reload()
  expect(await page.evaluate(() => (window as unknown as { themeBeforeApp: string | null }).themeBeforeApp)).toBe(
    'dark',
  )
  await expect(page.getByRole('button', { name: 'Dark theme' })).toHaveAttribute('aria-pressed', 'true')
  expect(await canvasIsDark(page)).toBe(true)
})
