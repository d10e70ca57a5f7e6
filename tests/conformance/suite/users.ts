// /users: sign-up records, the admin's user list, roles and deletion.
import { describe, expect, it } from 'vitest'
import type { User } from '#contract/entities'
import type { Api } from '../harness/api-client'
import {
  ADMIN,
  allBookings,
  allMaterials,
  allReviews,
  allSessions,
  allUsers,
  notesOf,
  OTHER_STUDENT,
  OTHER_TUTOR,
  STUDENT,
  TUTOR,
  uniqueSuffix,
  userByEmail,
} from './fixtures'

export function userTests(api: Api) {
  describe('users', () => {
    it('POST /users makes a new identity a student, with the role the app sends, once', async () => {
      const email = `new.person-${uniqueSuffix()}@example.com`
      const { idToken } = await api.target.signUpNew(email, 'New Person')
      const now = new Date().toISOString()
      // The app's Google sign-up sends role "user"; a new account is a student all the same.
      const first = await api.call('POST', '/users', {
        token: idToken,
        body: { email, role: 'user', created_at: now, last_log_in: now },
      })
      expect(first.status).toBe(201)
      expect(first.data).toMatchObject({ acknowledged: true, existing: false })
      const again = await api.call('POST', '/users', { token: idToken, body: { email, name: 'New' } })
      expect(again.status).toBe(200)
      expect(again.data).toEqual({ acknowledged: true, insertedId: null, existing: true })
      expect((await allUsers(api)).filter((u) => u.email === email)).toHaveLength(1)
      const me = await api.call<User>('GET', `/users/${email}`, { token: idToken })
      expect(me.status).toBe(200)
      expect(me.data.role).toBe('student')
    })

    it('POST /users refuses another email than the proof', async () => {
      const res = await api.call('POST', '/users', {
        token: await api.target.idTokenFor(STUDENT),
        body: { email: 'someone@example.com' },
      })
      expect(res.status).toBe(403)
      expect(res.data.message).toEqual(expect.any(String))
      expect(await userByEmail(api, 'someone@example.com')).toBeUndefined()
    })

    it('GET /users/{email} answers only for oneself or an admin', async () => {
      expect((await api.call('GET', `/users/${TUTOR}`, { as: STUDENT })).status).toBe(403)
      expect((await api.call('GET', `/users/${TUTOR}`, { token: await api.target.idTokenFor(STUDENT) })).status).toBe(
        403,
      )
      expect((await api.call('GET', `/users/${TUTOR}`, { as: ADMIN })).data.role).toBe('tutor')
      expect((await api.call('GET', '/users/nobody@example.com', { as: ADMIN })).status).toBe(404)
      expect((await api.call('GET', `/users/${TUTOR}`)).status).toBe(401)
    })

    it('GET /users searches name or email, paged with X-Total-Count', async () => {
      const byName = await api.call<User[]>('GET', '/users?search=okafor', { as: ADMIN })
      expect(byName.data.map((u) => u.email)).toEqual([OTHER_TUTOR])
      const byEmail = await api.call<User[]>('GET', '/users?search=STUDENT@', { as: ADMIN })
      expect(byEmail.data.map((u) => u.email)).toEqual([STUDENT])
      const total = (await allUsers(api)).length
      const page = await api.call<User[]>('GET', '/users?page=2&limit=5', { as: ADMIN })
      expect(page.data).toHaveLength(5)
      expect(page.headers.get('X-Total-Count')).toBe(String(total))
      expect((await api.call('GET', '/users', { as: TUTOR })).status).toBe(403)
    })

    it('PATCH /users/{id}/role: student or tutor only, never an admin', async () => {
      const student = (await userByEmail(api, OTHER_STUDENT))!
      const admin = (await userByEmail(api, ADMIN))!
      const toAdmin = await api.call('PATCH', `/users/${student._id}/role`, { as: ADMIN, body: { role: 'admin' } })
      expect(toAdmin.status).toBe(400)
      const demoteAdmin = await api.call('PATCH', `/users/${admin._id}/role`, { as: ADMIN, body: { role: 'student' } })
      expect(demoteAdmin.status).toBe(403)
      expect((await userByEmail(api, ADMIN))!.role).toBe('admin')
      const asTutor = await api.call('PATCH', `/users/${student._id}/role`, { as: TUTOR, body: { role: 'tutor' } })
      expect(asTutor.status).toBe(403)
      const ok = await api.call('PATCH', `/users/${student._id}/role`, { as: ADMIN, body: { role: 'tutor' } })
      expect(ok.data).toEqual({ acknowledged: true, modifiedCount: 1 })
      expect((await userByEmail(api, OTHER_STUDENT))!.role).toBe('tutor')
      const unknown = await api.call('PATCH', '/users/nope/role', { as: ADMIN, body: { role: 'tutor' } })
      expect(unknown.status).toBe(404)
    })

    it('DELETE /users/{id} takes what the user owns with them and refuses admins', async () => {
      const admin = (await userByEmail(api, ADMIN))!
      expect((await api.call('DELETE', `/users/${admin._id}`, { as: ADMIN })).status).toBe(403)

      const student = (await userByEmail(api, STUDENT))!
      // What the confirmation tells the admin first: the counts of what goes with them.
      const owned = await api.call('GET', `/users/${student._id}/owned`, { as: ADMIN })
      expect(owned.status).toBe(200)
      expect(owned.data).toEqual({
        sessions: 0,
        bookings: (await allBookings(api)).filter((b) => b.studentEmail === STUDENT).length,
        reviews: (await allReviews(api)).filter((r) => r.studentEmail === STUDENT).length,
        notes: (await notesOf(api, STUDENT)).length,
        materials: 0,
      })
      expect((await notesOf(api, STUDENT)).length).toBeGreaterThan(0)
      expect((await api.call('DELETE', `/users/${student._id}`, { as: ADMIN })).data.deletedCount).toBe(1)
      expect(await userByEmail(api, STUDENT)).toBeUndefined()
      expect((await allBookings(api)).filter((b) => b.studentEmail === STUDENT)).toEqual([])
      expect((await allReviews(api)).filter((r) => r.studentEmail === STUDENT)).toEqual([])
      // Their sign-in identity stays: signing in again makes a fresh student, without the old notes.
      api.forget(STUDENT)
      expect(await notesOf(api, STUDENT)).toEqual([])
      expect((await userByEmail(api, STUDENT))!.role).toBe('student')

      const tutor = (await userByEmail(api, TUTOR))!
      const tutorSessions = (await allSessions(api)).filter((s) => s.tutorEmail === TUTOR).map((s) => s._id)
      const tutorFiles = (await allMaterials(api)).filter((m) => m.tutorEmail === TUTOR).map((m) => m.fileUrl)
      expect(tutorSessions.length).toBeGreaterThan(0)
      expect(tutorFiles.length).toBeGreaterThan(0)
      expect((await api.call('DELETE', `/users/${tutor._id}`, { as: ADMIN })).data.deletedCount).toBe(1)
      expect((await allSessions(api)).filter((s) => s.tutorEmail === TUTOR)).toEqual([])
      expect((await allBookings(api)).filter((b) => tutorSessions.includes(b.sessionId))).toEqual([])
      expect((await allReviews(api)).filter((r) => tutorSessions.includes(r.sessionId))).toEqual([])
      expect((await allMaterials(api)).filter((m) => m.tutorEmail === TUTOR)).toEqual([])
      for (const url of tutorFiles) expect((await api.file(url, ADMIN)).status).toBe(404)
    })
  })
}
