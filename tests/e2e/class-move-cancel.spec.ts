// The tutor runs the class, in the built app: they move it from My Sessions' Edit class, and the student's booking
// card says what moved, and its calendar file is the same event (same UID) at a higher SEQUENCE, at the new time;
// they cancel it with a reason, and the student's booking reads cancelled with that reason while the session leaves
// the public list. Seeded through the API; each role signs in without the login screen. Both builds (@live).
import { readFile } from 'node:fs/promises'
import ICAL from 'ical.js'
import type { Page } from '@playwright/test'
import { callApi, logInAs, roleTokens } from './demo-accounts'
import { expect, test } from './fixtures'
import { openBookingMenu, seedApprovedSession, seedBooking, stamp, toastOrDialog } from './workspaces-helpers'

const DAY = 24 * 60 * 60 * 1000

/** The booking card's calendar file, parsed: its one event. */
async function downloadCalendar(page: Page, title: string) {
  const menu = await openBookingMenu(page, title)
  const downloading = page.waitForEvent('download')
  await menu.getByRole('button', { name: `Add to calendar: ${title}` }).click()
  const download = await downloading
  const text = await readFile((await download.path())!, 'utf8')
  return new ICAL.Component(ICAL.parse(text)).getFirstSubcomponent('vevent')!
}

/** What a date input and a time input hold for this instant, in the browser's time zone. */
function localInputs(page: Page, iso: string) {
  return page.evaluate((iso) => {
    const d = new Date(iso)
    const two = (n: number) => String(n).padStart(2, '0')
    return {
      date: `${d.getFullYear()}-${two(d.getMonth() + 1)}-${two(d.getDate())}`,
      time: `${two(d.getHours())}:${two(d.getMinutes())}`,
    }
  }, iso)
}

test.describe('the tutor runs the class', () => {
  test(
    'the tutor moves the class: the student’s card says what moved, its calendar event is updated',
    { tag: '@live' },
    async ({ page }) => {
      const title = `Moved class ${stamp()}`
      await logInAs(page, 'student')
      const as = await roleTokens(page)
      const sessionId = await seedApprovedSession(page, as, title)
      await seedBooking(page, as, sessionId, true)
      const before = (await callApi<{ classStart: string }>(page, `/sessions/${sessionId}`)).body.classStart
      await page.goto('/dashboard/my-bookings')
      const first = await downloadCalendar(page, title)
      const uid = first.getFirstPropertyValue('uid')

      await logInAs(page, 'tutor', '/dashboard/my-sessions')
      await page.getByRole('button', { name: `Edit class ${title}` }).click()
      const dialog = page.getByRole('dialog', { name: 'Edit class' })
      await expect(dialog.getByTestId('students-told')).toHaveText('1 booked student will be told.')
      const later = await localInputs(page, new Date(Date.parse(before) + 2 * DAY).toISOString())
      await dialog.getByLabel('Class start date').fill(later.date)
      await dialog.getByLabel('Class start time').fill('18:00')
      await dialog.getByLabel('Class end').fill(`${later.date}T20:00`)
      await dialog.getByLabel('Place').fill('Room 4, Main Building')
      await dialog.getByRole('button', { name: 'Save and tell students' }).click()
      await expect(toastOrDialog(page, 'Class updated. Its students are told.')).toBeVisible()
      await expect(dialog).toHaveCount(0)

      await logInAs(page, 'student', '/dashboard/my-bookings')
      const card = page.getByTestId('booking-card').filter({ hasText: title })
      const moved = await page.evaluate(
        ({ before, date }) => {
          const f = new Intl.DateTimeFormat(undefined, {
            weekday: 'short',
            day: 'numeric',
            month: 'short',
            hour: 'numeric',
            minute: '2-digit',
            timeZoneName: 'short',
          })
          const [y, m, d] = date.split('-').map(Number) as [number, number, number]
          return `Moved: was ${f.format(new Date(before))} · now ${f.format(new Date(y, m - 1, d, 18, 0))}`
        },
        { before, date: later.date },
      )
      await expect(card.getByTestId('class-moved')).toHaveText(moved)
      await expect(card.getByTestId('booking-place')).toHaveText('Place: Room 4, Main Building')
      const after = await downloadCalendar(page, title)
      expect(after.getFirstPropertyValue('uid')).toBe(uid)
      expect(Number(after.getFirstPropertyValue('sequence'))).toBeGreaterThanOrEqual(1)
      const now = (await callApi<{ classStart: string }>(page, `/sessions/${sessionId}`)).body.classStart
      expect(new ICAL.Event(after).startDate.toJSDate().getTime()).toBe(Date.parse(now))
    },
  )

  test(
    'the tutor cancels the class with a reason: the student’s booking reads cancelled, with it',
    { tag: '@live' },
    async ({ page }) => {
      const title = `Cancelled class ${stamp()}`
      const reason = 'The tutor is ill; a new date will follow.'
      await logInAs(page, 'student')
      const as = await roleTokens(page)
      const sessionId = await seedApprovedSession(page, as, title)
      await seedBooking(page, as, sessionId, true)

      await logInAs(page, 'tutor', '/dashboard/my-sessions')
      await page.getByRole('button', { name: `Cancel class ${title}` }).click()
      const dialog = page.getByRole('dialog', { name: 'Cancel class' })
      await dialog.getByRole('button', { name: 'Cancel class' }).click()
      await expect(dialog.getByLabel('Reason')).toBeFocused()
      await dialog.getByLabel('Reason').fill(reason)
      await dialog.getByRole('button', { name: 'Cancel class' }).click()
      await expect(toastOrDialog(page, 'Class cancelled. 1 booking was cancelled and told.')).toBeVisible()

      await logInAs(page, 'student', '/dashboard/my-bookings')
      const card = page.getByTestId('booking-card').filter({ hasText: title })
      await expect(card.getByTestId('booking-status')).toHaveText('Cancelled')
      await expect(card.getByTestId('class-cancelled')).toHaveText(`The class was cancelled.Reason: ${reason}`)
      const listed = await callApi<{ _id: string }[]>(page, '/sessions?status=approved')
      expect(listed.body.map((s) => s._id)).not.toContain(sessionId)
      await page.goto(`/session-details/${sessionId}`)
      await expect(page.getByTestId('session-cancelled')).toContainText(reason)
      await expect(page.getByRole('button', { name: 'Book Now' })).toHaveCount(0)
    },
  )
})
