// A booked material's file opens in a new tab ("Open file"), in both builds:
// the tab is a navigation and carries no token, so the app asks the API for a
// short-lived signed link first (docs/decisions/0051-signed-file-links.md).
import { callApi, logInAs } from './demo-accounts'
import { expect, test } from './fixtures'

interface Material {
  _id: string
  sessionId: string
  title: string
  fileUrl: string
  fileType?: string
}

test.describe('material files', () => {
  // The file's tab is no page of the app: the end-of-test revisit would load the file, not a screen.
  test.use({
    a11yRevisit: false,
    // The file is served with `CSP: sandbox`: scripts in its tab (the guard's own probe) are blocked, as they must be.
    allowedConsoleErrors: [
      [
        /^Blocked script execution in 'http[^']*\/api\/files\/[0-9a-f]{32}\?[^']*' because the document's frame is sandboxed/,
      ],
      { scope: 'test' },
    ],
  })

  test('"Open file" opens a booked material’s file in a new tab', { tag: '@live' }, async ({ page }) => {
    // A tab showing a file asks for /favicon.ico, which the app does not have (its icon is favicon.svg).
    await page.context().route('**/favicon.ico', (route) => route.fulfill({ status: 204 }))
    await logInAs(page, 'student')
    const { body: booked } = await callApi<Material[]>(page, '/materials/approved')
    const material = booked.find((m) => m.fileType === 'text/plain')
    expect(material, 'the seed gives the demo student an approved text material').toBeTruthy()
    const text = await page.evaluate(async (url) => {
      const response = await fetch(url, {
        headers: { Authorization: `Bearer ${localStorage.getItem('access-token')}` },
      })
      return response.text()
    }, material!.fileUrl)

    await page.goto(`/dashboard/student/bookings/${material!.sessionId}/materials`)
    const card = page.getByTestId('material-list').getByRole('listitem').filter({ hasText: material!.title })
    const [tab] = await Promise.all([
      page.context().waitForEvent('page'),
      card.getByRole('button', { name: /^Open file/ }).click(),
    ])
    await tab.waitForLoadState()
    expect(new URL(tab.url()).pathname).toBe(new URL(material!.fileUrl, page.url()).pathname)
    expect(new URL(tab.url()).searchParams.get('signature')).toBeTruthy()
    await expect(tab.locator('body')).toHaveText(text.trim())
    // Opened with noopener: the file's tab cannot reach back into the app.
    expect(await tab.evaluate(() => window.opener)).toBeNull()
    await tab.close()
  })
})
