// The seed every target starts from, signing in (POST /jwt), and what app
// tokens are worth.
import { describe, expect, it } from 'vitest'
import type { Session, User } from '#contract/entities'
import type { Api } from '../harness/api-client'
import {
  ADMIN,
  allBookings,
  allMaterials,
  allReviews,
  allSessions,
  expectOk,
  SEEDED_SESSIONS,
  sessionBody,
  STUDENT,
  TUTOR,
  accountName,
  userByEmail,
} from './fixtures'

const base64url = (text: string) => btoa(text).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '')
const fromBase64url = (part: string) => atob(part.replace(/-/g, '+').replace(/_/g, '/'))

export function seedAndAuthTests(api: Api) {
  describe('seed', () => {
    it('has every status, the fixed accounts, and Ongoing and Closed sessions among the first six approved', async () => {
      const { status, data } = await api.call<Session[]>('GET', '/sessions?status=approved')
      expect(status).toBe(200)
      const now = Date.now()
      const ongoing = (s: Session) => Date.parse(s.registrationStart) <= now && now <= Date.parse(s.registrationEnd)
      const firstSix = data.slice(0, 6)
      expect(firstSix.some(ongoing)).toBe(true)
      expect(firstSix.some((s) => !ongoing(s))).toBe(true)

      const sessions = await allSessions(api)
      expect(sessions).toHaveLength(SEEDED_SESSIONS)
      expect(new Set(sessions.map((s) => s.status))).toEqual(new Set(['pending', 'approved', 'rejected']))
      expect(new Set((await allBookings(api)).map((b) => b.status))).toEqual(
        new Set(['pending', 'approved', 'rejected']),
      )
      expect(new Set((await allMaterials(api)).map((m) => m.fileType))).toEqual(
        new Set(['application/pdf', 'image/png', 'text/plain']),
      )
      const reviewed = new Set((await allReviews(api)).map((r) => r.sessionId))
      expect(sessions.some((s) => s.status === 'approved' && !reviewed.has(s._id))).toBe(true)
      for (const [email, role] of [
        [ADMIN, 'admin'],
        [TUTOR, 'tutor'],
        [STUDENT, 'student'],
      ] as const) {
        const me = await api.call<User>('GET', `/users/${email}`, { as: email })
        expect(me.status).toBe(200)
        expect(me.data.role).toBe(role)
      }
    })

    it('serves a real PDF and PNG for seeded materials', async () => {
      const materials = await allMaterials(api)
      const pdf = materials.find((m) => m.fileType === 'application/pdf')!
      const res = await api.file(pdf.fileUrl, ADMIN)
      expect(res.status).toBe(200)
      expect(res.headers.get('Content-Type')).toBe('application/pdf')
      const text = await res.text()
      expect(text.startsWith('%PDF-1.4')).toBe(true)
      expect(text.trimEnd().endsWith('%%EOF')).toBe(true)
      const png = materials.find((m) => m.fileType === 'image/png')!
      const bytes = new Uint8Array(await (await api.file(png.fileUrl, ADMIN)).arrayBuffer())
      expect([...bytes.slice(0, 4)]).toEqual([0x89, 0x50, 0x4e, 0x47])
    })
  })

  describe('auth: POST /jwt and tokens', () => {
    it('issues a token only against an ID token for the same email', async () => {
      const none = await api.call('POST', '/jwt', { body: { email: STUDENT } })
      expect(none.status).toBe(401)
      expect(typeof none.data.message).toBe('string')
      const studentProof = await api.target.idTokenFor(STUDENT)
      expect((await api.call('POST', '/jwt', { body: { email: ADMIN }, token: studentProof })).status).toBe(401)
      const appTokenAsProof = await api.call('POST', '/jwt', { body: { email: STUDENT }, as: STUDENT })
      expect(appTokenAsProof.status).toBe(401)
      const ok = await api.call<{ token: string }>('POST', '/jwt', { body: { email: STUDENT }, token: studentProof })
      expect(ok.status).toBe(200)
      const me = await api.call<User>('GET', `/users/${STUDENT}`, { token: ok.data.token })
      expect(me.status).toBe(200)
      expect(me.data.role).toBe('student')
    })

    it('rejects missing, tampered, malformed and ID tokens on app routes with 401 {message}', async () => {
      const none = await api.call('GET', '/bookings')
      expect(none.status).toBe(401)
      expect(none.data.message).toEqual(expect.any(String))
      const good = await api.signIn(ADMIN)
      expect((await api.call('GET', '/bookings', { token: good })).status).toBe(200)

      // The admin's signature over a student's claims: another subject must not pass.
      const [header, payload, signature] = good.split('.')
      const claims = JSON.parse(fromBase64url(payload!)) as Record<string, unknown>
      const student = (await userByEmail(api, STUDENT))!
      const forged = `${header}.${base64url(JSON.stringify({ ...claims, sub: student._id, email: STUDENT }))}.${signature}`
      const tampered = await api.call('GET', `/users/${STUDENT}`, { token: forged })
      expect(tampered.status).toBe(401)
      expect(tampered.data.message).toEqual(expect.any(String))
      const noSignature = `${header}.${payload}.`
      expect((await api.call('GET', '/bookings', { token: noSignature })).status).toBe(401)
      expect((await api.call('GET', '/bookings', { token: 'not-a-token' })).status).toBe(401)
      expect((await api.call('GET', '/bookings', { token: await api.target.idTokenFor(ADMIN) })).status).toBe(401)
    })

    it('a role change applies at once: the tokens of the old role end, a new sign-in carries the new one', async () => {
      const token = await api.signIn(TUTOR)
      const body = sessionBody(TUTOR, await accountName(api, TUTOR))
      expect((await api.call('POST', '/sessions', { token, body })).status).toBe(201)
      const tutor = (await userByEmail(api, TUTOR))!
      const demoted = await expectOk(
        api.call('PATCH', `/users/${tutor._id}/role`, { as: ADMIN, body: { role: 'student' } }),
      )
      expect(demoted.data.modifiedCount).toBe(1)
      const old = await api.call('POST', '/sessions', { token, body })
      expect(old.status).toBe(401)
      expect(old.data.message).toBe('Invalid or expired token.')
      api.forget(TUTOR)
      expect((await api.call('POST', '/sessions', { as: TUTOR, body })).status).toBe(403)
      expect((await api.call<User>('GET', `/users/${TUTOR}`, { as: TUTOR })).data.role).toBe('student')
    })
  })
}
