// Every time names its zone, and a course's meetings read the same on the details page and in the calendar file:
// the browser in New York, a course that meets in Berlin. The details page shows both zones, the schedule in words
// and each meeting; the booking's .ics holds the same meetings as GET /sessions/:id/meetings. Seeded through the
// API; each role signs in without the login screen. On a phone's screen, both builds (@live).
import { readFile } from 'node:fs/promises'
import ICAL from 'ical.js'
import type { Meeting } from '../../src/contract/entities'
import { callApi, logInAs, roleTokens } from './demo-accounts'
import { expect, test } from './fixtures'
import { sidewaysOverflow } from './phone-fit'
import { EMAIL, openBookingMenu, seed, seedBooking, stamp } from './workspaces-helpers'

const DAY = 24 * 60 * 60 * 1000

/** 17:00 in Berlin on the first Tuesday at least `days` from now, as an instant. */
function berlinTuesdayAt17(days: number): Date {
  const day = new Date(Date.now() + days * DAY)
  while (day.getUTCDay() !== 2) day.setUTCDate(day.getUTCDate() + 1)
  // Berlin is UTC+1 in winter and UTC+2 in summer: the offset that makes 17:00 there.
  for (const offset of [1, 2]) {
    const at = new Date(Date.UTC(day.getUTCFullYear(), day.getUTCMonth(), day.getUTCDate(), 17 - offset))
    const hour = new Intl.DateTimeFormat('en-GB', { hour: 'numeric', hourCycle: 'h23', timeZone: 'Europe/Berlin' })
    if (hour.format(at) === '17') return at
  }
  throw new Error('no 17:00 in Berlin that day')
}

// A phone's screen: two zones side by side must still fit it.
test.use({ timezoneId: 'America/New_York', viewport: { width: 360, height: 740 } })

test(
  'a course in Berlin read in New York: both zones on the details page, the same meetings in the .ics',
  { tag: '@live' },
  async ({ page }) => {
    const title = `Berlin course ${stamp()}`
    await logInAs(page, 'student')
    // The viewer's zone is the student's saved one: another test may have saved another for this seeded account.
    const zone = await callApi(page, '/users/me/notification-preferences', {
      method: 'PATCH',
      body: { timeZone: 'America/New_York' },
    })
    expect(zone.status).toBe(200)
    const as = await roleTokens(page)
    const first = berlinTuesdayAt17(10)
    const { insertedId: id } = await seed<{ insertedId: string }>(
      page,
      as.tutor,
      '/sessions',
      {
        method: 'POST',
        body: {
          title,
          subject: 'Physics',
          description: 'A course that meets twice a week, made by the browser test.',
          registrationStart: new Date(Date.now() - DAY).toISOString(),
          registrationEnd: new Date(Date.now() + 7 * DAY).toISOString(),
          classStart: first.toISOString(),
          classEnd: new Date(first.getTime() + 2 * 3_600_000).toISOString(),
          duration: 2,
          registrationFee: 0,
          tutorName: 'Priya Sharma',
          tutorEmail: EMAIL.tutor,
          schedule: { timeZone: 'Europe/Berlin', rrule: 'FREQ=WEEKLY;BYDAY=TU,TH;COUNT=4' },
        },
      },
      201,
    )
    await seed(page, as.admin, `/sessions/${id}/approve`, { method: 'PATCH', body: { fee: 0 } })
    await seedBooking(page, as, id, true)
    const meetings = (await callApi<Meeting[]>(page, `/sessions/${id}/meetings`)).body
    expect(meetings).toHaveLength(4)

    await page.goto(`/session-details/${id}`)
    const schedule = page.getByTestId('session-schedule')
    await expect(schedule.getByTestId('schedule-text')).toContainText('Tuesdays and Thursdays')
    await expect(schedule.getByTestId('schedule-text')).toContainText('4 meetings')
    await expect(schedule.getByTestId('schedule-text')).toContainText('your time')
    const items = schedule.getByTestId('meeting')
    await expect(items).toHaveCount(meetings.length)
    // Each meeting in Berlin's time and New York's, each zone named, as the browser's own Intl says them.
    const expected = await page.evaluate((list) => {
      const parts = {
        weekday: 'short',
        day: 'numeric',
        month: 'short',
        hour: 'numeric',
        minute: '2-digit',
        timeZoneName: 'short',
      } as const
      const berlin = new Intl.DateTimeFormat(undefined, { ...parts, timeZone: 'Europe/Berlin' })
      const here = new Intl.DateTimeFormat(undefined, parts)
      return list.map((m) => {
        const [start, end] = [new Date(m.start), new Date(m.end)]
        return `${berlin.formatRange(start, end)} in Berlin · ${here.formatRange(start, end)} your time`
      })
    }, meetings)
    await expect(items).toHaveText(expected)
    await expect(page.getByTestId('session-schedule')).toContainText(/GMT-5|EST/)
    expect(await sidewaysOverflow(page)).toBe(0)

    await page.goto('/dashboard/my-bookings')
    const card = page.getByTestId('booking-card').filter({ hasText: title })
    await expect(card.getByTestId('booking-next')).toContainText('in Berlin')
    expect(await sidewaysOverflow(page)).toBe(0)
    const menu = await openBookingMenu(page, title)
    const downloading = page.waitForEvent('download')
    await menu.getByRole('button', { name: `Add to calendar: ${title}` }).click()
    const text = await readFile((await (await downloading).path())!, 'utf8')
    const events = new ICAL.Component(ICAL.parse(text)).getAllSubcomponents('vevent').map((e) => new ICAL.Event(e))
    const starts = events.map((e) => e.startDate.toJSDate().toISOString()).sort()
    const ends = events.map((e) => e.endDate.toJSDate().toISOString()).sort()
    expect(starts).toEqual(meetings.map((m) => new Date(m.start).toISOString()).sort())
    expect(ends).toEqual(meetings.map((m) => new Date(m.end).toISOString()).sort())
  },
)
