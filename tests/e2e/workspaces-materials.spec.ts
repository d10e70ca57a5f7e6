// The workspaces across roles, in the built app (both builds, @live): a
// material goes from upload through approval to the student's 500 px viewer and
// download, and uploaded HTML never runs script in the app's origin. Each step
// is a test of its own: what the steps before it would have left is seeded
// through the API (./workspaces-helpers.ts), and the page signs in only as the
// role whose screen the step is about.
import type { Page } from '@playwright/test'
import { APP_HEADERS, callApi, logInAs, roleTokens } from './demo-accounts'
import { checkA11y, expect, test } from './fixtures'
import { EMAIL, seed, seedApprovedSession, seedBooking, stamp, toastOrDialog, type Role } from './workspaces-helpers'

// A valid one-page PDF.
const PDF = Buffer.from(
  '%PDF-1.4\n1 0 obj<</Type/Catalog/Pages 2 0 R>>endobj\n2 0 obj<</Type/Pages/Kids[3 0 R]/Count 1>>endobj\n' +
    '3 0 obj<</Type/Page/Parent 2 0 R/MediaBox[0 0 200 200]>>endobj\ntrailer<</Root 1 0 R>>\n%%EOF\n',
)

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
