// Signing in and calling the API in browser tests: one way for every spec, in
// both builds. The seeded demo accounts exist in both: in the demo build's
// identity provider, and (made by tests/e2e/live/live-stack.ts, with verified
// emails) in the Auth emulator of the live build's API server.
//
// - `logInAs` starts the app signed in as a seeded account without going
//   through the login screen: it puts the identity provider's own record of
//   the signed-in user where the provider keeps it, then opens the app, which
//   signs in as a returning user does (ID token, POST /jwt, role). Only the
//   specs about signing in use the screen (`submitLogin`); every other test
//   starts here, which saves the login screen's load, its scan and the
//   provider's round trips in every test.
//   - demo build: the demo provider's ID token, asked of its API
//     (/api/demo-idp/sign-in) as the login screen would, kept in localStorage;
//   - live build: Firebase's persisted user (its IndexedDB record), made by one
//     real sign-in per role and worker process, then copied into each test's
//     browser: Firebase refreshes its token with the emulator as it would for
//     any returning user.
// - `callApi` calls the API from inside the page, as the app does (through the
//   service worker's demo server in a demo build, the API server in a live
//   one), with the app token the app stored. Tests use it to seed data and to
//   read the server's truth where the UI is not under test, and to compute
//   expected values instead of hard-coding them.
import type { Browser, Page } from '@playwright/test'
import { DEMO_ACCOUNT_PASSWORD, DEMO_IDP_BASE, demoIdpPaths } from '../../src/contract/demo-identity'
import { LOCAL_KEYS } from '../../src/shared/storage/browser-storage'
import { CLIENT_HEADER, CLIENT_HEADER_VALUE } from '../../src/contract/routes'
import { appMode, expect, gotoUnchecked, waitForServiceWorker } from './fixtures'
import { LIVE_FIREBASE_PROJECT_ID } from './live/live-build-env'
import { isOnStaticPage, STATIC_PAGE } from './offline-network'

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

/** The email inside the app token the page holds, if any. */
function appTokenEmail(page: Page): Promise<string | null> {
  return page.evaluate(() => {
    const claims = localStorage.getItem('access-token')?.split('.')[1]
    return claims
      ? ((JSON.parse(atob(claims.replace(/-/g, '+').replace(/_/g, '/'))) as { email?: string }).email ?? null)
      : null
  })
}

/** Firebase's IndexedDB, as its SDK keeps a signed-in user (database, store, key path). */
const FIREBASE_DB = { name: 'firebaseLocalStorageDb', store: 'firebaseLocalStorage', keyPath: 'fbase_key' }
type FirebaseRecord = { fbase_key: string; value: unknown }

/** Per worker process: each role's Firebase record, made by one real sign-in. */
const firebaseUsers = new Map<DemoRole, Promise<FirebaseRecord[]>>()

/** Signs in once through the live build's login form in a context of its own, and keeps what Firebase stored. */
async function firebaseUserOf(browser: Browser, baseURL: string, role: DemoRole): Promise<FirebaseRecord[]> {
  const context = await browser.newContext({ baseURL, serviceWorkers: 'block' })
  try {
    const page = await context.newPage()
    await answerAvatarService(page)
    await page.goto('/login')
    await page.getByLabel('Email').fill(DEMO_EMAIL[role])
    await page.getByLabel('Password').fill(DEMO_PASSWORD)
    await page.getByRole('button', { name: 'Login', exact: true }).click()
    await expect(page.getByRole('button', { name: 'Account menu' })).toBeVisible({ timeout: 20_000 })
    const records = await page.evaluate(
      ({ name, store }) =>
        new Promise<FirebaseRecord[]>((resolve, reject) => {
          const open = indexedDB.open(name)
          open.onerror = () => reject(open.error)
          open.onsuccess = () => {
            const read = open.result.transaction(store).objectStore(store).getAll()
            read.onerror = () => reject(read.error)
            read.onsuccess = () => resolve(read.result as FirebaseRecord[])
          }
        }),
      FIREBASE_DB,
    )
    if (records.length === 0) throw new Error(`Firebase kept no user after signing in as ${role}`)
    return records
  } finally {
    await context.close()
  }
}

/** Puts the identity provider's record of `role`'s signed-in user where the provider looks for it. */
async function placeIdentity(page: Page, role: DemoRole): Promise<void> {
  if (appMode() === 'demo') {
    const failure = await page.evaluate(
      async ({ url, body, key, headers }) => {
        const response = await fetch(url, {
          method: 'POST',
          headers: { ...headers, 'Content-Type': 'application/json' },
          body: JSON.stringify(body),
        })
        if (!response.ok) return `${response.status} ${await response.text()}`
        localStorage.setItem(key, JSON.stringify(await response.json()))
        return null
      },
      {
        url: DEMO_IDP_BASE + demoIdpPaths.signIn,
        body: { email: DEMO_EMAIL[role], password: DEMO_PASSWORD },
        key: LOCAL_KEYS.demoIdentity,
        headers: APP_HEADERS,
      },
    )
    expect(failure, `the demo identity provider signs ${role} in`).toBeNull()
    return
  }
  const browser = page.context().browser()!
  const baseURL = new URL(page.url()).origin
  let records = firebaseUsers.get(role)
  if (!records) firebaseUsers.set(role, (records = firebaseUserOf(browser, baseURL, role)))
  await page.evaluate(
    ({ db, records }) =>
      new Promise<void>((resolve, reject) => {
        const open = indexedDB.open(db.name, 1)
        open.onupgradeneeded = () => open.result.createObjectStore(db.store, { keyPath: db.keyPath })
        open.onerror = () => reject(open.error)
        open.onsuccess = () => {
          const tx = open.result.transaction(db.store, 'readwrite')
          const store = tx.objectStore(db.store)
          store.clear()
          for (const record of records) store.put(record)
          tx.oncomplete = () => {
            open.result.close()
            resolve()
          }
          tx.onerror = () => reject(tx.error)
        }
      }),
    { db: FIREBASE_DB, records: await records },
  )
}

/**
 * Starts the app signed in as a seeded account at `path` (the page the test
 * is on, or `/`), and waits until it shows the signed-in bar and holds that
 * account's app token. The sign-in is the real one, minus the login screen:
 * the provider's token, POST /jwt and the role, as for a returning user.
 */
export async function logInAs(page: Page, role: DemoRole, path?: string): Promise<void> {
  await answerAvatarService(page)
  const onStaticPage = isOnStaticPage(page)
  const at = page.url().startsWith('http') && !onStaticPage ? new URL(page.url()) : null
  const target = path ?? (at ? at.pathname + at.search : '/')
  // The app in this tab saved its first-paint state for whoever it showed (nobody, or the last
  // role), and saves it again as it unloads. A device where this account signed in holds theirs
  // or none, never another's: so the app leaves first (a static file of the origin is the tab's
  // stop, where a kept context's wipe leaves the test's page), then the saved state goes, and
  // the app starts as the account's returning user does.
  if (!onStaticPage) await gotoUnchecked(page, STATIC_PAGE)
  // The demo's identity provider lives in the service worker. A context that has the app
  // installed (./warm-context.ts) has it at once; a new one installs it by starting the app.
  if (appMode() === 'demo' && !(await isControlled(page))) {
    await gotoUnchecked(page, '/')
    await waitForServiceWorker(page)
    await gotoUnchecked(page, STATIC_PAGE)
  }
  await placeIdentity(page, role)
  // As the app marks a device whose provider holds someone (a start without the mark loads no provider).
  await page.evaluate(
    ({ cache, signedIn }) => {
      localStorage.removeItem(cache)
      localStorage.setItem(signedIn, '1')
    },
    { cache: LOCAL_KEYS.queryCache, signedIn: LOCAL_KEYS.signedIn },
  )
  await page.goto(target)
  await expect(page.getByRole('button', { name: 'Account menu' })).toBeVisible()
  await expect.poll(() => appTokenEmail(page), { timeout: 10_000 }).toBe(DEMO_EMAIL[role])
}

function isControlled(page: Page): Promise<boolean> {
  return page.evaluate(() => navigator.serviceWorker?.controller != null)
}

export interface ApiAnswer<T> {
  status: number
  /** `X-Total-Count` of a paged list; NaN when the answer has none. */
  total: number
  body: T
}

/** The header the app's HTTP client sends on writes: the servers' same-origin signal. */
export const APP_HEADERS: Record<string, string> = { [CLIENT_HEADER]: CLIENT_HEADER_VALUE }

/**
 * Calls `/api{path}` from inside the page with the stored app token, if any,
 * or with `init.token` (another account's, from `roleTokens`).
 */
export async function callApi<T>(
  page: Page,
  path: string,
  init: { method?: string; body?: unknown; token?: string } = {},
): Promise<ApiAnswer<T>> {
  await waitForServiceWorker(page)
  return page.evaluate(
    async ({ path, init, appHeaders }) => {
      const token = init.token ?? localStorage.getItem('access-token')
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

/**
 * The identity provider's ID tokens for these accounts, made (`signUp`) or
 * signed in (`signIn`) through its REST API as its SDK does: the demo server's
 * provider, or the live build's Auth emulator (the one other http origin the
 * live page may call, as its Content-Security-Policy says). All at once.
 * `verifiedSignUp` makes an account whose email the provider vouches for, as
 * only such an account may be made a tutor: a Google account of the demo's
 * provider, or a password account the emulator's admin marks verified.
 */
export async function idTokens(
  page: Page,
  kind: 'signUp' | 'signIn' | 'verifiedSignUp',
  accounts: { email: string; password: string }[],
): Promise<string[]> {
  await waitForServiceWorker(page)
  return page.evaluate(
    async ({ kind, accounts, mode, idp, appHeaders, projectId }) => {
      const policy = document.querySelector('meta[http-equiv="Content-Security-Policy"]')?.getAttribute('content') ?? ''
      const emulator = /connect-src ([^;]*)/
        .exec(policy)?.[1]
        ?.split(' ')
        .find((source) => source.startsWith('http://') && source !== location.origin)
      const post = async (url: string, body: unknown, headers: Record<string, string> = {}) => {
        const answer = await fetch(url, {
          method: 'POST',
          headers: { 'Content-Type': 'application/json', ...headers },
          body: JSON.stringify(body),
        })
        if (!answer.ok) throw new Error(`${kind} ${url}: ${answer.status} ${await answer.text()}`)
        return (await answer.json()) as { idToken: string; localId: string }
      }
      const toolkit = `${emulator}/identitytoolkit.googleapis.com/v1`
      const live = async (endpoint: 'signUp' | 'signInWithPassword', email: string, password: string) =>
        post(`${toolkit}/accounts:${endpoint}?key=any`, { email, password, returnSecureToken: true })
      return Promise.all(
        accounts.map(async ({ email, password }) => {
          if (mode === 'demo') {
            const [path, body] =
              kind === 'signUp'
                ? [idp.signUp, { email, password, displayName: 'x' }]
                : kind === 'signIn'
                  ? [idp.signIn, { email, password }]
                  : [idp.google, { email, displayName: 'x' }]
            return (await post(path, body, appHeaders)).idToken
          }
          if (kind === 'signIn') return (await live('signInWithPassword', email, password)).idToken
          const made = await live('signUp', email, password)
          if (kind === 'signUp') return made.idToken
          // The emulator takes `Bearer owner` as the project's admin; a new sign-in's token says verified.
          const update = `${toolkit}/projects/${projectId}/accounts:update`
          await post(update, { localId: made.localId, emailVerified: true }, { Authorization: 'Bearer owner' })
          return (await live('signInWithPassword', email, password)).idToken
        }),
      )
    },
    {
      kind,
      accounts,
      mode: appMode(),
      idp: {
        signUp: DEMO_IDP_BASE + demoIdpPaths.signUp,
        signIn: DEMO_IDP_BASE + demoIdpPaths.signIn,
        google: DEMO_IDP_BASE + demoIdpPaths.google,
      },
      appHeaders: APP_HEADERS,
      projectId: LIVE_FIREBASE_PROJECT_ID,
    },
  )
}

/** App tokens for accounts with an ID token: POST /jwt, as the app asks for one. */
export async function appTokensFor(page: Page, accounts: { email: string; idToken: string }[]): Promise<string[]> {
  const answers = await Promise.all(
    accounts.map(({ email, idToken }) =>
      callApi<{ token: string }>(page, '/jwt', { method: 'POST', body: { email, idToken }, token: idToken }),
    ),
  )
  expect(
    answers.map((answer) => answer.status),
    'POST /jwt for each account',
  ).toEqual(accounts.map(() => 200))
  return answers.map((answer) => answer.body.token)
}

const ROLES: DemoRole[] = ['student', 'tutor', 'admin']

/**
 * Each seeded role's app token, for `callApi(page, path, { token })`: a test
 * seeds as any role whoever the page is signed in as, so the page signs in
 * (a page load and its scan) only as the roles whose screens it looks at.
 */
export async function roleTokens(page: Page): Promise<Record<DemoRole, string>> {
  const emails = ROLES.map((role) => DEMO_EMAIL[role])
  const ids = await idTokens(
    page,
    'signIn',
    emails.map((email) => ({ email, password: DEMO_PASSWORD })),
  )
  const [student, tutor, admin] = await appTokensFor(
    page,
    emails.map((email, i) => ({ email, idToken: ids[i]! })),
  )
  return { student: student!, tutor: tutor!, admin: admin! }
}

/** One account's app token, signed in with the demo password (seeded accounts of any role). */
export async function tokenOf(page: Page, email: string): Promise<string> {
  const [idToken] = await idTokens(page, 'signIn', [{ email, password: DEMO_PASSWORD }])
  const [token] = await appTokensFor(page, [{ email, idToken: idToken! }])
  return token!
}
