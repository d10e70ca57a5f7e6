// A student's week in the built demo app: cancelling a booking and booking
// again, the waiting list of a full session moving up when a seat frees, and
// "Add to calendar" giving an .ics that a real iCalendar parser reads with the
// class start as its DTSTART. Everything the steps need is seeded through the
// API; the page signs in only as the student whose screens are tested.
import { readFile } from 'node:fs/promises'
import ICAL from 'ical.js'
import type { Page } from '@playwright/test'
import { callApi, logInAs, roleTokens, tokenOf } from './demo-accounts'
import { expect, test } from './fixtures'
import {
  EMAIL,
  openBookingMenu,
  seed,
  seedApprovedSession,
  seedBooking,
  seedOneSeatSession,
  stamp,
  toastOrDialog,
} from './workspaces-helpers'

const OTHER_STUDENT = 'liam.johnson@studyhub.demo'

type Row = { _id: string; sessionId: string; status: string; studentEmail: string }
const statusesOf = async (page: Page, sessionId: string) =>
  (await callApi<Row[]>(page, `/bookings/student/${EMAIL.student}`)).body
    .filter((b) => b.sessionId === sessionId)
    .map((b) => b.status)
    .sort()

test.describe('a student’s week', () => {
  test('a student cancels a booking and books the session again', async ({ page }) => {
    const title = `Cancel and rebook ${stamp()}`
    await logInAs(page, 'student')
    const as = await roleTokens(page)
    const sessionId = await seedApprovedSession(page, as, title)
    await seedBooking(page, as, sessionId, false)

    await page.goto('/dashboard/my-bookings')
    await (await openBookingMenu(page, title)).getByRole('button', { name: `Withdraw booking: ${title}` }).click()
    const confirm = page.getByRole('alertdialog', { name: 'Withdraw booking?' })
    await confirm.getByRole('button', { name: 'Withdraw booking' }).click()
    await expect(toastOrDialog(page, 'Booking cancelled')).toBeVisible()
    const card = page.getByTestId('booking-card').filter({ hasText: title })
    // The cancel waits out its Undo's 5 s (src/shared/offline/undo-time.ts) before it goes out.
    await expect(card.getByTestId('booking-status')).toHaveText('Cancelled', { timeout: 15_000 })
    expect(await statusesOf(page, sessionId)).toEqual(['cancelled'])

    await page.goto(`/session-details/${sessionId}`)
    await page.getByRole('button', { name: 'Book Now' }).click()
    const booked = page.getByRole('dialog', { name: 'Booked!' })
    await expect(booked).toBeVisible()
    await booked.getByRole('button', { name: 'OK' }).click()
    await expect(page.getByText('An admin will confirm your place.')).toBeVisible()
    expect(await statusesOf(page, sessionId)).toEqual(['cancelled', 'pending'])
  })

  test('on a full session a student joins the waiting list and gets the seat when it frees', async ({ page }) => {
    const title = `One seat only ${stamp()}`
    await logInAs(page, 'student')
    const as = await roleTokens(page)
    const other = await tokenOf(page, OTHER_STUDENT)
    const sessionId = await seedOneSeatSession(page, as, title)
    const first = await seed<{ insertedId: string }>(
      page,
      other,
      '/bookings',
      { method: 'POST', body: { sessionId, studentEmail: OTHER_STUDENT, tutorEmail: EMAIL.tutor } },
      201,
    )

    await page.goto(`/session-details/${sessionId}`)
    await expect(page.getByTestId('seats-left')).toHaveText('Full')
    await page.getByRole('button', { name: 'Join the waiting list' }).click()
    const lined = page.getByRole('dialog', { name: 'On the waiting list' })
    await expect(lined).toContainText('you are number 1 on the waiting list')
    await lined.getByRole('button', { name: 'OK' }).click()
    await expect(page.getByText('You are number 1 on the waiting list.')).toBeVisible()

    // The student holding the seat cancels: the first in line gets it at once.
    await seed(page, other, `/bookings/${first.insertedId}/cancel`, { method: 'PATCH' })
    await page.goto('/dashboard/my-bookings')
    const card = page.getByTestId('booking-card').filter({ hasText: title })
    await expect(card.getByTestId('booking-status')).toHaveText('Awaiting approval')
    await expect(card.getByTestId('promoted')).toBeVisible()
    expect(await statusesOf(page, sessionId)).toEqual(['pending'])
  })

  test('Add to calendar downloads an .ics whose DTSTART is the class start', async ({ page }) => {
    const title = `Calendar class ${stamp()}`
    await logInAs(page, 'student')
    const as = await roleTokens(page)
    const sessionId = await seedApprovedSession(page, as, title)
    await seedBooking(page, as, sessionId, true)
    const session = (await callApi<{ classStart: string; duration: number }>(page, `/sessions/${sessionId}`)).body

    await page.goto('/dashboard/my-bookings')
    const menu = await openBookingMenu(page, title)
    const downloading = page.waitForEvent('download')
    await menu.getByRole('button', { name: `Add to calendar: ${title}` }).click()
    const download = await downloading
    expect(download.suggestedFilename()).toMatch(/\.ics$/)
    const text = await readFile((await download.path())!, 'utf8')
    const vevent = new ICAL.Component(ICAL.parse(text)).getFirstSubcomponent('vevent')!
    const event = new ICAL.Event(vevent)
    const whole = (ms: number) => Math.floor(ms / 1000) * 1000
    expect(event.startDate.toJSDate().getTime()).toBe(whole(Date.parse(session.classStart)))
    expect(event.endDate.toJSDate().getTime()).toBe(
      whole(Date.parse(session.classStart)) + session.duration * 3_600_000,
    )
    expect(event.summary).toBe(title)
    expect(vevent.getFirstPropertyValue('status')).toBe('CONFIRMED')
  })
})
