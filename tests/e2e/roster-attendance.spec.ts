// The tutor's roster in the built app: a student's new booking shows on it
// and the tutor approves it from its row; after the class has started, a mark
// made offline waits on the device ("Waiting to sync") and, once the
// connection returns, reaches the server exactly once. Seeded through the API;
// the page signs in only as the tutor. The first runs in both builds (@live).
import type { Page, Response } from '@playwright/test'
import { callApi, logInAs, roleTokens } from './demo-accounts'
import { checkA11y, expect, test } from './fixtures'
import { goOffline, goOnline } from './offline-network'
import { controlsOffScreen, sidewaysOverflow, smallTargets } from './phone-fit'
import { EMAIL, expectAppliedOnce, seed, seedApprovedSession, stamp, type Role } from './workspaces-helpers'

const HOUR = 3_600_000

const book = async (page: Page, as: Record<Role, string>, sessionId: string) =>
  (
    await seed<{ insertedId: string }>(
      page,
      as.student,
      '/bookings',
      { method: 'POST', body: { sessionId, studentEmail: EMAIL.student, tutorEmail: EMAIL.tutor } },
      201,
    )
  ).insertedId

type Row = { _id: string; status: string; attendance?: string }
const studentBooking = async (page: Page, token: string, id: string) =>
  (await callApi<Row[]>(page, `/bookings/student/${EMAIL.student}`, { token })).body.find((b) => b._id === id)

test('the tutor sees a new booking on the roster and approves it there', { tag: '@live' }, async ({ page }) => {
  const title = `Roster ${stamp()}`
  await logInAs(page, 'tutor')
  const as = await roleTokens(page)
  const sessionId = await seedApprovedSession(page, as, title)
  const bookingId = await book(page, as, sessionId)

  await page.goto('/dashboard/my-sessions')
  await page.getByRole('link', { name: `Roster of ${title}` }).click()
  await expect(page.getByRole('heading', { level: 1, name: `Roster: ${title}` })).toBeVisible()
  const row = page.getByRole('table', { name: `Roster of ${title}` }).getByTestId('table-row')
  await expect(row).toHaveCount(1)
  await expect(row).toContainText(EMAIL.student)
  await expect(row).toContainText('pending')

  await row.getByRole('button', { name: /^Approve/ }).click()
  await expect(row).toContainText('approved')
  expect((await studentBooking(page, as.student, bookingId))?.status).toBe('approved')
})

// Chromium logs every request the unreachable server did not answer.
// Offline, the app runs on what its own install kept: the test installs it afresh.
test.describe('offline', () => {
  test.use({ allowedConsoleErrors: [/Failed to load resource: net::ERR_/], freshContext: true })

  test('a mark made offline waits on the device and reaches the server once when back online', async ({
    page,
    context,
  }) => {
    const title = `Attendance ${stamp()}`
    await logInAs(page, 'tutor')
    const as = await roleTokens(page)
    // Its class started an hour ago: attendance may be marked.
    const sessionId = await seedApprovedSession(page, as, title, -HOUR)
    const bookingId = await book(page, as, sessionId)
    await seed(page, as.admin, `/bookings/${bookingId}`, { method: 'PATCH', body: { status: 'approved' } })

    // Every answer the mark got: sent once means one that did it, and none refused.
    const answers: Response[] = []
    page.on('response', (response) => {
      if (response.request().method() === 'PATCH' && response.url().endsWith(`/api/bookings/${bookingId}/attendance`))
        answers.push(response)
    })

    await page.goto(`/dashboard/my-sessions/${sessionId}/roster`)
    const row = page.getByRole('table', { name: `Roster of ${title}` }).getByTestId('table-row')
    const present = row.getByRole('button', { name: 'Present' })
    await expect(present).toHaveAttribute('aria-pressed', 'false')
    // On a phone, its row is a card whose marks are full touch targets within the screen.
    await page.setViewportSize({ width: 360, height: 740 })
    expect(await sidewaysOverflow(page)).toBe(0)
    expect(await smallTargets(page)).toEqual([])
    expect(await controlsOffScreen(page)).toEqual([])

    await goOffline(context)
    try {
      await present.click()
      await expect(row.getByTestId('mark-waiting')).toHaveText('Waiting to sync')
      await expect(present).toHaveAttribute('aria-pressed', 'true')
      await checkA11y(page, 'a mark waiting to be sent')
    } finally {
      await goOnline(context)
    }

    // Back online: the engine sends it, and the row shows the server's answer.
    await expect(row.getByTestId('mark-waiting')).toHaveCount(0, { timeout: 15_000 })
    await expect(present).toHaveAttribute('aria-pressed', 'true')
    expect(await studentBooking(page, as.student, bookingId)).toMatchObject({ attendance: 'present' })

    // Applied once: one answer did it; any other was a replay of it under the same key.
    await expectAppliedOnce(answers)
  })
})
