// A booked material's file opens in a new tab ("Open file"), in both builds:
// the tab is a navigation and carries no token, so the app asks the API for a
// short-lived signed link first (docs/decisions/0051-signed-file-links.md).
// A tutor's Drive link reaches a booked student as an external link that names
// its host; a javascript: link never leaves the form
// (docs/decisions/0052-tutors-share-https-links.md).
import type { Page } from '@playwright/test'
import { APP_HEADERS, callApi, DEMO_EMAIL, logInAs } from './demo-accounts'
import { expect, test } from './fixtures'

interface Material {
  _id: string
  sessionId: string
  title: string
  fileUrl: string
  fileType?: string
}

test.describe('material files', () => {
  // The file's tab is no page of the app: the end-of-test revisit would load the file, not a screen.
  test.use({
    a11yRevisit: false,
    // The file is served with `CSP: sandbox`: scripts in its tab (the guard's own probe) are blocked, as they must be.
    allowedConsoleErrors: [
      [
        /^Blocked script execution in 'http[^']*\/api\/files\/[0-9a-f]{32}\?[^']*' because the document's frame is sandboxed/,
      ],
      { scope: 'test' },
    ],
  })

  test('"Open file" opens a booked material’s file in a new tab', { tag: '@live' }, async ({ page }) => {
    await logInAs(page, 'student')
    const { body: booked } = await callApi<Material[]>(page, '/materials/approved')
    const material = booked.find((m) => m.fileType === 'text/plain')
    expect(material, 'the seed gives the demo student an approved text material').toBeTruthy()
    const text = await page.evaluate(async (url) => {
      const response = await fetch(url, {
        headers: { Authorization: `Bearer ${localStorage.getItem('access-token')}` },
      })
      return response.text()
    }, material!.fileUrl)

    await page.goto(`/dashboard/student/bookings/${material!.sessionId}/materials`)
    const card = page
      .getByTestId('material-list')
      .locator(':scope > li')
      .filter({ has: page.getByRole('heading', { name: material!.title }) })
    const [tab] = await Promise.all([
      page.context().waitForEvent('page'),
      card.getByRole('button', { name: /^Open file/ }).click(),
    ])
    await tab.waitForLoadState()
    expect(new URL(tab.url()).pathname).toBe(new URL(material!.fileUrl, page.url()).pathname)
    expect(new URL(tab.url()).searchParams.get('signature')).toBeTruthy()
    await expect(tab.locator('body')).toHaveText(text.trim())
    // Opened with noopener: the file's tab cannot reach back into the app.
    expect(await tab.evaluate(() => window.opener)).toBeNull()
    await tab.close()
  })
})

async function logOut(page: Page) {
  await page.getByRole('button', { name: 'Account menu' }).click()
  await page.getByRole('button', { name: 'Log out' }).first().click()
  await expect(page.getByRole('link', { name: 'Login' }).first()).toBeVisible()
}

test(
  'a tutor’s Drive link reaches a booked student as an external link; a javascript: link is refused',
  { tag: '@live' },
  async ({ page }) => {
    const DRIVE = 'https://drive.google.com/drive/folders/study-hub-week-1'
    const title = `Shared folder ${Date.now()}`
    await logInAs(page, 'tutor')
    const { body: sessions } = await callApi<{ _id: string; status: string }[]>(
      page,
      `/sessions/tutor/${DEMO_EMAIL.tutor}`,
    )
    const approved = sessions.filter((s) => s.status === 'approved').map((s) => s._id)
    // The form refuses a javascript: link with a message, and sends nothing.
    await page.goto('/dashboard/tutor-materials')
    await page.getByLabel('Session').selectOption(approved[0]!)
    await page.getByLabel('Title').fill('Unsafe link')
    await page.getByLabel('Link (optional)', { exact: true }).fill('javascript:alert(document.domain)')
    await page.getByRole('button', { name: 'Upload Material' }).click()
    await expect(page.getByRole('alert').filter({ hasText: 'Link must be a full https:// address' })).toBeVisible()
    // A Drive link alone is a material, seeded through the API on each of the tutor's approved
    // sessions (which of them the demo student is booked on is the admin's to read).
    const uploaded = await page.evaluate(
      async ({ sessionIds, tutorEmail, title, link, headers }) => {
        const ids: Record<string, string> = {}
        for (const sessionId of sessionIds) {
          const form = new FormData()
          form.append('sessionId', sessionId)
          form.append('title', title)
          form.append('tutorEmail', tutorEmail)
          form.append('driveLink', link)
          const response = await fetch('/api/materials', {
            method: 'POST',
            headers: { ...headers, Authorization: `Bearer ${localStorage.getItem('access-token')}` },
            body: form,
          })
          ids[sessionId] = ((await response.json()) as { insertedId: string }).insertedId
        }
        return ids
      },
      { sessionIds: approved, tutorEmail: DEMO_EMAIL.tutor, title, link: DRIVE, headers: APP_HEADERS },
    )
    await logOut(page)

    await logInAs(page, 'admin')
    const { body: bookings } = await callApi<{ sessionId: string; studentEmail: string; status: string }[]>(
      page,
      '/bookings',
    )
    const booked = bookings.find(
      (b) => b.studentEmail === DEMO_EMAIL.student && b.status === 'approved' && b.sessionId in uploaded,
    )
    expect(booked, 'the seed books the demo student on a session of the demo tutor').toBeTruthy()
    const material = uploaded[booked!.sessionId]!
    expect((await callApi(page, `/materials/${material}/approve`, { method: 'PATCH' })).status).toBe(200)
    await logOut(page)

    await logInAs(page, 'student')
    await page.goto(`/dashboard/student/bookings/${booked!.sessionId}/materials`)
    const card = page
      .getByTestId('material-list')
      .locator(':scope > li')
      .filter({ has: page.getByRole('heading', { name: title }) })
    const drive = card.getByRole('link', { name: /^Open in Drive/ })
    await expect(drive).toHaveAttribute('href', DRIVE)
    await expect(drive).toHaveAttribute('target', '_blank')
    await expect(drive).toHaveAttribute('rel', 'noopener noreferrer')
    await expect(drive).toContainText('(drive.google.com)')
    // A link is no file: nothing to open in the app, and no frame anywhere on the page.
    await expect(card.getByRole('button', { name: /^Open file/ })).toHaveCount(0)
    await expect(page.locator('iframe')).toHaveCount(0)
  },
)
