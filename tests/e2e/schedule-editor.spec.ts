// A course that meets every week, made on a phone: the tutor fills Add Session with Repeats, the form previews
// its meetings, and the server's meetings (GET /sessions/:id/meetings) are the ones the preview counted; skipping
// one in Edit class removes it. Seeded and read through the API; each role signs in without the login screen.
import { callApi, logInAs, roleTokens } from './demo-accounts'
import { expect, test } from './fixtures'
import { sidewaysOverflow, smallTargets } from './phone-fit'
import { EMAIL, seed, stamp, toastOrDialog } from './workspaces-helpers'

const PHONE = { width: 360, height: 740 }
const DAY = 24 * 60 * 60 * 1000

interface Meeting {
  start: string
  end: string
  originalStart: string
}

test.use({ viewport: PHONE })

test('the tutor makes a weekly session on a phone; its meetings are the preview’s, and a skip removes one', async ({
  page,
}) => {
  const title = `Weekly class ${stamp()}`
  await logInAs(page, 'tutor', '/dashboard/add-session')
  const as = await roleTokens(page)
  // Dates as the page's date inputs take them, in its time zone.
  const day = (offset: number) =>
    page.evaluate(
      (at) => {
        const d = new Date(at)
        const two = (n: number) => String(n).padStart(2, '0')
        return `${d.getFullYear()}-${two(d.getMonth() + 1)}-${two(d.getDate())}`
      },
      Date.now() + offset * DAY,
    )
  await page.getByLabel('Session title').fill(title)
  await page.getByLabel('Subject').fill('Physics')
  await page.getByLabel('Registration start').fill(await day(0))
  await page.getByLabel('Registration end').fill(await day(5))
  await page.getByLabel('Class start date').fill(await day(7))
  await page.getByLabel('Class start time').fill('17:00')
  await page.getByLabel('Duration (hours)').fill('1.5')
  await page.getByLabel('Repeats').selectOption('weekly')
  // The start's day is chosen; one more two days on.
  const chips = page.getByRole('group', { name: 'Days' }).getByRole('checkbox')
  const chosen = await chips.evaluateAll((boxes) => boxes.findIndex((b) => (b as HTMLInputElement).checked))
  expect(chosen).toBeGreaterThanOrEqual(0)
  await chips.nth((chosen + 2) % 7).check({ force: true })
  await page.getByLabel('Number of meetings').fill('5')
  await expect(page.getByTestId('meetings-preview')).toHaveText(/^5 meetings: /)
  const preview = await page.getByTestId('meetings-preview').textContent()
  const zone = await page.getByLabel('Time zone').inputValue()
  expect(await sidewaysOverflow(page), 'Add Session scrolls sideways').toBe(0)
  expect(await smallTargets(page), 'Add Session has touch targets under 44 px').toEqual([])
  await page.getByRole('button', { name: 'Create Session' }).click()
  await expect(page.getByText(`“${title}” was created.`)).toBeVisible()

  const mine = await callApi<{ _id: string; title: string; classStart: string; classEnd: string }[]>(
    page,
    `/sessions/tutor/${EMAIL.tutor}`,
  )
  const session = mine.body.find((s) => s.title === title)!
  await seed(page, as.admin, `/sessions/${session._id}/approve`, { method: 'PATCH', body: { fee: 0 } })
  const meetings = (await callApi<Meeting[]>(page, `/sessions/${session._id}/meetings`)).body
  expect(meetings).toHaveLength(5)
  expect(meetings[0]!.start).toBe(session.classStart)
  expect(meetings[4]!.end).toBe(session.classEnd)
  // The first and the last are the preview's, as it wrote them in the session's zone.
  const shown = await page.evaluate(
    ({ starts, timeZone }) =>
      starts.map((start) =>
        new Date(start).toLocaleString(undefined, {
          timeZone,
          weekday: 'short',
          day: 'numeric',
          month: 'short',
          hour: '2-digit',
          minute: '2-digit',
        }),
      ),
    { starts: [meetings[0]!.start, meetings[4]!.start], timeZone: zone },
  )
  expect(preview).toBe(`5 meetings: ${shown[0]} to ${shown[1]}.`)
  // Each as long as the duration.
  for (const m of meetings) expect(Date.parse(m.end) - Date.parse(m.start)).toBe(1.5 * 3_600_000)

  await page.goto('/dashboard/my-sessions')
  await page.getByRole('button', { name: `Edit class ${title}` }).click()
  const dialog = page.getByRole('dialog', { name: 'Edit class' })
  const rows = dialog.getByTestId('session-meetings').getByRole('listitem')
  await expect(rows).toHaveCount(5)
  await rows.nth(1).getByRole('button', { name: /^Skip/ }).click()
  await dialog.getByRole('button', { name: 'Save and tell students' }).click()
  await expect(toastOrDialog(page, 'Class updated. Its students are told.')).toBeVisible()
  const after = (await callApi<Meeting[]>(page, `/sessions/${session._id}/meetings`)).body
  expect(after.map((m) => m.originalStart)).toEqual(meetings.filter((_, i) => i !== 1).map((m) => m.originalStart))
})
