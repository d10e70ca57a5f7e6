// What a user's credentials are worth once the account changes hands, role or
// sign-in: a verified owner's takeover of an unverified binding, a role change,
// a sign-out of every device and a deleted account each end every app token,
// the calendar feed and the push subscriptions made before; and only a
// verified account may be made a tutor, which the admin's list shows.
// A push subscription is seen through the API: its user deleting it answers
// deletedCount 1 while it is theirs, 0 once it is gone.
import { describe, expect, it } from 'vitest'
import type { AdminUser, User } from '#contract/entities'
import type { Api } from '../harness/api-client'
import {
  ADMIN,
  createOpenSession,
  expectOk,
  expectRefusal,
  STUDENT,
  TUTOR,
  uniqueSuffix,
  userByEmail,
} from './fixtures'

const INVALID = 'Invalid or expired token.'

/** What a signed-in device holds besides its token: a calendar feed address and a push subscription. */
async function holdings(api: Api, email: string, token: string) {
  const feed = await expectOk(api.call<{ url: string }>('POST', `/calendar-feeds/${email}`, { token }))
  const endpoint = `https://fcm.googleapis.com/fcm/send/${uniqueSuffix()}`
  const subscription = { endpoint, keys: { p256dh: 'BPkey', auth: 'authkey' } }
  await expectOk(api.call('POST', '/push-subscriptions', { token, body: subscription }))
  return { feedPath: `/calendar/${feed.data.url.split('/').pop()!}`, endpoint }
}

/** The token opens nothing: a notes read and a notes write are both refused as an invalid token. */
async function expectEnded(api: Api, email: string, token: string, label: string) {
  const read = await api.call('GET', `/notes/student/${email}`, { token })
  const write = await api.call('POST', '/notes', { token, body: { email, title: 'Still here?', description: 'd' } })
  for (const [what, res] of [
    ['read', read],
    ['write', write],
  ] as const) {
    expectRefusal(res, `${label}: a notes ${what} with the old token`, [401])
    expect(res.data.message).toBe(INVALID)
  }
}

/** The feed address answers as an unknown one, and the subscription is no longer the user's (`token`: theirs now). */
async function expectHoldingsGone(api: Api, held: { feedPath: string; endpoint: string }, token: string) {
  expectRefusal(await api.call('GET', held.feedPath), 'the old calendar feed', [404])
  const dropped = await expectOk(
    api.call('DELETE', '/push-subscriptions', { token, body: { endpoint: held.endpoint } }),
  )
  expect(dropped.data).toMatchObject({ deletedCount: 0 })
}

export function credentialTests(api: Api) {
  describe('credentials end with the account they were given for', () => {
    it("a verified owner's takeover ends the squatter's app token, calendar feed and push subscription", async () => {
      const email = `taken-${uniqueSuffix()}@school.edu`
      const squatter = await api.target.signUpNew(email, 'Squatter')
      await expectOk(api.call('POST', '/users', { token: squatter.idToken, body: { email, name: 'Squatter' } }))
      const jwt = await expectOk(api.call('POST', '/jwt', { token: squatter.idToken, body: { email } }))
      const squatterToken = jwt.data.token as string
      await expectOk(
        api.call('POST', '/notes', { token: squatterToken, body: { email, title: 'Mine', description: 'd' } }),
      )
      const held = await holdings(api, email, squatterToken)
      expect((await api.call('GET', held.feedPath)).status).toBe(200)

      const ownerId = await api.target.replaceWithVerified(email)
      const owner = await expectOk(api.call('POST', '/jwt', { token: ownerId, body: { email } }))
      const ownerToken = owner.data.token as string
      // The owner's booking, approved: what the squatter's feed and push subscription would have carried.
      const session = await createOpenSession(api, TUTOR)
      const booked = await expectOk(
        api.call('POST', '/bookings', {
          token: ownerToken,
          body: { sessionId: session, studentEmail: email, tutorEmail: TUTOR },
        }),
      )
      await expectOk(
        api.call('PATCH', `/bookings/${booked.data.insertedId}`, { as: ADMIN, body: { status: 'approved' } }),
      )

      await expectEnded(api, email, squatterToken, 'after a takeover')
      await expectHoldingsGone(api, held, ownerToken)
      expect((await api.call('GET', `/calendar-feeds/${email}`, { token: ownerToken })).data).toEqual({ url: null })
      // The owner's own token works.
      expect((await api.call('GET', `/notes/student/${email}`, { token: ownerToken })).status).toBe(200)
    })

    it('a role change ends the app tokens, calendar feed and push subscriptions made under the old role', async () => {
      const token = await api.signIn(STUDENT)
      const held = await holdings(api, STUDENT, token)
      const student = (await userByEmail(api, STUDENT))!
      await expectOk(api.call('PATCH', `/users/${student._id}/role`, { as: ADMIN, body: { role: 'tutor' } }))
      await expectEnded(api, STUDENT, token, 'after a role change')
      api.forget(STUDENT)
      const fresh = await api.signIn(STUDENT)
      await expectHoldingsGone(api, held, fresh)
      expect((await api.call<User>('GET', `/users/${STUDENT}`, { token: fresh })).data.role).toBe('tutor')
    })

    it('signing out of every device ends every app token, the calendar feed and push subscriptions; a new sign-in works', async () => {
      const first = await api.signIn(STUDENT)
      const second = (
        await expectOk(
          api.call('POST', '/jwt', { token: await api.target.idTokenFor(STUDENT), body: { email: STUDENT } }),
        )
      ).data.token as string
      const held = await holdings(api, STUDENT, second)
      expectRefusal(await api.call('POST', '/users/me/sign-out-everywhere'), 'anonymous sign-out everywhere', [401])

      const done = await expectOk(api.call('POST', '/users/me/sign-out-everywhere', { token: first }))
      expect(done.data).toMatchObject({ success: true })
      await expectEnded(api, STUDENT, first, 'after a sign-out everywhere, this device')
      await expectEnded(api, STUDENT, second, 'after a sign-out everywhere, another device')
      expectRefusal(await api.call('POST', '/users/me/sign-out-everywhere', { token: second }), 'twice', [401])

      const fresh = await api.signInAgain(STUDENT)
      expect((await api.call('GET', `/notes/student/${STUDENT}`, { token: fresh })).status).toBe(200)
      await expectHoldingsGone(api, held, fresh)
    })

    it("a deleted account's token, feed and subscription end with it, and a new account of its email inherits none", async () => {
      const token = await api.signIn(STUDENT)
      const held = await holdings(api, STUDENT, token)
      const student = (await userByEmail(api, STUDENT))!
      await expectOk(api.call('DELETE', `/users/${student._id}`, { as: ADMIN }))
      await expectEnded(api, STUDENT, token, 'after the account was deleted')
      // Signing in again makes a new student record of the same email.
      api.forget(STUDENT)
      const fresh = await api.signIn(STUDENT)
      expect((await userByEmail(api, STUDENT))!._id).not.toBe(student._id)
      await expectHoldingsGone(api, held, fresh)
      expect((await api.call('GET', `/calendar-feeds/${STUDENT}`, { token: fresh })).data).toEqual({ url: null })
    })

    it("only a verified account may be made a tutor, and the admin's list says which accounts are verified", async () => {
      const email = `unproven-${uniqueSuffix()}@school.edu`
      const { idToken } = await api.target.signUpNew(email, 'Unproven')
      await expectOk(api.call('POST', '/users', { token: idToken, body: { email, name: 'Unproven' } }))
      const listed = async () => (await userByEmail(api, email))!
      expect(await listed()).toMatchObject({ role: 'student', emailVerified: false })

      const refused = await api.call('PATCH', `/users/${(await listed())._id}/role`, {
        as: ADMIN,
        body: { role: 'tutor' },
      })
      expectRefusal(refused, 'PATCH /users/{id}/role to tutor of an unverified binding', [409])
      expect(refused.data.message).toContain('not verified')
      expect((await listed()).role).toBe('student')

      // Once the provider vouches for the email and its owner signs in, the account may be made a tutor.
      const verified = await api.target.verifyEmail(email)
      await expectOk(api.call('POST', '/jwt', { token: verified, body: { email } }))
      expect((await listed()).emailVerified).toBe(true)
      const made = await expectOk(
        api.call('PATCH', `/users/${(await listed())._id}/role`, { as: ADMIN, body: { role: 'tutor' } }),
      )
      expect(made.data).toEqual({ acknowledged: true, modifiedCount: 1 })

      // A seeded account someone has signed in to is verified; only the admin's list says so.
      await api.signIn(STUDENT)
      const users = (await expectOk(api.call<AdminUser[]>('GET', '/users', { as: ADMIN }))).data
      expect(users.find((u) => u.email === STUDENT)?.emailVerified).toBe(true)
      const own = await expectOk(api.call<User>('GET', `/users/${STUDENT}`, { as: STUDENT }))
      expect(own.data).not.toHaveProperty('emailVerified')
    })
  })
}
