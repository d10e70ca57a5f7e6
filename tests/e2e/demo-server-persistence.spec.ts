// In the built app, the demo server in the service worker keeps its
// data in IndexedDB, so writes survive closing every tab; and it behaves like
// a remote server, so with no network its calls fail as network errors.
import type { Page } from '@playwright/test'
import { APP_HEADERS } from './demo-accounts'
import { expect, test, waitForServiceWorker } from './fixtures'
import { goOffline, goOnline } from './offline-network'

// Offline fetches are logged by Chromium as failed resource loads.
// Offline, the app runs on what its own install kept: each test installs it afresh.
test.use({ allowedConsoleErrors: ['net::ERR_', 'Failed to load resource'], freshContext: true })

const STUDENT = 'student@studyhub.demo'
const TUTOR = 'tutor@studyhub.demo'
const PASSWORD = 'demo1234'

/** Sign-in through the API as the app does it: the identity provider's ID token buys an app token. */
async function appToken(page: Page, email: string): Promise<string> {
  return page.evaluate(
    async ({ email, password, appHeaders }) => {
      const signIn = await fetch('/api/demo-idp/sign-in', {
        method: 'POST',
        headers: { 'Content-Type': 'application/json', ...appHeaders },
        body: JSON.stringify({ email, password }),
      })
      const { idToken } = (await signIn.json()) as { idToken: string }
      const jwt = await fetch('/api/jwt', {
        method: 'POST',
        headers: { 'Content-Type': 'application/json', Authorization: `Bearer ${idToken}`, ...appHeaders },
        body: JSON.stringify({ email }),
      })
      if (!jwt.ok) throw new Error(`POST /jwt answered ${jwt.status}`)
      return ((await jwt.json()) as { token: string }).token
    },
    { email, password: PASSWORD, appHeaders: APP_HEADERS },
  )
}

interface Call {
  method?: string
  path: string
  token: string
  body?: unknown
}

/** One API call from inside the page; a network failure comes back as `{ networkError }`. */
function call(page: Page, { method = 'GET', path, token, body }: Call) {
  return page.evaluate(
    async ({ method, path, token, body, appHeaders }) => {
      try {
        const response = await fetch(path, {
          method,
          headers: {
            Authorization: `Bearer ${token}`,
            ...appHeaders,
            ...(body ? { 'Content-Type': 'application/json' } : {}),
          },
          body: body ? JSON.stringify(body) : undefined,
        })
        return { status: response.status, json: (await response.json()) as unknown, networkError: null }
      } catch (error) {
        return { status: 0, json: null, networkError: String(error) }
      }
    },
    { method, path, token, body, appHeaders: APP_HEADERS },
  )
}

test('writes survive closing every tab, and fail like an unreachable server while offline', async ({
  page,
  context,
}) => {
  const stamp = `${Date.now()}`
  await page.goto('/')
  await waitForServiceWorker(page)
  const student = await appToken(page, STUDENT)
  const tutor = await appToken(page, TUTOR)

  // Three writes through three endpoints.
  const note = await call(page, {
    method: 'POST',
    path: '/api/notes',
    token: student,
    body: { email: STUDENT, title: `Persisted ${stamp}`, description: 'Written before every tab closed' },
  })
  expect(note.status).toBe(201)

  const sessions = (await call(page, { path: '/api/sessions?status=approved', token: student })).json as Array<{
    _id: string
    tutorEmail: string
    registrationStart: string
    registrationEnd: string
  }>
  const booked = (await call(page, { path: `/api/bookings/student/${STUDENT}`, token: student })).json as Array<{
    sessionId: string
  }>
  const now = Date.now()
  const open = sessions.find(
    (s) =>
      Date.parse(s.registrationStart) <= now &&
      Date.parse(s.registrationEnd) >= now &&
      !booked.some((b) => b.sessionId === s._id),
  )
  expect(open, 'the seed has an Ongoing session this student has not booked').toBeTruthy()
  const booking = await call(page, {
    method: 'POST',
    path: '/api/bookings',
    token: student,
    body: { sessionId: open!._id, studentEmail: STUDENT, tutorEmail: open!.tutorEmail },
  })
  expect(booking.json).toMatchObject({ success: true })

  const day = 24 * 60 * 60 * 1000
  const iso = (offset: number) => new Date(now + offset).toISOString()
  const created = await call(page, {
    method: 'POST',
    path: '/api/sessions',
    token: tutor,
    body: {
      title: `Persisted session ${stamp}`,
      subject: 'Physics',
      description: 'Created before every tab closed',
      registrationStart: iso(0),
      registrationEnd: iso(7 * day),
      classStart: iso(10 * day),
      classEnd: iso(20 * day),
      duration: 2,
      registrationFee: 0,
      tutorName: 'Demo Tutor',
      tutorEmail: TUTOR,
    },
  })
  expect(created.json).toMatchObject({ insertedId: expect.any(String) })

  // Close every tab; a new one finds the data where the demo server keeps it.
  await page.close()
  expect(context.pages()).toHaveLength(0)
  const fresh = await context.newPage()
  await fresh.goto('/')
  await waitForServiceWorker(fresh)

  const notes = (await call(fresh, { path: `/api/notes/student/${STUDENT}`, token: student })).json as Array<{
    title: string
  }>
  expect(notes.map((n) => n.title)).toContain(`Persisted ${stamp}`)
  const bookings = (await call(fresh, { path: `/api/bookings/student/${STUDENT}`, token: student })).json as Array<{
    sessionId: string
    status: string
  }>
  expect(bookings).toContainEqual(expect.objectContaining({ sessionId: open!._id, status: 'pending' }))
  const mine = (await call(fresh, { path: `/api/sessions/tutor/${TUTOR}`, token: tutor })).json as Array<{
    title: string
    status: string
  }>
  expect(mine).toContainEqual(expect.objectContaining({ title: `Persisted session ${stamp}`, status: 'pending' }))

  // No network: the same calls fail as an unreachable server's would, reads and writes alike.
  await goOffline(context)
  const offlineRead = await call(fresh, { path: `/api/notes/student/${STUDENT}`, token: student })
  expect(offlineRead.networkError).toMatch(/Failed to fetch/)
  const offlineWrite = await call(fresh, {
    method: 'POST',
    path: '/api/notes',
    token: student,
    body: { email: STUDENT, title: `Offline ${stamp}`, description: 'Never stored' },
  })
  expect(offlineWrite.networkError).toMatch(/Failed to fetch/)

  // Back online, they succeed again, and the offline write never happened.
  await goOnline(context)
  const again = await call(fresh, { path: `/api/notes/student/${STUDENT}`, token: student })
  expect(again.status).toBe(200)
  const titles = (again.json as Array<{ title: string }>).map((n) => n.title)
  expect(titles).toContain(`Persisted ${stamp}`)
  expect(titles).not.toContain(`Offline ${stamp}`)
  await fresh.close()
})
