// The workspaces across roles, in the built app (both builds, @live): a
// session goes from a tutor's form through an admin's approval to a student's
// booking, a material from upload through approval to the student's 500 px
// viewer and download; notes, role changes and resubmission; and uploaded HTML
// never runs script in the app's origin. All roles share one browser context,
// because the demo server's data lives in that context's IndexedDB (the live
// build's lives on the API server, where one context is as good as several).
import type { Locator, Page } from '@playwright/test'
import { answerAvatarService, APP_HEADERS, callApi, DEMO_EMAIL, submitLogin, type DemoRole } from './demo-accounts'
import { checkA11y, expect, test } from './fixtures'

type Role = DemoRole
const EMAIL = DEMO_EMAIL

// A valid one-page PDF.
const PDF = Buffer.from(
  '%PDF-1.4\n1 0 obj<</Type/Catalog/Pages 2 0 R>>endobj\n2 0 obj<</Type/Pages/Kids[3 0 R]/Count 1>>endobj\n' +
    '3 0 obj<</Type/Page/Parent 2 0 R/MediaBox[0 0 200 200]>>endobj\ntrailer<</Root 1 0 R>>\n%%EOF\n',
)

async function logIn(page: Page, role: Role) {
  await answerAvatarService(page)
  // Whoever was signed in leaves first (the identity lives in this context).
  await page.goto('/')
  const menu = page.getByRole('button', { name: 'Account menu' })
  if (await menu.isVisible()) {
    await menu.click()
    await page.getByRole('button', { name: 'Log out' }).first().click()
    await expect(page.getByRole('link', { name: 'Login' }).first()).toBeVisible()
  }
  await page.goto('/login')
  await submitLogin(page, role)
  await expect(page.getByRole('button', { name: 'Account menu' })).toBeVisible()
}

function toastOrDialog(page: Page, text: string | RegExp): Locator {
  return page.getByRole('status').filter({ hasText: text })
}

/** Pages through a paged table until the row with the button is on screen. */
async function findOnPages(page: Page, pager: string, button: Locator) {
  for (let i = 0; i < 200; i++) {
    if (await button.isVisible()) return
    const next = page.getByRole('navigation', { name: pager }).getByRole('button', { name: 'Next' })
    if (!(await next.isVisible()) || (await next.isDisabled())) break
    await next.click()
    await page.waitForTimeout(150)
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

// The admin's refused role change below is a 403 the browser reports on its own.
test.describe('workspaces', () => {
  test.use({ allowedConsoleErrors: [[/the server responded with a status of 403/], { scope: 'test' }] })

  test('a session, a booking, a material and notes go through every role', { tag: '@live' }, async ({ page }) => {
    test.setTimeout(240_000)
    const stamp = Date.now().toString(36)
    const title = `Optics workshop ${stamp}`
    const rejectedTitle = `Thermodynamics draft ${stamp}`
    const materialTitle = `Optics slides ${stamp}`

    // Tutor: a clear message for dates that make no sense, then two sessions.
    await logIn(page, 'tutor')
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
    await addSession(page, rejectedTitle)
    const mine = await callApi<{ _id: string; title: string; status: string }[]>(page, `/sessions/tutor/${EMAIL.tutor}`)
    const created = mine.body.find((s) => s.title === title)!
    const toReject = mine.body.find((s) => s.title === rejectedTitle)!
    expect(created.status).toBe('pending')

    // Admin: approve one as Paid with a fee, reject the other.
    await logIn(page, 'admin')
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
    const approved = await callApi<{ status: string; registrationFee: number }>(page, `/sessions/${created._id}`)
    expect(approved.body).toMatchObject({ status: 'approved', registrationFee: 25 })
    const reject = page.getByRole('button', { name: `Reject ${rejectedTitle}`, exact: true })
    await findOnPages(page, 'Pending sessions pages', reject)
    await reject.click()
    await expect(toastOrDialog(page, 'Session rejected')).toBeVisible()

    // Student: book it on its details page.
    await logIn(page, 'student')
    await page.goto(`/session-details/${created._id}`)
    await page.getByRole('button', { name: 'Book Now' }).click()
    const booked = page.getByRole('dialog', { name: 'Booked!' })
    await expect(booked).toBeVisible()
    await booked.getByRole('button', { name: 'OK' }).click()

    // Admin: approve the booking.
    await logIn(page, 'admin')
    await page.goto('/dashboard/manage-bookings')
    const approveBooking = page.getByRole('button', {
      name: new RegExp(`^Approve booking of (${title}|${created._id}) by ${EMAIL.student}$`),
    })
    await findOnPages(page, 'Pending bookings pages', approveBooking)
    await approveBooking.click()
    await expect(toastOrDialog(page, 'Booking approved')).toBeVisible()
    const bookings = await callApi<{ sessionId: string; status: string; studentEmail: string }[]>(
      page,
      `/bookings?status=approved&page=1&limit=1000`,
    )
    expect(bookings.body.some((b) => b.sessionId === created._id && b.studentEmail === EMAIL.student)).toBe(true)

    // Tutor: upload a PDF for it.
    await logIn(page, 'tutor')
    await page.goto('/dashboard/tutor-materials')
    await page.getByLabel('Session').selectOption({ label: title })
    await page.getByLabel('Title').fill(materialTitle)
    await page.getByLabel('File').setInputFiles({ name: 'optics.pdf', mimeType: 'application/pdf', buffer: PDF })
    await page.getByRole('button', { name: 'Upload Material' }).click()
    await expect(toastOrDialog(page, /Material uploaded/)).toBeVisible()

    // Admin: approve the material.
    await logIn(page, 'admin')
    await page.goto('/dashboard/manage-materials')
    await expect(page.getByRole('tab', { name: 'Pending' })).toHaveAttribute('aria-selected', 'true')
    await page.getByRole('button', { name: `Approve ${materialTitle}`, exact: true }).click()
    await expect(toastOrDialog(page, /approved/i)).toBeVisible()

    // Student: open it in the 500 px frame, and download it.
    await logIn(page, 'student')
    await page.goto('/dashboard/my-materials')
    await page.getByRole('button', { name: `View ${materialTitle}`, exact: true }).click()
    const viewer = page.getByRole('dialog', { name: materialTitle })
    const frame = viewer.locator('iframe')
    await expect(frame).toBeVisible()
    expect(await frame.evaluate((el) => el.getBoundingClientRect().height)).toBe(500)
    await expect(frame).toHaveAttribute('src', /^blob:/)
    await checkA11y(page, 'material viewer open')
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      viewer.getByRole('button', { name: 'Download' }).click(),
    ])
    expect(download.suggestedFilename()).toBe('optics.pdf')
    const path = await download.path()
    expect(path).toBeTruthy()
    await viewer.getByRole('button', { name: 'Close' }).click()
    await expect(viewer).toBeHidden()

    // Student: write, edit and delete a note.
    await page.goto('/dashboard/create-note')
    await page.getByRole('button', { name: 'Create Note' }).click()
    await expect(page.getByText('Please provide title and description')).toHaveAttribute('role', 'alert')
    await page.getByLabel('Title').fill(`Lenses ${stamp}`)
    await page.getByLabel('Description').fill('Focal length')
    await page.getByRole('button', { name: 'Create Note' }).click()
    await expect(toastOrDialog(page, 'Note saved')).toBeVisible()
    await page.goto('/dashboard/my-notes')
    await page.getByRole('button', { name: `Edit Lenses ${stamp}` }).click()
    const edit = page.getByRole('dialog', { name: 'Edit note' })
    await edit.getByLabel('Description').fill('')
    await edit.getByRole('button', { name: 'Save' }).click()
    await expect(edit.getByRole('alert')).toHaveText('Both fields are required')
    await edit.getByLabel('Description').fill('Focal length and magnification')
    await edit.getByRole('button', { name: 'Save' }).click()
    await expect(edit).toBeHidden()
    await expect(page.getByText('Focal length and magnification')).toBeVisible()
    await page.getByRole('button', { name: `Delete Lenses ${stamp}` }).click()
    await page.getByRole('alertdialog', { name: 'Delete this note?' }).getByRole('button', { name: 'Delete' }).click()
    await expect(page.getByRole('button', { name: `Edit Lenses ${stamp}` })).toHaveCount(0)

    // Admin: change a user's role; an admin's cannot be changed.
    await logIn(page, 'admin')
    const users = await callApi<{ _id: string; email: string; role: string }[]>(page, '/users?page=1&limit=1000')
    const someone = users.body.find((u) => u.role === 'student' && u.email !== EMAIL.student)!
    await page.goto('/dashboard/manage-users')
    await page.getByLabel('Search users by name or email').fill(someone.email)
    const role = page.getByRole('combobox', { name: `Role of ${someone.email}` })
    await expect(page.getByRole('row')).toHaveCount(2)
    await role.selectOption('tutor')
    await expect(toastOrDialog(page, `is now a tutor`)).toBeVisible()
    const after = await callApi<{ email: string; role: string }[]>(
      page,
      `/users?search=${encodeURIComponent(someone.email)}`,
    )
    expect(after.body.find((u) => u.email === someone.email)?.role).toBe('tutor')
    await page.getByLabel('Search users by name or email').fill(EMAIL.admin)
    const adminRow = page.getByRole('row').filter({ hasText: EMAIL.admin })
    await expect(adminRow).toContainText('Admin: cannot be changed or deleted')
    await expect(adminRow.getByRole('combobox')).toHaveCount(0)
    await expect(adminRow.getByRole('button', { name: /Delete/ })).toHaveCount(0)
    const adminUser = users.body.find((u) => u.email === EMAIL.admin)!
    const refused = await callApi(page, `/users/${adminUser._id}/role`, { method: 'PATCH', body: { role: 'student' } })
    expect(refused.status).toBeGreaterThanOrEqual(400)

    // Tutor: resubmit the rejected session; it is pending again.
    await logIn(page, 'tutor')
    await page.goto('/dashboard/my-sessions')
    const row = page.getByRole('row').filter({ hasText: rejectedTitle })
    await expect(row).toContainText('rejected')
    await row.getByRole('button', { name: `Resubmit ${rejectedTitle}` }).click()
    await expect(toastOrDialog(page, 'Session resubmitted for approval')).toBeVisible()
    await expect(row).toContainText('pending')
    const again = await callApi<{ status: string }[]>(page, `/sessions/tutor/${EMAIL.tutor}`)
    expect(again.body.find((s) => (s as { _id?: string })._id === toReject._id)?.status).toBe('pending')
  })
})

test.describe('uploaded HTML', () => {
  test.use({
    // The sandbox alone must hold: the page's Content-Security-Policy would
    // also stop the probe's inline script, and the control frame's with it.
    bypassCSP: true,
    // Each refused upload is a 400 the browser reports on the console: that is the proof, not a bug.
    allowedConsoleErrors: [[/Failed to load resource: the server responded with a status of 400/], { scope: 'test' }],
  })

  test('never runs script in the app origin, whatever type it claims', { tag: '@live' }, async ({ page }) => {
    test.setTimeout(120_000)
    await logIn(page, 'tutor')
    const sessions = await callApi<{ _id: string; status: string }[]>(page, `/sessions/tutor/${EMAIL.tutor}`)
    const sessionId = sessions.body.find((s) => s.status === 'approved')!._id
    const script =
      "<!doctype html><title>x</title><script>try{localStorage.setItem('pwned','1')}catch(e){}" +
      "try{window.top.localStorage.setItem('pwned-top','1')}catch(e){}try{window.top.pwned=1}catch(e){}</script>"

    // The probe works: the same page framed from this origin without protection does run.
    const control = await page.evaluate(async (html) => {
      const frame = document.createElement('iframe')
      frame.title = 'control'
      frame.src = URL.createObjectURL(new Blob([html], { type: 'text/html' }))
      document.body.append(frame)
      await new Promise((r) => setTimeout(r, 500))
      const ran = localStorage.getItem('pwned') === '1'
      frame.remove()
      localStorage.removeItem('pwned')
      localStorage.removeItem('pwned-top')
      delete (window as { pwned?: number }).pwned
      return ran
    }, script)
    expect(control).toBe(true)

    // Upload as an attacker would: straight to the API, past the form's checks.
    const claims = [
      { name: 'evil.html', type: 'text/html' },
      { name: 'evil.svg', type: 'image/svg+xml' },
      { name: 'evil.txt', type: 'text/plain' },
      { name: 'evil.pdf', type: 'application/pdf' },
    ]
    const titles: string[] = []
    const answers: { status: number; message: string }[] = []
    for (const claim of claims) {
      const title = `Hostile ${claim.name} ${Date.now().toString(36)}`
      titles.push(title)
      answers.push(
        await page.evaluate(
          async ({ claim, sessionId, title, html, email, appHeaders }) => {
            const form = new FormData()
            form.append('sessionId', sessionId)
            form.append('title', title)
            form.append('tutorEmail', email)
            form.append('file', new File([html], claim.name, { type: claim.type }))
            const response = await fetch('/api/materials', {
              method: 'POST',
              headers: { Authorization: `Bearer ${localStorage.getItem('access-token')}`, ...appHeaders },
              body: form,
            })
            return {
              status: response.status,
              message: String(((await response.json()) as { message?: string }).message),
            }
          },
          { claim, sessionId, title, html: script, email: EMAIL.tutor, appHeaders: APP_HEADERS },
        ),
      )
    }
    // The server checks the type itself, on the bytes: every claim is refused with a reason, and nothing is stored.
    for (const answer of answers) {
      expect(answer.status).toBe(400)
      expect(answer.message).toMatch(/^file: /)
    }
    const stored = await callApi<{ title: string }[]>(page, `/materials/tutor/${EMAIL.tutor}`)
    expect(stored.body.filter((m) => titles.includes(m.title))).toEqual([])
    const readFlags = () =>
      page.evaluate(() => ({
        pwned: localStorage.getItem('pwned'),
        pwnedTop: localStorage.getItem('pwned-top'),
        global: (window as { pwned?: number }).pwned ?? null,
      }))
    expect(await readFlags()).toEqual({ pwned: null, pwnedTop: null, global: null })
  })
})
