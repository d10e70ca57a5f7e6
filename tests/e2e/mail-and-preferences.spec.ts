// What the app shows of mail, in the built app: Settings' Notifications
// section saved as the user changes it and kept across a reload; the
// browser's time zone kept at sign-in; a mail's unsubscribe page, signed out,
// from a link the server signed (the demo build: the token is made here with
// the demo server's own secret, read from its database in the browser; a live
// server's secret never leaves it) and from a bad one; the admin's mail card;
// and "Forgot password?", whose answer is the same for any email.
import type { Page } from '@playwright/test'
import type { NotificationPreferences } from '../../src/contract/entities'
import { callApi, DEMO_EMAIL, logInAs, tokenOf } from './demo-accounts'
import { appMode, checkA11y, expect, test } from './fixtures'
import { smallTargets } from './phone-fit'
import { demoUnsubscribePath } from './unsubscribe-links'

const PREFERENCES = '/users/me/notification-preferences'
/** The reset form's one answer (docs/product.md#messages). */
const RESET_SENT = 'If an account exists for that email, we sent a link to reset the password.'
/** A zone that is not the machine's, so a kept zone is the browser's, not a default. */
const BROWSER_ZONE = 'Asia/Tokyo'

test.use({ timezoneId: BROWSER_ZONE })

const preferencesOf = async (page: Page, token?: string) =>
  (await callApi<NotificationPreferences>(page, PREFERENCES, token ? { token } : {})).body

test(
  'notification settings are saved as they are changed, and kept across a reload',
  { tag: '@live' },
  async ({ page }) => {
    await logInAs(page, 'student', '/settings')
    const seeded = await callApi(page, PREFERENCES, {
      method: 'PATCH',
      body: {
        channels: { 'material-added': { push: true, email: false } },
        reminderLeads: ['1d'],
        timeZone: 'Europe/Berlin',
      },
    })
    expect(seeded.status).toBe(200)
    await page.reload()
    const section = page.getByRole('region', { name: 'Notifications' })
    const material = section.getByRole('group', { name: 'New study material' })
    const email = material.getByRole('switch', { name: 'Email' })
    const hourBefore = section.getByRole('switch', { name: '1 hour before' })
    const zone = section.getByRole('combobox', { name: 'Time zone' })
    await expect(email).not.toBeChecked()
    await expect(zone).toHaveValue('Europe/Berlin')

    await email.check()
    await hourBefore.check()
    await zone.selectOption('America/New_York')
    await expect
      .poll(async () => {
        const saved = await preferencesOf(page)
        return [saved.channels['material-added'].email, saved.reminderLeads, saved.timeZone]
      })
      .toEqual([true, ['1h', '1d'], 'America/New_York'])

    await page.reload()
    await expect(email).toBeChecked()
    await expect(hourBefore).toBeChecked()
    await expect(section.getByRole('switch', { name: '1 day before' })).toBeChecked()
    await expect(zone).toHaveValue('America/New_York')
    await expect(material.getByRole('switch', { name: 'Push' })).toBeChecked()
    // The seeded student's preferences as they were, for the tests after this one on a live server.
    await callApi(page, PREFERENCES, {
      method: 'PATCH',
      body: { channels: { 'material-added': { email: false } }, reminderLeads: ['1d'], timeZone: BROWSER_ZONE },
    })
  },
)

test('the browser’s time zone is kept at the first sign-in and shown in Settings', async ({ page }) => {
  // The demo data was just reset: this sign-in is the student's first.
  await logInAs(page, 'student', '/settings')
  expect((await preferencesOf(page)).timeZone).toBe(BROWSER_ZONE)
  await expect(
    page.getByRole('region', { name: 'Notifications' }).getByRole('combobox', { name: 'Time zone' }),
  ).toHaveValue(BROWSER_ZONE)
})

test('a mail’s unsubscribe link stops that kind of email, signed out', async ({ page }) => {
  test.skip(appMode() !== 'demo', 'a live server’s token secret never leaves it')
  await page.goto('/')
  const student = await tokenOf(page, DEMO_EMAIL.student)
  await callApi(page, PREFERENCES, {
    method: 'PATCH',
    token: student,
    body: { channels: { 'booking-approved': { email: true } } },
  })
  const link = await demoUnsubscribePath(page, DEMO_EMAIL.student, 'booking-approved')

  await page.goto(link)
  await expect(page.getByRole('heading', { level: 1, name: 'Unsubscribe' })).toBeVisible()
  await expect(page.getByText('Stop emails to s***@studyhub.demo about: Booking approved.')).toBeVisible()
  await page.getByRole('button', { name: 'Unsubscribe' }).click()
  await expect(page.getByRole('status').filter({ hasText: 'You will no longer get these emails.' })).toBeVisible()
  expect((await preferencesOf(page, student)).channels['booking-approved']).toEqual({ push: true, email: false })

  await page.reload()
  await expect(page.getByText('s***@studyhub.demo gets no emails about: Booking approved.')).toBeVisible()
  await expect(page.getByRole('button', { name: 'Unsubscribe' })).toHaveCount(0)
})

test.describe('a link the server does not take', () => {
  // The browser reports the server's 404 itself.
  test.use({ allowedConsoleErrors: [/status of 404/] })

  test('shows the server’s words, and no button', { tag: '@live' }, async ({ page }) => {
    await page.goto('/about')
    const refused = await callApi<{ message: string }>(page, '/unsubscribe/not-a-token.forged')
    expect(refused.status).toBe(404)
    await page.goto('/unsubscribe/not-a-token.forged')
    await expect(page.getByRole('alert').filter({ hasText: refused.body.message })).toHaveText(refused.body.message)
    await expect(page.getByRole('button', { name: 'Unsubscribe' })).toHaveCount(0)
  })
})

test('the admin sees how mail goes today', { tag: '@live' }, async ({ page }) => {
  await logInAs(page, 'admin', '/dashboard/admin')
  const { mail } = (
    await callApi<{ mail?: { enabled: boolean; sentToday: number; failedToday: number } }>(page, '/admin/stats')
  ).body
  expect(mail, 'GET /admin/stats says how mail goes').toBeDefined()
  const card = (label: string) =>
    page.locator('dl[aria-label="Platform statistics"] > div').filter({ has: page.getByText(label, { exact: true }) })
  if (mail!.enabled) {
    const today = card('Emails sent today')
    await expect(today.locator('dd').first()).toHaveText(String(mail!.sentToday))
    await expect(today).toContainText(`${mail!.failedToday} failed today`)
  } else {
    await expect(card('Email').locator('dd').first()).toHaveText('Off')
    await expect(card('Email')).toContainText('Mail is off')
  }
})

test.describe('forgot password', () => {
  // A live build's Auth emulator refuses an email with no account (400), which the browser reports itself; the
  // screen answers it as any other.
  test.use({ allowedConsoleErrors: [/status of 400/] })

  test(
    '"Forgot password?" has a reset link sent, and answers alike for an email with no account',
    { tag: '@live' },
    async ({ page }) => {
      await page.setViewportSize({ width: 360, height: 740 })
      await page.goto('/login')
      await page.getByLabel('Email').fill(DEMO_EMAIL.student)
      await page.getByRole('button', { name: 'Forgot password?' }).click()
      await expect(page.getByRole('heading', { level: 1, name: 'Reset your password' })).toBeVisible()
      await expect(page.getByLabel('Email')).toBeFocused()
      await expect(page.getByLabel('Email')).toHaveValue(DEMO_EMAIL.student)
      await page.getByRole('button', { name: 'Send reset link' }).click()
      await expect(page.getByRole('status').filter({ hasText: RESET_SENT })).toBeVisible()
      await checkA11y(page, 'reset form, sent')
      expect(await smallTargets(page), 'the reset form’s touch targets').toEqual([])

      await page.getByLabel('Email').fill(`nobody.${Date.now()}@example.com`)
      await page.getByRole('button', { name: 'Send reset link' }).click()
      await expect(page.getByRole('status').filter({ hasText: RESET_SENT })).toBeVisible()
      await page.getByRole('button', { name: 'Back to login' }).click()
      await expect(page.getByRole('button', { name: 'Forgot password?' })).toBeFocused()
    },
  )
})
