// What the workspaces specs (workspaces-*.spec.ts) share: what the steps
// before a test would have left, seeded through the API with each role's app
// token (`roleTokens`), so that the page signs in (`logInAs`) only as the role
// whose screen the step is about. All roles share one browser context, because
// the demo server's data lives in that context's IndexedDB (the live build's
// lives on the API server, where one context is as good as several). Titles
// carry a stamp: live tests share one database.
import type { Locator, Page, Response } from '@playwright/test'
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

/**
 * A pending session of the seeded tutor, as Add Session makes it (registration open now, for a week); its two-hour
 * class starts `classIn` ms from now (10 days; less than 0: it has started).
 */
export async function seedSession(page: Page, tutor: string, title: string, classIn = 10 * DAY): Promise<string> {
  const at = (ms: number) => new Date(Date.now() + ms).toISOString()
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
        registrationStart: at(-DAY),
        registrationEnd: at(7 * DAY),
        classStart: at(classIn),
        classEnd: at(classIn + 2 * 3_600_000),
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

/** An approved session of the seeded tutor (its class `classIn` ms from now: see seedSession). */
export async function seedApprovedSession(
  page: Page,
  as: Record<Role, string>,
  title: string,
  classIn?: number,
): Promise<string> {
  const id = await seedSession(page, as.tutor, title, classIn)
  await seed(page, as.admin, `/sessions/${id}/approve`, { method: 'PATCH', body: { fee: 0 } })
  return id
}

/**
 * Every answer a queued write got was the one that did it or a replay of it under the same Idempotency-Key:
 * the write reached the server exactly once.
 */
export async function expectAppliedOnce(answers: readonly Response[]): Promise<void> {
  const keys = new Set(await Promise.all(answers.map((a) => a.request().headerValue('Idempotency-Key'))))
  expect(keys.size).toBe(1)
  const done = await Promise.all(
    answers.map(async (a) => `${a.status()} ${(await a.headerValue('Idempotent-Replayed')) ?? 'first'}`),
  )
  expect(done.filter((d) => d === '200 first')).toHaveLength(1)
  expect(done.every((d) => d.startsWith('200 '))).toBe(true)
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
