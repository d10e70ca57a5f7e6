// A cancel made offline in the built demo app
// (docs/decisions/0062-one-outbox-for-notes-and-cancels.md): it waits on the
// phone, the card says the booking is not cancelled yet and the bar counts it,
// and once the connection returns it reaches the server exactly once: the
// booking is cancelled and its seat goes to the student waiting for it. Seeded
// through the API; the page signs in only as the student.
import type { Page, Response } from '@playwright/test'
import { callApi, logInAs, roleTokens, tokenOf } from './demo-accounts'
import { checkA11y, expect, test } from './fixtures'
import { goOffline, goOnline } from './offline-network'
import {
  EMAIL,
  expectAppliedOnce,
  openBookingMenu,
  seed,
  seedBooking,
  seedOneSeatSession,
  stamp,
  toastOrDialog,
} from './workspaces-helpers'

const WAITING_STUDENT = 'liam.johnson@studyhub.demo'

// Chromium logs every request the unreachable server did not answer.
// Offline, the app runs on what its own install kept: the test installs it afresh.
test.use({ allowedConsoleErrors: [/Failed to load resource: net::ERR_/], freshContext: true })

type Row = { _id: string; sessionId: string; status: string; promotedAt?: string }
const bookingsOf = async (page: Page, email: string, sessionId: string, token?: string) =>
  (await callApi<Row[]>(page, `/bookings/student/${email}`, { token })).body.filter((b) => b.sessionId === sessionId)

test('a cancel made offline waits on the device and reaches the server once when back online', async ({
  page,
  context,
}) => {
  const title = `Offline cancel ${stamp()}`
  await logInAs(page, 'student')
  const as = await roleTokens(page)
  const waiting = await tokenOf(page, WAITING_STUDENT)
  const sessionId = await seedOneSeatSession(page, as, title)
  const bookingId = await seedBooking(page, as, sessionId, true)
  await seed(
    page,
    waiting,
    '/bookings',
    { method: 'POST', body: { sessionId, studentEmail: WAITING_STUDENT, tutorEmail: EMAIL.tutor } },
    201,
  )

  // Every answer the cancel got: sent once means one that did it, and none refused.
  const answers: Response[] = []
  page.on('response', (response) => {
    if (response.request().method() === 'PATCH' && response.url().endsWith(`/api/bookings/${bookingId}/cancel`))
      answers.push(response)
  })

  await page.goto('/dashboard/my-bookings')
  const card = page.getByTestId('booking-card').filter({ hasText: title })
  await expect(card.getByTestId('booking-status')).toHaveText('Approved')

  await goOffline(context)
  try {
    await (await openBookingMenu(page, title)).getByRole('button', { name: `Cancel booking: ${title}` }).click()
    const confirm = page.getByRole('alertdialog', { name: 'Cancel booking?' })
    await expect(confirm).toContainText('You are offline: the cancel waits on this device')
    await confirm.getByRole('button', { name: 'Cancel booking' }).click()
    await expect(
      toastOrDialog(page, 'Cancel saved on this device. It will be sent when you are back online.'),
    ).toBeVisible()

    const queued = card.getByTestId('waiting-cancel')
    await expect(queued).toContainText('Cancel waiting to be sent')
    await expect(queued).toContainText('This booking is not cancelled yet')
    await expect(queued.getByRole('button', { name: `Undo cancel: ${title}` })).toBeVisible()
    await expect(card.getByTestId('booking-status')).toHaveText('Approved')
    await expect(page.getByRole('link', { name: 'Bookings: 1 to sync' })).toBeVisible()
    await checkA11y(page, 'a cancel waiting to be sent')
  } finally {
    await goOnline(context)
  }

  // Back online: the engine sends it, and the card shows the server's answer.
  await expect(card.getByTestId('booking-status')).toHaveText('Cancelled', { timeout: 15_000 })
  await expect(card.getByTestId('waiting-cancel')).toHaveCount(0)
  await expect(page.getByRole('link', { name: 'Bookings: 1 to sync' })).toHaveCount(0)

  const mine = await bookingsOf(page, EMAIL.student, sessionId)
  expect(mine.map((b) => [b._id, b.status])).toEqual([[bookingId, 'cancelled']])
  const theirs = await bookingsOf(page, WAITING_STUDENT, sessionId, waiting)
  expect(theirs).toEqual([expect.objectContaining({ status: 'pending', promotedAt: expect.any(String) })])

  // Applied once: one answer did it; any other was a replay of it under the same key.
  await expectAppliedOnce(answers)
})
