// A student's phone (360 × 740), in the built demo app: home starts with the
// next class, a paid session is summed up before it is booked and "Booked!"
// says what comes next and offers the calendar, and My Bookings shows its
// cards in Upcoming, Past and Cancelled with the actions each booking allows.
// Everything is seeded through the API; the page signs in as the student.
import { readFile } from 'node:fs/promises'
import ICAL from 'ical.js'
import type { Locator, Page } from '@playwright/test'
import { WHEN_PARTS } from '../../src/shared/format/date'
import { callApi, logInAs, roleTokens, tokenOf } from './demo-accounts'
import { checkA11y, expect, test } from './fixtures'
import { EMAIL, openBookingMenu, seed, stamp, type Role } from './workspaces-helpers'

test.use({ viewport: { width: 360, height: 740 }, colorScheme: 'light' })

const HOUR = 3_600_000
const DAY = 24 * HOUR
const OTHER_STUDENT = 'liam.johnson@studyhub.demo'

interface Times {
  /** Offsets from now, in ms. */
  registration: [number, number]
  classStart: number
  classEnd: number
  duration?: number
}

/** An approved session of the seeded tutor with these times, fee and seats; answers its id. */
async function approvedSession(
  page: Page,
  as: Record<Role, string>,
  title: string,
  times: Times,
  { fee = 0, seats }: { fee?: number; seats?: number } = {},
): Promise<string> {
  const at = (offset: number) => new Date(Date.now() + offset).toISOString()
  const { insertedId } = await seed<{ insertedId: string }>(
    page,
    as.tutor,
    '/sessions',
    {
      method: 'POST',
      body: {
        title,
        subject: 'Physics',
        description: 'Made by the phone test.',
        registrationStart: at(times.registration[0]),
        registrationEnd: at(times.registration[1]),
        classStart: at(times.classStart),
        classEnd: at(times.classEnd),
        duration: times.duration ?? 2,
        registrationFee: fee,
        ...(seats ? { seats } : {}),
        tutorEmail: EMAIL.tutor,
      },
    },
    201,
  )
  await seed(page, as.admin, `/sessions/${insertedId}/approve`, { method: 'PATCH', body: { fee } })
  return insertedId
}

/** Books a session as a student; answers the booking's id. */
async function book(page: Page, token: string, student: string, sessionId: string): Promise<string> {
  const answer = await callApi<{ insertedId: string }>(page, '/bookings', {
    method: 'POST',
    token,
    body: { sessionId, studentEmail: student, tutorEmail: EMAIL.tutor },
  })
  expect(answer.status, 'POST /bookings').toBe(201)
  return answer.body.insertedId
}

/** A class's time as the app says it, worked out in the page (its locale and time zone). */
function whenInPage(page: Page, classStart: string, hours: number): Promise<string> {
  return page.evaluate(
    ([start, h, parts]) =>
      new Intl.DateTimeFormat(undefined, parts).formatRange(
        new Date(start),
        new Date(Date.parse(start) + h * 3_600_000),
      ),
    [classStart, hours, WHEN_PARTS] as const,
  )
}

/** Whether `box` lies whole inside the first screen. */
async function onFirstScreen(page: Page, locator: Locator): Promise<boolean> {
  const box = (await locator.boundingBox())!
  const height = page.viewportSize()!.height
  return box.y >= 0 && box.y + box.height <= height
}

test('a student’s home shows their next class above the fold, with how long until it starts', async ({ page }) => {
  const title = `Next up ${stamp()}`
  await logInAs(page, 'student')
  const as = await roleTokens(page)
  // Sooner than any class of the seed: three and a half hours from now.
  const id = await approvedSession(page, as, title, {
    registration: [-DAY, DAY],
    classStart: 3.5 * HOUR,
    classEnd: 20 * DAY,
  })
  await book(page, as.student, EMAIL.student, id)
  const session = (await callApi<{ classStart: string }>(page, `/sessions/${id}`)).body

  await page.goto('/')
  await expect(page.getByRole('heading', { level: 1, name: /^Welcome, / })).toBeVisible()
  // The visitors' hero is not a signed-in student's start.
  await expect(page.getByTestId('hero')).toHaveCount(0)
  const next = page.getByTestId('next-class')
  await expect(next).toContainText(title)
  await expect(next.getByTestId('starts-in')).toHaveText(
    await page.evaluate(
      () => `Starts ${new Intl.RelativeTimeFormat(undefined, { numeric: 'always' }).format(3, 'hour')}`,
    ),
  )
  await expect(next).toContainText(await whenInPage(page, session.classStart, 2))
  await expect(next).toContainText('Awaiting approval')
  await expect(next.getByRole('link', { name: /^View Details/ })).toHaveAttribute(
    'href',
    `/dashboard/student/bookings/${id}`,
  )
  expect(await onFirstScreen(page, next), 'the next class is on the first screen').toBe(true)
  await expect(page.getByTestId('unread-tile')).toBeVisible()
  await expect(page.getByTestId('device-queue')).toContainText('waiting to sync')
})

test('a paid session is summed up before booking; Booked! says what comes next and offers the calendar', async ({
  page,
}) => {
  const title = `Paid class ${stamp()}`
  await logInAs(page, 'student')
  const as = await roleTokens(page)
  const id = await approvedSession(
    page,
    as,
    title,
    { registration: [-DAY, 3 * DAY], classStart: 5 * DAY, classEnd: 5 * DAY + 2 * HOUR },
    { fee: 45 },
  )
  const session = (await callApi<{ classStart: string }>(page, `/sessions/${id}`)).body
  const when = await whenInPage(page, session.classStart, 2)

  await page.goto(`/session-details/${id}`)
  await expect(page.getByRole('heading', { level: 1, name: title })).toBeVisible()
  // On the first screen, in the bar at its foot, with the fee.
  const bookNow = page.getByRole('button', { name: 'Book Now' })
  expect(await onFirstScreen(page, bookNow), 'Book Now is on the first screen').toBe(true)
  await expect(page.getByTestId('booking-bar-fee')).toHaveText('$45')

  await bookNow.click()
  const summary = page.getByRole('dialog', { name: 'Check your booking' })
  await expect(summary).toContainText(title)
  await expect(summary).toContainText(when)
  await expect(summary.getByTestId('summary-fee')).toHaveText('$45')
  await checkA11y(page, 'booking summary')
  // Nothing is booked until the student says so.
  const mine = async () =>
    (await callApi<{ sessionId: string; status: string }[]>(page, `/bookings/student/${EMAIL.student}`)).body
      .filter((b) => b.sessionId === id)
      .map((b) => b.status)
  expect(await mine()).toEqual([])

  await summary.getByRole('button', { name: 'Book Now' }).click()
  const booked = page.getByRole('dialog', { name: 'Booked!' })
  await expect(booked).toContainText('Session booked successfully. An admin will confirm your place.')
  await expect(booked.getByTestId('booked-when')).toHaveText(when)
  await checkA11y(page, 'Booked! dialog')
  const downloading = page.waitForEvent('download')
  await booked.getByRole('button', { name: 'Add to calendar' }).click()
  const text = await readFile((await (await downloading).path())!, 'utf8')
  const event = new ICAL.Event(new ICAL.Component(ICAL.parse(text)).getFirstSubcomponent('vevent')!)
  expect(event.summary).toBe(title)
  expect(event.startDate.toJSDate().getTime()).toBe(Math.floor(Date.parse(session.classStart) / 1000) * 1000)
  await booked.getByRole('button', { name: 'OK' }).click()
  await expect(booked).toHaveCount(0)
  expect(await mine()).toEqual(['pending'])

  // The page agrees with the dialog, and now is when being told of the approval pays off.
  const state = page.getByRole('status').filter({ hasText: 'Your booking:' })
  await expect(state).toContainText('Awaiting approval')
  const prompt = page.getByTestId('notify-prompt')
  await expect(prompt).toContainText('Get told when your booking is approved')
  expect(
    await state.evaluate((el, p) => Boolean(el.compareDocumentPosition(p!) & 4), await prompt.elementHandle()),
  ).toBe(true)
  await checkA11y(page, 'after booking')
})

test('My Bookings groups Upcoming, Past and Cancelled, one short date line and the actions each status allows', async ({
  page,
}) => {
  const s = stamp()
  const titles = {
    pending: `Coming up ${s}`,
    waitlisted: `In line ${s}`,
    past: `Over ${s}`,
    cancelled: `Called off ${s}`,
  }
  await logInAs(page, 'student')
  const as = await roleTokens(page)
  const open: Times = { registration: [-DAY, 3 * DAY], classStart: 6 * DAY, classEnd: 6 * DAY + 2 * HOUR }
  await book(page, as.student, EMAIL.student, await approvedSession(page, as, titles.pending, open))
  // Full: the student waits in line behind another student.
  const full = await approvedSession(page, as, titles.waitlisted, open, { seats: 1 })
  await book(page, await tokenOf(page, OTHER_STUDENT), OTHER_STUDENT, full)
  await book(page, as.student, EMAIL.student, full)
  // A class already over, still taking registrations.
  const over: Times = { registration: [-4 * DAY, DAY], classStart: -3 * DAY, classEnd: -2 * DAY }
  await book(page, as.student, EMAIL.student, await approvedSession(page, as, titles.past, over))
  const cancelled = await book(page, as.student, EMAIL.student, await approvedSession(page, as, titles.cancelled, open))
  await seed(page, as.student, `/bookings/${cancelled}/cancel`, { method: 'PATCH' })

  await page.goto('/dashboard/my-bookings')
  const group = (name: string) => page.getByTestId(`bookings-${name}`)
  const card = (title: string) => page.getByTestId('booking-card').filter({ hasText: title })
  await expect(group('upcoming').getByTestId('booking-card').filter({ hasText: titles.pending })).toHaveCount(1)
  await expect(group('upcoming').getByTestId('booking-card').filter({ hasText: titles.waitlisted })).toHaveCount(1)
  await expect(group('past').getByTestId('booking-card').filter({ hasText: titles.past })).toHaveCount(1)
  await expect(group('cancelled').getByTestId('booking-card').filter({ hasText: titles.cancelled })).toHaveCount(1)
  await expect(page.getByRole('heading', { level: 2 })).toContainText([/^Upcoming/, /^Past/, /^Cancelled/])

  // One short line for the class: its weekday once, one time range, no year.
  const session = (
    await callApi<{ title: string; classStart: string }[]>(page, `/bookings/student/${EMAIL.student}`)
  ).body.find((b) => b.title === titles.pending)!
  await expect(card(titles.pending).getByTestId('booking-when')).toHaveText(
    `Class: ${await whenInPage(page, session.classStart, 2)}`,
  )
  await expect(card(titles.pending).getByTestId('booking-when')).not.toContainText(String(new Date().getFullYear() + 1))

  // One primary action on each card; the rest in its menu, as the status allows.
  for (const title of Object.values(titles)) {
    await expect(card(title).getByRole('link', { name: /^View Details/ })).toBeVisible()
    await expect(card(title).getByRole('link')).toHaveCount(1)
  }
  const pendingMenu = await openBookingMenu(page, titles.pending)
  await expect(pendingMenu.getByRole('button', { name: `Add to calendar: ${titles.pending}` })).toBeVisible()
  await expect(pendingMenu.getByRole('button', { name: `Withdraw booking: ${titles.pending}` })).toBeVisible()
  await checkA11y(page, 'booking menu open, light')
  await page.emulateMedia({ colorScheme: 'dark' })
  await expect(page.locator('html')).toHaveAttribute('data-theme', 'dark')
  await checkA11y(page, 'booking menu open, dark', { restyled: true })
  await page.emulateMedia({ colorScheme: 'light' })
  await page.keyboard.press('Escape')
  await expect(pendingMenu).toBeHidden()

  const lineMenu = await openBookingMenu(page, titles.waitlisted)
  await expect(lineMenu.getByRole('button', { name: `Leave waiting list: ${titles.waitlisted}` })).toBeVisible()
  await expect(lineMenu.getByRole('button', { name: /^Add to calendar/ })).toHaveCount(0)
  await lineMenu.getByRole('button', { name: 'Close' }).click()
  // A cancelled booking and a class that is over offer nothing for a calendar, and no menu at all.
  for (const title of [titles.cancelled, titles.past]) {
    await expect(card(title).getByRole('button', { name: `More: ${title}` })).toHaveCount(0)
    await expect(card(title).getByRole('button', { name: /^Add to calendar/, includeHidden: true })).toHaveCount(0)
  }

  // Being told of approvals is offered under the bookings, never above them.
  const prompt = page.getByTestId('notify-prompt')
  await expect(prompt).toBeVisible()
  const last = page.getByTestId('booking-card').last()
  expect(
    await last.evaluate((el, p) => Boolean(el.compareDocumentPosition(p!) & 4), await prompt.elementHandle()),
  ).toBe(true)
})
