// The home page and the navigation bar a logged-out visitor sees (docs/product.md#who-it-is-for, #screens).
import { expect, test } from './fixtures'

const LOGGED_OUT_LINKS = ['Home', 'Study Sessions', 'Tutors', 'About', 'Login', 'Register']
const LINK_TARGETS: Record<string, string> = {
  Home: '/',
  'Study Sessions': '/study-sessions',
  Tutors: '/tutors',
  About: '/about',
  Login: '/login',
  Register: '/register',
}

test('the home page shows the headline and the logged-out navigation', async ({ page }) => {
  await page.goto('/')

  await expect(page.getByRole('heading', { level: 1, name: 'Unlock Knowledge, Anytime, Anywhere' })).toBeVisible()

  const nav = page.getByRole('navigation', { name: 'Main' })
  const links = nav.getByRole('listitem').getByRole('link')
  await expect(links).toHaveText(LOGGED_OUT_LINKS)
  for (const name of LOGGED_OUT_LINKS) {
    await expect(nav.getByRole('link', { name, exact: true })).toHaveAttribute('href', LINK_TARGETS[name]!)
  }
  await expect(page.getByRole('link', { name: 'Dashboard' })).toHaveCount(0)

  // Only the current page's link is marked (and highlighted) as active.
  await expect(nav.getByRole('link', { name: 'Home', exact: true })).toHaveAttribute('aria-current', 'page')
  await expect(nav.locator('[aria-current="page"]')).toHaveCount(1)

  await expect(page.getByRole('link', { name: 'Explore Sessions' })).toHaveAttribute('href', '/sessions')
})

test('the active link follows client-side navigation', async ({ page }) => {
  await page.goto('/')
  const nav = page.getByRole('navigation', { name: 'Main' })
  const home = nav.getByRole('link', { name: 'Home', exact: true })
  const about = nav.getByRole('link', { name: 'About', exact: true })
  const inactiveBackground = await about.evaluate((el) => getComputedStyle(el).backgroundColor)

  await about.click()

  await expect(page).toHaveURL(/\/about$/)
  await expect(about).toHaveAttribute('aria-current', 'page')
  await expect(home).not.toHaveAttribute('aria-current', 'page')
  // "Highlighted" is visible, not only announced: the active link's
  // background differs from the one it had while inactive.
  await expect.poll(() => about.evaluate((el) => getComputedStyle(el).backgroundColor)).not.toBe(inactiveBackground)
})

test.describe('on a small screen', () => {
  test.use({ viewport: { width: 360, height: 740 } })

  test('the links collapse into a menu that shows them', async ({ page }) => {
    await page.goto('/')
    const toggle = page.getByRole('button', { name: 'Open menu' })
    await expect(toggle).toBeVisible()
    await expect(toggle).toHaveAttribute('aria-expanded', 'false')
    // The desktop list is hidden at this width.
    await expect(page.getByRole('link', { name: 'Study Sessions' })).toBeHidden()

    await toggle.click()

    const menuId = await page.getByRole('button', { name: 'Close menu' }).getAttribute('aria-controls')
    await expect(page.getByRole('button', { name: 'Close menu' })).toHaveAttribute('aria-expanded', 'true')
    const menu = page.locator(`#${menuId}`)
    await expect(menu.getByRole('link')).toHaveText(LOGGED_OUT_LINKS)
    for (const name of LOGGED_OUT_LINKS) await expect(menu.getByRole('link', { name, exact: true })).toBeVisible()
    await expect(menu.getByRole('link', { name: 'Dashboard' })).toHaveCount(0)
    await expect(menu.getByRole('link', { name: 'Home', exact: true })).toHaveAttribute('aria-current', 'page')

    await menu.getByRole('link', { name: 'Tutors', exact: true }).click()
    await expect(page).toHaveURL(/\/tutors$/)
    await expect(menu).toBeHidden()
  })
})
