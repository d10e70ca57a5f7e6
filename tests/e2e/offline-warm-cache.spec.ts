// Going offline on a warm cache (docs/architecture/data-on-the-device.md):
// each screen that reads offline is visited online first, then the browser
// goes offline and the app is moved around in the same page (no reload), so
// the query cache already holds the server's answers. Each screen must still
// show them and say they are what the device had. The cold cases (a reload
// offline, the data read back from the app database) are offline.spec.ts,
// materials-offline.spec.ts and notes-offline.spec.ts.
import type { Page } from '@playwright/test'
import type { Review, Session } from '../../src/contract/entities'
import { FIRST_PAGE_LIMITS } from '../../src/contract/first-paint'
import { callApi, DEMO_EMAIL, logInAs } from './demo-accounts'
import { expect, openInApp, test } from './fixtures'
import { goOffline, goOnline } from './offline-network'

// Chromium logs every request the unreachable server did not answer.
// Offline, the app runs on what its own install kept: each test installs it afresh.
test.use({ allowedConsoleErrors: [/Failed to load resource: net::ERR_/], freshContext: true })

const LAYOUT_NOTICE = /^Offline — showing data from .+/
const SHOWING_KEPT_MATERIALS = 'The server cannot be reached: showing the materials saved on this device.'
const SHOWING_KEPT_NOTES = 'Showing the notes saved on this device. Changes sync when you are back online.'

function layoutNotice(page: Page) {
  return page.getByRole('status').filter({ hasText: LAYOUT_NOTICE })
}

function cardTitles(page: Page, within = page.getByRole('main')): Promise<string[]> {
  return within.getByTestId('session-card').getByRole('heading').allTextContents()
}

/** A session of /study-sessions' page 1 that has reviews, and them (the seed has some). */
async function reviewedSession(page: Page): Promise<{ session: Session; reviews: Review[] }> {
  const { body: sessions } = await callApi<Session[]>(
    page,
    `/sessions?status=approved&page=1&limit=${FIRST_PAGE_LIMITS.studySessions}`,
  )
  for (const session of sessions) {
    const { body: reviews } = await callApi<Review[]>(page, `/reviews/${session._id}`)
    if (reviews.length > 0) return { session, reviews }
  }
  throw new Error('the seed has no reviewed session on /study-sessions’ first page')
}

test('home, the sessions list and a session’s details with its reviews read offline from a warm cache', async ({
  page,
}) => {
  // A session's details are for signed-in users.
  await logInAs(page, 'student', '/')
  const home = page.getByRole('region', { name: 'Available Study Sessions' })
  await expect(home.getByTestId('session-card')).toHaveCount(FIRST_PAGE_LIMITS.home)
  const homeTitles = await cardTitles(page, home)

  await openInApp(page, '/study-sessions')
  // A full page: the seed has more approved sessions than one page holds.
  await expect(page.getByRole('main').getByTestId('session-card')).toHaveCount(FIRST_PAGE_LIMITS.studySessions)
  const listTitles = await cardTitles(page)
  // One server list: the home page's cards are the first of /study-sessions' page 1.
  expect(listTitles.slice(0, FIRST_PAGE_LIMITS.home)).toEqual(homeTitles)

  const { session, reviews } = await reviewedSession(page)
  await openInApp(page, `/session-details/${session._id}`)
  await expect(page.getByRole('heading', { level: 1, name: session.title })).toBeVisible()
  await expect(page.getByTestId('review-list').getByRole('listitem')).toHaveCount(reviews.length)
  await expect(layoutNotice(page)).toHaveCount(0)

  await goOffline(page.context())
  try {
    await openInApp(page, '/')
    await expect(home.getByTestId('session-card')).toHaveCount(FIRST_PAGE_LIMITS.home)
    expect(await cardTitles(page, home)).toEqual(homeTitles)
    await expect(layoutNotice(page)).toBeVisible()

    await openInApp(page, '/study-sessions')
    await expect(page.getByRole('main').getByTestId('session-card')).toHaveCount(listTitles.length)
    expect(await cardTitles(page)).toEqual(listTitles)
    await expect(layoutNotice(page)).toBeVisible()

    await openInApp(page, `/session-details/${session._id}`)
    await expect(page.getByRole('heading', { level: 1, name: session.title })).toBeVisible()
    const shown = page.getByTestId('review-list').getByRole('listitem')
    await expect(shown).toHaveCount(reviews.length)
    await expect(shown.first()).toContainText(reviews[0]!.comment)
    await expect(layoutNotice(page)).toBeVisible()
  } finally {
    await goOnline(page.context())
  }
  await expect(layoutNotice(page)).toHaveCount(0)
})

test('My Study Materials and a booked session’s materials say they are the device’s on a warm cache', async ({
  page,
}) => {
  await logInAs(page, 'student', '/dashboard/my-materials')
  const cards = page.getByTestId('student-materials').getByRole('listitem')
  await expect(cards.first()).toBeVisible()
  const titles = await cards.getByRole('heading').allTextContents()
  const first = titles[0]!
  // Kept while online, so the file opens offline too.
  await expect(cards.first().getByTestId('kept-size')).toHaveText(/^Saved offline · /, { timeout: 15_000 })
  await expect(page.getByText(SHOWING_KEPT_MATERIALS)).toHaveCount(0)
  const { body: approved } = await callApi<{ _id: string; title: string; sessionId: string }[]>(
    page,
    '/materials/approved',
  )
  const sessionId = approved.find((m) => m.title === first)!.sessionId
  const sessionMaterials = `/dashboard/student/bookings/${sessionId}/materials`
  await openInApp(page, sessionMaterials)
  const list = page.getByTestId('material-list')
  await expect(list.getByRole('heading', { name: first })).toBeVisible()
  await expect(page.getByText(SHOWING_KEPT_MATERIALS)).toHaveCount(0)

  await goOffline(page.context())
  try {
    await openInApp(page, '/dashboard/my-materials')
    await expect(page.getByText(SHOWING_KEPT_MATERIALS)).toBeVisible()
    // One offline message a screen: the screen's own, not the layout's beside it.
    await expect(page.getByRole('status').filter({ hasText: /^Offline — / })).toHaveCount(0)
    await expect(cards.getByRole('heading')).toHaveText(titles)
    await cards.first().getByRole('button', { name: /^View/ }).click()
    const dialog = page.getByRole('dialog', { name: first })
    await expect(dialog.locator('iframe, img, pre').first()).toBeVisible()
    await dialog.getByRole('button', { name: 'Close' }).click()

    await openInApp(page, sessionMaterials)
    await expect(page.getByText(SHOWING_KEPT_MATERIALS)).toBeVisible()
    await expect(list.getByRole('heading', { name: first })).toBeVisible()
    // Opening the file in a new tab needs the server.
    await expect(list.getByRole('button', { name: /^Open file/ })).toHaveCount(0)
  } finally {
    await goOnline(page.context())
  }
  await expect(page.getByText(SHOWING_KEPT_MATERIALS)).toHaveCount(0)
})

test('My Notes reads the device’s notes on a warm cache, and a note written offline joins them', async ({ page }) => {
  await logInAs(page, 'student', '/dashboard/my-notes')
  await expect(page.getByRole('heading', { level: 1, name: 'My Notes' })).toBeVisible()
  const notes = page.getByRole('main').getByRole('listitem')
  await expect(notes.first()).toBeVisible()
  const titles = await notes.getByRole('heading').allTextContents()
  await expect(page.getByText(SHOWING_KEPT_NOTES)).toHaveCount(0)

  const title = `Warm offline ${Date.now()}`
  await goOffline(page.context())
  try {
    await openInApp(page, '/dashboard/create-note')
    await page.getByLabel('Title').fill(title)
    await page.getByLabel('Description').fill('Written on the train')
    await page.getByRole('button', { name: 'Create Note' }).click()
    // The form clears once the note and its outbox entry are stored on the device.
    await expect(page.getByLabel('Title')).toHaveValue('')

    await openInApp(page, '/dashboard/my-notes')
    await expect(page.getByText(SHOWING_KEPT_NOTES)).toBeVisible()
    await expect(page.getByRole('status').filter({ hasText: /^Offline — / })).toHaveCount(0)
    await expect(notes.getByRole('heading', { name: title, exact: true })).toBeVisible()
    for (const seen of titles) await expect(notes.getByRole('heading', { name: seen, exact: true })).toBeVisible()
  } finally {
    await goOnline(page.context())
  }
  await expect(page.getByText(SHOWING_KEPT_NOTES)).toHaveCount(0)
  // The outbox sends it once the connection is back.
  await expect
    .poll(async () =>
      (await callApi<{ title: string }[]>(page, `/notes/student/${DEMO_EMAIL.student}`)).body.map((n) => n.title),
    )
    .toContain(title)
})
