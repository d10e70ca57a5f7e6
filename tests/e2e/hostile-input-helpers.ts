// What the hostile-input specs (hostile-input-*.spec.ts, docs/security.md)
// share: the API calls an attacker makes, past the forms' own checks, the
// records made with them, and the watch that holds every page to the same
// rules:
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
import type { Page } from '@playwright/test'
import { TEXT_LIMITS } from '../../src/contract/limits'
import { isAcceptedPhotoUrl } from '../../src/contract/photo-url'
import { APP_HEADERS, appTokensFor, callApi, DEMO_EMAIL, idTokens, roleTokens } from './demo-accounts'
import { appMode, expect, test, waitForServiceWorker } from './fixtures'
import { CANARY_NAME, clip } from './hostile-strings'

const EVIL_HOST = 'evil.example'
export const RUN_TAG = () => Date.now().toString(36)
const BLANK_SVG = '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 1 1"/>'

/** Text as a page shows it: runs of blanks are one space, none at the ends (the servers trim). */
export const shown = (text: string) => text.replace(/\s+/g, ' ').trim()

/** Watches the page for every sign of a payload at work; `check()` fails the test on any. */
export async function watchForAttacks(page: Page, baseURL: string) {
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
export async function expectShownAsText(page: Page, selector: string, strings: readonly string[]) {
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
export async function callMany<T>(page: Page, calls: Call[]): Promise<{ status: number; body: T }[]> {
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
export function expectAll(answers: { status: number; body: unknown }[], strings: readonly string[], status: number) {
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
export async function makeAccounts(
  page: Page,
  people: Person[],
  /** With emails the provider vouches for (only such an account may be made a tutor). */
  verified = false,
): Promise<{ status: number; idToken: string }[]> {
  const ids = await idTokens(
    page,
    verified ? 'verifiedSignUp' : 'signUp',
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
export function sessionBody(fields: { title: string; subject?: string; description: string; tutorEmail?: string }) {
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
export function packedSessionBody(pack: readonly string[]) {
  return sessionBody({
    title: clip(pack[0]!, TEXT_LIMITS.sessionTitle),
    subject: clip(pack[1] ?? pack[0]!, TEXT_LIMITS.subject),
    description: pack.join('\n'),
  })
}

/** The strings in as few groups as fit a field of `max` characters when joined by line breaks. */
export function packed(strings: readonly string[], max: number): string[][] {
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
export function slices<T>(list: readonly T[], size: number): { part: T[]; first: number; label: string }[] {
  return Array.from({ length: Math.ceil(list.length / size) }, (_, k) => {
    const first = k * size
    const part = list.slice(first, first + size)
    return { part, first, label: `${first + 1}–${first + part.length} of ${list.length}` }
  })
}

/** Approves sessions with the admin's app token. */
export async function approveSessions(page: Page, admin: string, ids: string[]) {
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
 * What every hostile-input spec calls first: the fixture's options for these
 * tests, and the removal of what each test made (below).
 */
export function setUpHostileInputTests() {
  test.use({
    // Ids that climb out of a route are answered 404 (or 400): the browser logs those loads.
    allowedConsoleErrors: [/status of 40[04]/],
    a11yRevisit: false,
  })
  test.afterEach(({ page }) => removeWhatTheTestMade(page))
}

/**
 * What the running test made on the server: removed after it whatever its
 * outcome, for the live build's database lives as long as the whole run. A
 * demo build's data lives in the browser context, which the next test gets
 * back as seeded (./warm-context.ts) or never sees.
 */
export const made = { users: [] as string[], sessions: [] as string[] }

async function removeWhatTheTestMade(page: Page) {
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
}

/**
 * Tutors made for a test, each named with a hostile string and with the photo
 * URL beside it, made tutors by the admin (`admin`: their app token), with the
 * app token to act as them.
 */
export async function makeTutors(page: Page, admin: string, names: readonly string[], photos: readonly string[]) {
  const tag = `hostile-tutor-${RUN_TAG()}`
  const people = names.map((name, i) => ({
    email: `${tag}-${i}@studyhub.test`,
    name: clip(name, TEXT_LIMITS.name),
    photo: photos[i]!,
  }))
  const accounts = await makeAccounts(page, people, true)
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
export async function makeSessions(page: Page, bodies: ReturnType<typeof sessionBody>[], token?: string) {
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
export async function expectCardsShow(page: Page, strings: readonly string[]) {
  await expect
    .poll(async () => {
      const text = shown((await page.getByTestId('session-card').allTextContents()).join(' '))
      return strings.filter((s) => !text.includes(shown(s)))
    })
    .toEqual([])
}

/** Titles and descriptions of the first page of approved sessions, in the server's order. */
export async function firstPage(page: Page, limit: number): Promise<string[]> {
  const answer = await callApi<{ title: string; description: string }[]>(
    page,
    `/sessions?status=approved&page=1&limit=${limit}`,
  )
  return answer.body.flatMap((session) => [session.title, session.description])
}

/**
 * Strings to a test: a few screens' worth each, so that a test stays well within a minute on a busy
 * 2-core machine. A material test visits two roles' screens and two viewers; the notes' and the users'
 * screens take twice as many strings in about half the time.
 */
export const MATERIAL_STRINGS_PER_TEST = 43
export const LIST_STRINGS_PER_TEST = 64
