// Everything a signed-in user saw online opens offline, in both builds (@live;
// docs/architecture/data-on-the-device.md):
// each screen of a student and of a tutor is visited online, then the browser
// goes offline and each one is loaded again, whole (a reload, the app starting
// from what its install and the device kept). Within 2 s each shows what it
// showed online, or says that a part of it is not available offline; no
// screen is still loading by then. What each screen needs is seeded through
// the API: a session of the tutor's, approved, and booked and approved for
// the student, which tells each of them in their inbox.
import type { Locator, Page } from '@playwright/test'
import { logInAs, roleTokens, type DemoRole } from './demo-accounts'
import { expect, openInApp, test } from './fixtures'
import { goOffline, goOnline } from './offline-network'
import { seedApprovedSession, seedBooking, stamp } from './workspaces-helpers'

// Chromium logs every request the unreachable server did not answer.
// Offline, the app runs on what its own install kept: each test installs it afresh.
test.use({ allowedConsoleErrors: [/Failed to load resource: net::ERR_/], freshContext: true })

/** How long a screen may take, once loaded offline, to show its content or say it cannot. */
const SHOWN_WITHIN_MS = 2_000

/** What a screen says while it waits for its data. */
const LOADING = /^(Loading .*|Checking your (session|booking))…$/

/** A part of a screen that was not kept on the device. */
const NOT_AVAILABLE = 'Not available offline.'

interface Screen {
  path: string
  /** What the screen shows online, and must show offline. */
  content: (page: Page) => Locator
}

const main = (page: Page) => page.getByRole('main')
const heading = (name: string | RegExp) => (page: Page) =>
  main(page).getByRole('heading', { level: 1, name, exact: typeof name === 'string' })

/** The screens every signed-in user has, the public ones included. */
function everyonesScreens(sessionId: string, title: string): Screen[] {
  return [
    {
      path: '/',
      content: (page) => page.getByRole('region', { name: 'Available Study Sessions' }).getByTestId('session-card'),
    },
    { path: '/study-sessions', content: (page) => main(page).getByTestId('session-card') },
    { path: '/tutors', content: (page) => main(page).getByRole('link', { name: /Priya Sharma/ }) },
    { path: '/about', content: heading(/About/) },
    { path: `/session-details/${sessionId}`, content: heading(title) },
    { path: '/dashboard/notifications', content: (page) => page.getByTestId('notification') },
  ]
}

function studentScreens(sessionId: string, title: string): Screen[] {
  // The student's booking cards (the seeded one may sit in a folded group: Past, say).
  const booked = (page: Page) => main(page).getByTestId('booking-card')
  return [
    ...everyonesScreens(sessionId, title),
    { path: '/dashboard/student', content: (page) => page.getByLabel('Your statistics') },
    { path: '/dashboard/my-reviews', content: booked },
    { path: '/dashboard/my-bookings', content: booked },
    { path: `/dashboard/student/bookings/${sessionId}`, content: heading(title) },
    { path: `/dashboard/student/bookings/${sessionId}/materials`, content: heading(`Materials: ${title}`) },
    { path: '/dashboard/create-note', content: (page) => page.getByRole('button', { name: 'Create Note' }) },
    { path: '/dashboard/my-notes', content: (page) => main(page).getByRole('listitem').first() },
    { path: '/dashboard/my-materials', content: (page) => page.getByTestId('student-materials') },
  ]
}

function tutorScreens(sessionId: string, title: string): Screen[] {
  return [
    ...everyonesScreens(sessionId, title),
    { path: '/dashboard/tutor', content: (page) => page.getByLabel('Your teaching statistics') },
    { path: '/dashboard/add-session', content: (page) => page.getByRole('button', { name: 'Create Session' }) },
    { path: '/dashboard/my-sessions', content: (page) => main(page).getByRole('cell', { name: title }) },
    {
      path: '/dashboard/tutor-materials',
      content: (page) => page.getByRole('combobox', { name: 'Session' }).filter({ hasText: title }),
    },
    { path: '/dashboard/my-material', content: (page) => main(page).getByRole('heading', { level: 2 }).first() },
  ]
}

/** Seeds what the screens show, visits each online, then loads each again offline. */
async function everyScreenOffline(page: Page, role: DemoRole, screensOf: (id: string, title: string) => Screen[]) {
  await logInAs(page, role, '/')
  const as = await roleTokens(page)
  const title = `Seen offline ${stamp()}`
  const sessionId = await seedApprovedSession(page, as, title)
  await seedBooking(page, as, sessionId, true)
  const screens = screensOf(sessionId, title)

  for (const screen of screens) {
    await openInApp(page, screen.path)
    await expect(screen.content(page).first(), `${screen.path} online`).toBeVisible()
  }

  await goOffline(page.context())
  try {
    for (const screen of screens) {
      // The fixture proves the server is out of reach once the page has loaded.
      await page.goto(screen.path)
      const deadline = Date.now() + SHOWN_WITHIN_MS
      await expect(
        screen.content(page).or(page.getByText(NOT_AVAILABLE)).first(),
        `${screen.path} offline: its content, or that it is not available offline`,
      ).toBeVisible({ timeout: SHOWN_WITHIN_MS })
      await expect(page.getByText(LOADING), `${screen.path} offline: still loading`).toHaveCount(0, {
        timeout: Math.max(0, deadline - Date.now()),
      })
      // What was seen online is what shows: nothing it showed then is "not available" now.
      await expect(screen.content(page).first(), `${screen.path} offline: what it showed online`).toBeVisible({
        timeout: 0,
      })
    }
  } finally {
    await goOnline(page.context())
  }
}

test(
  'every screen of a student opens offline after a reload, as it was seen online',
  { tag: '@live' },
  async ({ page }) => {
    await everyScreenOffline(page, 'student', studentScreens)
  },
)

test(
  'every screen of a tutor opens offline after a reload, as it was seen online',
  { tag: '@live' },
  async ({ page }) => {
    await everyScreenOffline(page, 'tutor', tutorScreens)
  },
)
