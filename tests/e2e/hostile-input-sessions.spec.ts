// Hostile input, end to end, in sessions (docs/security.md): every string of
// ./hostile-strings.ts goes in as a session's title, subject and description,
// a tutor's name and photo URL and a review's text, straight through the API as
// an attacker would, past the forms' own checks. Then the screens that show
// them (the home page, /study-sessions, /tutors, each tutor's cards and the
// details) are visited, each held to the rules of ./hostile-input-helpers.ts.
// Session ids made of the strings are refused as unknown. The other fields:
// hostile-input-materials.spec.ts and hostile-input-notes-and-users.spec.ts.
//
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
import { FIRST_PAGE_LIMITS } from '../../src/contract/first-paint'
import { TEXT_LIMITS } from '../../src/contract/limits'
import { DEMO_EMAIL, logInAs, roleTokens } from './demo-accounts'
import { expect, openInApp, test } from './fixtures'
import { clip, HOSTILE_STRINGS, HOSTILE_URLS } from './hostile-strings'
import {
  approveSessions,
  callMany,
  expectAll,
  expectCardsShow,
  expectShownAsText,
  firstPage,
  makeSessions,
  makeTutors,
  packed,
  packedSessionBody,
  sessionBody,
  setUpHostileInputTests,
  shown,
  slices,
  watchForAttacks,
} from './hostile-input-helpers'

setUpHostileInputTests()

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
