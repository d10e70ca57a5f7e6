// Offline reading in the built app (both builds, @live). The demo build's
// demo server lives in the service worker but answers nothing while the
// browser is offline, like the live build's API server, so what the page
// shows offline comes from the phone.
import type { Page } from '@playwright/test'
import { LOCAL_KEYS } from '../../src/shared/storage/browser-storage'
import { deviceRowCount } from './device-tables'
import { expect, test, waitForServiceWorker } from './fixtures'
import { goOffline, goOnline } from './offline-network'

// Chromium logs every request the unreachable server did not answer: ERR_FAILED
// when the demo build's worker refuses it, ERR_INTERNET_DISCONNECTED when the
// live build's request meets the missing network.
// Offline, the app runs on what its own install kept: each test installs it afresh.
test.use({
  allowedConsoleErrors: [/Failed to load resource: net::ERR_(FAILED|INTERNET_DISCONNECTED)$/],
  freshContext: true,
})

function homeCards(page: Page) {
  return page.getByRole('region', { name: 'Available Study Sessions' }).getByRole('listitem')
}

/** Titles of the home page's session cards, once they are there. */
async function cardTitles(page: Page): Promise<string[]> {
  const cards = homeCards(page)
  await expect(cards.first()).toBeVisible()
  return cards.getByRole('heading').allTextContents()
}

/** The device keeps its copy after the first paint: wait until the home list is on the phone. */
async function waitForDeviceCopy(page: Page): Promise<void> {
  await expect.poll(() => deviceRowCount(page, 'sessionPages')).toBeGreaterThan(0)
}

test(
  'a reload while offline shows the home page and its session cards from the phone',
  { tag: '@live' },
  async ({ page }) => {
    await page.goto('/')
    await waitForServiceWorker(page)
    const online = await cardTitles(page)
    expect(online.length).toBeGreaterThan(0)
    await waitForDeviceCopy(page)
    await expect(page.getByRole('status').filter({ hasText: 'Offline' })).toHaveCount(0)

    await goOffline(page.context())
    try {
      // The persisted query cache (localStorage) would also show them: drop it
      // on every load, as a new build does, so the cards can only come from
      // the app database.
      await page.context().addInitScript((key) => localStorage.removeItem(key), LOCAL_KEYS.queryCache)
      // The fixture proves the server is out of reach once the reload lands.
      await page.reload()

      await expect(page.getByRole('heading', { level: 1, name: 'Unlock Knowledge, Anytime, Anywhere' })).toBeVisible()
      expect(await cardTitles(page)).toEqual(online)
      await expect(page.getByRole('status').filter({ hasText: /^Offline — showing data from .+/ })).toBeVisible()
    } finally {
      await goOnline(page.context())
    }
    // Back online the notice goes away.
    await expect(page.getByRole('status').filter({ hasText: 'Offline' })).toHaveCount(0)
  },
)
