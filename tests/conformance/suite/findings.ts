// Holes found in review of the rules, each pinned by a test: races that made
// two rows of what may exist once, an account taken over through an
// unverified email, unbounded text, reviewers' emails shown to everyone,
// sessions and reviews under a name the client made up, and bookings before
// registration opens.
import { describe, expect, it } from 'vitest'
import { TEXT_LIMITS } from '#contract/limits'
import type { Review, Session, User } from '#contract/entities'
import type { Api } from '../harness/api-client'
import { ProviderRefusal } from '../harness/target'
import {
  accountName,
  ADMIN,
  allBookings,
  allReviews,
  allSessions,
  createBooking,
  createNote,
  createOpenSession,
  createSession,
  DAY,
  expectOk,
  expectRefusal,
  FREE_STUDENT,
  getAsAdmin,
  notesOf,
  OTHER_STUDENT,
  OTHER_TUTOR,
  sessionBody,
  snapshot,
  STUDENT,
  THIRD_STUDENT,
  TUTOR,
  userByEmail,
} from './fixtures'

const over = (limit: number) => 'x'.repeat(limit + 1)

export function findingTests(api: Api) {
  describe('findings', () => {
    it('10 parallel POST /bookings of one student for one session make exactly one booking', async () => {
      const session = await createOpenSession(api, TUTOR)
      await api.signIn(FREE_STUDENT)
      const body = { sessionId: session, studentEmail: FREE_STUDENT, tutorEmail: TUTOR }
      const answers = await Promise.all(
        Array.from({ length: 10 }, () => api.call('POST', '/bookings', { as: FREE_STUDENT, body })),
      )
      expect(answers.map((a) => a.status).sort()).toEqual([201, ...Array<number>(9).fill(409)])
      for (const refused of answers.filter((a) => a.status === 409)) expectRefusal(refused, 'a repeated booking')
      const rows = (await allBookings(api)).filter((b) => b.sessionId === session && b.studentEmail === FREE_STUDENT)
      expect(rows).toHaveLength(1)
      expect(rows[0]!._id).toBe(answers.find((a) => a.status === 201)!.data.insertedId)
    })

    it('6 parallel POST /reviews of one student for one session make exactly one review', async () => {
      const session = await createOpenSession(api, TUTOR)
      await createBooking(api, STUDENT, session, 'approved')
      const body = {
        sessionId: session,
        studentEmail: STUDENT,
        studentName: await accountName(api, STUDENT),
        comment: 'Once only',
        rating: 5,
      }
      await api.signIn(STUDENT)
      const answers = await Promise.all(
        Array.from({ length: 6 }, () => api.call('POST', '/reviews', { as: STUDENT, body })),
      )
      expect(answers.map((a) => a.status).sort()).toEqual([201, ...Array<number>(5).fill(409)])
      for (const refused of answers.filter((a) => a.status === 409)) expectRefusal(refused, 'a repeated review')
      expect((await allReviews(api)).filter((r) => r.sessionId === session && r.studentEmail === STUDENT)).toHaveLength(
        1,
      )
    })

    it("a new identity with a seeded user's unverified email gets neither that record nor its role", async () => {
      const seeded = OTHER_TUTOR
      const before = await userByEmail(api, seeded)
      expect(before?.role).toBe('tutor')
      if (api.target.seededUsersHaveIdentities) {
        // This provider already holds the seeded user's identity: it refuses a second one for the email.
        await expect(api.target.signUpNew(seeded, 'Impostor')).rejects.toBeInstanceOf(ProviderRefusal)
      } else {
        const { idToken } = await api.target.signUpNew(seeded, 'Impostor')
        // Nor may it read the record it cannot claim: not even whether it exists, let alone its role.
        const read = await api.call('GET', `/users/${seeded}`, { token: idToken })
        expectRefusal(read, 'GET /users/{email} with an unverified identity of a seeded email', [404])
        expect(read.data.role).toBeUndefined()
        const jwt = await api.call('POST', '/jwt', { token: idToken, body: { email: seeded } })
        expectRefusal(jwt, 'POST /jwt with an unverified identity of a seeded email', [409])
        expect(jwt.data.token).toBeUndefined()
        const signUp = await api.call('POST', '/users', { token: idToken, body: { email: seeded, name: 'Impostor' } })
        expectRefusal(signUp, 'POST /users with an unverified identity of a seeded email', [409])
      }
      const after = await userByEmail(api, seeded)
      expect(after).toMatchObject({ _id: before!._id, role: 'tutor', name: before!.name })
      expect((await api.call('GET', '/users?search=Impostor', { as: ADMIN })).data).toEqual([])
      // The seeded user's own identity, with an email the provider vouches for, opens the record.
      const token = await api.signIn(seeded)
      const me = await api.call<User>('GET', `/users/${seeded}`, { token })
      expect(me.data).toMatchObject({ _id: before!._id, role: 'tutor' })
      const created = await api.call('POST', '/sessions', {
        token,
        body: sessionBody(seeded, before!.name),
      })
      expect(created.status).toBe(201)
    })

    it('a note or review over its length limit is refused and not stored', async () => {
      const session = await createOpenSession(api, TUTOR)
      await createBooking(api, STUDENT, session, 'approved')
      const note = await createNote(api, STUDENT)
      const studentName = await accountName(api, STUDENT)
      const review = { sessionId: session, studentEmail: STUDENT, studentName, rating: 4 }
      const cases = [
        [
          'POST /notes title',
          'POST',
          '/notes',
          { email: STUDENT, title: over(TEXT_LIMITS.noteTitle), description: 'd' },
        ],
        [
          'POST /notes description',
          'POST',
          '/notes',
          { email: STUDENT, title: 't', description: over(TEXT_LIMITS.noteDescription) },
        ],
        ['PATCH /notes title', 'PATCH', `/notes/${note}`, { title: over(TEXT_LIMITS.noteTitle), description: 'd' }],
        [
          'PATCH /notes description',
          'PATCH',
          `/notes/${note}`,
          { title: 't', description: over(TEXT_LIMITS.noteDescription) },
        ],
        ['POST /reviews comment', 'POST', '/reviews', { ...review, comment: over(TEXT_LIMITS.reviewComment) }],
      ] as const
      for (const [label, method, path, body] of cases) {
        const before = await snapshot(api)
        const res = await api.call(method, path, { as: STUDENT, body })
        expectRefusal(res, `${label} over its limit`, [400, 413])
        expect(await snapshot(api), `${label}: nothing may change`).toEqual(before)
      }
      // At the limit exactly, both are accepted.
      const atLimit = await api.call('POST', '/notes', {
        as: STUDENT,
        body: {
          email: STUDENT,
          title: 'x'.repeat(TEXT_LIMITS.noteTitle),
          description: 'y'.repeat(TEXT_LIMITS.noteDescription),
        },
      })
      expect(atLimit.status).toBe(201)
      const longest = (await notesOf(api, STUDENT)).find((n) => n._id === atLimit.data.insertedId)!
      expect(longest.description).toHaveLength(TEXT_LIMITS.noteDescription)
      const fullReview = await api.call('POST', '/reviews', {
        as: STUDENT,
        body: { ...review, comment: 'z'.repeat(TEXT_LIMITS.reviewComment) },
      })
      expect(fullReview.status).toBe(201)
    })

    it('GET /reviews/{sessionId} shows reviewers’ emails to admins only', async () => {
      const session = await createOpenSession(api, TUTOR)
      for (const student of [OTHER_STUDENT, THIRD_STUDENT]) {
        await createBooking(api, student, session, 'approved')
        await expectOk(
          api.call('POST', '/reviews', {
            as: student,
            body: {
              sessionId: session,
              studentEmail: student,
              studentName: await accountName(api, student),
              comment: 'Fine',
              rating: 4,
            },
          }),
        )
      }
      const asAdmin = await api.call<Review[]>('GET', `/reviews/${session}`, { as: ADMIN })
      expect(asAdmin.data.map((r) => r.studentEmail).sort()).toEqual([OTHER_STUDENT, THIRD_STUDENT].sort())
      for (const viewer of [null, STUDENT, OTHER_STUDENT, TUTOR, OTHER_TUTOR]) {
        const res = await api.call<Review[]>('GET', `/reviews/${session}`, viewer ? { as: viewer } : {})
        expect(res.status).toBe(200)
        expect(res.data).toHaveLength(2)
        // A student may see their own review's email; nobody else's.
        for (const r of res.data) {
          const own = viewer !== null && asAdmin.data.find((a) => a._id === r._id)!.studentEmail === viewer
          if (!own) expect(r, `${viewer ?? 'anonymous'} sees ${JSON.stringify(r)}`).not.toHaveProperty('studentEmail')
        }
      }
    })

    it("a session or review never carries another name than its author's account: refused, or replaced", async () => {
      const tutorName = await accountName(api, TUTOR)
      const created = await api.call('POST', '/sessions', {
        as: TUTOR,
        body: sessionBody(TUTOR, tutorName, { tutorName: 'Somebody Else' }),
      })
      if (created.status === 201) {
        expect((await getAsAdmin<Session>(api, `/sessions/${created.data.insertedId}`)).tutorName).toBe(tutorName)
      } else expectRefusal(created, 'POST /sessions with a tutorName that is not the account name')
      expect((await allSessions(api)).filter((s) => s.tutorName === 'Somebody Else')).toEqual([])

      const session = await createOpenSession(api, TUTOR)
      await createBooking(api, STUDENT, session, 'approved')
      const studentName = await accountName(api, STUDENT)
      const review = await api.call('POST', '/reviews', {
        as: STUDENT,
        body: { sessionId: session, studentEmail: STUDENT, studentName: 'Somebody Else', comment: 'ok', rating: 4 },
      })
      if (review.status === 201) {
        expect((await allReviews(api)).find((r) => r._id === review.data.insertedId)!.studentName).toBe(studentName)
      } else expectRefusal(review, 'POST /reviews with a studentName that is not the account name')
      expect((await allReviews(api)).filter((r) => r.studentName === 'Somebody Else')).toEqual([])
    })

    it('a session whose registration opens in 3 days cannot be booked yet', async () => {
      const now = Date.now()
      const iso = (ms: number) => new Date(ms).toISOString()
      const session = await createSession(api, TUTOR, {
        registrationStart: iso(now + 3 * DAY),
        registrationEnd: iso(now + 10 * DAY),
        classStart: iso(now + 12 * DAY),
        classEnd: iso(now + 20 * DAY),
      })
      await expectOk(api.call('PATCH', `/sessions/${session}/approve`, { as: ADMIN, body: { fee: 10, type: 'Paid' } }))
      const res = await api.call('POST', '/bookings', {
        as: FREE_STUDENT,
        body: { sessionId: session, studentEmail: FREE_STUDENT, tutorEmail: TUTOR },
      })
      expectRefusal(res, 'booking before registration opens', [409])
      expect(res.data.success).toBe(false)
      expect((await allBookings(api)).filter((b) => b.sessionId === session)).toEqual([])
    })
  })
}
