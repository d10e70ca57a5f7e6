// When sign-in state and the device's data part ways (demo build):
//
// - A dead token: the demo server's reset replaces its signing secret, so the
//   app token and the identity provider's ID token both stop being accepted,
//   as when a session is revoked. A note written offline meanwhile makes the
//   app renew on its next call; the renewal is refused, and the user must be
//   signed out visibly (told, on /login with the way back), their note kept
//   on the device for them alone: not sent under another account nor shown to
//   it, and sent once they sign in again.
// - A failed wipe: another tab's upgrade closes this tab's database, so
//   logging out cannot delete the device's data. The user is told, not shown
//   "Logged out successfully", and the next start finishes the wipe.
import type { Page } from '@playwright/test'
import { DEMO_RESET_PATH } from '../../src/contract/demo-identity'
import { APP_HEADERS, callApi, DEMO_EMAIL, logInAs, submitLogin } from './demo-accounts'
import { expect, test, waitForServiceWorker } from './fixtures'
import { goOffline, goOnline } from './offline-network'

const STUDENT = DEMO_EMAIL.student

// Chromium logs the requests the unreachable server did not answer, and the server's 401s.
// Offline, the app runs on what its own install kept: each test installs it afresh.
test.use({ allowedConsoleErrors: [/Failed to load resource/], freshContext: true })

/** One table of the app's database, read straight from IndexedDB. */
async function countIn(page: Page, table: 'outbox' | 'notes'): Promise<number> {
  return page.evaluate(
    (table) =>
      new Promise<number>((resolve, reject) => {
        const request = indexedDB.open('studyhub')
        request.onerror = () => reject(new Error('open failed'))
        request.onsuccess = () => {
          const db = request.result
          const count = db.transaction(table).objectStore(table).count()
          count.onsuccess = () => {
            db.close()
            resolve(count.result)
          }
        }
      }),
    table,
  )
}

/** Logs out through the avatar menu. */
async function logOut(page: Page): Promise<void> {
  await page.getByRole('button', { name: 'Account menu' }).click()
  await page.getByRole('button', { name: 'Log out' }).click()
}

test('a token that cannot be renewed signs out visibly; the unsent note waits for its owner', async ({ page }) => {
  // Three sign-ins, offline and back, and a sign-up in the built app.
  test.slow()
  const title = `Kept for its owner #${Date.now()}`
  // Every note write, and under whose token it went.
  const noteWrites: string[] = []
  page.on('request', (request) => {
    if (request.method() === 'POST' && new URL(request.url()).pathname === '/api/notes') {
      noteWrites.push((request.postDataJSON() as { email: string }).email)
    }
  })

  await logInAs(page, 'student')
  await page.goto('/dashboard/create-note')
  await expect(page.getByRole('heading', { name: 'Create Notes' })).toBeVisible()
  // The session is revoked behind the app's back: both tokens it holds are void from now on.
  const reset = await page.evaluate(
    async ({ path, headers }) => (await fetch(path, { method: 'POST', headers })).status,
    { path: DEMO_RESET_PATH, headers: APP_HEADERS },
  )
  expect(reset).toBe(200)

  await goOffline(page.context())
  try {
    await page.getByLabel('Title').fill(title)
    await page.getByLabel('Description').fill('Written offline with a dead token')
    await page.getByRole('button', { name: 'Create Note' }).click()
    await expect(page.getByLabel('Title')).toHaveValue('')
    expect(await countIn(page, 'outbox')).toBe(1)
  } finally {
    await goOnline(page.context())
  }

  // Back online: the outbox is sent, the server refuses the token and then its renewal.
  const ended = page.getByRole('alertdialog', { name: 'Your session has ended' })
  await expect(ended).toBeVisible({ timeout: 15_000 })
  await expect(ended).toContainText('You have been signed out. Please sign in again.')
  await expect(page).toHaveURL(/\/login\?from=%2Fdashboard%2Fcreate-note$/)
  await ended.getByRole('button', { name: 'OK' }).click()
  await expect(page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Login' })).toBeVisible()
  expect(await page.evaluate(() => localStorage.getItem('access-token'))).toBeNull()
  expect(await countIn(page, 'outbox')).toBe(1)

  // Someone else signs up on this device: the note is neither sent for them nor shown to them.
  const other = `other.student.${Date.now()}@example.com`
  await page.goto('/register')
  await page.getByLabel('Name').fill('Other Student')
  await page.getByLabel('Email').fill(other)
  await page.getByLabel('Password').fill('secret1')
  await page.getByRole('button', { name: 'Register' }).click()
  await expect(page.getByRole('status').filter({ hasText: 'Account created successfully' })).toBeVisible()
  await page.goto('/dashboard/my-notes')
  await expect(page.getByRole('heading', { name: 'My Notes' })).toBeVisible()
  await expect(page.getByText('You have no notes.')).toBeVisible()
  await expect(page.getByText(title)).toHaveCount(0)
  // Their own log out keeps the other user's unsent write (there is nothing of theirs to warn about).
  await logOut(page)
  await expect(page.getByRole('status').filter({ hasText: 'Logged out successfully' })).toBeVisible()
  expect(await countIn(page, 'outbox')).toBe(1)
  expect(noteWrites.filter((email) => email !== STUDENT)).toEqual([])

  // The owner signs in again: the note goes out, under their token, once.
  await page.goto('/login')
  await waitForServiceWorker(page)
  await submitLogin(page, 'student')
  await expect(page.getByRole('button', { name: 'Account menu' })).toBeVisible()
  await expect.poll(() => countIn(page, 'outbox'), { timeout: 15_000 }).toBe(0)
  const onServer = await callApi<Array<{ title: string }>>(page, `/notes/student/${STUDENT}`)
  expect(onServer.body.filter((note) => note.title === title)).toHaveLength(1)
  expect(noteWrites.filter((email) => email !== STUDENT)).toEqual([])
})

test('a log out that cannot wipe the device says so, and the next start finishes the wipe', async ({ page }) => {
  await logInAs(page, 'student')
  await page.goto('/dashboard/create-note')
  await page.getByLabel('Title').fill(`On this device #${Date.now()}`)
  await page.getByLabel('Description').fill('Until the wipe')
  await page.getByRole('button', { name: 'Create Note' }).click()
  await expect(page.getByLabel('Title')).toHaveValue('')
  await expect.poll(() => countIn(page, 'outbox')).toBe(0)
  expect(await countIn(page, 'notes')).toBeGreaterThan(0)

  // Another tab starts an upgrade of the database: this tab's connection closes for good
  // (the upgrade itself is abandoned, so the database stays as it was).
  await page.evaluate(async () => {
    const current = (await indexedDB.databases()).find((db) => db.name === 'studyhub')!.version!
    await new Promise<void>((resolve) => {
      const request = indexedDB.open('studyhub', current + 1)
      request.onupgradeneeded = () => request.transaction!.abort()
      request.onerror = () => resolve()
      request.onsuccess = () => {
        request.result.close()
        resolve()
      }
    })
  })

  await logOut(page)
  const warning = page.getByRole('alertdialog', { name: 'Logged out, but your data is still on this device' })
  await expect(warning).toBeVisible()
  await expect(warning).toContainText('deleted the next time StudyHub starts')
  await expect(page.getByText('Logged out successfully')).toHaveCount(0)
  expect(await page.evaluate(() => localStorage.getItem('studyhub-pending-wipe'))).toBe(STUDENT)
  expect(await countIn(page, 'notes')).toBeGreaterThan(0)
  await warning.getByRole('button', { name: 'OK' }).click()
  await expect(page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Login' })).toBeVisible()

  // The next start wipes before it renders.
  await page.reload()
  await expect(page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Login' })).toBeVisible()
  expect(await page.evaluate(() => localStorage.getItem('studyhub-pending-wipe'))).toBeNull()
  expect(await countIn(page, 'notes')).toBe(0)
})
