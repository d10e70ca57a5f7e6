// Hostile input, end to end (README, "Security"): every string of
// ./hostile-strings.ts goes in where another user will see it or the app will
// follow it (session title, subject and description, a tutor's name, review
// and note text, material title, description and file name, a user's name and
// photo URL, the admin's user search, the return path after logging in),
// straight through the API as an attacker would, past the forms' own checks.
// A material's link, drive link, image and file URL are no uploader's to give:
// every URL string in each must be refused with a 400, and nothing stored.
// Then the screens that show them are visited, and every test holds the page
// to the same rules:
//
// - no dialog (alert, confirm, prompt) opens and no popup either;
// - no payload runs: the canary global stays unset;
// - the page never leaves the app's origin, and nothing but an image is ever
//   asked of the attacker's host;
// - no frame without `sandbox` shows uploaded or inline content;
// - each string is shown as the text it is (the fixture also fails the test
//   on any console error or Content-Security-Policy violation).
//
// Records are made by API calls, so the suite takes a few minutes in each build;
// strings are batched (many to a record, or many records to a screen) so each
// screen is visited once for many of them.
import type { Page } from '@playwright/test'
import { FIRST_PAGE_LIMITS } from '../../src/contract/first-paint'
import type { Material } from '../../src/contract/entities'
import { TEXT_LIMITS } from '../../src/contract/limits'
import { DEMO_IDP_BASE, demoIdpPaths } from '../../src/contract/demo-identity'
import { safeReturnPath } from '../../src/features/auth/return-path'
import { APP_HEADERS, callApi, DEMO_EMAIL, logInAs, submitLogin } from './demo-accounts'
import { appMode, expect, test, waitForServiceWorker } from './fixtures'
import { CANARY_NAME, HOSTILE_STRINGS, HOSTILE_URLS } from './hostile-strings'

const EVIL_HOST = 'evil.example'
/** Rows per page of the admin's users table (src/features/users/components/manage-users.tsx). */
const USERS_PAGE_SIZE = 10
const RUN_TAG = () => Date.now().toString(36)
const BLANK_SVG = '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 1 1"/>'

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
  // Polled: a screen shows its data once its query answers.
  await expect
    .poll(async () => {
      const text = shown((await root.textContent()) ?? '')
      return strings.filter((s) => !text.includes(shown(s)))
    })
    .toEqual([])
}

interface Call {
  path: string
  method?: string
  body?: unknown
  /** The bearer: the stored app token unless given (another account's token). */
  token?: string
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
          Authorization: `Bearer ${call.token ?? localStorage.getItem('access-token')}`,
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

interface Person {
  email: string
  name: string
  photo: string
}

/**
 * Accounts made as an attacker would: the identity provider's sign-up, then
 * POST /users with its ID token. Answers each one's status and ID token.
 */
async function makeAccounts(page: Page, people: Person[]): Promise<{ status: number; idToken: string }[]> {
  return page.evaluate(
    async ({ people, mode, idp, appHeaders }) => {
      const policy = document.querySelector('meta[http-equiv="Content-Security-Policy"]')?.getAttribute('content') ?? ''
      // The live build's emulator is the one other http origin its page may call.
      const emulator = /connect-src ([^;]*)/
        .exec(policy)?.[1]
        ?.split(' ')
        .find((source) => source.startsWith('http://') && source !== location.origin)
      const made: { status: number; idToken: string }[] = []
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
        made.push({ status: created.status, idToken })
      }
      return made
    },
    { people, mode: appMode(), idp: DEMO_IDP_BASE + demoIdpPaths.signUp, appHeaders: APP_HEADERS },
  )
}

const DAY = 24 * 60 * 60 * 1000

/** A session open for booking now, as the add-session form would send it (the server names the tutor itself). */
function sessionBody(fields: { title: string; subject?: string; description: string; tutorEmail?: string }) {
  const at = (days: number) => new Date(Date.now() + days * DAY).toISOString()
  return {
    subject: 'Hostile input',
    ...fields,
    registrationStart: at(-1),
    registrationEnd: at(7),
    classStart: at(8),
    classEnd: at(9),
    duration: 1,
    registrationFee: 0,
    // Sent as a forged name: the server names the tutor from their account, whatever comes here.
    tutorName: 'Forged tutor name',
    tutorEmail: fields.tutorEmail ?? DEMO_EMAIL.tutor,
  }
}

/** The strings in as few groups as fit a field of `max` characters when joined by line breaks. */
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

/** Approves sessions as the admin, who must be signed in. */
async function approveSessions(page: Page, ids: string[]) {
  expectAll(
    await callMany(
      page,
      ids.map((id) => ({ path: `/sessions/${id}/approve`, method: 'PATCH', body: { fee: 0 } })),
    ),
    ids,
    200,
  )
}

/**
 * Goes to a path by a full page load without the fixture's accessibility scan
 * (it would scan every one), and waits for the start's sign-in round (the app
 * token renewed, then the user's role asked for) to end: leaving in the middle
 * of it left the next page without a token in the live build, refused once.
 */
async function load(page: Page, path: string) {
  const signedIn = page.waitForResponse(
    (r) => r.request().method() === 'GET' && /^\/api\/users\/[^/]+$/.test(new URL(r.url()).pathname),
  )
  await page.evaluate((url) => location.assign(url), path)
  await page.waitForURL((url) => url.pathname + url.search === path)
  await signedIn
}

/**
 * What the running test made on the server: removed after it whatever its
 * outcome, for the live build's database lives as long as the whole run.
 */
const made = { users: [] as string[], sessions: [] as string[] }

test.afterEach(async ({ page }) => {
  const users = made.users.splice(0)
  const sessions = made.sessions.splice(0)
  if (users.length + sessions.length === 0 || page.isClosed()) return
  await logInAs(page, 'admin')
  // A user goes with everything they own: their sessions, bookings, reviews and materials.
  expectAll(
    await callMany(
      page,
      users.map((id) => ({ path: `/users/${id}`, method: 'DELETE' })),
    ),
    users,
    200,
  )
  // Only approved sessions may be deleted (with their reviews, bookings and materials).
  const read = await callMany<{ status?: string }>(
    page,
    sessions.map((id) => ({ path: `/sessions/${id}` })),
  )
  await approveSessions(
    page,
    sessions.filter((_, i) => read[i]!.body.status === 'pending'),
  )
  expectAll(
    await callMany(
      page,
      sessions.map((id) => ({ path: `/sessions/${id}`, method: 'DELETE' })),
    ),
    sessions,
    200,
  )
})

/** Tutors made for a test, each named with a hostile string, with the app token to act as them. */
async function makeTutors(page: Page, names: readonly string[], photos: readonly string[]) {
  const tag = `hostile-tutor-${RUN_TAG()}`
  const people = names.map((name, i) => ({
    email: `${tag}-${i}@studyhub.test`,
    name: clip(name, TEXT_LIMITS.name),
    photo: photos[i % photos.length]!,
  }))
  const accounts = await makeAccounts(page, people)
  expect(accounts.map((a) => a.status)).toEqual(people.map(() => 201))
  // The admin (signed in) makes them tutors; then each asks for an app token as the app would.
  const listed = await callApi<{ _id: string; email: string }[]>(page, `/users?search=${tag}&page=1&limit=1000`)
  const idOf = new Map(listed.body.map((user) => [user.email, user._id]))
  const ids = people.map((person) => idOf.get(person.email)!)
  made.users.push(...ids.filter(Boolean))
  expectAll(
    await callMany(
      page,
      ids.map((id) => ({ path: `/users/${id}/role`, method: 'PATCH', body: { role: 'tutor' } })),
    ),
    names,
    200,
  )
  const tokens = await callMany<{ token: string }>(
    page,
    people.map((person, i) => ({
      path: '/jwt',
      method: 'POST',
      body: { email: person.email, idToken: accounts[i]!.idToken },
      token: accounts[i]!.idToken,
    })),
  )
  expectAll(tokens, names, 200)
  return people.map((person, i) => ({ ...person, token: tokens[i]!.body.token }))
}

/**
 * Sessions made by the signed-in tutor, or with another tutor's token (whose
 * sessions go when that account is removed), in order; answers their ids.
 */
async function makeSessions(page: Page, bodies: ReturnType<typeof sessionBody>[], token?: string) {
  const answers = await callMany<{ insertedId: string }>(
    page,
    bodies.map((body) => ({ path: '/sessions', method: 'POST', body, token })),
  )
  expectAll(
    answers,
    bodies.map((body) => body.title),
    201,
  )
  const ids = answers.map((a) => a.body.insertedId)
  if (!token) made.sessions.push(...ids)
  return ids
}

/** Fails with the strings the page's session cards do not show as text (once they have loaded). */
async function expectCardsShow(page: Page, strings: readonly string[]) {
  await expect
    .poll(async () => {
      const text = shown((await page.getByTestId('session-card').allTextContents()).join(' '))
      return strings.filter((s) => !text.includes(shown(s)))
    })
    .toEqual([])
}

/** Titles and descriptions of the first page of approved sessions, in the server's order. */
async function firstPage(page: Page, limit: number): Promise<string[]> {
  const answer = await callApi<{ title: string; description: string }[]>(
    page,
    `/sessions?status=approved&page=1&limit=${limit}`,
  )
  return answer.body.flatMap((session) => [session.title, session.description])
}

test(
  'session titles, subjects, descriptions and tutors’ names are shown as text on cards and details, and never run',
  { tag: '@live' },
  async ({ page, baseURL }) => {
    test.setTimeout(240_000)
    const watch = await watchForAttacks(page, baseURL!)
    await logInAs(page, 'admin')
    // Tutors named with hostile strings (one from every 8, so every family), each with a hostile photo URL,
    // and 8 sessions each (a page of cards): every string is a title, a subject and a description.
    const perTutor = FIRST_PAGE_LIMITS.studySessions
    const groups = Array.from({ length: Math.ceil(HOSTILE_STRINGS.length / perTutor) }, (_, k) =>
      HOSTILE_STRINGS.slice(k * perTutor, (k + 1) * perTutor),
    )
    const tutors = await makeTutors(
      page,
      groups.map((group) => group[0]!),
      HOSTILE_URLS,
    )
    // Carrier sessions of the seeded tutor: each description (and, below, its one review, as a student
    // reviews a session once) holds a pack of strings.
    const packs = packed(HOSTILE_STRINGS, TEXT_LIMITS.reviewComment)
    await logInAs(page, 'tutor')
    const carriers = await makeSessions(
      page,
      packs.map((pack) =>
        sessionBody({
          title: clip(pack[0]!, TEXT_LIMITS.sessionTitle),
          subject: clip(pack[1] ?? pack[0]!, TEXT_LIMITS.subject),
          description: pack.join('\n'),
        }),
      ),
    )
    await page.goto('/dashboard/my-sessions')
    await expectShownAsText(page, 'main', [
      ...packs.map((pack) => clip(pack[0]!, TEXT_LIMITS.sessionTitle)),
      ...packs.map((pack) => clip(pack[1] ?? pack[0]!, TEXT_LIMITS.subject)),
    ])
    await watch.check('the tutor’s sessions')

    const titled: string[][] = []
    for (const [k, tutor] of tutors.entries()) {
      titled.push(
        await makeSessions(
          page,
          groups[k]!.map((s) =>
            sessionBody({
              title: clip(s, TEXT_LIMITS.sessionTitle),
              subject: clip(s, TEXT_LIMITS.subject),
              description: s,
              tutorEmail: tutor.email,
            }),
          ),
          tutor.token,
        ),
      )
    }

    await logInAs(page, 'admin')
    await approveSessions(page, [...carriers, ...titled.flat()])
    // Ids that climb out of the route are refused as unknown, never a server error.
    const traversal = await callMany(
      page,
      HOSTILE_URLS.map((s) => ({ path: `/sessions/${encodeURIComponent(s)}` })),
    )
    expect(traversal.filter((a) => a.status !== 404 && a.status !== 400)).toEqual([])

    // The newest sessions (the last tutor's) are the first page: the home page and /study-sessions,
    // each loaded whole (a live build's server renders them, with their data inlined in the page).
    await logInAs(page, 'student')
    const home = await firstPage(page, FIRST_PAGE_LIMITS.home)
    const studySessions = await firstPage(page, FIRST_PAGE_LIMITS.studySessions)
    const last = groups.at(-1)!.flatMap((s) => [clip(s, TEXT_LIMITS.sessionTitle), shown(s)])
    expect(studySessions.filter((text) => !last.includes(shown(text)))).toEqual([])
    await page.goto('/')
    await expectCardsShow(page, home)
    await watch.check('the home page')
    await page.goto('/study-sessions')
    await expectCardsShow(page, studySessions)
    await watch.check('the study sessions')
    await page.goto('/tutors')
    await expectShownAsText(page, 'main', [
      ...tutors.map((tutor) => tutor.name),
      ...HOSTILE_STRINGS.map((s) => clip(s, TEXT_LIMITS.subject)),
    ])
    await watch.check('the tutors')
    // Every tutor's page of cards (titles and descriptions, the tutor's name above them) and their first session's
    // details, reached as a visitor reaches them: by the tutor's link, then the card's.
    for (const [k, tutor] of tutors.entries()) {
      await page.locator(`main a[href="/study-sessions?tutor=${encodeURIComponent(tutor.email)}"]`).click()
      await expectShownAsText(page, 'main', [`Approved sessions by ${tutor.name}.`])
      await expectCardsShow(
        page,
        groups[k]!.flatMap((s) => [clip(s, TEXT_LIMITS.sessionTitle), s]),
      )
      await page.locator(`main a[href="/session-details/${titled[k]![0]}"]`).click()
      // Title, subject, description and the tutor's name (never the forged one).
      const first = groups[k]![0]!
      await expectShownAsText(page, 'main', [
        clip(first, TEXT_LIMITS.sessionTitle),
        clip(first, TEXT_LIMITS.subject),
        first,
        tutor.name,
      ])
      await expect(page.locator('main')).not.toContainText('Forged tutor name')
      await watch.check(`tutor ${k + 1}’s sessions`)
      await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Tutors' }).click()
      await expect(page.getByRole('heading', { name: 'Tutors', level: 1 })).toBeVisible()
    }

    // Reviews: the student books each carrier and reviews it with its pack.
    expectAll(
      await callMany(
        page,
        carriers.map((sessionId) => ({
          path: '/bookings',
          method: 'POST',
          body: { sessionId, studentEmail: DEMO_EMAIL.student, tutorEmail: DEMO_EMAIL.tutor },
        })),
      ),
      carriers,
      201,
    )
    expectAll(
      await callMany(
        page,
        carriers.map((sessionId, i) => ({
          path: '/reviews',
          method: 'POST',
          body: { sessionId, studentEmail: DEMO_EMAIL.student, comment: packs[i]!.join('\n'), rating: 1 },
        })),
      ),
      carriers,
      201,
    )
    for (const [i, id] of carriers.entries()) {
      await load(page, `/session-details/${id}`)
      // The description and the review: the same strings, twice over.
      await expect
        .poll(async () => {
          const text = shown((await page.locator('main').textContent()) ?? '')
          return packs[i]!.filter((s) => text.split(shown(s)).length < 3)
        })
        .toEqual([])
      await watch.check(`session details ${i + 1}`)
    }
    await load(page, `/session-details/${encodeURIComponent('../../etc/passwd')}`)
    await watch.check('a session id that climbs out of the route')
  },
)

const HARMLESS_TEXT = 'A hostile name, a harmless file.'

/**
 * Opens the viewer of the material titled `title` from the screen's "View"
 * button: the file's text is shown as text, the title as the dialog's title.
 */
async function expectViewerShowsText(page: Page, title: string) {
  const escaped = title.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')
  await page
    .getByRole('button', { name: new RegExp(`^View\\s*:?\\s*${escaped}$`) })
    .first()
    .click()
  const dialog = page.getByRole('dialog', { name: title })
  await expect(dialog).toContainText(HARMLESS_TEXT)
  await expect(dialog.getByRole('heading', { name: title })).toBeVisible()
  await page.keyboard.press('Escape')
  await expect(dialog).toBeHidden()
}

test(
  'material titles, descriptions and file names are shown as text to each role, also in the viewer; links are refused',
  { tag: '@live' },
  async ({ page, baseURL }) => {
    test.setTimeout(240_000)
    const watch = await watchForAttacks(page, baseURL!)
    await logInAs(page, 'tutor')
    const [sessionId] = await makeSessions(page, [
      sessionBody({ title: `Hostile materials ${RUN_TAG()}`, description: 'Materials named by an attacker.' }),
    ])
    await logInAs(page, 'admin')
    await approveSessions(page, [sessionId!])

    await logInAs(page, 'tutor')
    const uploads = await callMany<{ success: boolean; insertedId: string }>(
      page,
      HOSTILE_STRINGS.map((s) => ({
        path: '/materials',
        method: 'POST',
        form: {
          fields: {
            sessionId: sessionId!,
            title: clip(s, TEXT_LIMITS.materialTitle),
            description: clip(s, TEXT_LIMITS.materialDescription),
            tutorEmail: DEMO_EMAIL.tutor,
          },
          // A name the server keeps as a plain name (no folders), with a type it accepts.
          // Plain text inside (the server refuses a text file that is really HTML, on its bytes).
          file: { name: `${clip(s, 100)}.txt`, text: HARMLESS_TEXT, type: 'text/plain' },
        },
      })),
    )
    expectAll(uploads, HOSTILE_STRINGS, 201)
    // A material's link, drive link, image and file URL are not the uploader's to give: every URL string in
    // each is refused with a 400 that names the field, and nothing of it is stored.
    const linked = (['link', 'driveLink', 'image', 'fileUrl'] as const).flatMap((field) =>
      HOSTILE_URLS.map((url) => ({ field, url })),
    )
    const refused = await callMany<{ message?: string }>(
      page,
      linked.map(({ field, url }) => ({
        path: '/materials',
        method: 'POST',
        form: {
          fields: { sessionId: sessionId!, title: `Linked ${field}`, tutorEmail: DEMO_EMAIL.tutor, [field]: url },
          file: { name: 'linked.txt', text: HARMLESS_TEXT, type: 'text/plain' },
        },
      })),
    )
    expect(
      refused.flatMap((answer, i) =>
        answer.status === 400 && answer.body.message?.includes(linked[i]!.field)
          ? []
          : [`${answer.status} ${JSON.stringify(answer.body)} for ${JSON.stringify(linked[i])}`],
      ),
    ).toEqual([])
    const stored = await callApi<Material[]>(page, `/materials/session/${sessionId}`)
    expect(stored.body).toHaveLength(HOSTILE_STRINGS.length)
    expect(stored.body.filter((m) => m.link || m.driveLink || m.image)).toEqual([])
    // The stored name is a name, never a path; the file is the server's own.
    expect(stored.body.filter((m) => !m.fileName || /[/\\]/.test(m.fileName))).toEqual([])
    expect(stored.body.filter((m) => !m.fileUrl.startsWith('/api/files/'))).toEqual([])
    const titles = HOSTILE_STRINGS.map((s) => clip(s, TEXT_LIMITS.materialTitle))
    const descriptions = HOSTILE_STRINGS.map((s) => clip(s, TEXT_LIMITS.materialDescription))
    const fileNames = stored.body.map((m) => m.fileName!)

    await page.goto('/dashboard/my-material')
    await expectShownAsText(page, 'main', [...titles, ...descriptions, ...fileNames])
    await expectViewerShowsText(page, titles[0]!)
    await watch.check('the tutor’s materials')

    await logInAs(page, 'admin')
    await page.goto('/dashboard/manage-materials')
    await expectShownAsText(page, 'main table', [...titles, ...fileNames])
    await expectViewerShowsText(page, titles[0]!)
    await watch.check('the admin’s pending materials')
    expectAll(
      await callMany(
        page,
        stored.body.map((m) => ({ path: `/materials/${m._id}/approve`, method: 'PATCH' })),
      ),
      HOSTILE_STRINGS,
      200,
    )

    // The student sees them once their booking of the session is approved.
    await logInAs(page, 'student')
    const [booking] = await callMany<{ insertedId: string }>(page, [
      {
        path: '/bookings',
        method: 'POST',
        body: { sessionId, studentEmail: DEMO_EMAIL.student, tutorEmail: DEMO_EMAIL.tutor },
      },
    ])
    expect(booking!.status).toBe(201)
    await logInAs(page, 'admin')
    expectAll(
      await callMany(page, [
        { path: `/bookings/${booking!.body.insertedId}`, method: 'PATCH', body: { status: 'approved' } },
      ]),
      ['the booking'],
      200,
    )
    await logInAs(page, 'student')
    await page.goto('/dashboard/my-materials')
    await expectShownAsText(page, 'main', [...titles, ...descriptions])
    await expectViewerShowsText(page, titles[0]!)
    await watch.check('the student’s materials')
    await page.goto(`/dashboard/student/bookings/${sessionId}/materials`)
    await expectShownAsText(page, 'main', [...titles, ...descriptions])
    // "Open file" leads to the server's own file, whatever the material's name.
    const opens = page.getByRole('link', { name: /^Open file/ })
    await expect(opens).toHaveCount(HOSTILE_STRINGS.length)
    const hrefs = await opens.evaluateAll((links) => links.map((link) => (link as HTMLAnchorElement).href))
    const origin = new URL(baseURL!).origin
    expect(hrefs.filter((href) => !href.startsWith(`${origin}/api/files/`))).toEqual([])
    await expectViewerShowsText(page, titles[0]!)
    await watch.check('the booked session’s materials')

    // File ids that climb out of the folder are refused as unknown.
    const files = await callMany(
      page,
      HOSTILE_URLS.map((s) => ({ path: `/files/${encodeURIComponent(s)}` })),
    )
    expect(files.filter((a) => a.status !== 404 && a.status !== 400)).toEqual([])
  },
)

test(
  'notes are shown as text and never run, whatever keys their body carries',
  { tag: '@live' },
  async ({ page, baseURL }) => {
    test.setTimeout(180_000)
    const watch = await watchForAttacks(page, baseURL!)
    await logInAs(page, 'student')
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
    await logInAs(page, 'admin')
    const tag = `hostile-${RUN_TAG()}`
    const people = HOSTILE_STRINGS.map((s, i) => ({
      email: `${tag}-${i}@studyhub.test`,
      name: clip(s, TEXT_LIMITS.name),
      photo: HOSTILE_URLS[i % HOSTILE_URLS.length]!,
    }))
    const accounts = await makeAccounts(page, people)
    expect(accounts.map((a) => a.status)).toEqual(people.map(() => 201))

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
  await logInAs(page, 'student')
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
