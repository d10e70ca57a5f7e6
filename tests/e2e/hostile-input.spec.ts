// Hostile input, end to end (README, "Security"): every string of
// ./hostile-strings.ts goes in where another user will see it or the app will
// follow it (session title and description, review and note text, material
// title, description and file name, a user's name and photo URL, the admin's
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

const DAY = 24 * 60 * 60 * 1000
function sessionBody(title: string, description: string) {
  const at = (days: number) => new Date(Date.now() + days * DAY).toISOString()
  return {
    title,
    subject: 'Hostile input',
    description,
    registrationStart: at(-1),
    registrationEnd: at(7),
    classStart: at(8),
    classEnd: at(9),
    duration: 1,
    registrationFee: 0,
    tutorEmail: DEMO_EMAIL.tutor,
  }
}

/** Strings joined into as few texts of at most `max` characters as they fit. */
function packed(strings: readonly string[], max: number): string[][] {
  const packs: string[][] = [[]]
  let length = 0
  for (const s of strings) {
    if (length + s.length + 1 > max && packs.at(-1)!.length > 0) {
      packs.push([])
      length = 0
    }
    packs.at(-1)!.push(s)
    length += s.length + 1
  }
  return packs
}

/** Approves sessions as the admin (who must be signed in) and answers their ids. */
/** Fails with each string whose call was not answered `status`, and the answer's message. */
function expectAll(answers: { status: number; body: unknown }[], strings: readonly string[], status: number) {
  const wrong = answers.flatMap((answer, i) =>
    answer.status === status
      ? []
      : [`${answer.status} ${JSON.stringify(answer.body)} for ${JSON.stringify(strings[i])}`],
  )
  expect(wrong).toEqual([])
}

async function approve(page: Page, ids: string[]) {
  const answers = await callMany(
    page,
    ids.map((id) => ({ path: `/sessions/${id}/approve`, method: 'PATCH', body: { fee: 0 } })),
  )
  expectAll(answers, ids, 200)
}

/** Sessions the running test made: removed after it, whatever its outcome, for the live database is shared. */
const made: string[] = []

test.afterEach(async ({ page }) => {
  const ids = made.splice(0)
  if (ids.length === 0 || page.isClosed()) return
  await signInAs(page, 'admin')
  // Only approved sessions may be deleted (with their reviews, bookings and materials).
  const read = await callMany<{ status: string }>(
    page,
    ids.map((id) => ({ path: `/sessions/${id}` })),
  )
  await approve(
    page,
    ids.filter((_, i) => read[i]!.body.status === 'pending'),
  )
  expectAll(
    await callMany(
      page,
      ids.map((id) => ({ path: `/sessions/${id}`, method: 'DELETE' })),
    ),
    ids,
    200,
  )
})

test(
  'session titles and descriptions, and reviews, are shown as text and never run',
  { tag: '@live' },
  async ({ page, baseURL }) => {
    test.setTimeout(240_000)
    const watch = await watchForAttacks(page, baseURL!)
    await signInAs(page, 'tutor')
    const titled = await callMany<{ insertedId: string }>(
      page,
      HOSTILE_STRINGS.map((s) => ({
        path: '/sessions',
        method: 'POST',
        body: sessionBody(clip(s, TEXT_LIMITS.sessionTitle), s),
      })),
    )
    expectAll(titled, HOSTILE_STRINGS, 201)
    // Each carrier session's description and its one review (a student reviews a session once) hold a pack of strings.
    const descriptions = packed(HOSTILE_STRINGS, TEXT_LIMITS.reviewComment)
    const carriers = await callMany<{ insertedId: string }>(
      page,
      descriptions.map((pack, i) => ({
        path: '/sessions',
        method: 'POST',
        body: sessionBody(`Hostile descriptions ${i + 1} ${RUN_TAG()}`, pack.join('\n')),
      })),
    )
    const carrierIds = carriers.map((a) => a.body.insertedId)
    made.push(...titled.map((a) => a.body.insertedId), ...carrierIds)

    await page.goto('/dashboard/my-sessions')
    await expectShownAsText(
      page,
      'main',
      HOSTILE_STRINGS.map((s) => clip(s, TEXT_LIMITS.sessionTitle)),
    )
    await watch.check('the tutor’s sessions')

    await signInAs(page, 'admin')
    await approve(page, carrierIds)
    // Ids that climb out of the route are refused as unknown, never a server error.
    const traversal = await callMany(
      page,
      HOSTILE_URLS.map((s) => ({ path: `/sessions/${encodeURIComponent(s)}` })),
    )
    expect(traversal.filter((a) => a.status !== 404 && a.status !== 400)).toEqual([])

    await signInAs(page, 'student')
    const booked = await callMany(
      page,
      carrierIds.map((sessionId) => ({
        path: '/bookings',
        method: 'POST',
        body: { sessionId, studentEmail: DEMO_EMAIL.student, tutorEmail: DEMO_EMAIL.tutor },
      })),
    )
    expectAll(booked, carrierIds, 201)
    const reviews = await callMany(
      page,
      carrierIds.map((sessionId, i) => ({
        path: '/reviews',
        method: 'POST',
        body: { sessionId, studentEmail: DEMO_EMAIL.student, comment: descriptions[i]!.join('\n'), rating: 1 },
      })),
    )
    expectAll(reviews, carrierIds, 201)

    for (const [i, id] of carrierIds.entries()) {
      await page.goto(`/session-details/${id}`)
      // The description and the review: the same strings, twice over.
      await expectShownAsText(page, 'main', descriptions[i]!)
      const text = shown((await page.locator('main').textContent()) ?? '')
      expect(descriptions[i]!.filter((s) => text.split(shown(s)).length < 3)).toEqual([])
      await watch.check(`session details ${i + 1}`)
    }
    await page.goto(`/session-details/${encodeURIComponent('../../etc/passwd')}`)
    await watch.check('a session id that climbs out of the route')
  },
)

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
  'material titles, descriptions and file names are shown as text, also in the viewer',
  { tag: '@live' },
  async ({ page, baseURL }) => {
    test.setTimeout(240_000)
    const watch = await watchForAttacks(page, baseURL!)
    await signInAs(page, 'tutor')
    const [session] = await callMany<{ insertedId: string }>(page, [
      { path: '/sessions', method: 'POST', body: sessionBody(`Hostile materials ${RUN_TAG()}`, '') },
    ])
    const sessionId = session!.body.insertedId
    made.push(sessionId)
    await signInAs(page, 'admin')
    await approve(page, [sessionId])

    await signInAs(page, 'tutor')
    const uploads = await callMany<{ success: boolean }>(
      page,
      HOSTILE_STRINGS.map((s) => ({
        path: '/materials',
        method: 'POST',
        form: {
          fields: {
            sessionId,
            title: clip(s, TEXT_LIMITS.materialTitle),
            description: clip(s, TEXT_LIMITS.materialDescription),
            tutorEmail: DEMO_EMAIL.tutor,
          },
          // A name the server keeps as a plain name (no folders), with a type it accepts.
          // Plain text inside (the server refuses a text file that is really HTML, on its bytes).
          file: { name: `${clip(s, 100)}.txt`, text: 'A hostile name, a harmless file.', type: 'text/plain' },
        },
      })),
    )
    expectAll(uploads, HOSTILE_STRINGS, 201)
    const stored = await callApi<{ _id: string; sessionId: string; fileName?: string; fileUrl: string }[]>(
      page,
      `/materials/tutor/${DEMO_EMAIL.tutor}`,
    )
    const mine = stored.body.filter((m) => m.sessionId === sessionId)
    expect(mine).toHaveLength(HOSTILE_STRINGS.length)
    // The stored name is a name, never a path.
    expect(mine.filter((m) => !m.fileName || /[/\\]/.test(m.fileName))).toEqual([])

    await page.goto('/dashboard/my-material')
    await expectShownAsText(page, 'main', [
      ...HOSTILE_STRINGS.map((s) => clip(s, TEXT_LIMITS.materialTitle)),
      ...HOSTILE_STRINGS.map((s) => clip(s, TEXT_LIMITS.materialDescription)),
      ...mine.map((m) => m.fileName!),
    ])
    await watch.check('the tutor’s materials')

    // The viewer shows a text file's text as text, and its hostile title as a title (no frame holds it unsandboxed).
    const first = HOSTILE_STRINGS[0]!
    await page
      .getByRole('button', { name: `View ${clip(first, TEXT_LIMITS.materialTitle)}`, exact: true })
      .first()
      .click()
    const dialog = page.getByRole('dialog', { name: clip(first, TEXT_LIMITS.materialTitle) })
    await expect(dialog).toContainText('A hostile name, a harmless file.')
    await expect(dialog.getByRole('heading', { name: clip(first, TEXT_LIMITS.materialTitle) })).toBeVisible()
    await watch.check('the material viewer')
    await page.keyboard.press('Escape')

    // File ids that climb out of the folder are refused as unknown.
    const files = await callMany(
      page,
      HOSTILE_URLS.map((s) => ({ path: `/files/${encodeURIComponent(s)}` })),
    )
    expect(files.filter((a) => a.status !== 404 && a.status !== 400)).toEqual([])
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
