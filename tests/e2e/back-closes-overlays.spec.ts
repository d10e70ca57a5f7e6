// On a phone, Back closes what is open before it leaves the page
// (docs/decisions/0078-phone-shell.md): the material viewer (the whole screen,
// its title at the top), a question before a delete, the top menu and the tab
// bar's More sheet. Each Back stays on the page, and once everything is
// closed the next Back leaves it as it would have without them: no entry is
// left behind.
import type { Page } from '@playwright/test'
import { callApi, DEMO_EMAIL, logInAs } from './demo-accounts'
import { deviceRowCount } from './device-tables'
import { checkA11y, expect, openInApp, test } from './fixtures'

test.use({ viewport: { width: 360, height: 740 } })

/** Back, as the phone's back button gives it. */
async function back(page: Page) {
  await page.goBack({ waitUntil: 'commit' })
}

test('Back closes the full-screen material viewer, then leaves the page', async ({ page }) => {
  await logInAs(page, 'student', '/dashboard/student')
  await openInApp(page, '/dashboard/my-materials')
  await page.getByRole('button', { name: /^View/ }).first().click()
  const viewer = page.getByRole('dialog')
  await expect(viewer).toBeVisible()
  // The whole screen, its title at the top and in full: not clipped, not scrolled away.
  const box = (await viewer.boundingBox())!
  expect(box).toMatchObject({ x: 0, y: 0, width: 360, height: 740 })
  const title = viewer.getByRole('heading', { level: 2 })
  await expect(title).toBeInViewport({ ratio: 1 })
  // Its whole text: wrapped, never cut with an ellipsis.
  expect(
    await title.evaluate((el) => el.scrollWidth <= el.clientWidth && getComputedStyle(el).whiteSpace !== 'nowrap'),
  ).toBe(true)
  await expect(viewer.getByRole('button', { name: 'Close' })).toBeFocused()
  await expect(viewer.getByRole('button', { name: /^Open file/ })).toBeVisible()
  // Pinch zoom is the browser's: the page never forbids it.
  expect(await page.locator('meta[name="viewport"]').getAttribute('content')).not.toMatch(
    /user-scalable=no|maximum-scale/,
  )
  await checkA11y(page, 'material viewer on a phone')

  await back(page)
  await expect(viewer).toHaveCount(0)
  await expect(page).toHaveURL(/\/dashboard\/my-materials$/)
  await expect(page.getByRole('heading', { level: 1, name: 'My Study Materials' })).toBeVisible()

  await back(page)
  await expect(page).toHaveURL(/\/dashboard\/student$/)
})

test('Back answers a delete’s question with No, and closes the top menu and the More sheet', async ({ page }) => {
  await logInAs(page, 'student', '/dashboard/student')
  const title = `Back keeps me ${Date.now()}`
  await callApi(page, '/notes', {
    method: 'POST',
    body: { email: DEMO_EMAIL.student, title, description: 'Still here after Back' },
  })
  await openInApp(page, '/dashboard/my-notes')
  await page.getByRole('button', { name: `Delete ${title}` }).click()
  const question = page.getByRole('alertdialog', { name: 'Delete this note?' })
  await expect(question).toBeVisible()
  await back(page)
  await expect(question).toHaveCount(0)
  await expect(page).toHaveURL(/\/dashboard\/my-notes$/)
  await expect(page.getByRole('heading', { level: 2, name: title })).toBeVisible()
  expect(await deviceRowCount(page, 'outbox')).toBe(0)

  // The top menu: over a scrim, focus on its first link; Back closes it.
  await page.getByRole('button', { name: 'Open menu' }).click()
  const menu = page.locator('#mobile-menu')
  await expect(menu.getByRole('link').first()).toBeFocused()
  await expect(page.getByTestId('menu-scrim')).toBeVisible()
  await back(page)
  await expect(menu).toHaveCount(0)
  await expect(page.getByRole('button', { name: 'Open menu' })).toHaveAttribute('aria-expanded', 'false')
  await expect(page).toHaveURL(/\/dashboard\/my-notes$/)

  // A tap on the scrim closes it too, and reaches nothing under it.
  await page.getByRole('button', { name: 'Open menu' }).click()
  await page.getByTestId('menu-scrim').click({ position: { x: 180, y: 400 } })
  await expect(menu).toHaveCount(0)
  await expect(page).toHaveURL(/\/dashboard\/my-notes$/)

  // The tab bar's More sheet.
  await page.getByRole('navigation', { name: 'Tabs' }).getByRole('button', { name: 'More' }).click()
  const sheet = page.getByRole('dialog', { name: 'Student menu' })
  await expect(sheet).toBeVisible()
  await back(page)
  await expect(sheet).toHaveCount(0)
  await expect(page).toHaveURL(/\/dashboard\/my-notes$/)

  // Nothing left behind: the next Back leaves the page for the one before it.
  await back(page)
  await expect(page).toHaveURL(/\/dashboard\/student$/)
})
