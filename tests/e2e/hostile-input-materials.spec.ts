// Hostile input, end to end, in materials (docs/security.md): every string of
// ./hostile-strings.ts goes in as a material's title, description and file
// name, straight through the API as an attacker would, past the forms' own
// checks, and is shown as text to the tutor, the admin and a booked student,
// also in the viewer; each screen is held to the rules of
// ./hostile-input-helpers.ts. A material's image and file URL are no
// uploader's to give, and its link and drive link take only a full https://
// address: every other URL string must be refused with a 400 naming the field,
// and nothing of it stored. File ids made of the strings are refused as unknown.
//
// The strings are split into slices, a test each, so that no test runs long.
// The screens are the same code in both builds and the conformance suite holds
// both servers to storing every string alike, so they are visited in the demo
// build (hostile-input-sessions.spec.ts says more).
import type { Page } from '@playwright/test'
import type { Material } from '../../src/contract/entities'
import { TEXT_LIMITS } from '../../src/contract/limits'
import { linkProblem } from '../../src/contract/links'
import { callApi, DEMO_EMAIL, logInAs, roleTokens } from './demo-accounts'
import { expect, test } from './fixtures'
import { clip, HOSTILE_STRINGS, HOSTILE_URLS } from './hostile-strings'
import {
  approveSessions,
  callMany,
  expectAll,
  expectShownAsText,
  makeSessions,
  MATERIAL_STRINGS_PER_TEST,
  RUN_TAG,
  sessionBody,
  setUpHostileInputTests,
  slices,
  watchForAttacks,
} from './hostile-input-helpers'

setUpHostileInputTests()

const HARMLESS_TEXT = 'A hostile name, a harmless file.'

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

/** An approved session of the signed-in tutor, for materials (`admin`: the admin's app token). */
async function approvedSession(page: Page, admin: string, title: string): Promise<string> {
  const [sessionId] = await makeSessions(page, [sessionBody({ title, description: 'Materials named by an attacker.' })])
  await approveSessions(page, admin, [sessionId!])
  return sessionId!
}

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
