// Signing in and calling the API in browser tests: one way for every spec, in
// both builds. The seeded demo accounts exist in both: in the demo build's
// identity provider, and (made by tests/e2e/live/live-stack.ts, with verified
// emails) in the Auth emulator of the live build's API server.
//
// - `logInAs` signs in as a seeded account the quickest way the build offers:
//   the demo build's one-tap button, or the live build's password form. It is
//   the real sign-in either way (identity provider, role, token), for tests
//   whose subject is not the login form itself.
// - `callApi` calls the API from inside the page, as the app does (through the
//   service worker's demo server in a demo build, the API server in a live
//   one), with the app token the app stored. Tests use it to seed data and to
//   read the server's truth where the UI is not under test, and to compute
//   expected values instead of hard-coding them.
import type { Page } from '@playwright/test'
import { DEMO_ACCOUNT_PASSWORD } from '../../src/contract/demo-identity'
import { CLIENT_HEADER, CLIENT_HEADER_VALUE } from '../../src/contract/routes'
import { appMode, expect, waitForServiceWorker } from './fixtures'

export type DemoRole = 'student' | 'tutor' | 'admin'

/** The seeded demo accounts (server/core/seed); all share one password. */
export const DEMO_EMAIL: Record<DemoRole, string> = {
  student: 'student@studyhub.demo',
  tutor: 'tutor@studyhub.demo',
  admin: 'admin@studyhub.demo',
}
const DEMO_PASSWORD = DEMO_ACCOUNT_PASSWORD

const AVATAR =
  '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 1 1"><rect width="1" height="1" fill="#1e40af"/></svg>'

/** The avatar comes from a public initials service; tests run with no network, so it is answered here. */
export async function answerAvatarService(page: Page): Promise<void> {
  await page.route('https://ui-avatars.com/**', (route) =>
    route.fulfill({ status: 200, contentType: 'image/svg+xml', body: AVATAR }),
  )
}

/** On /login: signs in as the role's seeded account (demo build: its one-tap button; live build: the password form). */
export async function submitLogin(page: Page, role: DemoRole): Promise<void> {
  if (appMode() === 'demo') {
    await page.getByRole('button', { name: new RegExp(`^${role} demo account`, 'i') }).click()
    return
  }
  await page.getByLabel('Email').fill(DEMO_EMAIL[role])
  await page.getByLabel('Password').fill(DEMO_PASSWORD)
  await page.getByRole('button', { name: 'Login', exact: true }).click()
}

/** Signs in as a demo account and waits until the app shows the signed-in bar and holds its token. */
export async function logInAs(page: Page, role: DemoRole): Promise<void> {
  await answerAvatarService(page)
  await page.goto('/login')
  await waitForServiceWorker(page)
  await submitLogin(page, role)
  await expect(page.getByRole('button', { name: 'Account menu' })).toBeVisible()
  await expect.poll(() => page.evaluate(() => localStorage.getItem('access-token'))).not.toBeNull()
}

export interface ApiAnswer<T> {
  status: number
  /** `X-Total-Count` of a paged list; NaN when the answer has none. */
  total: number
  body: T
}

/** The header the app's HTTP client sends on writes: the servers' same-origin signal. */
export const APP_HEADERS: Record<string, string> = { [CLIENT_HEADER]: CLIENT_HEADER_VALUE }

/** Calls `/api{path}` from inside the page with the stored app token, if any. */
export async function callApi<T>(
  page: Page,
  path: string,
  init: { method?: string; body?: unknown } = {},
): Promise<ApiAnswer<T>> {
  await waitForServiceWorker(page)
  return page.evaluate(
    async ({ path, init, appHeaders }) => {
      const token = localStorage.getItem('access-token')
      const headers: Record<string, string> = { ...appHeaders }
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
    { path, init, appHeaders: APP_HEADERS },
  ) as Promise<ApiAnswer<T>>
}
