// Every route, as everyone who can open it, in both themes, on a phone and on
// a laptop: axe (WCAG 2.2 A and AA) runs on each route in each theme, and on
// a phone (./phone-fit.ts) no page may be wider than the screen, every control
// is a 44 px touch target, every action of a list or table is in reach without
// scrolling sideways, and a details page's primary action is on the first
// screen or in a bar that stays there. One test per visitor × part of the visitor's routes (a test
// must stay well within a minute on a busy 2-core machine): it signs in once,
// starts the app once, and opens each route inside it as a link would; the
// route is scanned on the phone in the light theme, then the system theme
// turns dark under the open page (index.html's theme script follows it, as it does
// for a user who switches), then the window grows to a laptop's, and each is
// scanned again. Full loads of each route (the server's first answer, the
// prerendered pages) are scanned by the specs about them and by the fixture
// on every test's own `page.goto`.
import type { Page } from '@playwright/test'
import type { DemoMail, DemoMailboxAnswer } from '../../src/contract/demo-identity'
import { callApi, DEMO_EMAIL, logInAs, roleTokens, type DemoRole } from './demo-accounts'
import { checkA11y, expect, openInApp, test } from './fixtures'
import { controlsOffScreen, primaryAction, sidewaysOverflow, smallTargets } from './phone-fit'
import { demoUnsubscribePath } from './unsubscribe-links'
import { seedApprovedSession, stamp } from './workspaces-helpers'

type Visitor = DemoRole | 'guest'

const PHONE = { width: 360, height: 740 }
const LAPTOP = { width: 1280, height: 800 }

/** Routes everyone can open; `:session` is a real session's id. */
const PUBLIC_ROUTES = [
  '/',
  '/study-sessions',
  '/tutors',
  '/about',
  '/session-details/:session',
  '/settings',
  '/no-such-page',
]

const ROUTES: Record<Visitor, string[]> = {
  // A search with its filters set (so folded open) and the tutor search, once: the same screens for everyone.
  guest: [
    ...PUBLIC_ROUTES,
    '/study-sessions?q=s&subject=s&fee=paid',
    '/tutors?q=s',
    '/login',
    '/register',
    // A demo build's mailbox, a mail opened in it (a password reset's), and the page its link opens.
    '/demo/mailbox',
    '/demo/mailbox?to=:mailTo&mail=:mail',
    '/demo/reset-password?code=:resetCode',
  ],
  student: [
    ...PUBLIC_ROUTES,
    // A session the student can book: its page's primary action is Book Now.
    '/session-details/:bookable',
    '/dashboard/student',
    '/dashboard/my-reviews',
    '/dashboard/my-bookings',
    '/dashboard/student/bookings/:booking',
    '/dashboard/student/bookings/:booking/materials',
    '/dashboard/create-note',
    '/dashboard/my-notes',
    '/dashboard/my-materials',
    '/dashboard/notifications',
    // A mail's unsubscribe link, as its recipient opens it (signed out or not, the same page).
    '/unsubscribe/:unsubscribe',
  ],
  tutor: [
    ...PUBLIC_ROUTES,
    '/dashboard/tutor',
    '/dashboard/add-session',
    '/dashboard/my-sessions',
    '/dashboard/my-sessions/:tutorSession/roster',
    '/dashboard/tutor-materials',
    '/dashboard/my-material',
    '/dashboard/notifications',
  ],
  admin: [
    ...PUBLIC_ROUTES,
    '/dashboard/admin',
    '/dashboard/manage-sessions',
    '/dashboard/manage-bookings',
    '/dashboard/manage-users',
    '/dashboard/manage-reviews',
    '/dashboard/manage-materials',
    '/dashboard/notifications',
  ],
}

type ApiSession = { _id: string; registrationStart: string; registrationEnd: string; seatsLeft?: number }

/** Routes whose page has a primary action a phone must show on its first screen. */
const WITH_PRIMARY_ACTION = new Set(['/session-details/:bookable'])

/** Fills in the ids a route needs from the demo server's data. */
async function resolveIds(page: Page, visitor: Visitor): Promise<Record<string, string>> {
  const sessions = await callApi<ApiSession[]>(page, '/sessions?status=approved')
  const ids: Record<string, string> = { session: sessions.body[0]!._id }
  if (visitor === 'guest') {
    // Anyone may ask for a reset: a mail in the demo mailbox, and its link's code.
    const to = DEMO_EMAIL.student
    await callApi(page, '/demo-idp/send-password-reset', { method: 'POST', body: { email: to } })
    const box = await callApi<DemoMailboxAnswer>(page, `/demo/mailbox?to=${encodeURIComponent(to)}`)
    const mail = await callApi<DemoMail>(page, `/demo/mailbox/${box.body.mails[0]!.id}`)
    Object.assign(ids, {
      mailTo: encodeURIComponent(to),
      mail: mail.body.id,
      resetCode: /[?&]code=([^\s&]+)/.exec(mail.body.text)![1]!,
    })
  }
  if (visitor === 'tutor') {
    // The roster of the tutor's first approved session.
    const mine = await callApi<{ _id: string; status: string }[]>(page, `/sessions/tutor/${DEMO_EMAIL.tutor}`)
    ids.tutorSession = mine.body.find((s) => s.status === 'approved')!._id
  }
  if (visitor === 'student') {
    const bookings = await callApi<{ sessionId: string; status: string }[]>(
      page,
      `/bookings/student/${DEMO_EMAIL.student}`,
    )
    // A booking's screens are addressed by the booked session's id.
    ids.booking = bookings.body.find((b) => b.status === 'approved')!.sessionId
    const booked = new Set(bookings.body.map((b) => b.sessionId))
    const now = Date.now()
    ids.unsubscribe = (await demoUnsubscribePath(page, DEMO_EMAIL.student, 'booking-approved')).split('/').pop()!
    ids.bookable = sessions.body.find(
      (s) =>
        !booked.has(s._id) &&
        s.seatsLeft !== 0 &&
        Date.parse(s.registrationStart) <= now &&
        Date.parse(s.registrationEnd) > now + 60_000,
    )!._id
  }
  return ids
}

/** Turns the system theme to `colorScheme` under the open page and waits until the app follows it. */
async function useColorScheme(page: Page, colorScheme: 'light' | 'dark') {
  await page.emulateMedia({ colorScheme })
  await expect(page.locator('html')).toHaveAttribute('data-theme', colorScheme)
}

/**
 * Routes a test opens at most: each is scanned four times (two sizes, two
 * themes), about 4 s a route on a busy machine.
 */
const ROUTES_PER_TEST = 5

function parts<T>(items: T[], size: number): T[][] {
  const count = Math.ceil(items.length / size)
  const each = Math.ceil(items.length / count)
  return Array.from({ length: count }, (_, i) => items.slice(i * each, (i + 1) * each))
}

/** The sizes each route is checked at, the phone first (the app starts on it). */
const SIZES = [
  ['phone', PHONE],
  ['laptop', LAPTOP],
] as const

for (const visitor of ['guest', 'student', 'tutor', 'admin'] as const) {
  const routeParts = parts(ROUTES[visitor], ROUTES_PER_TEST)
  test.describe(visitor, () => {
    test.use({ colorScheme: 'light', viewport: PHONE })

    for (const [index, routes] of routeParts.entries()) {
      test(`routes ${index + 1} of ${routeParts.length} of the ${visitor} pass axe in both themes on a phone and a laptop, fit the phone and have 44 px targets there`, async ({
        page,
      }) => {
        if (visitor === 'guest') await page.goto('/')
        else await logInAs(page, visitor)
        const ids = await resolveIds(page, visitor)
        for (const route of routes) {
          const url = route.replace(/:(\w+)/g, (_, name: string) => ids[name]!)
          await page.setViewportSize(PHONE)
          await useColorScheme(page, 'light')
          await openInApp(page, url)
          await expect(page.locator('h1').first(), url).toBeVisible()
          // Light and dark on the phone, then dark and light on the laptop: one theme switch between scans.
          for (const [size, viewport] of SIZES) {
            if (size === 'laptop') await page.setViewportSize(viewport)
            const themes = size === 'phone' ? (['light', 'dark'] as const) : (['dark', 'light'] as const)
            for (const colorScheme of themes) {
              await useColorScheme(page, colorScheme)
              // The first scan of a route waits for it to settle; the others only restyle it.
              const first = size === 'phone' && colorScheme === 'light'
              await checkA11y(page, `${size}, ${colorScheme} theme`, { restyled: !first })
              if (size === 'phone') {
                const where = `${url} (${colorScheme})`
                expect(await sidewaysOverflow(page), `${where} scrolls sideways`).toBe(0)
                expect(await smallTargets(page), `${where} has touch targets under 44 px`).toEqual([])
                expect(await controlsOffScreen(page), `${where} has actions beyond the screen's edge`).toEqual([])
                const action = await primaryAction(page)
                if (WITH_PRIMARY_ACTION.has(route)) expect(action, `${where}: its primary action`).toBe('in view')
                else expect(action, `${where}: its primary action`).toMatch(/^(none|in view)$/)
              }
            }
          }
        }
      })
    }
  })
}

// The phone's shell over a screen (docs/decisions/0078-phone-shell.md): the
// tab bar's More sheet, the full-screen material viewer and a toast with Undo,
// each scanned in both themes, with its targets at 44 px.
test.describe('the phone shell', () => {
  test.use({ colorScheme: 'light', viewport: PHONE })

  test('the More sheet, the material viewer and a toast with Undo pass axe in both themes', async ({ page }) => {
    await logInAs(page, 'student', '/dashboard/my-materials')
    const scanBothThemes = async (state: string) => {
      for (const colorScheme of ['light', 'dark'] as const) {
        await useColorScheme(page, colorScheme)
        await checkA11y(page, `${state}, ${colorScheme} theme`, { restyled: colorScheme === 'dark' })
        expect(await smallTargets(page), `${state} (${colorScheme}) has touch targets under 44 px`).toEqual([])
      }
      await useColorScheme(page, 'light')
    }

    await page.getByRole('navigation', { name: 'Tabs' }).getByRole('button', { name: 'More' }).click()
    const sheet = page.getByRole('dialog', { name: 'Student menu' })
    await expect(sheet).toBeVisible()
    await scanBothThemes('More sheet')
    await sheet.getByRole('button', { name: 'Close' }).click()
    await expect(sheet).toHaveCount(0)

    await page.getByRole('button', { name: /^View/ }).first().click()
    const viewer = page.getByRole('dialog')
    await expect(viewer.locator('iframe, img, pre').first()).toBeVisible()
    await scanBothThemes('material viewer')
    await viewer.getByRole('button', { name: 'Close' }).click()
    await expect(viewer).toHaveCount(0)

    const title = `Matrix toast ${Date.now()}`
    await callApi(page, '/notes', { method: 'POST', body: { email: DEMO_EMAIL.student, title, description: 'A' } })
    await openInApp(page, '/dashboard/my-notes')
    await page.getByRole('button', { name: `Delete ${title}` }).click()
    await page.getByRole('alertdialog', { name: 'Delete this note?' }).getByRole('button', { name: 'Delete' }).click()
    const toast = page.getByRole('status', { name: 'Messages' })
    await expect(toast.getByRole('button', { name: 'Undo' })).toBeVisible()
    // A toast offering Undo stays 4 s: one scan in each theme, no more.
    await checkA11y(page, 'toast with Undo, light theme')
    await useColorScheme(page, 'dark')
    await checkA11y(page, 'toast with Undo, dark theme', { restyled: true })
    await toast.getByRole('button', { name: 'Undo' }).click()
    await expect(toast.getByText('Note restored')).toBeVisible()
  })
})

// The tutor's class dialogs (Edit class, Cancel class) over My Sessions on a phone: axe in both themes, nothing
// wider than the screen, 44 px targets.
test.describe('the class dialogs', () => {
  test.use({ colorScheme: 'light', viewport: PHONE })

  test('Edit class and Cancel class pass axe in both themes and fit a phone', async ({ page }) => {
    await logInAs(page, 'tutor')
    const as = await roleTokens(page)
    const title = `Matrix class ${stamp()}`
    await seedApprovedSession(page, as, title)
    await openInApp(page, '/dashboard/my-sessions')
    for (const action of ['Edit class', 'Cancel class'] as const) {
      await page.getByRole('button', { name: `${action} ${title}` }).click()
      const dialog = page.getByRole('dialog', { name: action })
      await expect(dialog.getByTestId('students-told')).toHaveText('No student has booked it yet.')
      for (const colorScheme of ['light', 'dark'] as const) {
        await useColorScheme(page, colorScheme)
        await checkA11y(page, `${action}, ${colorScheme} theme`, { restyled: colorScheme === 'dark' })
        const where = `${action} (${colorScheme})`
        expect(await sidewaysOverflow(page), `${where} scrolls sideways`).toBe(0)
        expect(await smallTargets(page), `${where} has touch targets under 44 px`).toEqual([])
      }
      await useColorScheme(page, 'light')
      await dialog.getByRole('button', { name: action === 'Edit class' ? 'Cancel' : 'Keep class' }).click()
      await expect(dialog).toHaveCount(0)
    }
  })
})

// The schedule editor on a phone: Add Session with Repeats on (its day chips, its preview, a problem beside the days),
// scanned in both themes, nothing wider than the screen, 44 px targets.
test.describe('the schedule editor', () => {
  test.use({ colorScheme: 'light', viewport: PHONE })

  test('Add Session with Repeats passes axe in both themes and fits a phone', async ({ page }) => {
    await logInAs(page, 'tutor', '/dashboard/add-session')
    await page.getByLabel('Class start date').fill('2030-10-15')
    await page.getByLabel('Class start time').fill('17:00')
    await page.getByLabel('Duration (hours)').fill('1')
    await page.getByLabel('Repeats').selectOption('weekly')
    await page.getByLabel('Number of meetings').fill('4')
    await expect(page.getByTestId('meetings-preview')).toHaveText(/^4 meetings: /)
    for (const state of ['previewed', 'with a problem'] as const) {
      if (state === 'with a problem') {
        await page.getByLabel('Number of meetings').fill('')
        await page.getByRole('button', { name: 'Create Session' }).click()
        await expect(page.getByTestId('field-error').first()).toBeVisible()
      }
      for (const colorScheme of ['light', 'dark'] as const) {
        await useColorScheme(page, colorScheme)
        const where = `schedule editor ${state} (${colorScheme})`
        await checkA11y(page, where, { restyled: colorScheme === 'dark' })
        expect(await sidewaysOverflow(page), `${where} scrolls sideways`).toBe(0)
        expect(await smallTargets(page), `${where} has touch targets under 44 px`).toEqual([])
      }
      await useColorScheme(page, 'light')
    }
  })

  test('Edit class of a course, its meetings with Skip and Move, passes axe in both themes and fits a phone', async ({
    page,
  }) => {
    await logInAs(page, 'tutor')
    const as = await roleTokens(page)
    const title = `Matrix course ${stamp()}`
    const id = await seedApprovedSession(page, as, title)
    const { classStart } = (await callApi<{ classStart: string }>(page, `/sessions/${id}`)).body
    const day = ['SU', 'MO', 'TU', 'WE', 'TH', 'FR', 'SA'][new Date(classStart).getUTCDay()]
    const schedule = { timeZone: 'UTC', rrule: `FREQ=WEEKLY;INTERVAL=1;BYDAY=${day};COUNT=3` }
    const patched = await callApi(page, `/sessions/${id}/class`, { method: 'PATCH', body: { schedule } })
    expect(patched.status).toBe(200)
    await openInApp(page, '/dashboard/my-sessions')
    await page.getByRole('button', { name: `Edit class ${title}` }).click()
    const dialog = page.getByRole('dialog', { name: 'Edit class' })
    const rows = dialog.getByTestId('session-meetings').getByRole('listitem')
    await expect(rows).toHaveCount(3)
    await rows.nth(1).getByRole('button', { name: /^Move/ }).click()
    await expect(rows.nth(1).getByLabel(/^New start of/)).toBeVisible()
    for (const colorScheme of ['light', 'dark'] as const) {
      await useColorScheme(page, colorScheme)
      const where = `Edit class of a course (${colorScheme})`
      await checkA11y(page, where, { restyled: colorScheme === 'dark' })
      expect(await sidewaysOverflow(page), `${where} scrolls sideways`).toBe(0)
      expect(await smallTargets(page), `${where} has touch targets under 44 px`).toEqual([])
    }
  })
})
