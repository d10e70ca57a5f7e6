// What an outside attack on the API found, each pinned by a test on every
// target: who holds an email until its owner proves it, and a disabled
// identity's tokens.
import { describe, expect, it } from 'vitest'
import type { User } from '../../../src/contract/entities'
import type { Api } from '../harness/api-client'
import { expectRefusal, STUDENT } from './fixtures'

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
