// Hostile input, end to end, in notes and users (docs/security.md): every
// string of ./hostile-strings.ts goes in as a note's title and text, a user's
// name and photo URL, the admin's user search and the return path after
// logging in, straight through the API as an attacker would, past the forms'
// own checks; each screen that shows them is held to the rules of
// ./hostile-input-helpers.ts.
//
// The strings are split into slices, a test each, so that no test runs long.
// The screens are the same code in both builds and the conformance suite holds
// both servers to storing every string alike, so they are visited in the demo
// build (hostile-input-sessions.spec.ts says more).
import { TEXT_LIMITS } from '../../src/contract/limits'
import { safeReturnPath } from '../../src/features/auth/return-path'
import { callApi, DEMO_EMAIL, logInAs, submitLogin } from './demo-accounts'
import { expect, openInApp, test } from './fixtures'
import { clip, HOSTILE_STRINGS, HOSTILE_URLS } from './hostile-strings'
import {
  callMany,
  expectAll,
  expectShownAsText,
  LIST_STRINGS_PER_TEST,
  made,
  makeAccounts,
  RUN_TAG,
  setUpHostileInputTests,
  shown,
  slices,
  watchForAttacks,
} from './hostile-input-helpers'

setUpHostileInputTests()

/** Rows per page of the admin's users table (src/features/users/components/manage-users.tsx). */
const USERS_PAGE_SIZE = 10

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
