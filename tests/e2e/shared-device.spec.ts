// One device, two people, two tabs (demo build): A logs out in one tab and B
// signs in on the other. Every tab drops A's cached answers and the saved
// first-paint copy, so nothing of A's is left in localStorage or on screen,
// also after a reload.
import type { Page } from '@playwright/test'
import { answerAvatarService, DEMO_EMAIL, logInAs, submitLogin } from './demo-accounts'
import { expect, test, waitForServiceWorker } from './fixtures'

const A = DEMO_EMAIL.student
const B = DEMO_EMAIL.tutor

/** Every localStorage entry that mentions `email`. */
function entriesMentioning(page: Page, email: string): Promise<string[]> {
  return page.evaluate(
    (email) => Object.keys(localStorage).filter((key) => (localStorage.getItem(key) ?? '').includes(email)),
    email,
  )
}

test('A logs out in one tab, B signs in on the other: no trace of A, also after a reload', async ({
  page,
  context,
}) => {
  // Two tabs, two sign-ins and two reloads of the built app.
  test.slow()
  // A reads their bookings in tab 1: they are in tab 1's cache.
  await logInAs(page, 'student')
  await page.goto('/dashboard/my-bookings')
  await expect(page.getByTestId('booking-card').first()).toBeVisible()
  await page.goto('/')
  await expect(page.getByTestId('session-card').first()).toBeVisible()

  // A logs out in tab 2.
  const second = await context.newPage()
  await answerAvatarService(second)
  await second.goto('/')
  await waitForServiceWorker(second)
  await second.getByRole('button', { name: 'Account menu' }).click()
  await second.getByRole('button', { name: 'Log out' }).click()
  await expect(second.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Login' })).toBeVisible()

  // Tab 1 hears of it, and B signs in there.
  await expect(page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Login' })).toBeVisible()
  await page.goto('/login')
  await submitLogin(page, 'tutor')
  await expect(page.getByRole('button', { name: 'Account menu' })).toBeVisible()
  await page.getByRole('button', { name: 'Account menu' }).click()
  await expect(page.getByText(B)).toBeVisible()

  // Both tabs have saved whatever they were going to save (a hidden page flushes at once).
  for (const p of [page, second]) {
    await p.evaluate(() => {
      window.dispatchEvent(new PageTransitionEvent('pagehide'))
    })
  }
  expect(await entriesMentioning(page, A)).toEqual([])
  const saved = await page.evaluate(() => localStorage.getItem('studyhub-query-cache'))
  if (saved) expect((JSON.parse(saved) as { owner: string | null }).owner).toBe(B)

  for (const p of [page, second]) {
    await p.reload()
    await waitForServiceWorker(p)
    await expect(p.getByRole('button', { name: 'Account menu' })).toBeVisible()
    await expect(p.locator('body')).not.toContainText(A)
    expect(await entriesMentioning(p, A)).toEqual([])
  }
})
