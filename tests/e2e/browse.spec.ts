// Browse, book and review in the built app (both builds, @live). Expected
// values are computed from the server's own answers, never hard-coded, so the
// tests hold for any seed and for a server other tests have written to.
import { callApi, logInAs } from './demo-accounts'
import { expect, test } from './fixtures'
import { confirmBookingSummary } from './workspaces-helpers'

interface ApiSession {
  _id: string
  title: string
  status: string
  registrationStart: string
  registrationEnd: string
  averageRating: number
  reviewCount: number
  tutorEmail: string
  registrationFee: number
}

const filledCount = (mean: number) => [0, 1, 2, 3, 4].filter((i) => i < (mean || 0)).length
const windowLabel = (s: ApiSession, now: number) =>
  now >= Date.parse(s.registrationStart) && now <= Date.parse(s.registrationEnd) ? 'Ongoing' : 'Closed'
const countText = (n: number) => (n === 0 ? 'No reviews yet' : `(${n} ${n === 1 ? 'review' : 'reviews'})`)

test('home shows at most 6 approved sessions with the right labels and stars', { tag: '@live' }, async ({ page }) => {
  await page.goto('/')
  const cards = page.getByTestId('session-card')
  await expect(cards.first()).toBeVisible()

  const { body: approved, total } = await callApi<ApiSession[]>(page, '/sessions?status=approved&page=1&limit=6')
  const now = Date.now()
  expect(approved.length).toBeGreaterThan(0)
  await expect(cards).toHaveCount(Math.min(6, total))

  for (const [index, session] of approved.entries()) {
    const card = cards.nth(index)
    await expect(card.getByRole('heading')).toHaveText(session.title)
    await expect(card.getByTestId('registration-label')).toHaveText(windowLabel(session, now))
    await expect(card.locator('svg[data-filled="true"]')).toHaveCount(filledCount(session.averageRating))
    await expect(card.getByTestId('session-rating')).toContainText(countText(session.reviewCount))
    await expect(card.getByRole('link', { name: /^Read More/ })).toHaveAttribute(
      'href',
      `/session-details/${session._id}`,
    )
  }
  // The demo seed has both kinds of window, so both colours are exercised.
  const labels = await cards.getByTestId('registration-label').allTextContents()
  expect(new Set(labels)).toEqual(new Set(approved.map((s) => windowLabel(s, now))))
})

test('the hero loads its first image eagerly and can be paused', async ({ page }) => {
  await page.goto('/')
  const hero = page.getByTestId('hero')
  const first = hero.locator('img[data-scene="study-desk"]').first()
  await expect(first).toHaveAttribute('fetchpriority', 'high')
  await expect(first).toHaveAttribute('loading', 'eager')
  await expect.poll(() => first.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0)).toBe(true)

  const pause = page.getByRole('button', { name: 'Pause slideshow' })
  await expect(pause).toBeVisible()
  await pause.click()
  await expect(page.getByRole('button', { name: 'Play slideshow' })).toBeVisible()
  await expect(hero).toHaveAttribute('data-playing', 'false')
  const held = await hero.getAttribute('data-slide-index')
  await page.waitForTimeout(5600)
  await expect(hero).toHaveAttribute('data-slide-index', held!)
})

test.describe('with reduced motion', () => {
  test.use({ colorScheme: 'light', contextOptions: { reducedMotion: 'reduce' } })

  test('the hero holds still until the viewer presses Play', async ({ page }) => {
    await page.goto('/')
    const hero = page.getByTestId('hero')
    await expect(hero).toHaveAttribute('data-playing', 'false')
    await expect(page.getByRole('button', { name: 'Play slideshow' })).toBeVisible()
    await page.waitForTimeout(5600)
    await expect(hero).toHaveAttribute('data-slide-index', '0')
  })
})

test('the slideshow advances every 5 seconds with a fade', async ({ page }) => {
  await page.goto('/')
  const hero = page.getByTestId('hero')
  // The goto's axe scan may outlast a slide on a busy machine: start from wherever the show is.
  const shown = Number(await hero.getAttribute('data-slide-index'))
  const next = (shown + 1) % 3
  await expect(hero).toHaveAttribute('data-slide-index', String(next), { timeout: 7_000 })
  const slide = hero.locator(`[data-hero-slide="${next}"]`)
  await expect.poll(() => slide.evaluate((el) => Number(getComputedStyle(el).opacity))).toBe(1)
})

test('study sessions are paged 8 at a time up to the last page', async ({ page }) => {
  await page.goto('/study-sessions')
  const cards = page.getByTestId('session-card')
  await expect(cards.first()).toBeVisible()
  const { total } = await callApi<ApiSession[]>(page, '/sessions?status=approved&page=1&limit=8')
  const pages = Math.ceil(total / 8)
  expect(pages).toBeGreaterThan(1)
  await expect(cards).toHaveCount(8)

  const pagination = page.getByRole('navigation', { name: 'Pagination' })
  await expect(pagination.getByRole('button', { name: /^Page \d+$/ })).toHaveCount(pages)
  await expect(pagination.getByRole('button', { name: 'Prev' })).toBeDisabled()

  await pagination.getByRole('button', { name: 'Next' }).click()
  await expect(page).toHaveURL(/[?&]page=2\b/)
  await expect(pagination.getByRole('button', { name: 'Page 2' })).toHaveAttribute('aria-current', 'page')

  await pagination.getByRole('button', { name: `Page ${pages}` }).click()
  await expect(page).toHaveURL(new RegExp(`[?&]page=${pages}\\b`))
  const { body: last } = await callApi<ApiSession[]>(page, `/sessions?status=approved&page=${pages}&limit=8`)
  await expect(page.locator(`ul[data-page="${pages}"][aria-busy="false"]`)).toBeVisible()
  await expect(cards).toHaveCount(total - 8 * (pages - 1))
  await expect(cards.getByRole('heading')).toHaveText(last.map((s) => s.title))
  await expect(pagination.getByRole('button', { name: 'Next' })).toBeDisabled()
  // Non-admins see the end-date label, never a review status or an ID.
  await expect(page.getByTestId('session-status')).toHaveCount(0)
  await expect(page.getByTestId('session-id')).toHaveCount(0)
  const now = Date.now()
  await expect(cards.getByTestId('registration-label')).toHaveText(
    last.map((s) => (Date.parse(s.registrationEnd) < now ? 'Closed' : 'Ongoing')),
  )

  // The page survives a reload: it lives in the URL.
  await page.reload()
  await expect(cards).toHaveCount(total - 8 * (pages - 1))
})

test('an admin sees every session with its status and ID', async ({ page }) => {
  await logInAs(page, 'admin')
  await page.goto('/study-sessions')
  const cards = page.getByTestId('session-card')
  await expect(cards.first()).toBeVisible()
  const { body, total, status } = await callApi<ApiSession[]>(page, '/admin/sessions?page=1&limit=8')
  expect(status).toBe(200)
  const approvedTotal = (await callApi<ApiSession[]>(page, '/sessions?status=approved&page=1&limit=1')).total
  expect(total).toBeGreaterThan(approvedTotal)

  await expect(cards).toHaveCount(body.length)
  await expect(cards.getByTestId('session-id')).toHaveText(body.map((s) => s._id))
  await expect(cards.getByTestId('session-status')).toHaveText(body.map((s) => s.status))
  await expect(page.getByRole('navigation', { name: 'Pagination' }).getByRole('button', { name: /^Page/ })).toHaveCount(
    Math.ceil(total / 8),
  )
})

test.describe('a student', { tag: '@live' }, () => {
  // The second booking is refused by the server with a 4xx, which the browser logs.
  test.use({ allowedConsoleErrors: [/status of 4\d\d/] })

  test('books an Ongoing session once, cannot book a Closed one, and reviews it', async ({ page }) => {
    await logInAs(page, 'student')
    const email = 'student@studyhub.demo'
    const { body: sessions } = await callApi<ApiSession[]>(page, '/sessions?status=approved')
    const { body: bookings } = await callApi<{ sessionId: string }[]>(page, `/bookings/student/${email}`)
    const booked = new Set(bookings.map((b) => b.sessionId))
    const now = Date.now()
    const open = sessions.find(
      (s) =>
        !booked.has(s._id) && Date.parse(s.registrationStart) <= now && Date.parse(s.registrationEnd) > now + 60_000,
    )
    // Not one of the student's own: the page shows their booking there instead of the button.
    const closed = sessions.find((s) => !booked.has(s._id) && Date.parse(s.registrationEnd) < now)
    expect(open, 'the seed has an Ongoing session the student has not booked').toBeTruthy()
    expect(closed, 'the seed has a Closed session the student has not booked').toBeTruthy()

    // Book it.
    await page.goto(`/session-details/${open!._id}`)
    await expect(page.getByRole('heading', { level: 1, name: open!.title })).toBeVisible()
    await page.getByRole('button', { name: 'Book Now' }).click()
    await confirmBookingSummary(page, open!.registrationFee)
    const booked1 = page.getByRole('dialog', { name: 'Booked!' })
    await expect(booked1).toBeVisible()
    await booked1.getByRole('button', { name: 'OK' }).click()
    await expect(booked1).toBeHidden()

    // Booked: the page shows the booking instead of the button, and the server refuses a second one.
    await expect(page.getByRole('button', { name: 'Book Now' })).toHaveCount(0)
    await expect(page.getByRole('status').filter({ hasText: 'Your booking:' })).toContainText('Awaiting approval')
    const second = await callApi<{ success: boolean; message: string }>(page, '/bookings', {
      method: 'POST',
      body: { sessionId: open!._id, studentEmail: email, tutorEmail: open!.tutorEmail },
    })
    expect(second.body.success).toBe(false)
    expect(second.body.message).toMatch(/already/i)

    // The next page load follows at once: nothing of the booking may depend on a saved cache catching up.
    // The booking is in My Bookings, awaiting approval.
    await page.goto('/dashboard/my-bookings')
    const card = page.locator(`[data-testid="booking-card"][data-session-id="${open!._id}"]`)
    await expect(card).toContainText(open!.title)
    await expect(card.getByTestId('booking-status')).toHaveText('Awaiting approval')
    await expect(card.getByRole('link', { name: /^View Details/ })).toHaveAttribute(
      'href',
      `/dashboard/student/bookings/${open!._id}`,
    )

    // Its materials wait for the admin's approval.
    await card.getByRole('link', { name: /^View Details/ }).click()
    await expect(page.getByRole('heading', { level: 1, name: open!.title })).toBeVisible()
    await expect(page.getByTestId('booking-status')).toHaveText('Awaiting approval')
    await expect(page.getByText('The materials open once an admin approves your booking.')).toBeVisible()

    // A Closed session cannot be booked.
    await page.goto(`/session-details/${closed!._id}`)
    await expect(page.getByRole('button', { name: 'Registration Closed' })).toBeDisabled()
    await expect(page.getByRole('button', { name: 'Book Now' })).toHaveCount(0)

    // Review the booked session; the new review and average appear.
    await page.goto(`/session-details/${open!._id}`)
    const before = (await callApi<ApiSession>(page, `/sessions/${open!._id}`)).body
    const form = page.getByRole('form', { name: 'Leave a review' })
    await form.getByRole('button', { name: 'Submit review' }).click()
    await expect(form.getByTestId('field-error')).toHaveText('Please fill comment & rating')
    await expect(form.getByLabel('Comment')).toHaveAttribute('aria-invalid', 'true')

    const comment = `Clear explanations, thank you! ${Date.now()}`
    await form.getByRole('radio', { name: '2 stars' }).check({ force: true })
    await form.getByLabel('Comment').fill(comment)
    await form.getByRole('button', { name: 'Submit review' }).click()
    await expect(page.getByRole('status').filter({ hasText: 'Review submitted' })).toBeVisible()
    await expect(page.getByTestId('review-list')).toContainText(comment)

    const expected = (before.averageRating * before.reviewCount + 2) / (before.reviewCount + 1)
    const average = page.getByTestId('average-rating')
    await expect(average).toContainText(expected.toFixed(1))
    await expect(average).toContainText(countText(before.reviewCount + 1))
    await expect(average.locator('svg[data-filled="true"]')).toHaveCount(filledCount(expected))
  })
})

test.describe('a missing session', () => {
  // The browser logs the 404 that is the point of the test.
  test.use({ allowedConsoleErrors: ['the server responded with a status of 404'] })

  test('reads "Session not found."', async ({ page }) => {
    await logInAs(page, 'student')
    await page.goto('/session-details/no-such-session')
    await expect(page.getByRole('heading', { name: 'Session not found.' })).toBeVisible()
  })
})

test('the tutors page lists every tutor with approved sessions and links to their sessions', async ({ page }) => {
  await page.goto('/tutors')
  const cards = page.getByTestId('tutor-card')
  await expect(cards.first()).toBeVisible()
  const { body: sessions } = await callApi<(ApiSession & { tutorName: string })[]>(page, '/sessions?status=approved')
  const byTutor = new Map<string, ApiSession[]>()
  for (const s of sessions) byTutor.set(s.tutorEmail, [...(byTutor.get(s.tutorEmail) ?? []), s])
  await expect(cards).toHaveCount(byTutor.size)

  const [email, own] = [...byTutor.entries()][0]!
  const card = cards.filter({ hasText: email })
  await expect(card).toContainText(`${own.length} approved session`)
  await card.getByRole('link', { name: /^View sessions/ }).click()
  await expect(page).toHaveURL(new RegExp(`/study-sessions\\?tutor=${encodeURIComponent(email)}`))
  const listed = page.getByTestId('session-card')
  await expect(listed).toHaveCount(Math.min(8, own.length))
  const ownTitles = new Set(own.map((s) => s.title))
  for (const title of await listed.getByRole('heading').allTextContents()) expect(ownTitles.has(title)).toBe(true)
})

test('a student opens the materials of a booked session', async ({ page }) => {
  await logInAs(page, 'student')
  const { body: all } = await callApi<{ sessionId: string; status: string }[]>(
    page,
    '/bookings/student/student@studyhub.demo',
  )
  // Materials are for approved bookings only (the server answers 403 otherwise).
  const bookings = all.filter((b) => b.status === 'approved')
  let found: { sessionId: string; materials: { title: string; fileUrl: string; status: string }[] } | undefined
  for (const booking of bookings) {
    const { body } = await callApi<{ title: string; fileUrl: string; status: string }[]>(
      page,
      `/materials/session/${booking.sessionId}`,
    )
    const approved = Array.isArray(body) ? body.filter((m) => m.status === 'approved') : []
    if (approved.length > 0) {
      found = { sessionId: booking.sessionId, materials: approved }
      break
    }
  }
  expect(found, 'the seed gives the demo student a booked session with approved materials').toBeTruthy()

  await page.goto(`/dashboard/student/bookings/${found!.sessionId}`)
  const list = page.getByTestId('material-list')
  await expect(list.getByRole('heading')).toHaveText(found!.materials.map((m) => m.title))

  await page.goto(`/dashboard/student/bookings/${found!.sessionId}/materials`)
  await expect(list.getByRole('heading')).toHaveText(found!.materials.map((m) => m.title))
  // Each file opens in a new tab through a signed link (tests/e2e/material-files-and-links.spec.ts).
  await expect(list.getByRole('button', { name: /^Open file/ })).toHaveCount(found!.materials.length)
})
