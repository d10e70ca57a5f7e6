// What an outside attack on the API found, each pinned by a test on every
// target: who holds an email until its owner proves it, and a disabled
// identity's tokens, bodies read before their sender is known, input that
// made the servers fail (NUL characters, endless idempotency keys) and photo
// URLs of any scheme.
import { describe, expect, it } from 'vitest'
import type { User } from '#contract/entities'
import type { Api } from '../harness/api-client'
import { expectRefusal, notesOf, snapshot, STUDENT } from './fixtures'

const NEW_EMAIL = 'first.comer@school.edu'

export function securityTests(api: Api) {
  describe('security', () => {
    it('an unverified sign-up holds a new email only until a verified identity of it signs in', async () => {
      const early = await api.target.signUpNew(NEW_EMAIL, 'First Comer')
      const created = await api.call('POST', '/users', { token: early.idToken, body: { email: NEW_EMAIL, name: 'F' } })
      expect(created.status).toBe(201)
      const owner = await api.target.replaceWithVerified(NEW_EMAIL)
      const jwt = await api.call('POST', '/jwt', { token: owner, body: { email: NEW_EMAIL } })
      expect(jwt.status, JSON.stringify(jwt.data)).toBe(200)
      const me = await api.call<User>('GET', `/users/${NEW_EMAIL}`, { token: jwt.data.token })
      expect(me.data).toMatchObject({ _id: created.data.insertedId, email: NEW_EMAIL, role: 'student' })
      // The first comer's identity opens nothing any more.
      const again = await api.call('POST', '/jwt', { token: early.idToken, body: { email: NEW_EMAIL } })
      expectRefusal(again, 'POST /jwt of the replaced unverified identity', [401, 409])
      expect(again.data.token).toBeUndefined()
    })

    it('a binding whose email the provider has since verified is never taken over', async () => {
      const early = await api.target.signUpNew(NEW_EMAIL, 'First Comer')
      expect(
        (await api.call('POST', '/users', { token: early.idToken, body: { email: NEW_EMAIL, name: 'F' } })).status,
      ).toBe(201)
      const verified = await api.target.verifyEmail(NEW_EMAIL)
      expect((await api.call('POST', '/jwt', { token: verified, body: { email: NEW_EMAIL } })).status).toBe(200)
      const other = await api.target.replaceWithVerified(NEW_EMAIL)
      const refused = await api.call('POST', '/jwt', { token: other, body: { email: NEW_EMAIL } })
      expectRefusal(refused, 'POST /jwt of a second verified identity of a verified binding', [409])
      expect(refused.data.token).toBeUndefined()
    })

    it('a body is read only once its sender may send it: 401 or 403 come before any complaint about the body', async () => {
      const before = await snapshot(api)
      const brokenForm = { 'Content-Type': 'multipart/form-data; boundary=nothing-follows' }
      const cases = [
        ['anonymous upload', undefined, '/materials', brokenForm, 401],
        ["a student's upload", STUDENT, '/materials', brokenForm, 403],
        ['anonymous new session', undefined, '/sessions', { 'Content-Type': 'application/json' }, 401],
      ] as const
      for (const [label, as, path, headers, status] of cases) {
        const res = await api.call('POST', path, { ...(as ? { as } : {}), headers, body: 'not what it claims {' })
        expectRefusal(res, label, [status])
      }
      expect(await snapshot(api)).toEqual(before)
    })

    it('a NUL character in a path, query or JSON value is a 400, not a server error', async () => {
      const anonymous = [
        ['GET', '/sessions/%00'],
        ['GET', '/sessions?status=approved&search=a%00b'],
      ] as const
      for (const [method, path] of anonymous) expectRefusal(await api.call(method, path), `${method} ${path}`, [400])
      const before = await snapshot(api)
      const note = await api.call('POST', '/notes', {
        as: STUDENT,
        body: { email: STUDENT, title: 'a\u0000b', description: 'd' },
      })
      expectRefusal(note, 'POST /notes with a NUL in its title', [400])
      expect(note.data.message).toContain('title')
      expect(await snapshot(api)).toEqual(before)
    })

    it('an Idempotency-Key longer than 128 characters, or of other characters, is a 400', async () => {
      const body = { email: STUDENT, title: 'Keyed', description: 'd' }
      for (const key of ['k'.repeat(3000), 'k'.repeat(129), 'two words']) {
        const res = await api.call('POST', '/notes', { as: STUDENT, body, idempotencyKey: key })
        expectRefusal(res, `Idempotency-Key of ${key.length} characters`, [400])
        expect(res.data.message).toContain('Idempotency-Key')
      }
      expect((await notesOf(api, STUDENT)).filter((n) => n.title === 'Keyed')).toEqual([])
      const fits = await api.call('POST', '/notes', { as: STUDENT, body, idempotencyKey: 'k'.repeat(128) })
      expect(fits.status).toBe(201)
    })

    it('a photo URL is kept only if it is https (or http on localhost)', async () => {
      const { idToken } = await api.target.signUpNew(NEW_EMAIL, 'First Comer')
      for (const photo of [
        'javascript:alert(1)',
        'data:image/png;base64,AAAA',
        'http://example.com/me.png',
        'me.png',
      ]) {
        const res = await api.call('POST', '/users', { token: idToken, body: { email: NEW_EMAIL, photo } })
        expectRefusal(res, `POST /users with photo ${photo}`, [400])
        expect(res.data.message).toContain('photo must be an https:// URL')
      }
      const ok = await api.call('POST', '/users', {
        token: idToken,
        body: { email: NEW_EMAIL, photo: 'https://images.example.com/me.png' },
      })
      expect(ok.status).toBe(201)
      const me = await api.call<User>('GET', `/users/${NEW_EMAIL}`, { token: idToken })
      expect(me.data.photo).toBe('https://images.example.com/me.png')
    })

    it('a disabled identity gets no app token, even with an ID token issued before', async () => {
      const idToken = await api.target.idTokenFor(STUDENT)
      expect((await api.call('POST', '/jwt', { token: idToken, body: { email: STUDENT } })).status).toBe(200)
      await api.target.disable(STUDENT)
      const refused = await api.call('POST', '/jwt', { token: idToken, body: { email: STUDENT } })
      expectRefusal(refused, 'POST /jwt of a disabled identity', [401])
      expect(refused.data.token).toBeUndefined()
    })
  })
}
