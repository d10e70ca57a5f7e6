// Every hostile string of the browser suite (tests/e2e/hostile-strings.ts),
// sent through the API as an attacker sends it, past the forms' checks, into
// every field another user will see: session title, subject and description,
// review comment, note title and description, material title, description and
// file name, a user's name and photo URL, and the admin's user search. On
// every target each must be stored and answered exactly as the contract says:
// text is kept with the whitespace around it removed (String.prototype.trim,
// which the schemas' `.trim()` and the handlers apply) and nothing else
// changed. Each URL a material may not carry is refused, and ids that climb
// out of a route are unknown, never a server error.
// The browser suite runs these strings against the demo build only, to check
// how the screens render them. That verdict holds for the API server's build
// too only if the API server (on PGlite and on PostgreSQL) stores and answers
// each string exactly as the demo server does: this file checks that on every
// target. Every string is checked, not a sample. The calls are sent in
// parallel batches, so the file takes seconds per target, not minutes.
import { describe, expect, it } from 'vitest'
import type { Material, Note, Review, Session, User } from '#contract/entities'
import { TEXT_LIMITS } from '#contract/limits'
import { linkProblem } from '#contract/links'
import { isAcceptedPhotoUrl } from '#contract/photo-url'
import { clip, HOSTILE_STRINGS, HOSTILE_URLS } from '../../e2e/hostile-strings'
import type { Api } from '../harness/api-client'
import {
  accountName,
  ADMIN,
  allMaterials,
  allUsers,
  createOpenSession,
  DAY,
  getAsAdmin,
  materialForm,
  notesOf,
  sessionBody,
  STUDENT,
  TUTOR,
  uniqueSuffix,
} from './fixtures'

/** Calls in flight at once: enough to keep a target busy, few enough for the Auth emulator and PGlite. */
const BATCH = 16

/** `each` over every item, BATCH at a time; answers in the items' order. */
async function inBatches<T, R>(items: readonly T[], each: (item: T, index: number) => Promise<R>): Promise<R[]> {
  const out: R[] = []
  for (let at = 0; at < items.length; at += BATCH) {
    out.push(...(await Promise.all(items.slice(at, at + BATCH).map((item, k) => each(item, at + k)))))
  }
  return out
}

/**
 * What the servers keep of a text field: the whitespace around it removed,
 * nothing else changed. JavaScript's trim counts U+2028 and U+FEFF as whitespace.
 */
const kept = (text: string) => text.trim()

/** A multipart text field as FormData sends it (browsers and Node alike): every line break is sent as CRLF. */
const asFormSends = (text: string) => text.replace(/\r\n|\r|\n/g, '\r\n')

/**
 * The file name a material is stored with. The form encoding writes `"`, CR
 * and LF in a file name as %22, %0D and %0A, and Node's parser (both servers
 * call it) reads every such escape back as the character, even one that was in
 * the name from the start; its UTF-8 decoding drops a leading U+FEFF.
 * The servers then turn CR, LF, `"`, `\` and `/` into `_`, so what is stored
 * is a name and never a path.
 */
const storedFileName = (name: string) =>
  name
    .replace(/^\uFEFF/, '')
    .replace(/%0a|%0d|%22|[\r\n"\\/]/gi, '_')
    .slice(0, 200)

const quoted = (s: string) => JSON.stringify(s.length > 60 ? `${s.slice(0, 60)}…` : s)

/** Fails listing every string whose answer is not `status` (and, with `naming`, whose message does not name it). */
function expectEach(
  answers: readonly { status: number; data: unknown }[],
  labels: readonly string[],
  status: number,
  naming?: (i: number) => string,
) {
  const wrong = answers.flatMap((answer, i) => {
    const message = (answer.data as { message?: unknown } | null)?.message
    const named = !naming || (typeof message === 'string' && message.includes(naming(i)))
    return answer.status === status && named
      ? []
      : [`${labels[i]} → ${answer.status} ${JSON.stringify(answer.data).slice(0, 160)}`]
  })
  expect(wrong, `answers other than ${status}${naming ? ' naming the field' : ''}`).toEqual([])
}

/** Fails listing each field that does not hold exactly what it should. */
function expectStored(label: string, pairs: readonly { what: string; got: unknown; want: string }[]) {
  const wrong = pairs
    .filter((p) => p.got !== p.want)
    .map((p) => `${p.what}: ${quoted(String(p.got))} ≠ ${quoted(p.want)}`)
  expect(wrong, label).toEqual([])
}

const STRING_LABELS = HOSTILE_STRINGS.map((s, i) => `string ${i + 1} ${quoted(s)}`)

/** One session of TUTOR per string, its title, subject and description, open for booking; answers their ids. */
async function hostileSessions(api: Api): Promise<string[]> {
  const tutorName = await accountName(api, TUTOR)
  const now = Date.now()
  const iso = (ms: number) => new Date(ms).toISOString()
  await api.signIn(TUTOR)
  const created = await inBatches(HOSTILE_STRINGS, (s) =>
    api.call('POST', '/sessions', {
      as: TUTOR,
      body: sessionBody(TUTOR, tutorName, {
        title: clip(s, TEXT_LIMITS.sessionTitle),
        subject: clip(s, TEXT_LIMITS.subject),
        description: clip(s, TEXT_LIMITS.sessionDescription),
        registrationStart: iso(now - DAY),
        registrationEnd: iso(now + 7 * DAY),
        classStart: iso(now + 10 * DAY),
        classEnd: iso(now + 20 * DAY),
      }),
    }),
  )
  expectEach(created, STRING_LABELS, 201)
  return created.map((res) => res.data.insertedId as string)
}

export function hostileStringTests(api: Api) {
  describe('hostile strings are stored and answered alike on every target', () => {
    it('session titles, subjects and descriptions, and review comments: kept trimmed, read back alike by id, in the approved list and in the reviews', async () => {
      const ids = await hostileSessions(api)
      await api.signIn(ADMIN)
      const approved = await inBatches(ids, (id) =>
        api.call('PATCH', `/sessions/${id}/approve`, { as: ADMIN, body: { fee: 0, type: 'Free' } }),
      )
      expectEach(approved, STRING_LABELS, 200)
      const fieldsOf = (session: Session | undefined, i: number) => {
        const s = HOSTILE_STRINGS[i]!
        const want = {
          title: kept(clip(s, TEXT_LIMITS.sessionTitle)),
          subject: kept(clip(s, TEXT_LIMITS.subject)),
          description: kept(clip(s, TEXT_LIMITS.sessionDescription)),
        }
        return (['title', 'subject', 'description'] as const).map((field) => ({
          what: `${STRING_LABELS[i]} ${field}`,
          got: session?.[field],
          want: want[field],
        }))
      }
      // As a visitor reads them, anonymously: each session's details, and the list the cards come from
      // (one page holds them all).
      const read = await inBatches(ids, (id) => api.call<Session>('GET', `/sessions/${id}`))
      expectEach(read, STRING_LABELS, 200)
      expectStored(
        'GET /sessions/{id}',
        read.flatMap((res, i) => fieldsOf(res.data, i)),
      )
      const list = await api.call<Session[]>('GET', '/sessions?status=approved&page=1&limit=500')
      expect(list.status).toBe(200)
      const byId = new Map(list.data.map((session) => [session._id, session]))
      expectStored(
        'GET /sessions?status=approved',
        ids.flatMap((id, i) => fieldsOf(byId.get(id), i)),
      )

      // A student reviews a session they booked, once: each session gets a booking and the review of its string.
      await api.signIn(STUDENT)
      const studentName = await accountName(api, STUDENT)
      const booked = await inBatches(ids, (sessionId) =>
        api.call('POST', '/bookings', { as: STUDENT, body: { sessionId, studentEmail: STUDENT, tutorEmail: TUTOR } }),
      )
      expectEach(booked, STRING_LABELS, 201)
      const comments = HOSTILE_STRINGS.map((s) => clip(s, TEXT_LIMITS.reviewComment))
      const reviewed = await inBatches(ids, (sessionId, i) =>
        api.call('POST', '/reviews', {
          as: STUDENT,
          body: { sessionId, studentEmail: STUDENT, studentName, comment: comments[i], rating: 1 },
        }),
      )
      expectEach(reviewed, STRING_LABELS, 201)
      const reviews = await inBatches(ids, (id) => api.call<Review[]>('GET', `/reviews/${id}`))
      expectEach(reviews, STRING_LABELS, 200)
      expectStored(
        'GET /reviews/{sessionId}',
        reviews.map((res, i) => ({
          what: `${STRING_LABELS[i]} comment`,
          got: res.data.length === 1 ? res.data[0]!.comment : `${res.data.length} reviews`,
          want: kept(comments[i]!),
        })),
      )
    })

    it('note titles and descriptions: kept trimmed, as their owner reads them', async () => {
      await api.signIn(STUDENT)
      const created = await inBatches(HOSTILE_STRINGS, (s) =>
        api.call('POST', '/notes', {
          as: STUDENT,
          body: {
            email: STUDENT,
            title: clip(s, TEXT_LIMITS.noteTitle),
            description: clip(s, TEXT_LIMITS.noteDescription),
          },
        }),
      )
      expectEach(created, STRING_LABELS, 201)
      const byId = new Map((await notesOf(api, STUDENT)).map((n: Note) => [n._id, n]))
      expectStored(
        'GET /notes/student/{email}',
        created.flatMap((res, i) => {
          const note = byId.get(res.data.insertedId as string)
          const s = HOSTILE_STRINGS[i]!
          return [
            { what: `${STRING_LABELS[i]} title`, got: note?.title, want: kept(clip(s, TEXT_LIMITS.noteTitle)) },
            {
              what: `${STRING_LABELS[i]} description`,
              got: note?.description,
              want: kept(clip(s, TEXT_LIMITS.noteDescription)),
            },
          ]
        }),
      )
    })

    it('material titles, descriptions and file names: kept trimmed, the file name a plain name and served under it', async () => {
      const sessionId = await createOpenSession(api, TUTOR)
      // The browser suite's names: the string cut to 100 characters, with an extension the servers accept.
      const fileNames = HOSTILE_STRINGS.map((s) => `${clip(s, 100)}.txt`)
      await api.signIn(TUTOR)
      const uploaded = await inBatches(HOSTILE_STRINGS, (s, i) =>
        api.call('POST', '/materials', {
          as: TUTOR,
          body: materialForm({
            sessionId,
            title: clip(s, TEXT_LIMITS.materialTitle),
            description: clip(s, TEXT_LIMITS.materialDescription),
            tutorEmail: TUTOR,
            file: { name: fileNames[i]!, type: 'text/plain', content: 'A hostile name, a harmless file.' },
          }),
        }),
      )
      expectEach(uploaded, STRING_LABELS, 201)
      const listed = await api.call<Material[]>('GET', `/materials/session/${sessionId}`, { as: TUTOR })
      expect(listed.status).toBe(200)
      const byId = new Map(listed.data.map((m) => [m._id, m]))
      const materials = uploaded.map((res) => byId.get(res.data.insertedId as string))
      expectStored(
        'GET /materials/session/{sessionId}',
        materials.flatMap((m, i) => {
          const s = HOSTILE_STRINGS[i]!
          const label = STRING_LABELS[i]!
          return [
            { what: `${label} title`, got: m?.title, want: kept(asFormSends(clip(s, TEXT_LIMITS.materialTitle))) },
            {
              what: `${label} description`,
              got: m?.description,
              want: kept(asFormSends(clip(s, TEXT_LIMITS.materialDescription))),
            },
            { what: `${label} fileName`, got: m?.fileName, want: storedFileName(fileNames[i]!) },
          ]
        }),
      )
      // Whatever the rule above makes of a name, what is stored is never a path.
      expect(materials.filter((m) => !m?.fileName || /[/\\]/.test(m.fileName)).map((m) => m?.fileName)).toEqual([])
      expect(materials.filter((m) => m && (m.link || m.driveLink || m.image))).toEqual([])
      // The download carries the stored name (the header's UTF-8 form), whatever it holds.
      const served = await inBatches(materials, (m) => api.file(m!.fileUrl, TUTOR))
      const wrongDownloads = served.flatMap((res, i) => {
        const disposition = res.headers.get('Content-Disposition') ?? ''
        const name = /filename\*=UTF-8''([^;]*)/.exec(disposition)?.[1]
        return res.status === 200 && name !== undefined && decodeURIComponent(name) === materials[i]!.fileName
          ? []
          : [`${STRING_LABELS[i]} → ${res.status} ${disposition}`]
      })
      expect(wrongDownloads).toEqual([])
    })

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
