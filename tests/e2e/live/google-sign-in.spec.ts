// Google sign-in in the live build, end to end: the app's button opens the
// real Firebase SDK's popup, the Auth emulator's account picker plays Google
// in it, the popup hands the account back through the emulator's helper
// iframe, and the API server makes a student record for the new identity.
// Only Google's own scripts are played by the test (./google-scripts.ts).
import { answerAvatarService, callApi } from '../demo-accounts'
import { expect, test } from '../fixtures'
import { answerGoogleScripts } from './google-scripts'

test('a new Google account signs in through the popup and lands as a student', { tag: '@live' }, async ({ page }) => {
  const email = `grace.${Date.now()}@example.com`
  await answerGoogleScripts(page.context())
  await answerAvatarService(page)
  await page.goto('/login')

  const [popup] = await Promise.all([
    page.waitForEvent('popup'),
    page.getByRole('button', { name: 'Continue with Google' }).click(),
  ])
  await popup.waitForLoadState()
  expect(new URL(popup.url()).pathname).toBe('/emulator/auth/handler')
  await popup.getByRole('button', { name: 'Add new account' }).click()
  await popup.locator('#email-input').fill(email)
  await popup.locator('#display-name-input').fill('Grace Hopper')
  await Promise.all([
    popup.waitForEvent('close'),
    popup.getByRole('button', { name: 'Sign in with Google.com' }).click(),
  ])

  await expect(page.getByRole('status').filter({ hasText: 'Logged in successfully' })).toBeVisible()
  await expect(page).toHaveURL(/127\.0\.0\.1:\d+\/$/)
  await expect(page.getByRole('button', { name: 'Account menu' })).toBeVisible()
  await expect.poll(() => page.evaluate(() => localStorage.getItem('access-token'))).not.toBeNull()

  // The server's record: a student, named as the provider named the account.
  const record = await callApi<{ email: string; name: string; role: string }>(page, `/users/${email}`)
  expect(record.status).toBe(200)
  expect(record.body).toMatchObject({ email, name: 'Grace Hopper', role: 'student' })

  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Dashboard' }).click()
  await expect(page).toHaveURL(/\/dashboard\/student$/)
  await expect(page.getByText('Welcome, Grace Hopper!')).toBeVisible()
})
