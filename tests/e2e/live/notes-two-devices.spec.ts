// One student on two devices against the live API server: the phone edits a
// note offline while the laptop edits it online. Back online, the phone's edit
// meets the newer revision, so My Notes on the phone shows both texts instead
// of overwriting the laptop's; the student keeps one, and both devices then
// hold that one note (docs/decisions/0060-note-revisions-and-conflicts.md).
import type { Page } from '@playwright/test'
import { installAxe } from '../axe-scan'
import { callApi, DEMO_EMAIL, logInAs } from '../demo-accounts'
import { checkA11y, expect, test } from '../fixtures'
import { goOffline, goOnline } from '../offline-network'

const STUDENT = DEMO_EMAIL.student
const CHANGED_ON_BOTH = 'This note was changed on another device too. Choose what to keep.'

// Chromium logs the requests nobody answered while offline, and the server's
// 409 to the phone's edit, which is the answer this test is about. The phone
// goes offline, so it gets a context of its own.
test.use({
  allowedConsoleErrors: [
    [/Failed to load resource: net::ERR_/, /the server responded with a status of 409/],
    { scope: 'test' },
  ],
  freshContext: true,
  viewport: { width: 390, height: 844 },
  isMobile: true,
  hasTouch: true,
})

function noteCard(page: Page, title: string) {
  return page.getByRole('listitem').filter({ has: page.getByRole('heading', { name: title, exact: true }) })
}

async function editNote(page: Page, title: string, description: string) {
  await page.getByRole('button', { name: `Edit ${title}` }).click()
  const dialog = page.getByRole('dialog', { name: 'Edit note' })
  await dialog.getByLabel('Description').fill(description)
  await dialog.getByRole('button', { name: 'Save' }).click()
  await expect(dialog).toBeHidden()
  await expect(noteCard(page, title).getByText(description)).toBeVisible()
}

async function onServer(page: Page, title: string): Promise<string[]> {
  const notes = await callApi<{ title: string; description: string }[]>(page, `/notes/student/${STUDENT}`)
  return notes.body.filter((n) => n.title === title).map((n) => n.description)
}

test('a note edited on two devices is shown with both texts and settled on both @live', async ({
  page,
  browser,
  baseURL,
}) => {
  const title = `Two devices #${Date.now()}`
  const phoneText = 'Written on the phone, offline'
  const laptopText = 'Written on the laptop, online'
  await logInAs(page, 'student')
  const created = await callApi(page, '/notes', {
    method: 'POST',
    body: { email: STUDENT, title, description: 'First draft' },
  })
  expect(created.status).toBe(201)

  // The laptop: a browser of its own, signed in as the same student.
  const laptopContext = await browser.newContext({ baseURL, serviceWorkers: 'allow' })
  const laptopErrors: string[] = []
  try {
    await installAxe(laptopContext)
    const laptop = await laptopContext.newPage()
    laptop.on('console', (message) => {
      // The laptop's own writes are never refused: any error it logs is one.
      if (message.type() === 'error') laptopErrors.push(message.text())
    })
    await logInAs(laptop, 'student', '/dashboard/my-notes')
    await expect(noteCard(laptop, title).getByText('First draft')).toBeVisible()

    await page.goto('/dashboard/my-notes')
    await expect(noteCard(page, title).getByText('First draft')).toBeVisible()
    await goOffline(page.context())
    try {
      await editNote(page, title, phoneText)
      await expect(noteCard(page, title).getByText('Waiting to sync')).toBeVisible()
      await expect(page.getByRole('main').getByText('1 note is waiting to sync.')).toBeVisible()
      await editNote(laptop, title, laptopText)
      await expect.poll(() => onServer(laptop, title)).toEqual([laptopText])
    } finally {
      await goOnline(page.context())
    }

    // The phone's edit was made on the first draft: it is not sent over the laptop's.
    const card = noteCard(page, title)
    await expect(card.getByText(CHANGED_ON_BOTH)).toBeVisible({ timeout: 15_000 })
    await expect(card.getByText(phoneText)).toBeVisible()
    await expect(card.getByText(laptopText)).toBeVisible()
    await expect(page.getByText('1 note was changed on two devices: choose which version to keep.')).toBeVisible()
    expect(await onServer(laptop, title)).toEqual([laptopText])
    await checkA11y(page, 'note changed on two devices')

    await card.getByRole('button', { name: `Keep this device’s version of ${title}` }).click()
    await expect(card.getByText(CHANGED_ON_BOTH)).toHaveCount(0)
    await expect(card.getByText(laptopText)).toHaveCount(0)
    await expect.poll(() => onServer(laptop, title)).toEqual([phoneText])
    await expect(page.getByRole('link', { name: /^Notes: / })).toHaveCount(0)

    // Both devices now hold the one note, with the text the student kept.
    await laptop.reload()
    await expect(noteCard(laptop, title)).toHaveCount(1)
    await expect(noteCard(laptop, title).getByText(phoneText)).toBeVisible()
    await checkA11y(laptop, 'laptop after the choice')
    await expect(noteCard(page, title)).toHaveCount(1)
    await expect(card.getByText('Waiting to sync')).toHaveCount(0)
  } finally {
    await laptopContext.close()
  }
  expect(laptopErrors).toEqual([])
})
