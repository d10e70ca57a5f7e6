// Every hostile string of the browser suite (tests/e2e/hostile-strings.ts),
// sent through the API as an attacker sends it, past the forms' checks, into
// every field of the records another user will see: session title, subject
// and description, review comment, note title and description, material
// title, description and file name. On every target each must be stored and
// answered exactly as the contract says: text is kept with the whitespace
// around it removed (String.prototype.trim, which the schemas' `.trim()` and
// the handlers apply) and nothing else changed. Users' names and photo URLs,
// the admin's search, URLs and ids: ./hostile-strings-users-and-urls.ts.
// The browser suite runs these strings against the demo build only, to check
// how the screens render them. That verdict holds for the API server's build
// too only if the API server (on PGlite and on PostgreSQL) stores and answers
// each string exactly as the demo server does: this file checks that on every
// target. Every string is checked, not a sample.
import { describe, expect, it } from 'vitest'
import type { Material, Note, Review, Session } from '#contract/entities'
import { TEXT_LIMITS } from '#contract/limits'
import { clip, HOSTILE_STRINGS } from '../../e2e/hostile-strings'
import type { Api } from '../harness/api-client'
import {
  accountName,
  ADMIN,
  createOpenSession,
  DAY,
  materialForm,
  notesOf,
  sessionBody,
  STUDENT,
  TUTOR,
} from './fixtures'
import { expectEach, expectStored, inBatches, kept, STRING_LABELS } from './hostile-strings-checks'

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

export function hostileContentTests(api: Api) {
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
  })
}
