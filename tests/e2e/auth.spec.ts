// Accounts and navigation in the built app: registering, logging in as each
// role, the dashboard menus and stats, logging out (here or on every device), the guards and the way
// back after login, and the mobile menu. Tests tagged @live run against the
// live build too, where the identity provider is Firebase Auth (its emulator)
// and the role comes from the API server.
import type { Locator, Page } from '@playwright/test'
import { LOCAL_KEYS } from '../../src/shared/storage/browser-storage'
import { DEMO_ACCOUNTS } from '../../src/contract/demo-identity'
import { appTokensFor, callApi, idTokens, submitLogin } from './demo-accounts'
import { checkA11y, expect, test } from './fixtures'

const MENUS = {
  student: ['Student Dashboard', 'My Bookings', 'Create Notes', 'My Notes', 'My Study Materials'],
  tutor: ['Tutor Dashboard', 'Add Session', 'My Sessions', 'Upload Materials', 'My Uploaded Materials'],
  admin: [
    'Admin Dashboard',
    'Manage Sessions',
    'Manage Bookings',
    'Manage Users',
    'Manage Reviews',
    'Manage Materials',
  ],
} as const

type DemoRole = keyof typeof MENUS

// The test machine has no internet: the public initials-avatar service is
// played by this route (its own offline fallback is tested on its own below).
const INITIALS_SVG =
  '<svg xmlns="http://www.w3.org/2000/svg" width="64" height="64"><rect width="64" height="64" fill="#1e40af"/></svg>'
test.beforeEach(async ({ page }) => {
  await page.route('https://ui-avatars.com/**', (route) =>
    route.fulfill({ status: 200, contentType: 'image/svg+xml', body: INITIALS_SVG }),
  )
})

function accountOf(role: DemoRole) {
  return DEMO_ACCOUNTS.find((a) => a.role === role)!
}

async function loginWithDemoAccount(page: Page, role: DemoRole) {
  await submitLogin(page, role)
  await expect(page.getByRole('status').filter({ hasText: 'Logged in successfully' })).toBeVisible()
}

/** What the server says, asked with the token the app stored. */
async function apiGet(page: Page, path: string): Promise<Record<string, unknown>> {
  return page.evaluate(async (p) => {
    const token = localStorage.getItem('access-token')
    const res = await fetch(`/api${p}`, { headers: { Authorization: `Bearer ${token}` } })
    return (await res.json()) as Record<string, unknown>
  }, path)
}

async function statValue(page: Page, label: string): Promise<string> {
  const term = page.locator('dt', { hasText: new RegExp(`^${label}$`) })
  return (await term.locator('xpath=following-sibling::dd[1]').textContent())!.trim()
}

test('register a new account and land as a student', { tag: '@live' }, async ({ page }) => {
  const email = `new.student.${Date.now()}@example.com`
  await page.goto('/register')
  await page.getByLabel('Name').fill('Nova Student')
  await page.getByLabel('Photo URL').fill('javascript:alert(1)')
  await page.getByLabel('Email').fill(email)
  await page.getByLabel('Password').fill('secret1')
  await page.getByRole('button', { name: 'Register' }).click()
  // Only http(s) photo URLs are accepted.
  await expect(page.getByText('starting with http:// or https://')).toBeVisible()
  await page.getByLabel('Photo URL').fill('')
  await page.getByRole('button', { name: 'Register' }).click()

  await expect(page.getByRole('status').filter({ hasText: 'Account created successfully' })).toBeVisible()
  // The email is not verified yet: the provider mails a link on request, then Continue goes home.
  await expect(page.getByRole('heading', { level: 1, name: 'Verify your email' })).toBeVisible()
  await page.getByRole('button', { name: 'Send verification email' }).click()
  await expect(page.getByText(`We sent a link to ${email}. Open it to verify your email.`)).toBeVisible()
  await expect(page.getByRole('button', { name: 'Resend' })).toBeVisible()
  await checkA11y(page, 'verification notice')
  await page.getByRole('link', { name: 'Continue' }).click()
  await expect(page).toHaveURL(/\/$/)
  const nav = page.getByRole('navigation', { name: 'Main' })
  await expect(nav.getByRole('link', { name: 'Dashboard' })).toBeVisible()
  await expect(nav.getByRole('link', { name: 'Login' })).toHaveCount(0)
  await expect.poll(() => page.evaluate(() => localStorage.getItem('access-token'))).not.toBeNull()

  await nav.getByRole('link', { name: 'Dashboard' }).click()
  await expect(page).toHaveURL(/\/dashboard\/student$/)
  const menu = page.getByRole('navigation', { name: 'Dashboard' })
  await expect(menu.getByRole('link')).toHaveText([...MENUS.student])
  await expect(page.getByText('Welcome, Nova Student!')).toBeVisible()

  // The avatar menu shows the account.
  await page.getByRole('button', { name: 'Account menu' }).click()
  await expect(page.getByText(email)).toBeVisible()
})

test('a password that is too short is said beside it, with the focus there, before anything is sent', async ({
  page,
}) => {
  await page.goto('/register')
  await page.getByLabel('Name').fill('Short')
  await page.getByLabel('Email').fill(`short.${Date.now()}@example.com`)
  await page.getByLabel('Password').fill('12345')
  let asked = false
  page.on('request', (request) => {
    if (/demo-idp|identitytoolkit/.test(request.url())) asked = true
  })
  await page.getByRole('button', { name: 'Register' }).click()
  const password = page.getByLabel('Password')
  await expect(password).toBeFocused()
  await expect(password).toHaveAttribute('aria-invalid', 'true')
  await expect(password).toHaveAccessibleDescription(/Password should be at least 6 characters/)
  await expect(page.getByRole('alertdialog', { name: 'Error' })).toHaveCount(0)
  await checkA11y(page, 'a field with a problem')
  expect(asked).toBe(false)
})

test.describe('a refused sign-up', () => {
  // The browser itself logs the identity provider's 400 answer.
  test.use({ allowedConsoleErrors: [/status of 400/] })
  test('an email that already has an account gets the Error dialog', { tag: '@live' }, async ({ page }) => {
    await page.goto('/register')
    await page.getByLabel('Name').fill('Again')
    await page.getByLabel('Email').fill(accountOf('student').email)
    await page.getByLabel('Password').fill('a-long-enough-password')
    const submit = page.getByRole('button', { name: 'Register' })
    await submit.click()
    const dialog = page.getByRole('alertdialog', { name: 'Error' })
    await expect(dialog).toContainText('An account already exists with this email.')
    await expect(dialog.getByRole('button', { name: 'OK' })).toBeFocused()
    await checkA11y(page, 'error dialog open')
    await page.keyboard.press('Escape')
    await expect(dialog).toHaveCount(0)
    await expect(submit).toBeFocused()
  })
})

for (const role of ['student', 'tutor', 'admin'] as const) {
  test(`log in as the ${role} demo account and see the ${role} menu and stats`, { tag: '@live' }, async ({ page }) => {
    await page.goto('/login')
    await loginWithDemoAccount(page, role)
    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Dashboard' }).click()
    await expect(page).toHaveURL(new RegExp(`/dashboard/${role}$`))

    const menu = page.getByRole('navigation', { name: 'Dashboard' })
    await expect(menu.getByRole('link')).toHaveText([...MENUS[role]])
    await expect(menu.getByRole('link', { name: MENUS[role][0] })).toHaveAttribute('aria-current', 'page')

    const email = accountOf(role).email
    if (role === 'admin') {
      const stats = await apiGet(page, '/admin/stats')
      await expect(page.locator('dt', { hasText: 'Total Users' })).toBeVisible()
      expect(await statValue(page, 'Total Users')).toBe(String(stats.totalUsers))
      expect(await statValue(page, 'Total Sessions')).toBe(String(stats.totalSessions))
      expect(await statValue(page, 'Total Materials')).toBe(String(stats.totalMaterials))
      await expect(
        page.getByText(`Pending ${stats.pending} · Approved ${stats.approved} · Rejected ${stats.rejected}`),
      ).toBeVisible()
    } else if (role === 'tutor') {
      const stats = await apiGet(page, `/tutor/stats/${encodeURIComponent(email)}`)
      await expect(page.locator('dt', { hasText: 'Total Sessions' })).toBeVisible()
      expect(await statValue(page, 'Total Sessions')).toBe(String(stats.totalSessions))
      expect(await statValue(page, 'Materials Uploaded')).toBe(String(stats.totalMaterials))
      expect(await statValue(page, 'My Students')).toBe(String(stats.totalStudents))
      const avg = stats.avgRating
      expect(await statValue(page, 'Average Rating')).toBe(typeof avg === 'number' ? avg.toFixed(1) : 'N/A')
      await expect(page.getByRole('link', { name: 'Add a session' })).toHaveAttribute('href', '/dashboard/add-session')
      await expect(page.getByRole('link', { name: 'Upload a material' })).toHaveAttribute(
        'href',
        '/dashboard/tutor-materials',
      )
    } else {
      const stats = await apiGet(page, `/student/stats/${encodeURIComponent(email)}`)
      await expect(page.locator('dt', { hasText: 'Bookings' })).toBeVisible()
      expect(await statValue(page, 'Bookings')).toBe(String(stats.totalBookings))
      expect(await statValue(page, 'Reviews Given')).toBe(String(stats.totalReviews))
      expect(await statValue(page, 'Materials Available')).toBe(String(stats.totalMaterials))
      const bookings = (await apiGet(page, `/bookings/student/${encodeURIComponent(email)}`)) as unknown as Array<{
        sessionId: string
        status: string
      }>
      const cards = page.getByTestId('booking-card')
      const hrefs = (links: Locator) => links.evaluateAll((all) => all.map((a) => a.getAttribute('href')).sort())
      const details = cards.getByRole('link', { name: /^View Details/ })
      await expect(details).toHaveCount(bookings.length)
      expect(await hrefs(details)).toEqual(bookings.map((b) => `/dashboard/student/bookings/${b.sessionId}`).sort())
      // Materials open only through an approved booking: only those have the link (in the card's menu, closed).
      const approved = bookings.filter((b) => b.status === 'approved')
      const materials = cards.getByRole('link', { name: /^View Materials/, includeHidden: true })
      await expect(materials).toHaveCount(approved.length)
      expect(await hrefs(materials)).toEqual(
        approved.map((b) => `/dashboard/student/bookings/${b.sessionId}/materials`).sort(),
      )
    }
  })
}

test('log out shows the toast and ends logged out', { tag: '@live' }, async ({ page }) => {
  await page.goto('/login')
  await loginWithDemoAccount(page, 'student')
  await page.getByRole('button', { name: 'Account menu' }).click()
  // The menu's line: the home page's welcome may name the email too until the account's name has loaded.
  await expect(page.getByText(`Signed in as ${accountOf('student').email}`)).toBeVisible()
  await page.getByRole('button', { name: 'Log out' }).click()

  const region = page.locator('[role="status"][data-toast-region="top-end"]')
  const toast = region.locator('[data-toast="success"]', { hasText: 'Logged out successfully' })
  await expect(toast).toBeVisible()
  await expect(page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Login' })).toBeVisible()
  expect(await page.evaluate(() => localStorage.getItem('access-token'))).toBeNull()
  expect(await page.evaluate((key) => localStorage.getItem(key), LOCAL_KEYS.queryCache)).toBeNull()
  // It goes by itself after 1800 ms.
  await expect(toast).toHaveCount(0, { timeout: 3_000 })
})

test.describe('signing out of every device', () => {
  // The other device's token, refused at the end, is a 401 the browser reports on its own.
  test.use({ allowedConsoleErrors: [/status of 401/] })

  test('ends this sign-in and every other one', { tag: '@live' }, async ({ page }) => {
    // An account of this test's own: the seeded ones are signed in by every other test.
    const email = `everywhere.${Date.now()}@example.com`
    await page.goto('/register')
    await page.getByLabel('Name').fill('Eve Everywhere')
    await page.getByLabel('Email').fill(email)
    await page.getByLabel('Password').fill('secret1')
    await page.getByRole('button', { name: 'Register' }).click()
    await expect(page.getByRole('status').filter({ hasText: 'Account created successfully' })).toBeVisible()
    // Another device's sign-in of the same account.
    const [idToken] = await idTokens(page, 'signIn', [{ email, password: 'secret1' }])
    const [elsewhere] = await appTokensFor(page, [{ email, idToken: idToken! }])
    expect((await callApi(page, '/notifications/unread-count', { token: elsewhere })).status).toBe(200)

    await page.getByRole('button', { name: 'Account menu' }).click()
    await page.getByRole('button', { name: 'Sign out of every device' }).click()
    const ask = page.getByRole('alertdialog', { name: 'Sign out of every device?' })
    await ask.getByRole('button', { name: 'Sign out everywhere' }).click()
    await expect(page.getByRole('status').filter({ hasText: 'Signed out of every device' })).toBeVisible()
    await expect(page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Login' })).toBeVisible()
    expect(await page.evaluate(() => localStorage.getItem('access-token'))).toBeNull()
    expect((await callApi(page, '/notifications/unread-count', { token: elsewhere })).status).toBe(401)
  })
})

test('/dashboard logged out goes to /login and back after logging in', { tag: '@live' }, async ({ page }) => {
  await page.goto('/dashboard')
  await expect(page).toHaveURL(/\/login\?from=%2Fdashboard$/)
  await loginWithDemoAccount(page, 'student')
  // /dashboard itself opens the role's home.
  await expect(page).toHaveURL(/\/dashboard\/student$/)
  await expect(page.getByRole('heading', { name: 'Student Dashboard' })).toBeVisible()
})

test('a guest who taps a session is told on Login why, and comes back to the session', async ({ page }) => {
  await page.goto('/')
  const card = page.getByTestId('session-card').first()
  const title = (await card.getByRole('heading').textContent())!
  // The whole card is the link, not only its Read More button: a tap on its title opens the session.
  const heading = (await card.getByRole('heading').boundingBox())!
  const box = (await card.boundingBox())!
  await card.click({ position: { x: heading.x - box.x + 5, y: heading.y - box.y + 5 } })
  await expect(page).toHaveURL(/\/login\?from=%2Fsession-details%2F/)
  await expect(page.getByTestId('sign-in-reason')).toHaveText('Sign in to see this session’s details.')
  await loginWithDemoAccount(page, 'student')
  await expect(page.getByRole('heading', { level: 1, name: title })).toBeVisible()
})

test('a reload of a protected page keeps the signed-in user on it', async ({ page }) => {
  await page.goto('/login?from=%2Fdashboard%2Fmy-notes')
  await loginWithDemoAccount(page, 'student')
  await expect(page).toHaveURL(/\/dashboard\/my-notes$/)
  await page.reload()
  await expect(page).toHaveURL(/\/dashboard\/my-notes$/)
})

test('a student opening an admin route lands on /', { tag: '@live' }, async ({ page }) => {
  await page.goto('/login')
  await loginWithDemoAccount(page, 'student')
  await page.goto('/dashboard/manage-users')
  await expect(page).toHaveURL(/127\.0\.0\.1:\d+\/$/)
  // A student's home starts with their day; the hero is for visitors.
  await expect(page.getByRole('heading', { level: 1, name: /^Welcome, / })).toBeVisible()
  await expect(page.getByRole('heading', { level: 2, name: 'Your next class' })).toBeVisible()
  await expect(page.getByRole('heading', { name: 'Unlock Knowledge, Anytime, Anywhere' })).toHaveCount(0)
})

for (const crafted of ['//evil.example', '/\\evil.example', 'https://evil.example/dashboard']) {
  test(`a crafted return path ${crafted} stays on this origin`, async ({ page, baseURL }) => {
    await page.goto(`/login?from=${encodeURIComponent(crafted)}`)
    await loginWithDemoAccount(page, 'tutor')
    await expect(page).toHaveURL(`${baseURL}/`)
  })
}

test.describe('on a 360×740 screen', () => {
  test.use({ viewport: { width: 360, height: 740 } })

  test('the menu holds Login and Register, then Dashboard and Log out', async ({ page }) => {
    await page.goto('/')
    const nav = page.getByRole('navigation', { name: 'Main' })
    await expect(nav.getByRole('link', { name: 'Study Sessions' })).toBeHidden()
    const toggle = page.getByRole('button', { name: 'Open menu' })
    await toggle.click()
    const menu = page.locator('#mobile-menu')
    await expect(menu.getByRole('link', { name: 'Login' })).toBeVisible()
    await expect(menu.getByRole('link', { name: 'Register' })).toBeVisible()
    await expect(menu.getByRole('button', { name: 'Log out' })).toHaveCount(0)
    await checkA11y(page, 'mobile menu open, logged out')

    await menu.getByRole('link', { name: 'Login' }).click()
    await expect(page).toHaveURL(/\/login$/)
    await loginWithDemoAccount(page, 'admin')
    await page.getByRole('button', { name: 'Open menu' }).click()
    await expect(menu.getByRole('link', { name: 'Dashboard' })).toBeVisible()
    await expect(menu.getByRole('link', { name: 'Login' })).toHaveCount(0)
    await checkA11y(page, 'mobile menu open, logged in')
    await menu.getByRole('button', { name: 'Log out' }).click()
    await expect(page.getByRole('status').filter({ hasText: 'Logged out successfully' })).toBeVisible()
    await page.getByRole('button', { name: 'Open menu' }).click()
    await expect(menu.getByRole('link', { name: 'Login' })).toBeVisible()
  })
})

test.describe('when the initials-avatar service cannot be reached', () => {
  test.use({ allowedConsoleErrors: [/Failed to load resource: net::ERR_FAILED/] })

  test('the avatar falls back to initials drawn locally', async ({ page }) => {
    await page.unroute('https://ui-avatars.com/**')
    await page.route('https://ui-avatars.com/**', (route) => route.abort('failed'))
    await page.goto('/login')
    await loginWithDemoAccount(page, 'student')
    const button = page.getByRole('button', { name: 'Account menu' })
    await expect(button.locator('[data-avatar="initials"]')).toHaveText(/^[A-Z]{1,2}$/)
    await expect(button.locator('img')).toHaveCount(0)
  })
})
