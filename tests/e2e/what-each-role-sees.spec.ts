// What a student, a tutor and an admin see where the product's rules meet the
// screen: the student's own booking on the details page, a registration that
// has not opened yet, who is offered the review form, screens of another role,
// a new session's pending state, and the admin's edit and delete dialogs.
import type { Page } from '@playwright/test'
import { callApi, DEMO_EMAIL, logInAs } from './demo-accounts'
import { expect, test } from './fixtures'
import { confirmBookingSummary } from './workspaces-helpers'

interface SessionRow {
  _id: string
  title: string
  tutorEmail: string
  registrationStart: string
  registrationEnd: string
}
interface BookingRow {
  _id: string
  sessionId: string
  status: 'pending' | 'approved' | 'rejected'
  registrationStart: string
  registrationEnd: string
  registrationFee: number
}

const DAY = 86_400_000
const isOpen = (s: { registrationStart: string; registrationEnd: string }) =>
  Date.parse(s.registrationStart) <= Date.now() && Date.now() < Date.parse(s.registrationEnd) - 60_000

async function studentBookings(page: Page): Promise<BookingRow[]> {
  return (await callApi<BookingRow[]>(page, `/bookings/student/${DEMO_EMAIL.student}`)).body
}

test('a student sees their own booking instead of Book Now, and may ask again after a rejection', async ({ page }) => {
  await logInAs(page, 'student')
  const bookings = await studentBookings(page)
  const approved = bookings.find((b) => b.status === 'approved')!
  await page.goto(`/session-details/${approved.sessionId}`)
  await expect(page.getByText('Your booking:')).toBeVisible()
  await expect(page.getByText('Approved', { exact: true })).toBeVisible()
  await expect(page.getByRole('link', { name: 'View Materials' })).toBeVisible()
  await expect(page.getByRole('button', { name: 'Book Now' })).toHaveCount(0)

  const rejected = bookings.find((b) => b.status === 'rejected' && isOpen(b))!
  await page.goto(`/session-details/${rejected.sessionId}`)
  await expect(page.getByText('You can ask for a place again.')).toBeVisible()
  await page.getByRole('button', { name: 'Request Again' }).click()
  await confirmBookingSummary(page, rejected.registrationFee, 'Request Again')
  await expect(page.getByRole('dialog', { name: 'Booked!' })).toBeVisible()
  await page.getByRole('dialog', { name: 'Booked!' }).getByRole('button', { name: 'OK' }).click()
  await expect(page.getByText('Awaiting approval')).toBeVisible()
  await expect(page.getByText('An admin will confirm your place.')).toBeVisible()
})

test.describe('a registration not yet open', () => {
  // The booking this test tries on purpose is refused (409), and the browser says so on the console.
  test.use({ allowedConsoleErrors: [[/the server responded with a status of 409/], { scope: 'test' }] })

  test('a session whose registration opens later is Closed on the list and says when it opens', async ({ page }) => {
    const title = `Opens later ${Date.now().toString(36)}`
    await logInAs(page, 'tutor')
    const created = await callApi<{ insertedId: string }>(page, '/sessions', {
      method: 'POST',
      body: {
        title,
        subject: 'Physics',
        description: 'Registration opens in three days.',
        registrationStart: new Date(Date.now() + 3 * DAY).toISOString(),
        registrationEnd: new Date(Date.now() + 10 * DAY).toISOString(),
        classStart: new Date(Date.now() + 12 * DAY).toISOString(),
        classEnd: new Date(Date.now() + 20 * DAY).toISOString(),
        duration: 2,
        registrationFee: 0,
        tutorName: 'Priya Sharma',
        tutorEmail: DEMO_EMAIL.tutor,
      },
    })
    expect(created.status).toBe(201)
    await logInAs(page, 'admin')
    expect(
      (await callApi(page, `/sessions/${created.body.insertedId}/approve`, { method: 'PATCH', body: { fee: 0 } }))
        .status,
    ).toBe(200)

    await logInAs(page, 'student')
    // The newest approved session leads the list.
    await page.goto('/study-sessions')
    const card = page.getByRole('article').filter({ has: page.getByRole('heading', { name: title }) })
    await expect(card.getByText('Closed', { exact: true })).toBeVisible()
    await page.goto(`/session-details/${created.body.insertedId}`)
    const button = page.getByRole('button', { name: /^Registration opens / })
    await expect(button).toBeDisabled()
    await expect(page.getByRole('button', { name: 'Book Now' })).toHaveCount(0)
    // And the server agrees.
    const refused = await callApi<{ message: string }>(page, '/bookings', {
      method: 'POST',
      body: { sessionId: created.body.insertedId, studentEmail: DEMO_EMAIL.student, tutorEmail: DEMO_EMAIL.tutor },
    })
    expect(refused).toMatchObject({
      status: 409,
      body: { message: 'Registration for this session has not opened yet.' },
    })
  })
})

test('the review form is offered only to a student who may review; the others are told why', async ({ page }) => {
  await logInAs(page, 'student')
  const booked = new Set((await studentBookings(page)).map((b) => b.sessionId))
  const sessions = (await callApi<SessionRow[]>(page, '/sessions?status=approved')).body
  const notBooked = sessions.find((s) => !booked.has(s._id) && isOpen(s))!
  await page.goto(`/session-details/${notBooked._id}`)
  await expect(page.getByText('Book this session to leave a review.')).toBeVisible()
  await expect(page.getByRole('form', { name: 'Leave a review' })).toHaveCount(0)

  await logInAs(page, 'tutor')
  await page.goto(`/session-details/${notBooked._id}`)
  await expect(page.getByText('Only students can review sessions.')).toBeVisible()
  await expect(page.getByRole('form', { name: 'Leave a review' })).toHaveCount(0)
})

test('screens of another role send a student and a tutor home', async ({ page }) => {
  await logInAs(page, 'student')
  await page.goto('/dashboard/add-session')
  await expect(page).toHaveURL(/\/$/)
  await logInAs(page, 'tutor')
  await page.goto('/dashboard/create-note')
  await expect(page).toHaveURL(/\/$/)
})

test('a tutor’s new session keeps the toast’s words and says it is pending', async ({ page }) => {
  await logInAs(page, 'tutor')
  await page.goto('/dashboard/add-session')
  const day = (offset: number) => new Date(Date.now() + offset * DAY).toISOString().slice(0, 10)
  await page.getByLabel('Session title').fill('Waves and Optics')
  await page.getByLabel('Subject').fill('Physics')
  await page.getByLabel('Registration start').fill(day(1))
  await page.getByLabel('Registration end').fill(day(5))
  await page.getByLabel('Class start date').fill(day(7))
  await page.getByLabel('Class start time').fill('17:00')
  await page.getByLabel('Class end').fill(`${day(30)}T18:00`)
  await page.getByLabel('Duration (hours)').fill('2')
  await page.getByRole('button', { name: 'Create Session' }).click()
  await expect(page.getByRole('status').filter({ hasText: 'Your study session is now live.' })).toBeVisible()
  await expect(page.getByText('“Waves and Optics” was created. Pending: an admin will review it.')).toBeVisible()
})

test('an admin sees the tutor of a booking read-only, and what deleting a user takes with them', async ({ page }) => {
  await logInAs(page, 'admin')
  await page.goto('/dashboard/manage-bookings')
  const all = page.getByRole('table', { name: 'All bookings' })
  await all
    .getByRole('button', { name: /^Edit / })
    .first()
    .click()
  const dialog = page.getByRole('dialog', { name: 'Edit booking' })
  await expect(dialog.getByLabel('Tutor email')).toHaveAttribute('readonly', '')
  await dialog.getByRole('button', { name: 'Cancel' }).click()

  const student = (await callApi<{ _id: string }>(page, `/users/${DEMO_EMAIL.student}`)).body
  const owned = (await callApi<Record<string, number>>(page, `/users/${student._id}/owned`)).body
  await page.goto('/dashboard/manage-users')
  const row = page.getByRole('row').filter({ hasText: DEMO_EMAIL.student })
  await row.getByRole('button', { name: /^Delete/ }).click()
  const confirm = page.getByRole('alertdialog', { name: 'Delete this user?' })
  await expect(confirm).toContainText(
    `with 0 sessions, ${owned.bookings} bookings, ${owned.reviews} reviews, ${owned.notes} notes and 0 materials`,
  )
  await confirm.getByRole('button', { name: 'Cancel' }).click()
})
