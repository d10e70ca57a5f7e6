// Finding a session on /study-sessions (docs/rules/search.md): a search, a
// filter and a sort go into the address, and a reload and Back show the same
// results (both builds, @live; that a search address comes with its cards is
// prerender.spec.ts's and live/server-rendered-pages.spec.ts's); offline, the
// search runs over the sessions kept on the device. Expected results are the server's own answers, or the contract's
// rule over what the device was given, never hard-coded.
import type { Page } from '@playwright/test'
import type { Session } from '../../src/contract/entities'
import { FIRST_PAGE_LIMITS } from '../../src/contract/first-paint'
import { compareSessions, sessionMatcher, sessionSearchOf } from '../../src/contract/session-search'
import { callApi } from './demo-accounts'
import { deviceRowCount } from './device-tables'
import { expect, openInApp, test, waitForServiceWorker } from './fixtures'
import { goOffline, goOnline } from './offline-network'

const PAGE = FIRST_PAGE_LIMITS.studySessions
const SEARCHING_THE_PHONE = 'Offline: searching the sessions saved on this phone.'

function cardTitles(page: Page) {
  return page.getByRole('main').getByTestId('session-card').getByRole('heading')
}

const foundText = (total: number) => `${total} ${total === 1 ? 'session' : 'sessions'} found.`

test(
  'a search, a filter and a sort are kept in the address, through a reload and Back',
  { tag: '@live' },
  async ({ page }) => {
    await page.goto('/study-sessions')
    await expect(cardTitles(page)).toHaveCount(PAGE)

    await page.getByLabel('Search').fill('comp')
    await expect(page).toHaveURL(/[?&]q=comp(&|$)/)
    const searched = await callApi<Session[]>(page, `/sessions?status=approved&q=comp&page=1&limit=${PAGE}`)
    expect(searched.total).toBeGreaterThan(1)
    await expect(cardTitles(page)).toHaveText(searched.body.map((s) => s.title))
    await expect(page.getByRole('status').filter({ hasText: / found\.$/ })).toHaveText(foundText(searched.total))

    await page.getByText('Filters').click()
    await page.getByLabel('Fee').selectOption('paid')
    await page.getByLabel('Sort by').selectOption('fee')
    await expect(page).toHaveURL(/fee=paid/)
    await expect(page).toHaveURL(/sort=fee/)
    const narrowed = await callApi<Session[]>(
      page,
      `/sessions?status=approved&q=comp&fee=paid&sort=fee&page=1&limit=${PAGE}`,
    )
    const titles = narrowed.body.map((s) => s.title)
    expect(titles.length).toBeGreaterThan(0)
    await expect(cardTitles(page)).toHaveText(titles)
    const fees = narrowed.body.map((s) => s.registrationFee)
    expect(fees).toEqual([...fees].sort((a, b) => a - b))

    await page.reload()
    await expect(page.getByLabel('Search')).toHaveValue('comp')
    await expect(page.getByLabel('Fee')).toHaveValue('paid')
    await expect(page.getByLabel('Sort by')).toHaveValue('fee')
    await expect(cardTitles(page)).toHaveText(titles)

    await openInApp(page, '/tutors')
    await expect(page.getByRole('heading', { level: 1, name: 'Tutors' })).toBeVisible()
    await page.goBack()
    await expect(page.getByLabel('Search')).toHaveValue('comp')
    await expect(cardTitles(page)).toHaveText(titles)
  },
)

test.describe('offline', () => {
  // Chromium logs every request the unreachable server did not answer.
  test.use({ allowedConsoleErrors: [/Failed to load resource: net::ERR_/], freshContext: true })

  test('a search finds a session kept on the device, and says it searched the phone', async ({ page }) => {
    await page.goto('/study-sessions')
    await waitForServiceWorker(page)
    await expect(cardTitles(page)).toHaveCount(PAGE)
    const { body: kept } = await callApi<Session[]>(page, `/sessions?status=approved&page=1&limit=${PAGE}`)
    // The device keeps them once the page is idle.
    await expect.poll(() => deviceRowCount(page, 'sessions')).toBeGreaterThanOrEqual(kept.length)

    // Two words of a kept session's title, the second cut short and in capitals: the rule's work, offline.
    const wanted = kept[2]!
    const [first, second = ''] = wanted.title.split(/\s+/).filter((w) => /^\p{L}{3,}$/u.test(w))
    const typed = `${second.slice(0, 3).toUpperCase()} ${first}`
    const search = sessionSearchOf({ q: typed }, Date.now())
    const expected = kept
      .filter(sessionMatcher(search))
      .sort(compareSessions(search.sort, (s) => s.averageRating ?? 0))
      .map((s) => s.title)
    expect(expected).toContain(wanted.title)

    await goOffline(page.context())
    try {
      await page.getByLabel('Search').fill(typed)
      await expect(cardTitles(page)).toHaveText(expected)
      await expect(page.getByRole('status').filter({ hasText: SEARCHING_THE_PHONE })).toHaveText(
        `${foundText(expected.length)} ${SEARCHING_THE_PHONE}`,
      )
    } finally {
      await goOnline(page.context())
    }
  })
})
