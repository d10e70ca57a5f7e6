// Every hostile string of the browser suite (tests/e2e/hostile-strings.ts),
// sent through the API as an attacker sends it, past the forms' checks, as a
// user's name and photo URL and as the admin's user search, and every URL
// string in a material's link fields: on every target names are kept trimmed
// and nothing else changed, each URL a material may not carry is refused, and
// ids that climb out of a route are unknown, never a server error. The
// records' fields, and why every target must answer alike:
// ./hostile-strings-content.ts.
import { describe, expect, it } from 'vitest'
import type { Material, User } from '#contract/entities'
import { TEXT_LIMITS } from '#contract/limits'
import { linkProblem } from '#contract/links'
import { isAcceptedPhotoUrl } from '#contract/photo-url'
import { clip, HOSTILE_STRINGS, HOSTILE_URLS } from '../../e2e/hostile-strings'
import type { Api } from '../harness/api-client'
import {
  ADMIN,
  allMaterials,
  allUsers,
  createOpenSession,
  getAsAdmin,
  materialForm,
  STUDENT,
  TUTOR,
  uniqueSuffix,
} from './fixtures'
import { expectEach, expectStored, inBatches, kept, quoted, STRING_LABELS } from './hostile-strings-checks'

export function hostileUserAndUrlTests(api: Api) {
  describe('hostile strings are stored and answered alike on every target', () => {
    it('user names and photo URLs, and the admin’s search for each string: names kept trimmed, a photo other than https refused with a 400 naming it, every search answered', async () => {
      const tag = `hostile-${uniqueSuffix()}`
      // Each string is an account's name and its photo URL (the URL strings among them too).
      const people = HOSTILE_STRINGS.map((s, i) => ({
        email: `${tag}-${i}@example.com`,
        name: clip(s, TEXT_LIMITS.name),
        photo: s,
      }))
      // The attacker's own provider accounts, then the app's sign-up call with each one's ID token.
      const idTokens = await inBatches(
        people,
        async (person) => (await api.target.signUpNew(person.email, 'Hostile Newcomer')).idToken,
      )
      const photoKept = people.map((person) => isAcceptedPhotoUrl(person.photo.trim()))
      const first = await inBatches(people, (person, i) =>
        api.call('POST', '/users', { token: idTokens[i]!, body: person }),
      )
      const accepted = people.flatMap((_, i) => (photoKept[i] ? [i] : []))
      const refused = people.flatMap((_, i) => (photoKept[i] ? [] : [i]))
      expectEach(
        accepted.map((i) => first[i]!),
        accepted.map((i) => STRING_LABELS[i]!),
        201,
      )
      expectEach(
        refused.map((i) => first[i]!),
        refused.map((i) => STRING_LABELS[i]!),
        400,
        () => 'photo',
      )
      // A refused sign-up made nothing: only the accounts whose photo was kept exist.
      const mine = async () =>
        (await getAsAdmin<User[]>(api, `/users?search=${tag}&page=1&limit=500`)).filter((u) =>
          u.email.startsWith(`${tag}-`),
        )
      expect((await mine()).map((u) => u.email).sort()).toEqual(accepted.map((i) => people[i]!.email).sort())
      // The same people again without a photo, as the sign-up form would after the refusal.
      const again = await inBatches(refused, (i) =>
        api.call('POST', '/users', { token: idTokens[i]!, body: { ...people[i]!, photo: undefined } }),
      )
      expectEach(
        again,
        refused.map((i) => STRING_LABELS[i]!),
        201,
      )
      const byEmail = new Map((await mine()).map((u) => [u.email, u]))
      expectStored(
        'GET /users?search',
        people.flatMap((person, i) => {
          const user = byEmail.get(person.email)
          return [
            { what: `${STRING_LABELS[i]} name`, got: user?.name, want: kept(person.name) },
            { what: `${STRING_LABELS[i]} photo`, got: user?.photo, want: photoKept[i] ? kept(person.photo) : '' },
          ]
        }),
      )

      // The admin's search, for every string: answered, and it finds exactly the accounts whose name or
      // email holds the text, ignoring case, with `%`, `_` and `\` as plain characters.
      const everyone = await allUsers(api)
      const needles = HOSTILE_STRINGS.map((s) => clip(s, TEXT_LIMITS.search))
      await api.signIn(ADMIN)
      const searched = await inBatches(needles, (needle) =>
        api.call<User[]>('GET', `/users?search=${encodeURIComponent(needle)}&page=1&limit=500`, { as: ADMIN }),
      )
      expectEach(searched, STRING_LABELS, 200)
      const wrongFinds = searched.flatMap((res, i) => {
        const text = kept(needles[i]!).toLowerCase()
        const want = everyone
          .filter((u) => u.name.toLowerCase().includes(text) || u.email.toLowerCase().includes(text))
          .map((u) => u.email)
          .sort()
        const got = res.data.map((u) => u.email).sort()
        return JSON.stringify(got) === JSON.stringify(want) ? [] : [`${STRING_LABELS[i]} found ${got} ≠ ${want}`]
      })
      expect(wrongFinds).toEqual([])
    })

    it('a material’s link and drive link keep only full https addresses; every other URL, and every image and file URL, is refused with a 400 naming the field', async () => {
      // bad-input.ts sends one value of each field; here every URL string goes in each.
      const sessionId = await createOpenSession(api, TUTOR)
      const before = (await allMaterials(api)).length
      const linked = (['link', 'driveLink', 'image', 'fileUrl'] as const).flatMap((field) =>
        HOSTILE_URLS.map((url) => ({ field, url })),
      )
      const shareable = ({ field, url }: { field: string; url: string }) =>
        (field === 'link' || field === 'driveLink') && linkProblem(url) === null
      await api.signIn(TUTOR)
      const answers = await inBatches(linked, ({ field, url }) =>
        api.call('POST', '/materials', {
          as: TUTOR,
          body: materialForm({
            sessionId,
            title: `Linked ${field}`,
            description: '',
            tutorEmail: TUTOR,
            [field]: url,
            file: { name: 'linked.txt', type: 'text/plain', content: 'A harmless file.' },
          }),
        }),
      )
      const refused = linked.flatMap((entry, i) => (shareable(entry) ? [] : [i]))
      expectEach(
        refused.map((i) => answers[i]!),
        refused.map((i) => `${linked[i]!.field} ${quoted(linked[i]!.url)}`),
        400,
        (k) => linked[refused[k]!]!.field,
      )
      const kept = linked.flatMap((entry, i) => (shareable(entry) ? [i] : []))
      expect(kept.length, 'https addresses among the URL strings').toBeGreaterThan(0)
      expectEach(
        kept.map((i) => answers[i]!),
        kept.map((i) => `${linked[i]!.field} ${quoted(linked[i]!.url)}`),
        201,
      )
      // What is kept is the https address as the URL parser writes it, as a link, never an image.
      const stored = (await api.call('GET', `/materials/session/${sessionId}`, { as: TUTOR })).data as Material[]
      expect(stored).toHaveLength(kept.length)
      expect(stored.filter((m) => m.image || !(m.link ?? m.driveLink ?? '').startsWith('https://'))).toEqual([])
      expect((await allMaterials(api)).length).toBe(before + kept.length)
    })

    it('ids that climb out of a route: every string as a session or file id is unknown (404) or refused (400)', async () => {
      // Every string, so every URL string among them too.
      await Promise.all([api.signIn(ADMIN), api.signIn(STUDENT)])
      // The admin may read any session and file, so only the id itself can make the answer a 404.
      const asked = HOSTILE_STRINGS.flatMap((s) => [
        {
          what: `session ${quoted(s)} (admin)`,
          ask: () => api.call('GET', `/sessions/${encodeURIComponent(s)}`, { as: ADMIN }),
        },
        { what: `session ${quoted(s)} (anonymous)`, ask: () => api.call('GET', `/sessions/${encodeURIComponent(s)}`) },
        { what: `file ${quoted(s)} (admin)`, ask: () => api.file(`/api/files/${encodeURIComponent(s)}`, ADMIN) },
        { what: `file ${quoted(s)} (student)`, ask: () => api.file(`/api/files/${encodeURIComponent(s)}`, STUDENT) },
      ])
      const statuses = await inBatches(asked, async ({ ask }) => (await ask()).status)
      expect(
        statuses.flatMap((status, i) => (status === 404 || status === 400 ? [] : [`${asked[i]!.what} → ${status}`])),
      ).toEqual([])
    })
  })
}
