// The workspaces across roles, in the built app (both builds, @live): a
// session goes from a tutor's form through an admin's approval to a student's
// booking, a material from upload through approval to the student's 500 px
// viewer and download; notes, role changes and resubmission; and uploaded HTML
// never runs script in the app's origin. Each step is a test of its own: what
// the steps before it would have left is seeded through the API with each
// role's app token (`roleTokens`), and the page signs in (`logInAs`) only as
// the role whose screen the step is about. All roles share one browser
// context, because the demo server's data lives in that context's IndexedDB
// (the live build's lives on the API server, where one context is as good as
// several). Titles carry a stamp: live tests share one database.
import type { Locator, Page } from '@playwright/test'
import { APP_HEADERS, callApi, DEMO_EMAIL, idTokens, logInAs, roleTokens, type DemoRole } from './demo-accounts'
import { checkA11y, expect, test } from './fixtures'

type Role = DemoRole
const EMAIL = DEMO_EMAIL

// A valid one-page PDF.
const PDF = Buffer.from(
  '%PDF-1.4\n1 0 obj<</Type/Catalog/Pages 2 0 R>>endobj\n2 0 obj<</Type/Pages/Kids[3 0 R]/Count 1>>endobj\n' +
    '3 0 obj<</Type/Page/Parent 2 0 R/MediaBox[0 0 200 200]>>endobj\ntrailer<</Root 1 0 R>>\n%%EOF\n',
)

function toastOrDialog(page: Page, text: string | RegExp): Locator {
  return page.getByRole('status').filter({ hasText: text })
}

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

/** A unique stamp for this test's titles. */
const stamp = () => `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`

const DAY = 24 * 60 * 60 * 1000

/** Calls the API as another role (`token`), and fails unless it answers `status`. */
async function seed<T>(
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
async function seedSession(page: Page, tutor: string, title: string): Promise<string> {
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
async function seedApprovedSession(page: Page, as: Record<Role, string>, title: string): Promise<string> {
  const id = await seedSession(page, as.tutor, title)
  await seed(page, as.admin, `/sessions/${id}/approve`, { method: 'PATCH', body: { fee: 0 } })
  return id
}

/** The student's booking of a session, pending or approved by the admin; answers its id. */
async function seedBooking(page: Page, as: Record<Role, string>, sessionId: string, approved: boolean) {
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

/** A PDF the tutor uploads for a session, as the upload form sends it, approved by the admin or pending. */
async function seedMaterial(page: Page, as: Record<Role, string>, sessionId: string, title: string, approved: boolean) {
  const upload = await page.evaluate(
    async ({ sessionId, title, email, pdf, token, appHeaders }) => {
      const form = new FormData()
      form.append('sessionId', sessionId)
      form.append('title', title)
      form.append('tutorEmail', email)
      form.append('file', new File([new Uint8Array(pdf)], 'optics.pdf', { type: 'application/pdf' }))
      const response = await fetch('/api/materials', {
        method: 'POST',
        headers: { Authorization: `Bearer ${token}`, ...appHeaders },
        body: form,
      })
      return { status: response.status, body: (await response.json()) as { insertedId: string } }
    },
    { sessionId, title, email: EMAIL.tutor, pdf: [...PDF], token: as.tutor, appHeaders: APP_HEADERS },
  )
  expect(upload.status, 'the upload of the PDF').toBe(201)
  if (approved) await seed(page, as.admin, `/materials/${upload.body.insertedId}/approve`, { method: 'PATCH' })
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

  test('a tutor uploads a PDF for an approved session', { tag: '@live' }, async ({ page }) => {
    const title = `Optics workshop ${stamp()}`
    const materialTitle = `Optics slides ${stamp()}`
    await logInAs(page, 'tutor')
    const as = await roleTokens(page)
    await seedApprovedSession(page, as, title)
    await page.goto('/dashboard/tutor-materials')
    await page.getByLabel('Session').selectOption({ label: title })
    await page.getByLabel('Title').fill(materialTitle)
    await page.getByLabel('File').setInputFiles({ name: 'optics.pdf', mimeType: 'application/pdf', buffer: PDF })
    await page.getByRole('button', { name: 'Upload Material' }).click()
    await expect(toastOrDialog(page, /Material uploaded/)).toBeVisible()
  })

  test('the admin approves a material', { tag: '@live' }, async ({ page }) => {
    const materialTitle = `Optics slides ${stamp()}`
    await logInAs(page, 'admin')
    const as = await roleTokens(page)
    const sessionId = await seedApprovedSession(page, as, `Optics workshop ${stamp()}`)
    await seedMaterial(page, as, sessionId, materialTitle, false)
    await page.goto('/dashboard/manage-materials')
    await expect(page.getByRole('tab', { name: 'Pending' })).toHaveAttribute('aria-selected', 'true')
    await page.getByRole('button', { name: `Approve ${materialTitle}`, exact: true }).click()
    await expect(toastOrDialog(page, /approved/i)).toBeVisible()
  })

  test('a student opens a material in the 500 px frame, and downloads it', { tag: '@live' }, async ({ page }) => {
    const materialTitle = `Optics slides ${stamp()}`
    await logInAs(page, 'student')
    const as = await roleTokens(page)
    const sessionId = await seedApprovedSession(page, as, `Optics workshop ${stamp()}`)
    await seedBooking(page, as, sessionId, true)
    await seedMaterial(page, as, sessionId, materialTitle, true)
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
  })

  test('a student writes, edits and deletes a note', { tag: '@live' }, async ({ page }) => {
    const note = `Lenses ${stamp()}`
    await logInAs(page, 'student')
    await page.goto('/dashboard/create-note')
    await page.getByRole('button', { name: 'Create Note' }).click()
    await expect(page.getByText('Please provide title and description')).toHaveAttribute('role', 'alert')
    await page.getByLabel('Title').fill(note)
    await page.getByLabel('Description').fill('Focal length')
    await page.getByRole('button', { name: 'Create Note' }).click()
    await expect(toastOrDialog(page, 'Note saved')).toBeVisible()
    await page.goto('/dashboard/my-notes')
    await page.getByRole('button', { name: `Edit ${note}` }).click()
    const edit = page.getByRole('dialog', { name: 'Edit note' })
    await edit.getByLabel('Description').fill('')
    await edit.getByRole('button', { name: 'Save' }).click()
    await expect(edit.getByRole('alert')).toHaveText('Both fields are required')
    await edit.getByLabel('Description').fill('Focal length and magnification')
    await edit.getByRole('button', { name: 'Save' }).click()
    await expect(edit).toBeHidden()
    await expect(page.getByText('Focal length and magnification')).toBeVisible()
    await page.getByRole('button', { name: `Delete ${note}` }).click()
    await page.getByRole('alertdialog', { name: 'Delete this note?' }).getByRole('button', { name: 'Delete' }).click()
    await expect(page.getByRole('button', { name: `Edit ${note}` })).toHaveCount(0)
  })

  // The admin's refused role change below is a 403 the browser reports on its own.
  test.describe(() => {
    test.use({ allowedConsoleErrors: [[/the server responded with a status of 403/], { scope: 'test' }] })

    test('the admin changes a user’s role; an admin’s cannot be changed', { tag: '@live' }, async ({ page }) => {
      await logInAs(page, 'admin')
      await page.goto('/dashboard/manage-users')
      // A student of this test's own (the seeded ones are every other test's), signed up as the app does.
      const email = `role-change-${stamp()}@studyhub.test`
      const [idToken] = await idTokens(page, 'signUp', [{ email, password: 'role-change-1' }])
      await seed(
        page,
        idToken!,
        '/users',
        { method: 'POST', body: { email, name: 'Role Change', photo: 'https://ui-avatars.com/api/?name=R' } },
        201,
      )
      const users = await callApi<{ _id: string; email: string; role: string }[]>(page, '/users?page=1&limit=1000')
      expect(users.body.find((u) => u.email === email)?.role).toBe('student')
      await page.getByLabel('Search users by name or email').fill(email)
      const role = page.getByRole('combobox', { name: `Role of ${email}` })
      await expect(page.getByRole('row')).toHaveCount(2)
      await role.selectOption('tutor')
      await expect(toastOrDialog(page, `is now a tutor`)).toBeVisible()
      const after = await callApi<{ email: string; role: string }[]>(page, `/users?search=${encodeURIComponent(email)}`)
      expect(after.body.find((u) => u.email === email)?.role).toBe('tutor')
      await page.getByLabel('Search users by name or email').fill(EMAIL.admin)
      const adminRow = page.getByRole('row').filter({ hasText: EMAIL.admin })
      await expect(adminRow).toContainText('Admin: cannot be changed or deleted')
      await expect(adminRow.getByRole('combobox')).toHaveCount(0)
      await expect(adminRow.getByRole('button', { name: /Delete/ })).toHaveCount(0)
      const adminUser = users.body.find((u) => u.email === EMAIL.admin)!
      const refused = await callApi(page, `/users/${adminUser._id}/role`, {
        method: 'PATCH',
        body: { role: 'student' },
      })
      expect(refused.status).toBeGreaterThanOrEqual(400)
    })
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

test.describe('uploaded HTML', () => {
  test.use({
    // The sandbox alone must hold: the page's Content-Security-Policy would
    // also stop the probe's inline script, and the control frame's with it.
    bypassCSP: true,
    // Each refused upload is a 400 the browser reports on the console: that is the proof, not a bug.
    allowedConsoleErrors: [[/Failed to load resource: the server responded with a status of 400/], { scope: 'test' }],
  })

  test('never runs script in the app origin, whatever type it claims', { tag: '@live' }, async ({ page }) => {
    await logInAs(page, 'tutor')
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
      // Its script runs before its load event.
      const loaded = new Promise((resolve) => frame.addEventListener('load', resolve))
      document.body.append(frame)
      await loaded
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
