// The workspaces across roles, in the built app (both builds, @live): a session
// goes from a tutor's form through an admin's approval to a student's booking
// and its approval, and a rejected one is resubmitted. Each step is a test of
// its own: what the steps before it would have left is seeded through the API
// (./workspaces-helpers.ts), and the page signs in only as the role whose
// screen the step is about. The other workspaces: workspaces-materials.spec.ts
// and workspaces-notes-and-users.spec.ts.
import type { Locator, Page } from '@playwright/test'
import { callApi, logInAs, roleTokens } from './demo-accounts'
import { checkA11y, expect, test } from './fixtures'
import { EMAIL, seed, seedApprovedSession, seedBooking, seedSession, stamp, toastOrDialog } from './workspaces-helpers'

/**
 * Pages through a paged table until the row with the button is on screen. A
 * page's pager shows with its rows (the table shows a loading state between
 * pages), so "Page n of" on screen means page n's rows are there.
 */
async function findOnPages(page: Page, pager: string, button: Locator) {
  const nav = page.getByRole('navigation', { name: pager })
  const next = nav.getByRole('button', { name: 'Next' })
  for (let n = 1; n <= 200; n++) {
    await expect(button.or(nav.getByText(`Page ${n} of`)).first()).toBeVisible()
    if ((await button.isVisible()) || (await next.isDisabled())) break
    await next.click()
  }
  await expect(button).toBeVisible()
}

function day(offset: number): string {
  const d = new Date()
  d.setDate(d.getDate() + offset)
  return `${d.getFullYear()}-${String(d.getMonth() + 1).padStart(2, '0')}-${String(d.getDate()).padStart(2, '0')}`
}

async function addSession(page: Page, title: string) {
  await page.goto('/dashboard/add-session')
  await page.getByLabel('Session title').fill(title)
  await page.getByLabel('Subject').fill('Physics')
  await page.getByLabel('Description (optional)').fill('Made by the browser test.')
  await page.getByLabel('Registration start').fill(day(0))
  await page.getByLabel('Registration end').fill(day(7))
  await page.getByLabel('Class start date').fill(day(10))
  await page.getByLabel('Class start time').fill('10:00')
  await page.getByLabel('Class end').fill(`${day(10)}T12:00`)
  await page.getByLabel('Duration (hours)').fill('2')
  await page.getByRole('button', { name: 'Create Session' }).click()
  await expect(toastOrDialog(page, 'Your study session is now live.')).toBeVisible()
}

test.describe('workspaces', () => {
  test(
    'a tutor adds a session through Add Session, told plainly when its dates make no sense',
    { tag: '@live' },
    async ({ page }) => {
      const title = `Optics workshop ${stamp()}`
      await logInAs(page, 'tutor')
      await page.goto('/dashboard/add-session')
      await expect(page.getByLabel('Tutor email')).toHaveValue(EMAIL.tutor)
      await expect(page.getByLabel('Tutor email')).toHaveAttribute('readonly', '')
      await page.getByLabel('Session title').fill(title)
      await page.getByLabel('Subject').fill('Physics')
      await page.getByLabel('Registration start').fill(day(5))
      await page.getByLabel('Registration end').fill(day(1))
      await page.getByLabel('Class start date').fill(day(10))
      await page.getByLabel('Class start time').fill('10:00')
      await page.getByLabel('Class end').fill(`${day(10)}T12:00`)
      await page.getByLabel('Duration (hours)').fill('2')
      await page.getByRole('button', { name: 'Create Session' }).click()
      await expect(page.getByText('Registration cannot end before it starts.')).toHaveAttribute('role', 'alert')
      await checkA11y(page, 'add session with an error')
      await addSession(page, title)
      const mine = await callApi<{ _id: string; title: string; status: string }[]>(
        page,
        `/sessions/tutor/${EMAIL.tutor}`,
      )
      expect(mine.body.find((s) => s.title === title)?.status).toBe('pending')
    },
  )

  test('the admin approves one session as Paid with a fee and rejects another', { tag: '@live' }, async ({ page }) => {
    const title = `Optics workshop ${stamp()}`
    const rejectedTitle = `Thermodynamics draft ${stamp()}`
    await logInAs(page, 'admin')
    const as = await roleTokens(page)
    const created = await seedSession(page, as.tutor, title)
    const toReject = await seedSession(page, as.tutor, rejectedTitle)
    await page.goto('/dashboard/manage-sessions')
    const approve = page.getByRole('button', { name: `Approve ${title}`, exact: true })
    await findOnPages(page, 'Pending sessions pages', approve)
    await approve.click()
    const dialog = page.getByRole('dialog', { name: 'Approve session' })
    await dialog.getByRole('radio', { name: 'Paid' }).check()
    await dialog.getByLabel('Fee').fill('25')
    await checkA11y(page, 'approve dialog open')
    await dialog.getByRole('button', { name: 'Approve' }).click()
    await expect(dialog).toBeHidden()
    await expect(toastOrDialog(page, 'Session approved')).toBeVisible()
    const approved = await callApi<{ status: string; registrationFee: number }>(page, `/sessions/${created}`)
    expect(approved.body).toMatchObject({ status: 'approved', registrationFee: 25 })
    const reject = page.getByRole('button', { name: `Reject ${rejectedTitle}`, exact: true })
    await findOnPages(page, 'Pending sessions pages', reject)
    await reject.click()
    await expect(toastOrDialog(page, 'Session rejected')).toBeVisible()
    const rejected = await callApi<{ status: string }>(page, `/sessions/${toReject}`)
    expect(rejected.body.status).toBe('rejected')
  })

  test('a student books an approved session on its details page', { tag: '@live' }, async ({ page }) => {
    await logInAs(page, 'student')
    const as = await roleTokens(page)
    const sessionId = await seedApprovedSession(page, as, `Optics workshop ${stamp()}`)
    await page.goto(`/session-details/${sessionId}`)
    await page.getByRole('button', { name: 'Book Now' }).click()
    const booked = page.getByRole('dialog', { name: 'Booked!' })
    await expect(booked).toBeVisible()
    await booked.getByRole('button', { name: 'OK' }).click()
    const bookings = await callApi<{ sessionId: string; status: string }[]>(page, `/bookings/student/${EMAIL.student}`)
    expect(bookings.body.filter((b) => b.sessionId === sessionId).map((b) => b.status)).toEqual(['pending'])
  })

  test('the admin approves a student’s booking', { tag: '@live' }, async ({ page }) => {
    const title = `Optics workshop ${stamp()}`
    await logInAs(page, 'admin')
    const as = await roleTokens(page)
    const sessionId = await seedApprovedSession(page, as, title)
    await seedBooking(page, as, sessionId, false)
    await page.goto('/dashboard/manage-bookings')
    const approveBooking = page.getByRole('button', {
      name: new RegExp(`^Approve booking of (${title}|${sessionId}) by ${EMAIL.student}$`),
    })
    await findOnPages(page, 'Pending bookings pages', approveBooking)
    await approveBooking.click()
    await expect(toastOrDialog(page, 'Booking approved')).toBeVisible()
    const bookings = await callApi<{ sessionId: string; status: string; studentEmail: string }[]>(
      page,
      `/bookings?status=approved&page=1&limit=1000`,
    )
    expect(bookings.body.some((b) => b.sessionId === sessionId && b.studentEmail === EMAIL.student)).toBe(true)
  })

  test('a tutor resubmits a rejected session; it is pending again', { tag: '@live' }, async ({ page }) => {
    const rejectedTitle = `Thermodynamics draft ${stamp()}`
    await logInAs(page, 'tutor')
    const as = await roleTokens(page)
    const toReject = await seedSession(page, as.tutor, rejectedTitle)
    await seed(page, as.admin, `/sessions/${toReject}/reject`, { method: 'PATCH' })
    await page.goto('/dashboard/my-sessions')
    const row = page.getByRole('row').filter({ hasText: rejectedTitle })
    await expect(row).toContainText('rejected')
    await row.getByRole('button', { name: `Resubmit ${rejectedTitle}` }).click()
    await expect(toastOrDialog(page, 'Session resubmitted for approval')).toBeVisible()
    await expect(row).toContainText('pending')
    const again = await callApi<{ _id: string; status: string }[]>(page, `/sessions/tutor/${EMAIL.tutor}`)
    expect(again.body.find((s) => s._id === toReject)?.status).toBe('pending')
  })
})
