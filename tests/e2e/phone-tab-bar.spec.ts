// The tab bar of a signed-in user on a 360×740 phone
// (docs/decisions/0078-phone-shell.md): each role's destinations and More,
// each tab a 44 px target at the bottom edge, the current one marked, a tap
// on another one goes there; My Bookings is one tap from a student's home; the
// dashboard's sideways row is gone; a laptop has no bar.
import type { Page } from '@playwright/test'
import { logInAs, type DemoRole } from './demo-accounts'
import { checkA11y, expect, test } from './fixtures'

test.use({ viewport: { width: 360, height: 740 } })

const TABS: Record<
  DemoRole,
  { home: string; labels: string[]; next: { label: string; path: string; heading: string } }
> = {
  student: {
    home: '/dashboard/student',
    labels: ['Home', 'Sessions', 'My Bookings', 'Notes', 'More'],
    next: { label: 'My Bookings', path: '/dashboard/my-bookings', heading: 'My Bookings' },
  },
  tutor: {
    home: '/dashboard/tutor',
    labels: ['Home', 'My Sessions', 'Materials', 'Inbox', 'More'],
    next: { label: 'My Sessions', path: '/dashboard/my-sessions', heading: 'My Sessions' },
  },
  admin: {
    home: '/dashboard/admin',
    labels: ['Home', 'Sessions', 'Bookings', 'Users', 'More'],
    next: { label: 'Sessions', path: '/dashboard/manage-sessions', heading: 'Manage Sessions' },
  },
}

const bar = (page: Page) => page.getByRole('navigation', { name: 'Tabs' })

for (const role of ['student', 'tutor', 'admin'] as const) {
  test(`the ${role}’s tab bar shows its destinations, goes to them and marks the current one`, async ({ page }) => {
    const { home, labels, next } = TABS[role]
    await logInAs(page, role, home)
    await expect(bar(page)).toBeVisible()
    await expect(bar(page).locator('a, button')).toHaveText(labels)
    await expect(bar(page).getByRole('link', { name: 'Home' })).toHaveAttribute('aria-current', 'page')
    // The dashboard's menu is the bar's on a phone: no sideways row cutting its items.
    await expect(page.getByRole('navigation', { name: 'Dashboard' })).toBeHidden()

    // At the bottom edge, every tab a 44 px target.
    const edge = (await bar(page).boundingBox())!
    expect(Math.round(edge.y + edge.height)).toBe(740)
    for (const tab of await bar(page).locator('a, button').all()) {
      const box = (await tab.boundingBox())!
      expect(box.width).toBeGreaterThanOrEqual(44)
      expect(box.height).toBeGreaterThanOrEqual(44)
    }
    await checkA11y(page, `${role}'s tab bar`)

    // One tap.
    await bar(page).getByRole('link', { name: next.label }).click()
    await expect(page).toHaveURL(new RegExp(`${next.path}$`))
    await expect(page.getByRole('heading', { level: 1, name: next.heading })).toBeVisible()
    await expect(bar(page).getByRole('link', { name: next.label })).toHaveAttribute('aria-current', 'page')
    await expect(bar(page).getByRole('link', { name: 'Home' })).not.toHaveAttribute('aria-current')

    // More: the rest of the role's menu, and Settings; a link in it goes there and closes the sheet.
    await bar(page).getByRole('button', { name: 'More' }).click()
    const sheet = page.getByRole('dialog', { name: `${role[0]!.toUpperCase()}${role.slice(1)} menu` })
    await expect(sheet.getByRole('link', { name: 'Settings' })).toBeVisible()
    await checkA11y(page, `${role}'s More sheet`)
    await sheet.getByRole('link', { name: 'Settings' }).click()
    await expect(sheet).toHaveCount(0)
    await expect(page).toHaveURL(/\/settings$/)
    await expect(page.getByRole('heading', { level: 1, name: 'Settings' })).toBeVisible()
    // Back from there goes to the page under the sheet: the sheet's entry went to Settings.
    await page.goBack({ waitUntil: 'commit' })
    await expect(page).toHaveURL(new RegExp(`${next.path}$`))

    if (role === 'student') {
      // A laptop has the sidebar, not the bar.
      await page.setViewportSize({ width: 1280, height: 800 })
      await expect(bar(page)).toBeHidden()
      await expect(page.getByRole('navigation', { name: 'Dashboard' })).toBeVisible()
    }
  })
}
