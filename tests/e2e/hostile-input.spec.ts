// Hostile input, end to end (docs/security.md): every string of
// ./hostile-strings.ts goes in where another user will see it or the app will
// follow it (session title, subject and description, a tutor's name, review
// and note text, material title, description and file name, a user's name and
// photo URL, the admin's user search, the return path after logging in),
// straight through the API as an attacker would, past the forms' own checks.
// A material's image and file URL are no uploader's to give, and its link and
// drive link take only a full https:// address: every other URL string must be
// refused with a 400 naming the field, and nothing of it stored.
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
// Records are made by API calls, several at once, each role's calls with that
// role's app token (asked of the identity provider and POST /jwt, as the app
// does), so the page signs in as a role only to look at that role's screens.
// Strings are batched (many to a record, or many records to a screen) so each
// screen is visited once for many of them, screens after the first are opened
// inside the running app as a link would, and the strings are split into
// slices, a test each, so that no test runs long: every string still goes
// through every field and every screen.
//
// Builds: the screens are the same code in both builds, and what differs is
// the server. The conformance suite's hostile-strings tests send every string
// to both servers (and the API server on both databases) and hold them to
// storing and answering each one alike; so the screens are visited here in
// the demo build, and the live build runs the one part its server does
// itself: writing the first page of sessions into the page (@live below).
import type { Page } from '@playwright/test'
import { FIRST_PAGE_LIMITS } from '../../src/contract/first-paint'
import type { Material } from '../../src/contract/entities'
import { TEXT_LIMITS } from '../../src/contract/limits'
import { linkProblem } from '../../src/contract/links'
import { isAcceptedPhotoUrl } from '../../src/contract/photo-url'
import { safeReturnPath } from '../../src/features/auth/return-path'
import {
  APP_HEADERS,
  appTokensFor,
  callApi,
  DEMO_EMAIL,
  idTokens,
  logInAs,
  roleTokens,
  submitLogin,
} from './demo-accounts'
import { appMode, expect, openInApp, test, waitForServiceWorker } from './fixtures'
import { CANARY_NAME, clip, HOSTILE_STRINGS, HOSTILE_URLS } from './hostile-strings'

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

/**
 * Many API calls from inside the page, all at once (the browser queues what
 * its connections cannot take yet), with the stored app token unless a call
 * names another; answers in the calls' order. Calls that must follow each
 * other go in separate batches.
 */
async function callMany<T>(page: Page, calls: Call[]): Promise<{ status: number; body: T }[]> {
  await waitForServiceWorker(page)
  return page.evaluate(
    async ({ calls, appHeaders }) =>
      Promise.all(
        calls.map(async (call) => {
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
          return { status: response.status, body: (await response.json().catch(() => null)) as unknown }
        }),
      ),
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
  const ids = await idTokens(
    page,
    'signUp',
    people.map((person) => ({ email: person.email, password: 'hostile-pass-1' })),
  )
  const created = await callMany(
    page,
    people.map((person, i) => ({ path: '/users', method: 'POST', body: person, token: ids[i] })),
  )
  // A photo URL the servers never store (not https, nor http on this computer) is refused with a
  // 400 naming it, and nothing is made; the account is then made without a photo.
  const refused = people.flatMap((person, i) => (isAcceptedPhotoUrl(person.photo) ? [] : [i]))
  expect(
    refused.filter((i) => created[i]!.status !== 400 || !JSON.stringify(created[i]!.body).includes('photo')),
    'photo URLs other than https refused with a 400 naming the photo',
  ).toEqual([])
  const again = await callMany(
    page,
    refused.map((i) => ({ path: '/users', method: 'POST', body: { ...people[i]!, photo: undefined }, token: ids[i] })),
  )
  refused.forEach((i, k) => (created[i] = again[k]!))
  return created.map((answer, i) => ({ status: answer.status, idToken: ids[i]! }))
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

/** A session carrying a pack of strings: its description all of them, its title and subject the first (and second). */
function packedSessionBody(pack: readonly string[]) {
  return sessionBody({
    title: clip(pack[0]!, TEXT_LIMITS.sessionTitle),
    subject: clip(pack[1] ?? pack[0]!, TEXT_LIMITS.subject),
    description: pack.join('\n'),
  })
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

/** `list` in slices of `size`, each with its place among all of them for the test's name. */
function slices<T>(list: readonly T[], size: number): { part: T[]; first: number; label: string }[] {
  return Array.from({ length: Math.ceil(list.length / size) }, (_, k) => {
    const first = k * size
    const part = list.slice(first, first + size)
    return { part, first, label: `${first + 1}–${first + part.length} of ${list.length}` }
  })
}

/** Approves sessions with the admin's app token. */
async function approveSessions(page: Page, admin: string, ids: string[]) {
  expectAll(
    await callMany(
      page,
      ids.map((id) => ({ path: `/sessions/${id}/approve`, method: 'PATCH', body: { fee: 0 }, token: admin })),
    ),
    ids,
    200,
  )
}

/**
 * What the running test made on the server: removed after it whatever its
 * outcome, for the live build's database lives as long as the whole run. A
 * demo build's data lives in the browser context, which the next test gets
 * back as seeded (./warm-context.ts) or never sees.
 */
const made = { users: [] as string[], sessions: [] as string[] }

test.afterEach(async ({ page }) => {
  const users = made.users.splice(0)
  const sessions = made.sessions.splice(0)
  if (appMode() === 'demo') return
  if (users.length + sessions.length === 0 || page.isClosed() || !page.url().startsWith('http')) return
  const { admin } = await roleTokens(page)
  // A user goes with everything they own: their sessions, bookings, reviews and materials.
  expectAll(
    await callMany(
      page,
      users.map((id) => ({ path: `/users/${id}`, method: 'DELETE', token: admin })),
    ),
    users,
    200,
  )
  // Only approved sessions may be deleted (with their reviews, bookings and materials).
  const read = await callMany<{ status?: string }>(
    page,
    sessions.map((id) => ({ path: `/sessions/${id}`, token: admin })),
  )
  await approveSessions(
    page,
    admin,
    sessions.filter((_, i) => read[i]!.body.status === 'pending'),
  )
  expectAll(
    await callMany(
      page,
      sessions.map((id) => ({ path: `/sessions/${id}`, method: 'DELETE', token: admin })),
    ),
    sessions,
    200,
  )
})

/**
 * Tutors made for a test, each named with a hostile string and with the photo
 * URL beside it, made tutors by the admin (`admin`: their app token), with the
 * app token to act as them.
 */
async function makeTutors(page: Page, admin: string, names: readonly string[], photos: readonly string[]) {
  const tag = `hostile-tutor-${RUN_TAG()}`
  const people = names.map((name, i) => ({
    email: `${tag}-${i}@studyhub.test`,
    name: clip(name, TEXT_LIMITS.name),
    photo: photos[i]!,
  }))
  const accounts = await makeAccounts(page, people)
  expect(accounts.map((a) => a.status)).toEqual(people.map(() => 201))
  const [listed] = await callMany<{ _id: string; email: string }[]>(page, [
    { path: `/users?search=${tag}&page=1&limit=1000`, token: admin },
  ])
  const idOf = new Map(listed!.body.map((user) => [user.email, user._id]))
  const ids = people.map((person) => idOf.get(person.email)!)
  made.users.push(...ids.filter(Boolean))
  expectAll(
    await callMany(
      page,
      ids.map((id) => ({ path: `/users/${id}/role`, method: 'PATCH', body: { role: 'tutor' }, token: admin })),
    ),
    names,
    200,
  )
  // Each asks for an app token as the app would, now that they are tutors.
  const tokens = await appTokensFor(
    page,
    people.map((person, i) => ({ email: person.email, idToken: accounts[i]!.idToken })),
  )
  return people.map((person, i) => ({ ...person, token: tokens[i]! }))
}

/**
 * Sessions made by the signed-in tutor (removed after the test), or with
 * another tutor's token (whose sessions go when that account is removed), in
 * order; answers their ids.
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

/**
 * Every string is a title, a subject and a description of one of 8 sessions
 * (a page of cards) of a tutor named with the group's first string; a test
 * takes three such tutors (each adds a visit of their cards and details).
 */
const SESSION_GROUPS = slices(HOSTILE_STRINGS, FIRST_PAGE_LIMITS.studySessions).map((slice) => slice.part)
const TUTORS_PER_TEST = 3

for (const { part: groups, first, label } of slices(SESSION_GROUPS, TUTORS_PER_TEST)) {
  const strings = groups.flat()
  test(`session titles, subjects, descriptions and tutors’ names are shown as text on cards and details, and never run (tutors ${label})`, async ({
    page,
    baseURL,
  }) => {
    const watch = await watchForAttacks(page, baseURL!)
    await logInAs(page, 'tutor')
    const as = await roleTokens(page)
    // Tutors named with hostile strings (one from every 8, so every family), each with a hostile photo URL.
    const tutors = await makeTutors(
      page,
      as.admin,
      groups.map((group) => group[0]!),
      groups.map((_, k) => HOSTILE_URLS[(first + k) % HOSTILE_URLS.length]!),
    )
    // Carrier sessions of the seeded tutor: each description (and, below, its one review, as a student
    // reviews a session once) holds a pack of strings.
    const packs = packed(strings, TEXT_LIMITS.reviewComment)
    const carriers = await makeSessions(
      page,
      packs.map((pack) => packedSessionBody(pack)),
    )
    await page.goto('/dashboard/my-sessions')
    await expectShownAsText(page, 'main', [
      ...packs.map((pack) => clip(pack[0]!, TEXT_LIMITS.sessionTitle)),
      ...packs.map((pack) => clip(pack[1] ?? pack[0]!, TEXT_LIMITS.subject)),
    ])
    await watch.check('the tutor’s sessions')

    // One tutor after the other, so the last tutor's sessions are the newest.
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
    await approveSessions(page, as.admin, [...carriers, ...titled.flat()])

    // The newest sessions (the last tutor's) are the first page: the home page and /study-sessions,
    // each loaded whole (a live build's server renders them, with their data inlined in the page).
    await logInAs(page, 'student', '/')
    const home = await firstPage(page, FIRST_PAGE_LIMITS.home)
    const studySessions = await firstPage(page, FIRST_PAGE_LIMITS.studySessions)
    const last = groups.at(-1)!.flatMap((s) => [shown(clip(s, TEXT_LIMITS.sessionTitle)), shown(s)])
    expect(studySessions.filter((text) => !last.includes(shown(text)))).toEqual([])
    await expectCardsShow(page, home)
    await watch.check('the home page')
    await page.goto('/study-sessions')
    await expectCardsShow(page, studySessions)
    await watch.check('the study sessions')
    await page.goto('/tutors')
    await expectShownAsText(page, 'main', [
      ...tutors.map((tutor) => tutor.name),
      ...strings.map((s) => clip(s, TEXT_LIMITS.subject)),
    ])
    await watch.check('the tutors')
    // Every tutor's page of cards (titles and descriptions, the tutor's name above them) and their first
    // session's details, reached as a visitor reaches them: by the tutor's link, then the card's.
    for (const [k, tutor] of tutors.entries()) {
      await page.locator(`main a[href="/study-sessions?tutor=${encodeURIComponent(tutor.email)}"]`).click()
      await expectShownAsText(page, 'main', [`Approved sessions by ${tutor.name}.`])
      await expectCardsShow(
        page,
        groups[k]!.flatMap((s) => [clip(s, TEXT_LIMITS.sessionTitle), s]),
      )
      await page.locator(`main a[href="/session-details/${titled[k]![0]}"]`).click()
      // Title, subject, description and the tutor's name (never the forged one).
      const lead = groups[k]![0]!
      await expectShownAsText(page, 'main', [
        clip(lead, TEXT_LIMITS.sessionTitle),
        clip(lead, TEXT_LIMITS.subject),
        lead,
        tutor.name,
      ])
      await expect(page.locator('main')).not.toContainText('Forged tutor name')
      await watch.check(`tutor ${first + k + 1}’s sessions`)
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
      await openInApp(page, `/session-details/${id}`)
      // The description and the review: the same strings, twice over.
      await expect
        .poll(async () => {
          const text = shown((await page.locator('main').textContent()) ?? '')
          return packs[i]!.filter((s) => text.split(shown(s)).length < 3)
        })
        .toEqual([])
      await watch.check(`session details ${i + 1}`)
    }
  })
}

/**
 * The live build's server writes the first page of sessions into the HTML of / and /study-sessions
 * (a JSON block the app reads before its first render), where a string that closes the block would
 * be markup: every string goes through it here, in both builds. Both servers store and answer each
 * string alike (the conformance suite's hostile-strings tests), and the screens are the same code
 * in both builds, so the tests above run on the demo build only.
 */
test(
  'the first page of sessions, written into the page by the server, shows every string as text',
  { tag: '@live' },
  async ({ page, baseURL }) => {
    const watch = await watchForAttacks(page, baseURL!)
    await logInAs(page, 'tutor')
    const as = await roleTokens(page)
    // A first page of sessions, each description a share of the strings, each title its share's first.
    const shares = slices(HOSTILE_STRINGS, Math.ceil(HOSTILE_STRINGS.length / FIRST_PAGE_LIMITS.studySessions))
    const ids = await makeSessions(
      page,
      shares.map(({ part }) => packedSessionBody(part)),
    )
    await approveSessions(page, as.admin, ids)

    await logInAs(page, 'student', '/')
    await expectCardsShow(page, await firstPage(page, FIRST_PAGE_LIMITS.home))
    await watch.check('the home page')
    await page.goto('/study-sessions')
    const studySessions = await firstPage(page, FIRST_PAGE_LIMITS.studySessions)
    // The newest sessions, these, are the first page.
    const shownThere = shown(studySessions.join('\n'))
    expect(HOSTILE_STRINGS.filter((s) => !shownThere.includes(shown(s)))).toEqual([])
    await expectCardsShow(page, studySessions)
    await watch.check('the study sessions')
  },
)

test('session ids that climb out of the route are refused as unknown', async ({ page, baseURL }) => {
  const watch = await watchForAttacks(page, baseURL!)
  await logInAs(page, 'student')
  const { admin } = await roleTokens(page)
  // Refused as unknown, never a server error, even to the admin.
  const traversal = await callMany(
    page,
    HOSTILE_URLS.map((s) => ({ path: `/sessions/${encodeURIComponent(s)}`, token: admin })),
  )
  expect(traversal.filter((a) => a.status !== 404 && a.status !== 400)).toEqual([])
  await openInApp(page, `/session-details/${encodeURIComponent('../../etc/passwd')}`)
  await watch.check('a session id that climbs out of the route')
})

const HARMLESS_TEXT = 'A hostile name, a harmless file.'

/**
 * Opens the viewer of the material titled `title` from the screen's "View"
 * button: the file's text is shown as text, the title as the dialog's title.
 */
/**
 * The title the viewer test opens: the slice's first that an accessible name keeps as it is
 * (printable ASCII, no blanks at the ends nor runs of them). A name drops invisible characters such as a
 * zero-width space, so a button named with one is found by no exact pattern.
 */
function viewable(titles: readonly string[]): string {
  const title = titles.find((t) => /^[\x21-\x7e](?:[\x20-\x7e]*[\x21-\x7e])?$/.test(t) && !t.includes('  '))
  if (!title) throw new Error('no title of this slice can be opened by its accessible name')
  return title
}

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

/** An approved session of the signed-in tutor, for materials (`admin`: the admin's app token). */
async function approvedSession(page: Page, admin: string, title: string): Promise<string> {
  const [sessionId] = await makeSessions(page, [sessionBody({ title, description: 'Materials named by an attacker.' })])
  await approveSessions(page, admin, [sessionId!])
  return sessionId!
}

/**
 * Strings to a test: a few screens' worth each, so that a test stays well within a minute on a busy
 * 2-core machine. A material test visits two roles' screens and two viewers; the notes' and the users'
 * screens take twice as many strings in about half the time.
 */
const MATERIAL_STRINGS_PER_TEST = 43
const LIST_STRINGS_PER_TEST = 64

/**
 * A tutor's materials named with `strings` on a new approved session (the signed-in page is the
 * tutor's): uploaded through the API, checked as stored, and, with `approve`, approved by the admin
 * and readable by the student, whose booking of the session is approved.
 */
async function hostileMaterials(page: Page, strings: readonly string[], approve: boolean) {
  const as = await roleTokens(page)
  const sessionId = await approvedSession(page, as.admin, `Hostile materials ${RUN_TAG()}`)
  const uploads = await callMany<{ success: boolean; insertedId: string }>(
    page,
    strings.map((s) => ({
      path: '/materials',
      method: 'POST',
      token: as.tutor,
      form: {
        fields: {
          sessionId,
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
  expectAll(uploads, strings, 201)
  const stored = await callApi<Material[]>(page, `/materials/session/${sessionId}`)
  expect(stored.body).toHaveLength(strings.length)
  expect(stored.body.filter((m) => m.link || m.driveLink || m.image)).toEqual([])
  // The stored name is a name, never a path; the file is the server's own.
  expect(stored.body.filter((m) => !m.fileName || /[/\\]/.test(m.fileName))).toEqual([])
  expect(stored.body.filter((m) => !m.fileUrl.startsWith('/api/files/'))).toEqual([])
  if (approve) {
    expectAll(
      await callMany(
        page,
        stored.body.map((m) => ({ path: `/materials/${m._id}/approve`, method: 'PATCH', token: as.admin })),
      ),
      strings,
      200,
    )
    // The student sees them once their booking of the session is approved.
    const [booking] = await callMany<{ insertedId: string }>(page, [
      {
        path: '/bookings',
        method: 'POST',
        body: { sessionId, studentEmail: DEMO_EMAIL.student, tutorEmail: DEMO_EMAIL.tutor },
        token: as.student,
      },
    ])
    expect(booking!.status).toBe(201)
    expectAll(
      await callMany(page, [
        {
          path: `/bookings/${booking!.body.insertedId}`,
          method: 'PATCH',
          body: { status: 'approved' },
          token: as.admin,
        },
      ]),
      ['the booking'],
      200,
    )
  }
  return {
    sessionId,
    titles: strings.map((s) => clip(s, TEXT_LIMITS.materialTitle)),
    descriptions: strings.map((s) => clip(s, TEXT_LIMITS.materialDescription)),
    fileNames: stored.body.map((m) => m.fileName!),
  }
}

for (const { part: strings, label } of slices(HOSTILE_STRINGS, MATERIAL_STRINGS_PER_TEST)) {
  test(`material titles, descriptions and file names are shown as text to the tutor and the admin, also in the viewer (strings ${label})`, async ({
    page,
    baseURL,
  }) => {
    const watch = await watchForAttacks(page, baseURL!)
    await logInAs(page, 'tutor')
    const { titles, descriptions, fileNames } = await hostileMaterials(page, strings, false)

    await page.goto('/dashboard/my-material')
    await expectShownAsText(page, 'main', [...titles, ...descriptions, ...fileNames])
    await expectViewerShowsText(page, viewable(titles))
    await watch.check('the tutor’s materials')

    await logInAs(page, 'admin')
    await page.goto('/dashboard/manage-materials')
    await expectShownAsText(page, 'main table', [...titles, ...fileNames])
    await expectViewerShowsText(page, viewable(titles))
    await watch.check('the admin’s pending materials')
  })

  test(`material titles and descriptions are shown as text to a booked student, also in the viewer (strings ${label})`, async ({
    page,
    baseURL,
  }) => {
    const watch = await watchForAttacks(page, baseURL!)
    await logInAs(page, 'tutor')
    const { sessionId, titles, descriptions } = await hostileMaterials(page, strings, true)

    await logInAs(page, 'student')
    await page.goto('/dashboard/my-materials')
    await expectShownAsText(page, 'main', [...titles, ...descriptions])
    await expectViewerShowsText(page, viewable(titles))
    await watch.check('the student’s materials')
    await page.goto(`/dashboard/student/bookings/${sessionId}/materials`)
    await expectShownAsText(page, 'main', [...titles, ...descriptions])
    // "Open file" is offered for each file, whatever the material's name (it asks the server for the link when used).
    await expect(page.getByRole('button', { name: /^Open file/ })).toHaveCount(strings.length)
    await expectViewerShowsText(page, viewable(titles))
    await watch.check('the booked session’s materials')
  })
}

test('a material’s links are full https addresses or refused, its image and file URL are no uploader’s to give, and file ids never climb out', async ({
  page,
  baseURL,
}) => {
  const watch = await watchForAttacks(page, baseURL!)
  await logInAs(page, 'tutor')
  const as = await roleTokens(page)
  const sessionId = await approvedSession(page, as.admin, `Hostile links ${RUN_TAG()}`)
  // A material's image and file URL are not the uploader's to give, and its link and drive link take only a
  // full https:// address: every other URL string is refused with a 400 that names the field.
  const shareable = ({ field, url }: { field: string; url: string }) =>
    (field === 'link' || field === 'driveLink') && linkProblem(url) === null
  const linked = (['link', 'driveLink', 'image', 'fileUrl'] as const).flatMap((field) =>
    HOSTILE_URLS.map((url) => ({ field, url })),
  )
  const refused = await callMany<{ message?: string }>(
    page,
    linked.map(({ field, url }) => ({
      path: '/materials',
      method: 'POST',
      form: {
        fields: { sessionId, title: `Linked ${field}`, tutorEmail: DEMO_EMAIL.tutor, [field]: url },
        file: { name: 'linked.txt', text: HARMLESS_TEXT, type: 'text/plain' },
      },
    })),
  )
  expect(
    refused.flatMap((answer, i) =>
      (
        shareable(linked[i]!)
          ? answer.status === 201
          : answer.status === 400 && answer.body.message?.includes(linked[i]!.field)
      )
        ? []
        : [`${answer.status} ${JSON.stringify(answer.body)} for ${JSON.stringify(linked[i])}`],
    ),
  ).toEqual([])
  // Only the https addresses among them are kept, as the URL parser wrote them, and never as an image.
  const stored = await callApi<Material[]>(page, `/materials/session/${sessionId}`)
  expect(stored.body).toHaveLength(linked.filter(shareable).length)
  expect(stored.body.filter((m) => m.image || !(m.link ?? m.driveLink ?? '').startsWith('https://'))).toEqual([])

  // File ids that climb out of the folder are refused as unknown (asked by a student, as the viewer asks).
  const files = await callMany(
    page,
    HOSTILE_URLS.map((s) => ({ path: `/files/${encodeURIComponent(s)}`, token: as.student })),
  )
  expect(files.filter((a) => a.status !== 404 && a.status !== 400)).toEqual([])
  await watch.check('the refused links')
})

for (const { part: strings, label } of slices(HOSTILE_STRINGS, LIST_STRINGS_PER_TEST)) {
  test(`notes are shown as text and never run, whatever keys their body carries (strings ${label})`, async ({
    page,
    baseURL,
  }) => {
    const watch = await watchForAttacks(page, baseURL!)
    await logInAs(page, 'student')
    const notes = await callMany<{ insertedId: string }>(
      page,
      strings.map((s) => ({
        path: '/notes',
        method: 'POST',
        body: { email: DEMO_EMAIL.student, title: clip(s, TEXT_LIMITS.noteTitle), description: s },
      })),
    )
    expectAll(notes, strings, 201)
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
    await expectShownAsText(page, 'main', [...strings.map((s) => clip(s, TEXT_LIMITS.noteTitle)), ...strings])
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
  })
}

for (const { part: strings, first, label } of slices(HOSTILE_STRINGS, LIST_STRINGS_PER_TEST)) {
  test(`users’ names and photo URLs never run or leave the origin in the admin’s table (strings ${label})`, async ({
    page,
    baseURL,
  }) => {
    const watch = await watchForAttacks(page, baseURL!)
    // The table asks for its rows when the search is typed, below: the accounts can be made after the load.
    await logInAs(page, 'admin')
    await page.goto('/dashboard/manage-users')
    const tag = `hostile-${RUN_TAG()}`
    const people = strings.map((s, i) => ({
      email: `${tag}-${i}@studyhub.test`,
      name: clip(s, TEXT_LIMITS.name),
      photo: HOSTILE_URLS[(first + i) % HOSTILE_URLS.length]!,
    }))
    const accounts = await makeAccounts(page, people)
    expect(accounts.map((a) => a.status)).toEqual(people.map(() => 201))
    const listed = await callApi<{ _id: string; email: string }[]>(page, `/users?search=${tag}&page=1&limit=1000`)
    made.users.push(...listed.body.map((user) => user._id))
    expect(listed.body).toHaveLength(people.length)

    const search = page.getByLabel('Search users by name or email')
    const table = page.locator('main table')
    // Every account made here, a page at a time: names as text, photos only from http(s).
    await search.fill(tag)
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
  })
}

test('the admin’s user search searches every string and nothing else', async ({ page, baseURL }) => {
  const watch = await watchForAttacks(page, baseURL!)
  await logInAs(page, 'admin')
  await page.goto('/dashboard/manage-users')
  // Every string is a search and nothing else, through the API, and typed into the box for a sample.
  const searched = await callMany(
    page,
    HOSTILE_STRINGS.map((s) => ({
      path: `/users?search=${encodeURIComponent(clip(s, TEXT_LIMITS.search))}&page=1&limit=10`,
    })),
  )
  expectAll(searched, HOSTILE_STRINGS, 200)
  const search = page.getByLabel('Search users by name or email')
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
})

/** The return paths a test tries: each a login of its own, so a few to a test. */
const RETURN_PATHS = [...HOSTILE_URLS, ...HOSTILE_STRINGS.slice(0, 12)]
const RETURN_PATHS_PER_TEST = 15

for (const { part: returnPaths, label } of slices(RETURN_PATHS, RETURN_PATHS_PER_TEST)) {
  test(`the return path after logging in never leaves the origin (paths ${label})`, async ({ page, baseURL }) => {
    const origin = new URL(baseURL!).origin
    const watch = await watchForAttacks(page, baseURL!)
    await logInAs(page, 'student')
    for (const from of returnPaths) {
      // Inside the running app, as a link to the login screen would go (the fixture's page.goto would
      // also start the app again and scan every one of these login pages).
      await openInApp(page, `/login?from=${encodeURIComponent(from)}`)
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
}
