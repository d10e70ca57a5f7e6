// Signing in and calling the API in browser tests of the demo build: one way
// for every spec.
//
// - `logInAs` signs in with a demo account's one-click button on /login: the
//   quickest way through the real sign-in (identity provider, role, token),
//   for tests whose subject is not the login form itself.
// - `callApi` calls the API from inside the page, as the app does: through the
//   service worker's demo server, with the app token the app stored. Tests use
//   it to seed data and to read the server's truth where the UI is not under
//   test, and to compute expected values instead of hard-coding them.
import type { Page } from '@playwright/test'
import { expect, waitForServiceWorker } from './fixtures'

export type DemoRole = 'student' | 'tutor' | 'admin'

/** The seeded demo accounts (mocks/seed.ts); all share one password. */
export const DEMO_EMAIL: Record<DemoRole, string> = {
  student: 'student@studyhub.demo',
  tutor: 'tutor@studyhub.demo',
  admin: 'admin@studyhub.demo',
}
export const DEMO_PASSWORD = 'demo1234'

const AVATAR =
  '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 1 1"><rect width="1" height="1" fill="#1e40af"/></svg>'

/** The avatar comes from a public initials service; tests run with no network, so it is answered here. */
export async function answerAvatarService(page: Page): Promise<void> {
  await page.route('https://ui-avatars.com/**', (route) =>
    route.fulfill({ status: 200, contentType: 'image/svg+xml', body: AVATAR }),
  )
}

/** Signs in as a demo account and waits until the app shows the signed-in bar and holds its token. */
export async function logInAs(page: Page, role: DemoRole): Promise<void> {
  await answerAvatarService(page)
  await page.goto('/login')
  await waitForServiceWorker(page)
  await page.getByRole('button', { name: new RegExp(`^${role} demo account`, 'i') }).click()
  await expect(page.getByRole('button', { name: 'Account menu' })).toBeVisible()
  await expect.poll(() => page.evaluate(() => localStorage.getItem('access-token'))).not.toBeNull()
}

export interface ApiAnswer<T> {
  status: number
  /** `X-Total-Count` of a paged list; NaN when the answer has none. */
  total: number
  body: T
}

/** Calls `/api{path}` from inside the page with the stored app token, if any. */
export async function callApi<T>(
  page: Page,
  path: string,
  init: { method?: string; body?: unknown } = {},
): Promise<ApiAnswer<T>> {
  await waitForServiceWorker(page)
  return page.evaluate(
    async ({ path, init }) => {
      const token = localStorage.getItem('access-token')
      const headers: Record<string, string> = {}
      if (init.body !== undefined) headers['Content-Type'] = 'application/json'
      if (token) headers.Authorization = `Bearer ${token}`
      const response = await fetch(`/api${path}`, {
        method: init.method ?? 'GET',
        headers,
        body: init.body === undefined ? undefined : JSON.stringify(init.body),
      })
      return {
        status: response.status,
        total: Number(response.headers.get('X-Total-Count') ?? NaN),
        body: await response.json(),
      }
    },
    { path, init },
  ) as Promise<ApiAnswer<T>>
}
