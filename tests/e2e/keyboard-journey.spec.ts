// The product's main journeys with the keyboard alone: no clicks, only Tab,
// Shift+Tab, Enter, Space, the arrow keys of a radio group, and typing. Page
// addresses are typed by the test only where a user would open one (the login
// page); every other page is reached through the app's links. Along the way:
// focus lands on each new page's heading, and every dialog takes focus and
// gives it back.
import type { Locator, Page } from '@playwright/test'
import { DEMO_ACCOUNT_PASSWORD as DEMO_PASSWORD } from '../../src/contract/demo-identity'
import { answerAvatarService, callApi, DEMO_EMAIL, logInAs, type DemoRole } from './demo-accounts'
import { expect, test, waitForServiceWorker } from './fixtures'

/** More than any page of the app has stops before its main actions. */
const MAX_TABS = 150

function isFocused(target: Locator): Promise<boolean> {
  return target.evaluate((el) => el === document.activeElement)
}

/** Presses Tab (or Shift+Tab) until `target` has focus, as a keyboard user would. */
async function tabTo(page: Page, target: Locator, key: 'Tab' | 'Shift+Tab' = 'Tab'): Promise<void> {
  await expect(target).toBeVisible()
  for (let i = 0; i < MAX_TABS; i++) {
    if (await isFocused(target)) return
    await page.keyboard.press(key)
  }
  throw new Error(`${key} never reached ${target}`)
}

/** Follows a link of a navigation landmark and checks that focus moved to the new page's heading. */
async function follow(page: Page, nav: 'Main' | 'Dashboard', name: string, heading: string | RegExp): Promise<void> {
  await tabTo(page, page.getByRole('navigation', { name: nav }).getByRole('link', { name, exact: true }))
  await page.keyboard.press('Enter')
  await expect(page.getByRole('heading', { level: 1, name: heading })).toBeFocused()
}

async function logInByKeyboard(page: Page, role: DemoRole): Promise<void> {
  await tabTo(page, page.getByLabel('Email'))
  await page.keyboard.type(DEMO_EMAIL[role])
  await page.keyboard.press('Tab')
  await expect(page.getByLabel('Password', { exact: true })).toBeFocused()
  await page.keyboard.type(DEMO_PASSWORD)
  await page.keyboard.press('Enter')
  await expect(page.getByRole('button', { name: 'Account menu' })).toBeVisible()
}

async function logOutByKeyboard(page: Page): Promise<void> {
  const menu = page.getByRole('button', { name: 'Account menu' })
  await tabTo(page, menu, 'Shift+Tab')
  await page.keyboard.press('Enter')
  await tabTo(page, page.getByRole('button', { name: 'Log out' }))
  await page.keyboard.press('Enter')
  await expect(page.getByRole('status').filter({ hasText: 'Logged out successfully' })).toBeVisible()
}

interface SessionRow {
  _id: string
  title: string
  registrationStart: string
  registrationEnd: string
  registrationFee: number
}

test('log in, book a session, review it and write a note: keyboard only', async ({ page }) => {
  await answerAvatarService(page)
  await page.goto('/login')
  await waitForServiceWorker(page)
  await logInByKeyboard(page, 'student')

  // A session on the first page whose registration is open and that the student has not booked.
  const [{ body: sessions }, { body: bookings }] = [
    await callApi<SessionRow[]>(page, '/sessions?status=approved&page=1&limit=8'),
    await callApi<{ sessionId: string }[]>(page, `/bookings/student/${DEMO_EMAIL.student}`),
  ]
  const now = Date.now()
  const session = sessions.find(
    (s) =>
      Date.parse(s.registrationStart) <= now &&
      now < Date.parse(s.registrationEnd) - 60_000 &&
      !bookings.some((b) => b.sessionId === s._id),
  )!
  expect(session, 'a bookable session on the first page').toBeDefined()

  // Find it and book it.
  await follow(page, 'Main', 'Study Sessions', 'Study Sessions')
  await tabTo(page, page.getByRole('link', { name: `Read More: ${session.title}` }))
  await page.keyboard.press('Enter')
  await expect(page.getByRole('heading', { level: 1, name: session.title })).toBeFocused()
  const book = page.getByRole('button', { name: 'Book Now' })
  await tabTo(page, book)
  await page.keyboard.press('Enter')
  // A paid session is summed up first, its Book Now taking the focus.
  if (session.registrationFee > 0) {
    const summary = page.getByRole('dialog', { name: 'Check your booking' })
    await expect(summary.getByRole('button', { name: 'Book Now' })).toBeFocused()
    await page.keyboard.press('Enter')
  }
  const booked = page.getByRole('dialog', { name: 'Booked!' })
  await expect(booked.getByRole('button', { name: 'OK' })).toBeFocused()
  // The dialog keeps focus inside: Tab from its last button wraps to its first, Shift+Tab comes back.
  await page.keyboard.press('Tab')
  await expect(booked.getByRole('button', { name: 'Add to calendar' })).toBeFocused()
  await page.keyboard.press('Shift+Tab')
  await expect(booked.getByRole('button', { name: 'OK' })).toBeFocused()
  await page.keyboard.press('Enter')
  await expect(booked).toBeHidden()
  await expect(page.getByText('Awaiting approval')).toBeVisible()

  // Review it: four stars by keyboard, a comment, submit.
  await tabTo(page, page.getByRole('radio', { name: '1 star' }))
  await page.keyboard.press('Space')
  for (let i = 0; i < 3; i++) await page.keyboard.press('ArrowRight')
  await expect(page.getByRole('radio', { name: '4 stars' })).toBeChecked()
  await page.keyboard.press('Tab')
  await expect(page.getByLabel('Comment')).toBeFocused()
  await page.keyboard.type('Clear and well paced, by keyboard.')
  await tabTo(page, page.getByRole('button', { name: 'Submit review' }))
  await page.keyboard.press('Enter')
  await expect(page.getByRole('status').filter({ hasText: 'Review submitted' })).toBeVisible()
  await expect(page.getByText('Clear and well paced, by keyboard.')).toBeVisible()

  // Write a note.
  await follow(page, 'Main', 'Dashboard', /Dashboard/)
  await follow(page, 'Dashboard', 'Create Notes', /Create/)
  await tabTo(page, page.getByLabel('Title'))
  await page.keyboard.type('Keyboard note')
  await page.keyboard.press('Tab')
  await expect(page.getByLabel('Description')).toBeFocused()
  await page.keyboard.type('Written without a mouse.')
  await tabTo(page, page.getByRole('button', { name: 'Create Note' }))
  await page.keyboard.press('Enter')
  await expect(page.getByRole('status').filter({ hasText: 'Note saved' })).toBeVisible()
  // "Note saved" means stored on the phone; the outbox sends it to the server right after.
  await expect
    .poll(
      async () =>
        (await callApi<{ title: string; description: string }[]>(page, `/notes/student/${DEMO_EMAIL.student}`)).body,
    )
    .toContainEqual(expect.objectContaining({ title: 'Keyboard note', description: 'Written without a mouse.' }))
})

// The student's journey above and the admin's here are one user's day in two
// tests, so neither runs long: this one starts signed in as the student.
test('log out, log in as admin and approve a session: keyboard only', async ({ page }) => {
  await logInAs(page, 'student')
  // As admin, approve a pending session.
  await logOutByKeyboard(page)
  await follow(page, 'Main', 'Login', 'Login')
  await logInByKeyboard(page, 'admin')
  await follow(page, 'Main', 'Dashboard', /Dashboard/)
  await follow(page, 'Dashboard', 'Manage Sessions', /Manage Sessions/)
  const approve = page.getByRole('button', { name: /^Approve / }).first()
  await tabTo(page, approve)
  const title = (await approve.textContent())!.replace(/^Approve\s*/, '').trim()
  await page.keyboard.press('Enter')
  const dialog = page.getByRole('dialog', { name: 'Approve session' })
  await expect(dialog.getByRole('radio', { name: 'Free' })).toBeFocused()
  await tabTo(page, dialog.getByRole('button', { name: 'Approve', exact: true }))
  await page.keyboard.press('Enter')
  await expect(dialog).toBeHidden()
  await expect(page.getByRole('status').filter({ hasText: 'Session approved' })).toBeVisible()
  // Approved, it has left the pending table.
  await expect(page.getByRole('button', { name: `Approve ${title}`, exact: true })).toHaveCount(0)
})
