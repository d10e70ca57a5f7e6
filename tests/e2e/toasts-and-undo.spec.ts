// Success that asks nothing is a toast, not a modal, and a delete or a cancel
// can be taken back (docs/decisions/0078-phone-shell.md): on a 360×740 phone
// the toast sits above the tab bar in a status region, one at a time, with
// Undo; the write waits in the outbox meanwhile, so Undo drops it before it
// ever leaves: the note or booking stays as it was on the server, and no
// request for it is made at all.
import type { Page, Request } from '@playwright/test'
import { callApi, DEMO_EMAIL, logInAs, roleTokens } from './demo-accounts'
import { deviceRowCount } from './device-tables'
import { checkA11y, expect, openInApp, test } from './fixtures'
import { openBookingMenu, seedApprovedSession, seedBooking, stamp } from './workspaces-helpers'

test.use({ viewport: { width: 360, height: 740 } })

/** The requests the page makes that match `test`, from now on. */
function recordRequests(page: Page, test: (request: Request) => boolean): Request[] {
  const seen: Request[] = []
  page.on('request', (request) => {
    if (test(request)) seen.push(request)
  })
  return seen
}

const toasts = (page: Page) => page.locator('[data-toast]')

test('deleting a note says so in a toast above the tab bar, and Undo brings it back without a request', async ({
  page,
}) => {
  await logInAs(page, 'student', '/dashboard/student')
  const title = `Undo me ${stamp()}`
  await callApi(page, '/notes', { method: 'POST', body: { email: DEMO_EMAIL.student, title, description: 'Kept' } })
  const deletes = recordRequests(page, (r) => r.method() === 'DELETE' && r.url().includes('/api/notes/'))
  await openInApp(page, '/dashboard/my-notes')
  const card = page
    .getByRole('main')
    .getByRole('listitem')
    .filter({ has: page.getByRole('heading', { name: title }) })
  await expect(card).toBeVisible()

  await card.getByRole('button', { name: `Delete ${title}` }).click()
  await page.getByRole('alertdialog', { name: 'Delete this note?' }).getByRole('button', { name: 'Delete' }).click()

  // A toast, not a modal: in the polite status region, nothing to dismiss, focus left alone.
  const region = page.getByRole('status', { name: 'Messages' })
  await expect(region.getByText('Note deleted')).toBeVisible()
  await expect(page.getByRole('dialog')).toHaveCount(0)
  await expect(page.getByRole('alertdialog')).toHaveCount(0)
  await expect(toasts(page)).toHaveCount(1)
  await expect(card).toHaveCount(0)
  // Above the tab bar, not under it.
  const toast = (await toasts(page).boundingBox())!
  const bar = (await page.getByRole('navigation', { name: 'Tabs' }).boundingBox())!
  expect(toast.y + toast.height).toBeLessThanOrEqual(bar.y)
  await checkA11y(page, 'a toast with Undo')

  await region.getByRole('button', { name: 'Undo' }).click()
  await expect(region.getByText('Note restored')).toBeVisible()
  await expect(toasts(page)).toHaveCount(1)
  await expect(card).toBeVisible()
  // Nothing is left to send, nothing was sent, and the server still has the note.
  expect(await deviceRowCount(page, 'outbox')).toBe(0)
  expect(deletes).toEqual([])
  const { body: notes } = await callApi<{ title: string }[]>(page, `/notes/student/${DEMO_EMAIL.student}`)
  expect(notes.map((n) => n.title)).toContain(title)
})

test('Undo of a booking’s cancel keeps the booking, and the cancel never reaches the server', async ({ page }) => {
  await logInAs(page, 'student', '/dashboard/student')
  const as = await roleTokens(page)
  const title = `Undo a cancel ${stamp()}`
  const sessionId = await seedApprovedSession(page, as, title)
  const bookingId = await seedBooking(page, as, sessionId, false)
  const cancels = recordRequests(page, (r) => r.url().endsWith(`/api/bookings/${bookingId}/cancel`))

  // Loaded afresh: the list the student's home fetched before the booking was seeded is not asked again yet.
  await page.goto('/dashboard/my-bookings')
  const card = page.getByTestId('booking-card').filter({ hasText: title })
  await (await openBookingMenu(page, title)).getByRole('button', { name: `Withdraw booking: ${title}` }).click()
  await page
    .getByRole('alertdialog', { name: 'Withdraw booking?' })
    .getByRole('button', { name: 'Withdraw booking' })
    .click()

  const region = page.getByRole('status', { name: 'Messages' })
  await expect(region.getByText('Booking cancelled')).toBeVisible()
  await expect(card.getByTestId('waiting-cancel')).toContainText('Cancelling: you can still undo.')
  await region.getByRole('button', { name: 'Undo' }).click()

  await expect(region.getByText('Cancel undone. Your booking stays.')).toBeVisible()
  await expect(card.getByTestId('waiting-cancel')).toHaveCount(0)
  // The booking can be withdrawn again: its menu offers it.
  await expect(
    (await openBookingMenu(page, title)).getByRole('button', { name: `Withdraw booking: ${title}` }),
  ).toBeVisible()
  await page.keyboard.press('Escape')
  await expect(card.getByTestId('booking-status')).toHaveText('Awaiting approval')
  expect(await deviceRowCount(page, 'outbox')).toBe(0)
  expect(cancels).toEqual([])
  const { body: mine } = await callApi<{ _id: string; status: string }[]>(
    page,
    `/bookings/student/${DEMO_EMAIL.student}`,
  )
  expect(mine.find((b) => b._id === bookingId)?.status).toBe('pending')
})
