// Booked sessions' materials on the phone: My Study Materials keeps the
// approved files while online; offline, after a reload, the list and the PDF
// come from the app database and the PDF opens in the 500 px frame as a blob
// the app typed application/pdf (in both builds, @live). Server actions are
// disabled offline with the plain reason.
import { LOCAL_KEYS } from '../../src/shared/storage/browser-storage'
import { DEMO_EMAIL, logInAs } from './demo-accounts'
import { expect, test } from './fixtures'
import { goOffline, goOnline } from './offline-network'

const STUDENT = DEMO_EMAIL.student
const OFFLINE_REASON = 'You are offline. This needs a connection to the server; try again when you are back online.'
// Chromium logs every request the unreachable server did not answer.
// Offline, the app runs on what its own install kept: each test installs it afresh.
test.use({ allowedConsoleErrors: [/Failed to load resource: net::ERR_/], freshContext: true })

test('a booked session’s PDF opens offline from the phone, with its size shown', { tag: '@live' }, async ({ page }) => {
  await logInAs(page, 'student')
  await page.goto('/dashboard/my-materials')
  await expect(page.getByRole('heading', { level: 1, name: 'My Study Materials' })).toBeVisible()
  const cards = page.getByTestId('student-materials').getByRole('listitem')
  await expect(cards.first()).toBeVisible()
  // The seed gives the demo student an approved booking with an approved PDF.
  const pdfCard = cards.filter({ hasText: 'lecture notes' }).first()
  await expect(pdfCard).toBeVisible()
  const title = (await pdfCard.getByRole('heading').textContent())!.trim()
  // Kept while online: "Saved offline" only once the write resolved.
  await expect(pdfCard.getByTestId('kept-size')).toHaveText(/^Saved offline · \d+(\.\d)? (KB|MB)$/, {
    timeout: 15_000,
  })
  const size = await pdfCard.getByTestId('kept-size').textContent()
  await expect(page.getByTestId('kept-total')).toContainText(/^\d+ files?, /)

  await goOffline(page.context())
  try {
    // The persisted query cache (localStorage) would also list them: drop it
    // on every load, as a new build does, so the list can only come from the
    // app database.
    await page.context().addInitScript((key) => {
      // Frames of blob: files (the PDF) have no localStorage, or refuse access.
      try {
        window.localStorage?.removeItem(key)
      } catch {
        // nothing to drop there
      }
    }, LOCAL_KEYS.queryCache)
    await page.reload()
    await expect(page.getByRole('heading', { level: 1, name: 'My Study Materials' })).toBeVisible()
    await expect(
      page.getByText('The server cannot be reached: showing the materials saved on this device.'),
    ).toBeVisible()
    const offlineCard = cards.filter({ has: page.getByRole('heading', { name: title }) })
    await expect(offlineCard.getByTestId('kept-size')).toHaveText(size!)

    await offlineCard.getByRole('button', { name: /^View/ }).click()
    const dialog = page.getByRole('dialog', { name: title })
    const frame = dialog.locator('iframe')
    await expect(frame).toBeVisible()
    expect(await frame.evaluate((el) => el.getBoundingClientRect().height)).toBe(500)
    const src = await frame.getAttribute('src')
    expect(src).toMatch(/^blob:/)
    const blob = await page.evaluate(async (url) => {
      const b = await (await fetch(url)).blob()
      return { type: b.type, head: new TextDecoder().decode((await b.arrayBuffer()).slice(0, 5)) }
    }, src!)
    expect(blob).toEqual({ type: 'application/pdf', head: '%PDF-' })
    // The server really is out of reach.
    expect(
      await page.evaluate(() =>
        fetch('/api/materials/approved').then(
          () => true,
          () => false,
        ),
      ),
    ).toBe(false)
    await dialog.getByRole('button', { name: 'Close' }).click()

    // The booked session's materials page lists it offline too.
    const sessionId = await page.evaluate(
      (materialTitle) =>
        new Promise<string>((resolve, reject) => {
          const request = indexedDB.open('studyhub')
          request.onerror = () => reject(new Error('no app database'))
          request.onsuccess = () => {
            const all = request.result.transaction('materials').objectStore('materials').getAll()
            all.onsuccess = () => {
              request.result.close()
              const row = (all.result as { title: string; sessionId: string }[]).find((m) => m.title === materialTitle)
              if (row) resolve(row.sessionId)
              else reject(new Error('not kept'))
            }
          }
        }),
      title,
    )
    await page.goto(`/dashboard/student/bookings/${sessionId}/materials`)
    const list = page.getByTestId('material-list')
    await expect(list.getByRole('heading', { name: title })).toBeVisible()
    await expect(list.getByTestId('kept-size')).toHaveText(size!)
    await list.getByRole('button', { name: /^View/ }).first().click()
    await expect(page.getByRole('dialog', { name: title }).locator('iframe')).toHaveAttribute('src', /^blob:/)
  } finally {
    await goOnline(page.context())
  }
})

test('Book Now on an Ongoing session is disabled offline, with the reason', async ({ page }) => {
  await logInAs(page, 'student')
  // An Ongoing session the student has not booked, from the server while online.
  const open = await page.evaluate(async (email) => {
    const headers = { Authorization: `Bearer ${localStorage.getItem('access-token')}` }
    const sessions = (await (await fetch('/api/sessions?status=approved', { headers })).json()) as {
      _id: string
      title: string
      registrationStart: string
      registrationEnd: string
    }[]
    const bookings = (await (await fetch(`/api/bookings/student/${email}`, { headers })).json()) as {
      sessionId: string
    }[]
    const booked = new Set(bookings.map((b) => b.sessionId))
    const now = Date.now()
    return sessions.find(
      (s) => !booked.has(s._id) && Date.parse(s.registrationStart) <= now && Date.parse(s.registrationEnd) > now,
    )
  }, STUDENT)
  expect(open, 'the seed has an Ongoing session the student has not booked').toBeTruthy()

  await page.goto(`/session-details/${open!._id}`)
  const book = page.getByRole('button', { name: 'Book Now' })
  await expect(book).toBeEnabled()
  await expect(page.getByText(OFFLINE_REASON)).toHaveCount(0)

  await goOffline(page.context())
  try {
    await expect(book).toBeDisabled()
    const describedBy = await book.getAttribute('aria-describedby')
    expect(describedBy).toBeTruthy()
    await expect(page.locator(`[id="${describedBy}"]`)).toHaveText(OFFLINE_REASON)
    // No review form to disable: a session is reviewed only once booked.
    await expect(page.getByText('Book this session to leave a review.')).toBeVisible()
  } finally {
    await goOnline(page.context())
  }
  await expect(book).toBeEnabled()
})
