// What the workspaces specs (workspaces-*.spec.ts) share: what the steps
// before a test would have left, seeded through the API with each role's app
// token (`roleTokens`), so that the page signs in (`logInAs`) only as the role
// whose screen the step is about. All roles share one browser context, because
// the demo server's data lives in that context's IndexedDB (the live build's
// lives on the API server, where one context is as good as several). Titles
// carry a stamp: live tests share one database.
import type { Locator, Page } from '@playwright/test'
import { callApi, DEMO_EMAIL, type DemoRole } from './demo-accounts'
import { expect } from './fixtures'

export type Role = DemoRole
export const EMAIL = DEMO_EMAIL

export function toastOrDialog(page: Page, text: string | RegExp): Locator {
  return page.getByRole('status').filter({ hasText: text })
}

/** A unique stamp for this test's titles. */
export const stamp = () => `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`

const DAY = 24 * 60 * 60 * 1000

/** Calls the API as another role (`token`), and fails unless it answers `status`. */
export async function seed<T>(
  page: Page,
  token: string,
  path: string,
  init: { method: string; body?: unknown },
  status = 200,
) {
  const answer = await callApi<T>(page, path, { ...init, token })
  expect(answer.status, `${init.method} ${path}`).toBe(status)
  return answer.body
}

/** A pending session of the seeded tutor, as Add Session makes it (registration open now, class in 10 days). */
export async function seedSession(page: Page, tutor: string, title: string): Promise<string> {
  const at = (days: number, hours = 0) => new Date(Date.now() + days * DAY + hours * 3_600_000).toISOString()
  const created = await seed<{ insertedId: string }>(
    page,
    tutor,
    '/sessions',
    {
      method: 'POST',
      body: {
        title,
        subject: 'Physics',
        description: 'Made by the browser test.',
        registrationStart: at(-1),
        registrationEnd: at(7),
        classStart: at(10),
        classEnd: at(10, 2),
        duration: 2,
        registrationFee: 0,
        tutorName: 'Priya Sharma',
        tutorEmail: EMAIL.tutor,
      },
    },
    201,
  )
  return created.insertedId
}

/** An approved session of the seeded tutor. */
export async function seedApprovedSession(page: Page, as: Record<Role, string>, title: string): Promise<string> {
  const id = await seedSession(page, as.tutor, title)
  await seed(page, as.admin, `/sessions/${id}/approve`, { method: 'PATCH', body: { fee: 0 } })
  return id
}

/** An approved session of the seeded tutor with one seat: a second booking waits in line. */
export async function seedOneSeatSession(page: Page, as: Record<Role, string>, title: string): Promise<string> {
  const id = await seedApprovedSession(page, as, title)
  await seed(page, as.admin, `/sessions/${id}`, {
    method: 'PATCH',
    body: { title, subject: 'Physics', duration: 2, registrationFee: 0, seats: 1 },
  })
  return id
}

/** The student's booking of a session, pending or approved by the admin; answers its id. */
export async function seedBooking(page: Page, as: Record<Role, string>, sessionId: string, approved: boolean) {
  const { insertedId } = await seed<{ insertedId: string }>(
    page,
    as.student,
    '/bookings',
    { method: 'POST', body: { sessionId, studentEmail: EMAIL.student, tutorEmail: EMAIL.tutor } },
    201,
  )
  if (approved) await seed(page, as.admin, `/bookings/${insertedId}`, { method: 'PATCH', body: { status: 'approved' } })
  return insertedId
}

/** Opens the "More" menu of a student's booking card (a popover sheet) and answers the menu. */
export async function openBookingMenu(page: Page, title: string): Promise<Locator> {
  await page
    .getByTestId('booking-card')
    .filter({ hasText: title })
    .getByRole('button', { name: `More: ${title}` })
    .click()
  const menu = page.getByRole('dialog', { name: `Actions: ${title}` })
  await expect(menu).toBeVisible()
  return menu
}

/** After Book Now (or Request Again): a paid session is summed up first; goes ahead with it. */
export async function confirmBookingSummary(page: Page, fee: number, action = 'Book Now'): Promise<void> {
  if (fee > 0)
    await page.getByRole('dialog', { name: 'Check your booking' }).getByRole('button', { name: action }).click()
}
