// The demo mailbox on a phone, in the built demo app: the mail the demo server
// "sent" when the admin approved a booking is in the student's mailbox, opened
// from the demo bar, its HTML sandboxed, its text and its invite offered; Back
// closes it. A password reset's mail there has the link that sets a new
// password. The delivery worker and the identity provider run in the service
// worker, as in a person's demo.
import { callApi, DEMO_EMAIL, idTokens, logInAs, roleTokens } from './demo-accounts'
import { expect, test } from './fixtures'
import { seedApprovedSession, seedBooking, stamp } from './workspaces-helpers'

test.use({ viewport: { width: 360, height: 740 }, colorScheme: 'light' })

test.describe('demo mailbox', () => {
  test('a booking’s approval mail, opened from the demo bar; a reset mail’s link sets a new password', async ({
    page,
  }) => {
    const title = `Mailed ${stamp()}`
    await logInAs(page, 'student', '/')
    const as = await roleTokens(page)
    const sessionId = await seedApprovedSession(page, as, title)
    await seedBooking(page, as, sessionId, true)

    await page.getByRole('contentinfo').getByRole('link', { name: 'Mailbox' }).click()
    await expect(page.getByRole('heading', { level: 1, name: 'Mailbox' })).toBeVisible()
    // The signed-in student's mail first.
    await expect(page.getByRole('combobox', { name: 'Recipient' })).toHaveValue(DEMO_EMAIL.student)
    await page.getByTestId('mailbox-mail').filter({ hasText: title }).first().click()
    const frame = page.getByTitle(/^The mail: /)
    await expect(frame).toHaveAttribute('sandbox', '')
    await expect(page.getByRole('link', { name: /^Download the invite/ })).toHaveAttribute('download', 'invite.ics')
    // On a phone the mail takes the list's place.
    await expect(page.getByTestId('mailbox-mail').first()).toBeHidden()
    await page.getByRole('button', { name: 'Text' }).click()
    await expect(page.locator('pre')).toContainText(title)
    await page.goBack()
    await expect(page.getByTestId('mailbox-mail').first()).toBeVisible()

    // Someone who forgot their password (a fresh account, so no other test's sign-in changes).
    const email = `forgetful-${stamp()}@example.com`
    await idTokens(page, 'signUp', [{ email, password: 'first-secret' }])
    const asked = await callApi(page, '/demo-idp/send-password-reset', { method: 'POST', body: { email } })
    expect(asked.status).toBe(200)
    await page.getByRole('button', { name: 'Refresh' }).click()
    await page.getByRole('combobox', { name: 'Recipient' }).selectOption(email)
    await page.getByTestId('mailbox-mail').first().click()
    await page.getByRole('link', { name: /\/demo\/reset-password\?code=/ }).click()
    await expect(page.getByText(`Choose a new password for ${email}.`)).toBeVisible()
    await page.getByLabel('New password').fill('second-secret')
    await page.getByRole('button', { name: 'Save the new password' }).click()
    await expect(page.getByRole('status').filter({ hasText: 'is changed' })).toBeVisible()
    const [token] = await idTokens(page, 'signIn', [{ email, password: 'second-secret' }])
    expect(token).toBeTruthy()
  })
})
