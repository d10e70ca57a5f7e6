// GET /sessions' search (docs/rules/search.md): words in any order, prefixes,
// case and accents ignored; the subject, fee, open-registration, class-date
// and tutor filters; the four sorts, with pages that never overlap; and the
// 400s. Every target must give these exact answers, so the demo server's rule
// (#contract/session-search) and the SQL of the API server on PGlite and on
// PostgreSQL are held to one result for the same parameters.
import { describe, expect, it } from 'vitest'
import type { Session } from '#contract/entities'
import { compareSessions, sessionMatcher, sessionSearchOf, type SessionSearchQuery } from '#contract/session-search'
import type { Api } from '../harness/api-client'
import {
  ADMIN,
  allSessions,
  createBooking,
  createReview,
  createSession,
  DAY,
  expectOk,
  OTHER_STUDENT,
  OTHER_TUTOR,
  STUDENT,
  THIRD_STUDENT,
  TUTOR,
} from './fixtures'

const HOUR = 3_600_000
const iso = (ms: number) => new Date(ms).toISOString()
const day = (ms: number) => iso(ms).slice(0, 10)

let markers = 0
/** A word no other session holds (letters and digits only, so it stays one word). */
function marker(): string {
  markers += 1
  return `qz${Date.now().toString(36)}x${markers}`
}

interface Made {
  title?: string
  subject?: string
  description?: string
  fee?: number
  /** Registration open now (else it opens tomorrow). */
  open?: boolean
  /** Class start, in days from now. */
  classInDays?: number
}

/** An approved session of `tutor` with `made`'s fields; answers its id. */
async function approved(api: Api, tutor: string, made: Made): Promise<string> {
  const now = Date.now()
  const regStart = made.open === false ? now + DAY : now - HOUR
  const classStart = now + (made.classInDays ?? 10) * DAY
  const id = await createSession(api, tutor, {
    ...(made.title !== undefined ? { title: made.title } : {}),
    ...(made.subject !== undefined ? { subject: made.subject } : {}),
    ...(made.description !== undefined ? { description: made.description } : {}),
    registrationStart: iso(regStart),
    registrationEnd: iso(regStart + 5 * DAY),
    classStart: iso(classStart),
    classEnd: iso(classStart + 2 * DAY),
  })
  const fee = made.fee ?? 20
  await expectOk(
    api.call('PATCH', `/sessions/${id}/approve`, {
      as: ADMIN,
      body: fee === 0 ? { fee: 0, type: 'Free' } : { fee, type: 'Paid' },
    }),
  )
  return id
}

async function found(api: Api, query: string): Promise<string[]> {
  const res = await api.call<Session[]>('GET', `/sessions?status=approved&${query}`)
  expect(res.status, `GET /sessions?${query} → ${JSON.stringify(res.data)}`).toBe(200)
  return res.data.map((s) => s._id)
}

const params = (query: Record<string, string>) => new URLSearchParams(query).toString()

export function sessionSearchTests(api: Api) {
  describe('finding sessions', () => {
    it('finds words in any order, by their beginnings, whatever their case and accents', async () => {
      const m = marker()
      const chemistry = await approved(api, TUTOR, {
        title: `Química Orgánica ${m}`,
        subject: 'Chemistry',
        description: 'Reacciones y mecanismos.',
      })
      const physics = await approved(api, OTHER_TUTOR, {
        title: `Physics ${m}`,
        subject: 'Physics',
        description: 'Forces and ÉNERGIE, step by step.',
      })
      await createSession(api, TUTOR, { title: `Química pending ${m}` })

      expect(await found(api, params({ q: m }))).toEqual([physics, chemistry])
      expect(await found(api, params({ q: `quimica ${m}` }))).toEqual([chemistry])
      expect(await found(api, params({ q: `QUÍMICA ${m.toUpperCase()}` }))).toEqual([chemistry])
      expect(await found(api, params({ q: `${m} organica quimica` }))).toEqual([chemistry])
      // A prefix of the subject, of the description, of the tutor's name.
      expect(await found(api, params({ q: `chem ${m}` }))).toEqual([chemistry])
      expect(await found(api, params({ q: `${m} energie` }))).toEqual([physics])
      expect(await found(api, params({ q: `${m} mecan` }))).toEqual([chemistry])
      expect(await found(api, params({ q: `${m} okaf` }))).toEqual([physics])
      // Words begin where they begin: the middle of a word is no match, nor is one word missing.
      expect(await found(api, params({ q: `${m} hemistry` }))).toEqual([])
      expect(await found(api, params({ q: `${m} quimica physics` }))).toEqual([])
      // Punctuation is no word: "Química!" is quimica.
      expect(await found(api, params({ q: `"Química!" (${m})` }))).toEqual([chemistry])

      const counted = await api.call<Session[]>('GET', `/sessions?status=approved&${params({ q: m })}&page=1&limit=1`)
      expect(counted.headers.get('X-Total-Count')).toBe('2')
      expect(counted.data.map((s) => s._id)).toEqual([physics])
      // The admin's list finds the pending one too.
      const admin = await api.call<Session[]>('GET', `/admin/sessions?${params({ q: `quimica ${m}` })}`, { as: ADMIN })
      expect(admin.data).toHaveLength(2)
    })

    it('filters by subject, fee, open registration, class start and tutor, alone and together', async () => {
      const m = marker()
      const now = Date.now()
      const a = await approved(api, TUTOR, {
        title: `Reactions ${m}`,
        subject: 'Organic Chemistry',
        fee: 0,
        classInDays: 10,
      })
      const b = await approved(api, OTHER_TUTOR, {
        title: `Chemistry for physicists ${m}`,
        subject: 'Physics',
        fee: 30,
        open: false,
        classInDays: 20,
      })
      const c = await approved(api, TUTOR, { title: `Titration ${m}`, subject: 'Chemistry', fee: 10, classInDays: 40 })
      const q = (more: Record<string, string>) => params({ q: m, ...more })

      expect(await found(api, q({}))).toEqual([c, b, a])
      expect(await found(api, params({ q: `${m} chemistry` }))).toEqual([c, b, a])
      expect(await found(api, q({ subject: 'chem' }))).toEqual([c, a])
      expect(await found(api, q({ subject: 'ORGANIC' }))).toEqual([a])
      expect(await found(api, q({ subject: 'physics' }))).toEqual([b])
      expect(await found(api, q({ fee: 'free' }))).toEqual([a])
      expect(await found(api, q({ fee: 'paid' }))).toEqual([c, b])
      expect(await found(api, q({ open: '1' }))).toEqual([c, a])
      expect(await found(api, q({ from: day(now + 15 * DAY) }))).toEqual([c, b])
      expect(await found(api, q({ to: day(now + 15 * DAY) }))).toEqual([a])
      expect(await found(api, q({ from: iso(now + 15 * DAY), to: iso(now + 30 * DAY) }))).toEqual([b])
      expect(await found(api, q({ tutorEmail: OTHER_TUTOR }))).toEqual([b])
      expect(await found(api, q({ fee: 'paid', open: '1' }))).toEqual([c])
      expect(await found(api, q({ subject: 'chem', fee: 'free', open: '1', to: day(now + 15 * DAY) }))).toEqual([a])
      expect(await found(api, q({ tutorEmail: TUTOR, sort: 'fee' }))).toEqual([a, c])
      // Filters without words: every approved session that passes them (the seed's too).
      const free = await found(api, params({ fee: 'free' }))
      expect(free).toContain(a)
      expect(free).not.toContain(c)
    })

    it('sorts by soonest class, newest, highest rating and lowest fee, equal keys newest first, pages never overlapping', async () => {
      const m = marker()
      const r5 = await approved(api, TUTOR, { title: `Five ${m}`, fee: 25, classInDays: 30 })
      const r2 = await approved(api, TUTOR, { title: `Two ${m}`, fee: 5, classInDays: 12 })
      const none = await approved(api, OTHER_TUTOR, { title: `None ${m}`, fee: 25, classInDays: 20 })
      const mixed = await approved(api, OTHER_TUTOR, { title: `Mixed ${m}`, fee: 0, classInDays: 25 })
      for (const [id, tutor] of [
        [r5, TUTOR],
        [r2, TUTOR],
        [mixed, OTHER_TUTOR],
      ] as const) {
        await createBooking(api, STUDENT, id, 'approved', tutor)
      }
      await createBooking(api, OTHER_STUDENT, mixed, 'approved', OTHER_TUTOR)
      await createReview(api, STUDENT, r5, 5)
      await createReview(api, STUDENT, r2, 2)
      await createReview(api, STUDENT, mixed, 5)
      await createReview(api, OTHER_STUDENT, mixed, 2)

      const newest = [mixed, none, r2, r5]
      expect(await found(api, params({ q: m }))).toEqual(newest)
      expect(await found(api, params({ q: m, sort: 'newest' }))).toEqual(newest)
      expect(await found(api, params({ q: m, sort: 'soonest' }))).toEqual([r2, none, mixed, r5])
      expect(await found(api, params({ q: m, sort: 'rating' }))).toEqual([r5, mixed, r2, none])
      // Equal fees (25) come newest first.
      expect(await found(api, params({ q: m, sort: 'fee' }))).toEqual([mixed, r2, none, r5])

      for (const sort of ['newest', 'soonest', 'rating', 'fee']) {
        const whole = await found(api, params({ q: m, sort }))
        const paged: string[] = []
        for (let page = 1; page <= 3; page++) {
          const res = await api.call<Session[]>(
            'GET',
            `/sessions?status=approved&${params({ q: m, sort })}&page=${page}&limit=2`,
          )
          expect(res.headers.get('X-Total-Count')).toBe('4')
          paged.push(...res.data.map((s) => s._id))
        }
        expect(paged, sort).toEqual(whole)
      }
      // A student with a booking to review sees the same order: nothing about the search depends on the caller.
      const asStudent = await api.call<Session[]>(
        'GET',
        `/sessions?status=approved&${params({ q: m, sort: 'rating' })}`,
        {
          as: THIRD_STUDENT,
        },
      )
      expect(asStudent.data.map((s) => s._id)).toEqual([r5, mixed, r2, none])
    })

    it('answers what the contract rule gives over the whole list, for each parameter and their combinations', async () => {
      const now = Date.now()
      const everything = await allSessions(api)
      const queries: SessionSearchQuery[] = [
        { q: 'chem' },
        { q: 'DATA' },
        { q: 'pyth intro' },
        { q: 'priya' },
        { q: 's' },
        { q: 'revolution industrial' },
        { subject: 'computer' },
        { subject: 'science comp' },
        { fee: 'free' },
        { fee: 'paid', sort: 'fee' },
        { open: '1', sort: 'soonest' },
        { sort: 'rating' },
        { sort: 'soonest' },
        { q: 'statistics', sort: 'rating' },
        { from: day(now + 10 * DAY), to: day(now + 25 * DAY), sort: 'soonest' },
        { q: 'a', fee: 'paid', open: '1', sort: 'fee' },
        { subject: 'mathematics', from: day(now) },
      ]
      for (const query of queries) {
        const defined = Object.fromEntries(Object.entries(query).filter(([, v]) => v !== undefined)) as Record<
          string,
          string
        >
        const search = sessionSearchOf(query, now)
        const expected = everything
          .filter((s) => s.status === 'approved')
          .filter(sessionMatcher(search))
          .sort(compareSessions(search.sort, (s) => s.averageRating ?? 0))
          .map((s) => s._id)
        expect(await found(api, params(defined)), JSON.stringify(query)).toEqual(expected)
      }
    })

    it('refuses a bad parameter with 400 naming it', async () => {
      const bad: Array<[string, RegExp]> = [
        ['sort=cheapest', /sort/],
        ['fee=cheap', /fee/],
        ['open=yes', /open/],
        ['from=tomorrow', /from/],
        ['to=2026-13-45', /to/],
        ['from=2026-01-01T10:00:00', /from/],
        ['from=2026-03-02&to=2026-03-01', /to must not be before from/],
        [`q=${'a'.repeat(201)}`, /q/],
        [`subject=${'a'.repeat(81)}`, /subject/],
      ]
      for (const [query, message] of bad) {
        const res = await api.call('GET', `/sessions?status=approved&${query}`)
        expect(res.status, query).toBe(400)
        expect(res.data.message, query).toMatch(message)
      }
      // The same day as both bounds is that whole day.
      expect((await api.call('GET', '/sessions?status=approved&from=2026-03-02&to=2026-03-02')).status).toBe(200)
    })

    it('leaves the list as it was when the search asks for nothing', async () => {
      const plain = await found(api, 'page=2&limit=5')
      expect(await found(api, 'sort=newest&page=2&limit=5')).toEqual(plain)
      expect(await found(api, 'q=&page=2&limit=5')).toEqual(plain)
      expect(await found(api, `${params({ q: '!? —' })}&page=2&limit=5`)).toEqual(plain)
    })
  })
}
