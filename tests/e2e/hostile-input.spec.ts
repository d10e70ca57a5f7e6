// Hostile input, end to end (README, "Security"): every string of
// ./hostile-strings.ts goes in where another user will see it or the app will
// follow it (note title and text, a user's name and photo URL, the admin's
// user search, the return path after logging in), straight through the API as
// an attacker would, past the forms' own checks. Then the screens that show
// them are visited, and every test holds the page to the same rules:
//
// - no dialog (alert, confirm, prompt) opens and no popup either;
// - no payload runs: the canary global stays unset;
// - the page never leaves the app's origin, and nothing but an image is ever
//   asked of the attacker's host;
// - no frame without `sandbox` shows uploaded or inline content;
// - each string is shown as the text it is (the fixture also fails the test
//   on any console error or Content-Security-Policy violation).
//
// Records are made by API calls, so the suite takes a few minutes in each build.
import type { Page } from '@playwright/test'
import { TEXT_LIMITS } from '../../src/contract/limits'
import { DEMO_IDP_BASE, demoIdpPaths } from '../../src/contract/demo-identity'
import { safeReturnPath } from '../../src/features/auth/return-path'
import { APP_HEADERS, callApi, DEMO_EMAIL, logInAs, submitLogin, type DemoRole } from './demo-accounts'
import { appMode, expect, test, waitForServiceWorker } from './fixtures'
import { CANARY_NAME, HOSTILE_STRINGS, HOSTILE_URLS } from './hostile-strings'

const EVIL_HOST = 'evil.example'
/** Rows per page of the admin's users table (src/features/users/components/manage-users.tsx). */
const USERS_PAGE_SIZE = 10
const RUN_TAG = () => Date.now().toString(36)
const BLANK_SVG = '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 1 1"/>'

/** Signs in as `role` and waits until the stored app token is theirs (a page load may first renew the last user's). */
async function signInAs(page: Page, role: DemoRole) {
  await logInAs(page, role)
  await expect
    .poll(() =>
      page.evaluate(() => {
        const token = localStorage.getItem('access-token')
        const claims = token?.split('.')[1]
        return claims
          ? (JSON.parse(atob(claims.replace(/-/g, '+').replace(/_/g, '/'))) as { email?: string }).email
          : null
      }),
    )
    .toBe(DEMO_EMAIL[role])
}

test.use({
  // Ids that climb out of a route are answered 404 (or 400): the browser logs those loads.
  allowedConsoleErrors: [/status of 40[04]/],
  a11yRevisit: false,
})

/** Cut to a field's limit without splitting a surrogate pair. */
function clip(text: string, max: number): string {
  if (text.length <= max) return text
  const cut = text.slice(0, max)
  return /[\uD800-\uDBFF]$/.test(cut) ? cut.slice(0, -1) : cut
}

/** Text as a page shows it: runs of blanks are one space, none at the ends (the servers trim). */
const shown = (text: string) => text.replace(/\s+/g, ' ').trim()

/** Watches the page for every sign of a payload at work; `check()` fails the test on any. */
async function watchForAttacks(page: Page, baseURL: string) {
  const origin = new URL(baseURL).origin
  const problems: string[] = []
  page.on('dialog', (dialog) => {
    problems.push(`a ${dialog.type()} dialog opened: ${dialog.message()}`)
    void dialog.dismiss()
  })
  page.on('popup', (popup) => problems.push(`a popup opened: ${popup.url()}`))
  page.on('framenavigated', (frame) => {
    if (frame !== page.mainFrame()) return
    const url = frame.url()
    if (url === 'about:blank') return
    if (!url.startsWith('http') || new URL(url).origin !== origin) problems.push(`the page went to ${url}`)
  })
  // A photo may be on any host, the attacker's too (it gets a blank image here, the network being off);
  // anything else asked of that host is a payload at work.
  await page.context().route(`**://${EVIL_HOST}/**`, async (route) => {
    if (route.request().resourceType() === 'image') {
      return route.fulfill({ status: 200, contentType: 'image/svg+xml', body: BLANK_SVG })
    }
    problems.push(`${route.request().resourceType()} asked of ${route.request().url()}`)
    return route.abort()
  })
  return {
    async check(where: string) {
      const seen = await page.evaluate((canary) => {
        const unsafe = (src: string) => /^(blob|data|javascript|about):/i.test(src)
        return {
          canary: (window as unknown as Record<string, unknown>)[canary] ?? null,
          frames: [...document.querySelectorAll('iframe')]
            .filter((frame) => !frame.hasAttribute('sandbox'))
            .filter((frame) => frame.hasAttribute('srcdoc') || unsafe(frame.getAttribute('src') ?? 'about:blank'))
            .map((frame) => frame.outerHTML.slice(0, 200)),
          polluted: ({} as Record<string, unknown>).polluted ?? null,
        }
      }, CANARY_NAME)
      expect(seen.canary, `a payload ran (${where})`).toBeNull()
      expect(seen.polluted, `Object.prototype was polluted (${where})`).toBeNull()
      expect(seen.frames, `unsandboxed frames with untrusted content (${where})`).toEqual([])
      expect(problems, where).toEqual([])
    },
  }
}

/** Fails with the strings the element's text does not hold, each as it would be shown. */
async function expectShownAsText(page: Page, selector: string, strings: readonly string[]) {
  const root = page.locator(selector).first()
  await expect(root).toBeVisible()
  const text = shown((await root.textContent()) ?? '')
  expect(strings.filter((s) => !text.includes(shown(s)))).toEqual([])
}

interface Call {
  path: string
  method?: string
  body?: unknown
  /** Multipart instead of JSON: fields, and one text file. */
  form?: { fields: Record<string, string>; file: { name: string; text: string; type: string } }
}

/** Many API calls from inside the page, one after the other, with the stored app token. */
async function callMany<T>(page: Page, calls: Call[]): Promise<{ status: number; body: T }[]> {
  await waitForServiceWorker(page)
  return page.evaluate(
    async ({ calls, appHeaders }) => {
      const answers: { status: number; body: unknown }[] = []
      for (const call of calls) {
        const headers: Record<string, string> = {
          ...appHeaders,
          Authorization: `Bearer ${localStorage.getItem('access-token')}`,
        }
        let body: BodyInit | undefined
        if (call.form) {
          const form = new FormData()
          for (const [name, value] of Object.entries(call.form.fields)) form.append(name, value)
          const { name, text, type } = call.form.file
          form.append('file', new File([text], name, { type }))
          body = form
        } else if (call.body !== undefined) {
          headers['Content-Type'] = 'application/json'
          body = typeof call.body === 'string' ? call.body : JSON.stringify(call.body)
        }
        const response = await fetch(`/api${call.path}`, { method: call.method ?? 'GET', headers, body })
        answers.push({ status: response.status, body: await response.json().catch(() => null) })
      }
      return answers
    },
    { calls, appHeaders: APP_HEADERS },
  ) as Promise<{ status: number; body: T }[]>
}

/** Fails with each string whose call was not answered `status`, and the answer's message. */
function expectAll(answers: { status: number; body: unknown }[], strings: readonly string[], status: number) {
  const wrong = answers.flatMap((answer, i) =>
    answer.status === status
      ? []
      : [`${answer.status} ${JSON.stringify(answer.body)} for ${JSON.stringify(strings[i])}`],
  )
  expect(wrong).toEqual([])
}

test(
  'notes are shown as text and never run, whatever keys their body carries',
  { tag: '@live' },
  async ({ page, baseURL }) => {
    test.setTimeout(180_000)
    const watch = await watchForAttacks(page, baseURL!)
    await signInAs(page, 'student')
    const notes = await callMany<{ insertedId: string }>(
      page,
      HOSTILE_STRINGS.map((s) => ({
        path: '/notes',
        method: 'POST',
        body: { email: DEMO_EMAIL.student, title: clip(s, TEXT_LIMITS.noteTitle), description: s },
      })),
    )
    expectAll(notes, HOSTILE_STRINGS, 201)
    // A body whose own keys are Object.prototype's: refused or stored as plain text, never merged into anything.
    const title = `Prototype keys ${RUN_TAG()}`
    const [polluting] = await callMany<{ insertedId?: string }>(page, [
      {
        path: '/notes',
        method: 'POST',
        body: `{"__proto__":{"polluted":true},"constructor":{"prototype":{"polluted":true}},"email":"${DEMO_EMAIL.student}","title":"${title}","description":"x"}`,
      },
    ])
    expect([201, 400]).toContain(polluting!.status)

    await page.goto('/dashboard/my-notes')
    await expectShownAsText(page, 'main', [
      ...HOSTILE_STRINGS.map((s) => clip(s, TEXT_LIMITS.noteTitle)),
      ...HOSTILE_STRINGS,
    ])
    await watch.check('the student’s notes')
    const listed = await callApi<Record<string, unknown>[]>(page, `/notes/student/${DEMO_EMAIL.student}`)
    expect(
      listed.body.filter((note) => 'polluted' in note || Object.getPrototypeOf(note) !== Object.prototype),
    ).toEqual([])

    const ids = [
      ...notes.map((a) => a.body.insertedId),
      ...(polluting!.body.insertedId ? [polluting!.body.insertedId] : []),
    ]
    await callMany(
      page,
      ids.map((id) => ({ path: `/notes/${id}`, method: 'DELETE' })),
    )
  },
)

test(
  'users’ names and photo URLs, and the admin’s search, never run or leave the origin',
  { tag: '@live' },
  async ({ page, baseURL }) => {
    test.setTimeout(240_000)
    const watch = await watchForAttacks(page, baseURL!)
    await signInAs(page, 'admin')
    const tag = `hostile-${RUN_TAG()}`
    const people = HOSTILE_STRINGS.map((s, i) => ({
      email: `${tag}-${i}@studyhub.test`,
      name: clip(s, TEXT_LIMITS.name),
      photo: HOSTILE_URLS[i % HOSTILE_URLS.length]!,
    }))
    // Accounts made as an attacker would: the identity provider's sign-up, then POST /users with its ID token.
    const made = await page.evaluate(
      async ({ people, mode, idp, appHeaders }) => {
        const policy =
          document.querySelector('meta[http-equiv="Content-Security-Policy"]')?.getAttribute('content') ?? ''
        // The live build's emulator is the one other http origin its page may call.
        const emulator = /connect-src ([^;]*)/
          .exec(policy)?.[1]
          ?.split(' ')
          .find((source) => source.startsWith('http://') && source !== location.origin)
        const statuses: number[] = []
        for (const person of people) {
          const signUp =
            mode === 'demo'
              ? await fetch(idp, {
                  method: 'POST',
                  headers: { 'Content-Type': 'application/json', ...appHeaders },
                  body: JSON.stringify({ email: person.email, password: 'hostile-pass-1', displayName: 'x' }),
                })
              : await fetch(`${emulator}/identitytoolkit.googleapis.com/v1/accounts:signUp?key=any`, {
                  method: 'POST',
                  headers: { 'Content-Type': 'application/json' },
                  body: JSON.stringify({ email: person.email, password: 'hostile-pass-1', returnSecureToken: true }),
                })
          const { idToken } = (await signUp.json()) as { idToken: string }
          const created = await fetch('/api/users', {
            method: 'POST',
            headers: { 'Content-Type': 'application/json', Authorization: `Bearer ${idToken}`, ...appHeaders },
            body: JSON.stringify(person),
          })
          statuses.push(created.status)
        }
        return statuses
      },
      { people, mode: appMode(), idp: DEMO_IDP_BASE + demoIdpPaths.signUp, appHeaders: APP_HEADERS },
    )
    expect(made).toEqual(people.map(() => 201))

    await page.goto('/dashboard/manage-users')
    const search = page.getByLabel('Search users by name or email')
    const table = page.locator('main table')
    // Every account made here, a page at a time: names as text, photos only from http(s).
    await search.fill(tag)
    const listed = await callApi<{ _id: string; email: string }[]>(page, `/users?search=${tag}&page=1&limit=1000`)
    expect(listed.body).toHaveLength(people.length)
    const pages = Math.ceil(people.length / USERS_PAGE_SIZE)
    const pager = page.getByRole('navigation', { name: 'Users pages' })
    const nameOf = new Map(people.map((person) => [person.email, person.name]))
    const notShown: string[] = []
    const photos: string[] = []
    for (let n = 1; n <= pages; n++) {
      // The page as the server orders it: the table shows these rows once it has the page.
      const rows = await callApi<{ email: string }[]>(page, `/users?search=${tag}&page=${n}&limit=${USERS_PAGE_SIZE}`)
      await expect(pager).toContainText(`Page ${n} of ${pages}`)
      for (const row of rows.body) await expect(table).toContainText(row.email)
      const text = shown((await table.textContent()) ?? '')
      notShown.push(...rows.body.map((row) => nameOf.get(row.email)!).filter((name) => !text.includes(shown(name))))
      photos.push(
        ...(await table.locator('img').evaluateAll((images) => images.map((i) => i.getAttribute('src') ?? ''))),
      )
      if (n < pages) await pager.getByRole('button', { name: 'Next' }).click()
    }
    expect(notShown).toEqual([])
    expect(photos.filter((src) => !/^https?:\/\//.test(src))).toEqual([])
    await watch.check('the admin’s users')

    // The search: every string is a search and nothing else, through the API, and typed into the box for a sample.
    const searched = await callMany(
      page,
      HOSTILE_STRINGS.map((s) => ({
        path: `/users?search=${encodeURIComponent(clip(s, TEXT_LIMITS.search))}&page=1&limit=10`,
      })),
    )
    expectAll(searched, HOSTILE_STRINGS, 200)
    for (const s of HOSTILE_STRINGS.filter((_, i) => i % 6 === 0)) {
      // Whatever the box makes of it (a one-line box turns line breaks into spaces), the app searches that, trimmed.
      let value: string | null = null
      const answered = page.waitForResponse(
        (r) =>
          value !== null &&
          r.url().includes('/api/users?') &&
          new URL(r.url()).searchParams.get('search') === value.trim(),
      )
      await search.fill(clip(s, TEXT_LIMITS.search))
      value = await search.inputValue()
      expect((await answered).status()).toBe(200)
    }
    await watch.check('the admin’s user search')

    await callMany(
      page,
      listed.body.map((user) => ({ path: `/users/${user._id}`, method: 'DELETE' })),
    )
  },
)

test('the return path after logging in never leaves the origin', { tag: '@live' }, async ({ page, baseURL }) => {
  test.setTimeout(240_000)
  const origin = new URL(baseURL!).origin
  const watch = await watchForAttacks(page, baseURL!)
  await signInAs(page, 'student')
  for (const from of [...HOSTILE_URLS, ...HOSTILE_STRINGS.slice(0, 12)]) {
    // Not page.goto: the fixture would scan every one of these login pages.
    await page.evaluate((url) => location.assign(url), `/login?from=${encodeURIComponent(from)}`)
    await expect(page.getByRole('heading', { name: 'Login', level: 1 })).toBeVisible()
    await submitLogin(page, 'student')
    await expect(page).not.toHaveURL(/\/login(\?|$)/)
    const landed = new URL(page.url())
    expect(landed.origin, from).toBe(origin)
    // Where the safe path leads (/dashboard goes on to the role's own page; the router folds `//`).
    const expected = new URL(safeReturnPath(from, origin), origin).pathname.replace(/\/{2,}/g, '/')
    expect(landed.pathname, from).toContain(expected)
  }
  await watch.check('the return path')
})
