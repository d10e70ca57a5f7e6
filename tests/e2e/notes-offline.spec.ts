// Offline notes in the built app (both builds, @live): notes created, edited
// and deleted with no network are kept on the phone (through a reload too),
// marked as waiting to sync, and reach the server exactly once when the
// connection returns; two open tabs never send a write twice. In the live
// build nothing in the service worker stands in for the server: what the page
// shows offline comes from the app's own database and outbox.
import type { Page } from '@playwright/test'
import { callApi, DEMO_EMAIL, logInAs } from './demo-accounts'
import { expect, test, waitForServiceWorker } from './fixtures'
import { goOffline, goOnline } from './offline-network'

const STUDENT = DEMO_EMAIL.student

// Chromium logs every request the unreachable server did not answer.
// Offline, the app runs on what its own install kept: each test installs it afresh.
test.use({ allowedConsoleErrors: [/Failed to load resource: net::ERR_/], freshContext: true })

interface ServerNote {
  _id: string
  title: string
  description: string
}

/** The student's notes on the server, asked with the token the app stored. */
async function serverNotes(page: Page): Promise<ServerNote[]> {
  return page.evaluate(async (email) => {
    const token = localStorage.getItem('access-token')
    const response = await fetch(`/api/notes/student/${email}`, { headers: { Authorization: `Bearer ${token}` } })
    if (!response.ok) throw new Error(`GET notes: ${response.status}`)
    return (await response.json()) as ServerNote[]
  }, STUDENT)
}

async function titlesOnServer(page: Page, stamp: string): Promise<string[]> {
  return (await serverNotes(page))
    .map((n) => n.title)
    .filter((t) => t.endsWith(stamp))
    .sort()
}

/** Unsent writes in the app's database, read straight from IndexedDB. */
async function outboxCount(page: Page): Promise<number> {
  return page.evaluate(
    () =>
      new Promise<number>((resolve, reject) => {
        const request = indexedDB.open('studyhub')
        request.onerror = () => reject(new Error('open failed'))
        request.onsuccess = () => {
          const db = request.result
          const count = db.transaction('outbox').objectStore('outbox').count()
          count.onsuccess = () => {
            db.close()
            resolve(count.result)
          }
        }
      }),
  )
}

async function createNote(page: Page, title: string, description: string) {
  await page.getByLabel('Title').fill(title)
  await page.getByLabel('Description').fill(description)
  await page.getByRole('button', { name: 'Create Note' }).click()
  // The form clears only once the write is stored; an earlier note's toast
  // may still be on screen, so it alone does not prove this note was saved.
  await expect(page.getByLabel('Title')).toHaveValue('')
  await expect(
    page
      .getByRole('status')
      .filter({ hasText: 'Note saved on this device. It will sync when you are back online.' })
      .last(),
  ).toBeVisible()
}

function noteCard(page: Page, title: string) {
  return page.getByRole('listitem').filter({ has: page.getByRole('heading', { name: title, exact: true }) })
}

test('notes written offline survive a reload and reach the server exactly once', { tag: '@live' }, async ({ page }) => {
  const stamp = `#${Date.now()}`
  await logInAs(page, 'student')

  // One note that is on the server before going offline, to delete offline.
  await page.goto('/dashboard/create-note')
  await page.getByLabel('Title').fill(`Server ${stamp}`)
  await page.getByLabel('Description').fill('Made online')
  await page.getByRole('button', { name: 'Create Note' }).click()
  await expect.poll(() => titlesOnServer(page, stamp)).toEqual([`Server ${stamp}`])

  await goOffline(page.context())
  try {
    await page.goto('/dashboard/create-note')
    await createNote(page, `Keep ${stamp}`, 'Stays as written')
    await createNote(page, `Edit ${stamp}`, 'First draft')
    await createNote(page, `Drop ${stamp}`, 'Deleted before it was ever sent')

    await page.goto('/dashboard/my-notes')
    for (const title of [`Keep ${stamp}`, `Edit ${stamp}`, `Drop ${stamp}`]) {
      await expect(noteCard(page, title).getByText('Waiting to sync')).toBeVisible()
    }
    await expect(noteCard(page, `Server ${stamp}`).getByText('Waiting to sync')).toHaveCount(0)

    await page.getByRole('button', { name: `Edit Edit ${stamp}` }).click()
    const dialog = page.getByRole('dialog', { name: 'Edit note' })
    await dialog.getByLabel('Description').fill('Edited offline')
    await dialog.getByRole('button', { name: 'Save' }).click()
    await expect(dialog).toBeHidden()
    await expect(noteCard(page, `Edit ${stamp}`).getByText('Edited offline')).toBeVisible()

    for (const title of [`Drop ${stamp}`, `Server ${stamp}`]) {
      await page.getByRole('button', { name: `Delete ${title}` }).click()
      await page.getByRole('alertdialog', { name: 'Delete this note?' }).getByRole('button', { name: 'Delete' }).click()
      await expect(noteCard(page, title)).toHaveCount(0)
    }
    // The create of Keep, the create of Edit (the edit merged into it), the
    // delete of Server; Drop's create was cancelled by its delete.
    expect(await outboxCount(page)).toBe(3)

    // A reload offline: the shell comes from the precache, the notes from the phone.
    await page.reload()
    await expect(noteCard(page, `Keep ${stamp}`).getByText('Waiting to sync')).toBeVisible()
    await expect(noteCard(page, `Edit ${stamp}`).getByText('Edited offline')).toBeVisible()
    await expect(noteCard(page, `Drop ${stamp}`)).toHaveCount(0)
    await expect(noteCard(page, `Server ${stamp}`)).toHaveCount(0)
    expect(await outboxCount(page)).toBe(3)
  } finally {
    await goOnline(page.context())
  }

  // Back online: sent in order, once each.
  await expect.poll(() => outboxCount(page), { timeout: 15_000 }).toBe(0)
  expect(await titlesOnServer(page, stamp)).toEqual([`Edit ${stamp}`, `Keep ${stamp}`])
  const edited = (await serverNotes(page)).find((n) => n.title === `Edit ${stamp}`)!
  expect(edited.description).toBe('Edited offline')
  await expect(page.getByText('Waiting to sync')).toHaveCount(0)
  await expect(noteCard(page, `Keep ${stamp}`)).toBeVisible()
})

test('two open tabs do not send a write twice', async ({ page, context }) => {
  const stamp = `#${Date.now()}-tabs`
  await logInAs(page, 'student')
  await page.goto('/dashboard/my-notes')
  const other = await context.newPage()
  await other.goto('/dashboard/my-notes')
  await waitForServiceWorker(other)
  await expect(other.getByRole('heading', { name: 'My Notes' })).toBeVisible()

  // Every note write either tab sends, as the pages see them.
  const sent: string[] = []
  for (const p of [page, other]) {
    p.on('request', (request) => {
      if (/\/api\/notes(\/|$)/.test(new URL(request.url()).pathname) && request.method() !== 'GET') {
        sent.push(`${request.method()} ${request.postData() ?? ''}`)
      }
    })
  }

  await goOffline(context)
  try {
    await page.goto('/dashboard/create-note')
    for (const n of [1, 2, 3, 4]) await createNote(page, `Tab ${n} ${stamp}`, `Written in the first tab (${n})`)
    await page.goto('/dashboard/my-notes')
    // The second tab sees them too (one database, shared across tabs).
    await expect(noteCard(other, `Tab 4 ${stamp}`).getByText('Waiting to sync')).toBeVisible()
  } finally {
    // Both tabs see the connection return at once and both try to send.
    await goOnline(context)
  }

  await expect.poll(() => outboxCount(page), { timeout: 15_000 }).toBe(0)
  expect(await titlesOnServer(page, stamp)).toEqual([1, 2, 3, 4].map((n) => `Tab ${n} ${stamp}`))
  expect(sent.filter((s) => s.startsWith('POST'))).toHaveLength(4)
  await other.close()
})

test('logging out with unsent notes asks first, and a confirmed logout never sends them', async ({ page, context }) => {
  const stamp = `#${Date.now()}-logout`
  await logInAs(page, 'student')
  await goOffline(context)
  await page.goto('/dashboard/create-note')
  await createNote(page, `Unsent ${stamp}`, 'Written offline, then logged out')

  const logOutFromMenu = async () => {
    await page.getByRole('button', { name: 'Account menu' }).click()
    await page.getByRole('button', { name: 'Log out' }).click()
  }

  // Staying keeps the user and the write.
  await logOutFromMenu()
  const warning = page.getByRole('alertdialog', { name: 'Log out with unsent notes?' })
  await expect(warning).toBeVisible()
  await expect(warning).toContainText('1 note change has not reached the server yet.')
  await warning.getByRole('button', { name: 'Stay logged in' }).click()
  await expect(warning).toBeHidden()
  await expect(page.getByRole('button', { name: 'Account menu' })).toBeVisible()
  expect(await outboxCount(page)).toBe(1)

  // Logging out anyway drops it from the device.
  await logOutFromMenu()
  await page
    .getByRole('alertdialog', { name: 'Log out with unsent notes?' })
    .getByRole('button', { name: 'Log out anyway' })
    .click()
  await expect(page.getByRole('status').filter({ hasText: 'Logged out successfully' })).toBeVisible()
  await expect.poll(() => outboxCount(page)).toBe(0)

  // Back online and signed in again: the dropped write never reached the server.
  await goOnline(context)
  await logInAs(page, 'student')
  await page.goto('/dashboard/my-notes')
  await expect(page.getByRole('heading', { name: 'My Notes' })).toBeVisible()
  expect(await titlesOnServer(page, stamp)).toEqual([])
  await expect(noteCard(page, `Unsent ${stamp}`)).toHaveCount(0)
})

test(
  'deleting the last note offline leaves "You have no notes." at once, not a loading state',
  { tag: '@live' },
  async ({ page }) => {
    const title = `Last one #${Date.now()}`
    await logInAs(page, 'student')
    // The student's only note on the server, so My Notes has one to show.
    for (const note of await serverNotes(page)) {
      expect((await callApi(page, `/notes/${note._id}`, { method: 'DELETE' })).status).toBe(200)
    }
    const created = await callApi(page, '/notes', {
      method: 'POST',
      body: { email: STUDENT, title, description: 'Deleted on the train' },
    })
    expect(created.status).toBe(201)
    await page.goto('/dashboard/my-notes')
    await expect(noteCard(page, title)).toBeVisible()

    await goOffline(page.context())
    try {
      await page.getByRole('button', { name: `Delete ${title}` }).click()
      await page.getByRole('alertdialog', { name: 'Delete this note?' }).getByRole('button', { name: 'Delete' }).click()
      // The delete waits on the device; the list says what the student has now, without the server.
      await expect(page.getByText('You have no notes.')).toBeVisible({ timeout: 2_000 })
      await expect(page.getByText('Loading notes…')).toHaveCount(0)
      expect(await outboxCount(page)).toBe(1)
    } finally {
      await goOnline(page.context())
    }
    await expect.poll(() => outboxCount(page), { timeout: 15_000 }).toBe(0)
    expect((await serverNotes(page)).map((n) => n.title)).not.toContain(title)
  },
)
