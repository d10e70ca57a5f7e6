// Dashboard numbers, and bookings: a student books an approved session while
// its registration is open; the admin approves or rejects pending bookings and
// edits or deletes approved ones.
import { describe, expect, it } from 'vitest'
import type { Booking, Session } from '#contract/entities'
import type { Api } from '../harness/api-client'
import {
  ADMIN,
  allBookings,
  allMaterials,
  allReviews,
  allSessions,
  allUsers,
  createOpenSession,
  createSession,
  FREE_STUDENT,
  OTHER_STUDENT,
  OTHER_TUTOR,
  STUDENT,
  TUTOR,
} from './fixtures'

export function statsAndBookingTests(api: Api) {
  describe('stats', () => {
    it('computes admin, student and tutor stats from the data', async () => {
      const admin = await api.call('GET', '/admin/stats', { as: ADMIN })
      const sessions = await allSessions(api)
      const materials = await allMaterials(api)
      // How mail is going today (enabled on a server that mails): suite/mail-and-preferences.ts.
      const { mail: _mail, ...counts } = admin.data as Record<string, unknown>
      expect(counts).toEqual({
        totalUsers: (await allUsers(api)).length,
        totalSessions: sessions.length,
        pending: sessions.filter((s) => s.status === 'pending').length,
        approved: sessions.filter((s) => s.status === 'approved').length,
        rejected: sessions.filter((s) => s.status === 'rejected').length,
        totalMaterials: materials.length,
      })
      expect((await api.call('GET', '/admin/stats', { as: TUTOR })).status).toBe(403)

      const bookings = await allBookings(api)
      const reviews = await allReviews(api)
      const approvedBooked = bookings
        .filter((b) => b.studentEmail === STUDENT && b.status === 'approved')
        .map((b) => b.sessionId)
      const visible = materials.filter((m) => m.status === 'approved' && approvedBooked.includes(m.sessionId))
      const student = await api.call('GET', `/student/stats/${STUDENT}`, { as: STUDENT })
      expect(student.data).toEqual({
        totalBookings: bookings.filter((b) => b.studentEmail === STUDENT && b.status !== 'cancelled').length,
        totalReviews: reviews.filter((r) => r.studentEmail === STUDENT).length,
        totalMaterials: visible.length,
      })
      expect(visible.length).toBeGreaterThan(0)
      expect((await api.call('GET', `/student/stats/${STUDENT}`, { as: OTHER_STUDENT })).status).toBe(403)
      expect((await api.call('GET', `/student/stats/${STUDENT}`, { as: ADMIN })).data).toEqual(student.data)

      const tutor = await api.call('GET', `/tutor/stats/${TUTOR}`, { as: TUTOR })
      const ids = sessions.filter((s) => s.tutorEmail === TUTOR).map((s) => s._id)
      const ratings = reviews.filter((r) => ids.includes(r.sessionId)).map((r) => r.rating ?? 0)
      const students = new Set(
        bookings
          .filter((b) => b.tutorEmail === TUTOR && (b.status === 'pending' || b.status === 'approved'))
          .map((b) => b.studentEmail),
      )
      expect(tutor.data.totalSessions).toBe(ids.length)
      expect(tutor.data.totalMaterials).toBe(materials.filter((m) => m.tutorEmail === TUTOR).length)
      expect(tutor.data.totalStudents).toBe(students.size)
      expect(tutor.data.avgRating).toBeCloseTo(ratings.reduce((a, b) => a + b, 0) / ratings.length)
      expect((await api.call('GET', `/tutor/stats/${TUTOR}`, { as: OTHER_TUTOR })).status).toBe(403)
    })
  })

  describe('bookings', () => {
    it('a student books an open session once; refusals say why', async () => {
      const open = await createOpenSession(api, TUTOR)
      const notApproved = await createSession(api, TUTOR)
      const body = { sessionId: open, studentEmail: OTHER_STUDENT, tutorEmail: TUTOR }
      const ok = await api.call('POST', '/bookings', { as: OTHER_STUDENT, body })
      expect(ok.status).toBe(201)
      expect(ok.data.success).toBe(true)
      expect((await allBookings(api)).find((b) => b._id === ok.data.insertedId)).toMatchObject({
        status: 'pending',
        studentEmail: OTHER_STUDENT,
        sessionId: open,
        tutorEmail: TUTOR,
      })
      const again = await api.call('POST', '/bookings', { as: OTHER_STUDENT, body })
      expect(again.status).toBe(409)
      expect(again.data).toMatchObject({ success: false, message: expect.any(String) })

      const now = Date.now()
      const closed = (await allSessions(api)).find(
        (s) => s.status === 'approved' && Date.parse(s.registrationEnd) < now,
      )!
      const late = await api.call('POST', '/bookings', { as: OTHER_STUDENT, body: { ...body, sessionId: closed._id } })
      expect(late.status).toBe(409)
      expect(late.data).toMatchObject({ success: false, message: expect.stringMatching(/closed/i) })
      const pending = await api.call('POST', '/bookings', {
        as: OTHER_STUDENT,
        body: { ...body, sessionId: notApproved },
      })
      expect(pending.status).toBe(409)
      expect(pending.data.success).toBe(false)

      expect((await api.call('POST', '/bookings', { as: TUTOR, body: { ...body, studentEmail: TUTOR } })).status).toBe(
        403,
      )
      expect((await api.call('POST', '/bookings', { as: STUDENT, body })).status).toBe(403)
      const unknown = { ...body, sessionId: 'nope', studentEmail: STUDENT }
      expect((await api.call('POST', '/bookings', { as: STUDENT, body: unknown })).status).toBe(404)
      expect((await api.call('POST', '/bookings', { as: STUDENT, body: { sessionId: open } })).status).toBe(400)
      expect((await allBookings(api)).filter((b) => b.sessionId === open)).toHaveLength(1)
    })

    it("a student's list carries the session's title, tutor, fee and dates", async () => {
      const res = await api.call<Booking[]>('GET', `/bookings/student/${STUDENT}`, { as: STUDENT })
      expect(res.status).toBe(200)
      const mine = (await allBookings(api)).filter((b) => b.studentEmail === STUDENT)
      expect(res.data.map((b) => b._id).sort()).toEqual(mine.map((b) => b._id).sort())
      const sessions = new Map((await allSessions(api)).map((s) => [s._id, s]))
      for (const booking of res.data) {
        const session = sessions.get(booking.sessionId) as Session
        expect(booking).toMatchObject({
          title: session.title,
          tutorName: session.tutorName,
          registrationFee: session.registrationFee,
          registrationStart: session.registrationStart,
          registrationEnd: session.registrationEnd,
          classStart: session.classStart,
          classEnd: session.classEnd,
        })
      }
      expect((await api.call('GET', `/bookings/student/${STUDENT}`, { as: OTHER_STUDENT })).status).toBe(403)
      expect((await api.call('GET', `/bookings/student/${STUDENT}`, { as: ADMIN })).status).toBe(200)
    })

    it("the admin's list names each booking's student by their account's name, and the student's own list does not", async () => {
      const names = new Map((await allUsers(api)).map((u) => [u.email, u.name]))
      const listed = await allBookings(api)
      expect(listed.length).toBeGreaterThan(0)
      for (const booking of listed) expect(booking.studentName).toBe(names.get(booking.studentEmail) || undefined)
      const own = await api.call<Booking[]>('GET', `/bookings/student/${STUDENT}`, { as: STUDENT })
      expect(own.data.every((b) => b.studentName === undefined)).toBe(true)
    })

    it('the admin approves or rejects pending bookings only; only approved ones are edited or deleted', async () => {
      const all = await allBookings(api)
      const pendingCount = all.filter((b) => b.status === 'pending').length
      const pendingList = await api.call('GET', '/bookings?status=pending&page=1&limit=2', { as: ADMIN })
      expect(pendingList.data).toHaveLength(Math.min(2, pendingCount))
      expect(pendingList.headers.get('X-Total-Count')).toBe(String(pendingCount))

      const [pending, other] = all.filter((b) => b.status === 'pending')
      const byId = async (id: string) => (await allBookings(api)).find((b) => b._id === id)
      const status = (id: string, value: string, as = ADMIN) =>
        api.call('PATCH', `/bookings/${id}`, { as, body: { status: value } })
      expect((await status(pending!._id, 'approved', STUDENT)).status).toBe(403)
      expect((await api.call('DELETE', `/bookings/${pending!._id}`, { as: ADMIN })).status).toBe(409)
      const edit = { studentEmail: FREE_STUDENT, tutorEmail: TUTOR, sessionId: pending!.sessionId }
      expect((await api.call('PATCH', `/bookings/${pending!._id}`, { as: ADMIN, body: edit })).status).toBe(409)
      expect((await status(pending!._id, 'done')).status).toBe(400)
      expect((await status(pending!._id, 'pending')).status).toBe(400)
      expect((await status(pending!._id, 'approved')).data).toEqual({ success: true })
      expect((await byId(pending!._id))!.status).toBe('approved')
      expect((await status(pending!._id, 'rejected')).status).toBe(409)
      expect((await byId(pending!._id))!.status).toBe('approved')

      expect((await status(other!._id, 'rejected')).data).toEqual({ success: true })
      expect((await byId(other!._id))!.status).toBe('rejected')
      expect((await status(other!._id, 'approved')).status).toBe(409)
      expect((await api.call('DELETE', `/bookings/${other!._id}`, { as: ADMIN })).status).toBe(409)

      const target = await createOpenSession(api, TUTOR)
      const moved = await api.call('PATCH', `/bookings/${pending!._id}`, {
        as: ADMIN,
        body: { studentEmail: FREE_STUDENT, tutorEmail: TUTOR, sessionId: target },
      })
      expect(moved.data).toEqual({ success: true })
      expect(await byId(pending!._id)).toMatchObject({
        studentEmail: FREE_STUDENT,
        sessionId: target,
        tutorEmail: TUTOR,
      })
      expect((await api.call('DELETE', `/bookings/${pending!._id}`, { as: STUDENT })).status).toBe(403)
      expect((await api.call('DELETE', `/bookings/${pending!._id}`, { as: ADMIN })).data.deletedCount).toBe(1)
      expect((await api.call('DELETE', `/bookings/${pending!._id}`, { as: ADMIN })).status).toBe(404)
    })
  })
}
