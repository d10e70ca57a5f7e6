// /sessions: public and role lists, paging, ratings, and the approval flow
// (pending → approved with a fee or rejected; rejected → pending again; only
// approved sessions are edited or deleted).
import { describe, expect, it } from 'vitest'
import type { Session } from '#contract/entities'
import type { Api } from '../harness/api-client'
import {
  accountName,
  ADMIN,
  allBookings,
  allMaterials,
  allReviews,
  allSessions,
  createBooking,
  createOpenSession,
  createReview,
  createSession,
  expectOk,
  getAsAdmin,
  OTHER_TUTOR,
  SEEDED_SESSIONS,
  sessionBody,
  STUDENT,
  THIRD_STUDENT,
  TUTOR,
  uploadMaterial,
} from './fixtures'

export function sessionTests(api: Api) {
  describe('sessions', () => {
    it('lists approved sessions publicly; other lists need a role', async () => {
      const anon = await api.call<Session[]>('GET', '/sessions?status=approved')
      expect(anon.status).toBe(200)
      expect(anon.data.length).toBeGreaterThan(0)
      expect(anon.data.every((s) => s.status === 'approved')).toBe(true)
      expect((await api.call('GET', '/sessions')).status).toBe(401)
      expect((await api.call('GET', '/sessions', { as: STUDENT })).status).toBe(403)
      expect((await api.call('GET', '/sessions', { as: ADMIN })).data).toHaveLength(SEEDED_SESSIONS)
      const all = await api.call<Session[]>('GET', '/admin/sessions', { as: ADMIN })
      expect(all.data).toHaveLength(SEEDED_SESSIONS)
      expect(anon.data).toHaveLength(all.data.filter((s) => s.status === 'approved').length)
      expect((await api.call('GET', '/admin/sessions', { as: TUTOR })).status).toBe(403)
      const pending = await api.call<Session[]>('GET', '/sessions/pending', { as: ADMIN })
      expect(pending.data.length).toBeGreaterThan(0)
      expect(pending.data.every((s) => s.status === 'pending')).toBe(true)
      const mine = await api.call<Session[]>('GET', `/sessions/tutor/${TUTOR}`, { as: TUTOR })
      expect(mine.data.map((s) => s._id).sort()).toEqual(
        all.data
          .filter((s) => s.tutorEmail === TUTOR)
          .map((s) => s._id)
          .sort(),
      )
      const byQuery = await api.call<Session[]>('GET', `/sessions?tutorEmail=${TUTOR}`, { as: TUTOR })
      expect(byQuery.status).toBe(200)
      expect(byQuery.data.every((s) => s.tutorEmail === TUTOR)).toBe(true)
      expect((await api.call('GET', `/sessions/tutor/${TUTOR}`, { as: OTHER_TUTOR })).status).toBe(403)
    })

    it('pages with page and limit and reports X-Total-Count', async () => {
      const all = (await api.call<Session[]>('GET', '/sessions?status=approved')).data
      const page = await api.call<Session[]>('GET', '/sessions?status=approved&page=2&limit=5')
      expect(page.headers.get('X-Total-Count')).toBe(String(all.length))
      expect(page.data.map((s) => s._id)).toEqual(all.slice(5, 10).map((s) => s._id))
      expect((await api.call('GET', '/sessions?status=approved&page=0&limit=5')).status).toBe(400)
      expect((await api.call('GET', '/sessions?status=bogus')).status).toBe(400)
    })

    it('computes averageRating and reviewCount from the reviews', async () => {
      const reviews = await allReviews(api)
      const sessions = await allSessions(api)
      let checked = 0
      for (const s of sessions) {
        const ratings = reviews.filter((r) => r.sessionId === s._id).map((r) => r.rating ?? 0)
        expect(s.reviewCount, s.title).toBe(ratings.length)
        const mean = ratings.length === 0 ? 0 : ratings.reduce((a, b) => a + b, 0) / ratings.length
        expect(s.averageRating, s.title).toBeCloseTo(mean)
        if (ratings.length > 0) checked++
      }
      expect(checked).toBeGreaterThan(0)
      // A new review moves the numbers at once.
      const id = await createOpenSession(api, TUTOR)
      await createBooking(api, STUDENT, id, 'approved')
      await createBooking(api, THIRD_STUDENT, id, 'approved')
      await createReview(api, STUDENT, id, 5)
      await createReview(api, THIRD_STUDENT, id, 2)
      const rated = (await api.call<Session>('GET', `/sessions/${id}`)).data
      expect(rated).toMatchObject({ reviewCount: 2, averageRating: 3.5 })
    })

    it('GET /sessions/{id}: public when approved, else owner or admin; 404 when unknown', async () => {
      const pending = await createSession(api, TUTOR)
      expect((await api.call('GET', `/sessions/${pending}`)).status).toBe(401)
      expect((await api.call('GET', `/sessions/${pending}`, { as: OTHER_TUTOR })).status).toBe(403)
      expect((await api.call('GET', `/sessions/${pending}`, { as: TUTOR })).status).toBe(200)
      expect((await api.call('GET', `/sessions/${pending}`, { as: ADMIN })).status).toBe(200)
      const open = await createOpenSession(api, TUTOR)
      expect((await api.call('GET', `/sessions/${open}`)).status).toBe(200)
      const missing = await api.call('GET', '/sessions/000000000000000000000000')
      expect(missing.status).toBe(404)
      expect(missing.data.message).toEqual(expect.any(String))
    })

    it('creates sessions as pending, for tutors only, validating the payload', async () => {
      const name = await accountName(api, TUTOR)
      const created = await api.call('POST', '/sessions', { as: TUTOR, body: sessionBody(TUTOR, name) })
      expect(created.status).toBe(201)
      expect((await getAsAdmin<Session>(api, `/sessions/${created.data.insertedId}`)).status).toBe('pending')
      // The tutor form sends status "pending" (the server decides it all the same).
      const fromForm = await api.call('POST', '/sessions', {
        as: TUTOR,
        body: sessionBody(TUTOR, name, { status: 'pending' }),
      })
      expect(fromForm.status).toBe(201)
      expect((await api.call('POST', '/sessions', { as: STUDENT, body: sessionBody(STUDENT, 'Sam') })).status).toBe(403)
      const forOther = await api.call('POST', '/sessions', { as: TUTOR, body: sessionBody(OTHER_TUTOR, name) })
      expect(forOther.status).toBe(403)
      const before = (await allSessions(api)).length
      const bad = await api.call('POST', '/sessions', { as: TUTOR, body: sessionBody(TUTOR, name, { duration: 0 }) })
      expect(bad.status).toBe(400)
      expect(bad.data.message).toMatch(/duration/)
      const noTitle = await api.call('POST', '/sessions', { as: TUTOR, body: sessionBody(TUTOR, name, { title: ' ' }) })
      expect(noTitle.status).toBe(400)
      expect(noTitle.data.message).toMatch(/title/)
      const negative = sessionBody(TUTOR, name, { registrationFee: -1 })
      expect((await api.call('POST', '/sessions', { as: TUTOR, body: negative })).status).toBe(400)
      const notJson = await api.call('POST', '/sessions', {
        as: TUTOR,
        body: 'not json{',
        headers: { 'Content-Type': 'application/json' },
      })
      expect(notJson.status).toBe(400)
      expect((await allSessions(api)).length).toBe(before)
    })

    it('approve (fee kept when Paid, 0 when Free), reject, resubmit: only from the right status', async () => {
      const a = await createSession(api, TUTOR)
      expect((await api.call('PATCH', `/sessions/${a}/approve`, { as: TUTOR, body: { fee: 10 } })).status).toBe(403)
      const free = await api.call('PATCH', `/sessions/${a}/approve`, { as: ADMIN, body: { fee: 40, type: 'Free' } })
      expect(free.data).toEqual({ acknowledged: true, modifiedCount: 1 })
      expect(await getAsAdmin<Session>(api, `/sessions/${a}`)).toMatchObject({ status: 'approved', registrationFee: 0 })
      expect((await api.call('PATCH', `/sessions/${a}/approve`, { as: ADMIN, body: { fee: 1 } })).status).toBe(409)
      expect((await api.call('PATCH', `/sessions/${a}/reject`, { as: ADMIN })).status).toBe(409)
      expect((await api.call('PATCH', `/sessions/${a}/resubmit`, { as: TUTOR })).status).toBe(409)

      const paid = await createSession(api, TUTOR)
      await api.call('PATCH', `/sessions/${paid}/approve`, { as: ADMIN, body: { fee: 35, type: 'Paid' } })
      expect(await getAsAdmin<Session>(api, `/sessions/${paid}`)).toMatchObject({
        status: 'approved',
        registrationFee: 35,
      })
      // The admin's form sends the fee as typed: not a number counts as 0.
      const lenient = await createSession(api, TUTOR)
      await api.call('PATCH', `/sessions/${lenient}/approve`, { as: ADMIN, body: { fee: 'abc', type: 'Paid' } })
      expect((await getAsAdmin<Session>(api, `/sessions/${lenient}`)).registrationFee).toBe(0)

      const c = await createSession(api, TUTOR)
      expect((await api.call('PATCH', `/sessions/${c}/resubmit`, { as: TUTOR })).status).toBe(409)
      expect((await api.call('PATCH', `/sessions/${c}/reject`, { as: TUTOR })).status).toBe(403)
      expect((await api.call('PATCH', `/sessions/${c}/reject`, { as: ADMIN })).data.modifiedCount).toBe(1)
      expect((await getAsAdmin<Session>(api, `/sessions/${c}`)).status).toBe('rejected')
      expect((await api.call('PATCH', `/sessions/${c}/approve`, { as: ADMIN, body: { fee: 1 } })).status).toBe(409)
      expect((await api.call('PATCH', `/sessions/${c}/resubmit`, { as: OTHER_TUTOR })).status).toBe(403)
      expect((await api.call('PATCH', `/sessions/${c}/resubmit`, { as: TUTOR })).data.modifiedCount).toBe(1)
      expect((await getAsAdmin<Session>(api, `/sessions/${c}`)).status).toBe('pending')
      expect((await api.call('PATCH', `/sessions/${c}/approve`, { as: ADMIN, body: { fee: 5 } })).status).toBe(200)
    })

    it('updates and deletes only approved sessions; a delete (after the class was cancelled) takes bookings, reviews and materials with it', async () => {
      const pending = await createSession(api, TUTOR)
      const body = { title: 'New title', subject: 'Maths', duration: 3, registrationFee: 5 }
      expect((await api.call('PATCH', `/sessions/${pending}`, { as: ADMIN, body })).status).toBe(409)
      expect((await api.call('DELETE', `/sessions/${pending}`, { as: ADMIN })).status).toBe(409)
      const rejected = await createSession(api, TUTOR)
      await api.call('PATCH', `/sessions/${rejected}/reject`, { as: ADMIN })
      expect((await api.call('PATCH', `/sessions/${rejected}`, { as: ADMIN, body })).status).toBe(409)
      expect((await api.call('DELETE', `/sessions/${rejected}`, { as: ADMIN })).status).toBe(409)

      const id = await createOpenSession(api, TUTOR)
      await createBooking(api, STUDENT, id, 'approved')
      await createReview(api, STUDENT, id)
      const material = await uploadMaterial(api, TUTOR, id)
      const fileUrl = (await allMaterials(api)).find((m) => m._id === material)!.fileUrl
      expect((await api.call('PATCH', `/sessions/${id}`, { as: TUTOR, body })).status).toBe(403)
      expect((await api.call('PATCH', `/sessions/${id}`, { as: ADMIN, body })).data.modifiedCount).toBe(1)
      expect(await getAsAdmin<Session>(api, `/sessions/${id}`)).toMatchObject(body)
      // The admin's edit form sends numbers as typed: an empty fee is 0; a duration must still be an hour or more.
      const typed = { title: 'T', subject: 'S', duration: '4', registrationFee: '' }
      expect((await api.call('PATCH', `/sessions/${id}`, { as: ADMIN, body: typed })).status).toBe(200)
      expect(await getAsAdmin<Session>(api, `/sessions/${id}`)).toMatchObject({ duration: 4, registrationFee: 0 })
      const noDuration = await api.call('PATCH', `/sessions/${id}`, { as: ADMIN, body: { ...typed, duration: 'x' } })
      expect(noDuration.status).toBe(400)
      expect(noDuration.data.message).toMatch(/duration/)
      expect((await getAsAdmin<Session>(api, `/sessions/${id}`)).duration).toBe(4)

      expect((await api.call('DELETE', `/sessions/${id}`, { as: TUTOR })).status).toBe(403)
      // Its booking is live: the class is cancelled first, which tells the student (running-the-class.ts).
      expect((await api.call('DELETE', `/sessions/${id}`, { as: ADMIN })).status).toBe(409)
      await expectOk(api.call('POST', `/sessions/${id}/cancel`, { as: ADMIN, body: { reason: 'Closed.' } }))
      expect((await api.call('DELETE', `/sessions/${id}`, { as: ADMIN })).data.deletedCount).toBe(1)
      expect((await api.call('GET', `/sessions/${id}`, { as: ADMIN })).status).toBe(404)
      expect((await allBookings(api)).filter((b) => b.sessionId === id)).toEqual([])
      expect((await allReviews(api)).filter((r) => r.sessionId === id)).toEqual([])
      expect((await allMaterials(api)).filter((m) => m.sessionId === id)).toEqual([])
      expect((await api.file(fileUrl, ADMIN)).status).toBe(404)
    })
  })
}
