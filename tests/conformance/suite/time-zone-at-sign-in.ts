// The user's time zone from the browser at sign-in (POST /jwt's `timeZone`):
// kept when the user has none stored yet, so mail tells times in it from the
// first one; never replacing a zone they have (an earlier sign-in's, or one
// chosen in Settings); a name that is no zone refused with a 400 naming it.
import { describe, expect, it } from 'vitest'
import type { NotificationPreferences } from '#contract/entities'
import { DEFAULT_TIME_ZONE } from '#contract/time-zone'
import type { Api } from '../harness/api-client'
import { expectOk, expectRefusal, FREE_STUDENT, STUDENT } from './fixtures'

const PREFERENCES = '/users/me/notification-preferences'

/** POST /jwt as the app sends it at sign-in, with the browser's zone: the answer as is. */
async function signInFrom(api: Api, email: string, timeZone: string) {
  const idToken = await api.target.idTokenFor(email)
  return api.call<{ token?: string; message?: string }>('POST', '/jwt', {
    token: idToken,
    body: { email, timeZone },
  })
}

async function preferencesOf(api: Api, email: string): Promise<NotificationPreferences> {
  return (await expectOk(api.call<NotificationPreferences>('GET', PREFERENCES, { as: email }))).data
}

export function timeZoneAtSignInTests(api: Api) {
  describe('the time zone at sign-in', () => {
    it('keeps the first sign-in’s zone, and a later sign-in from another zone does not replace it', async () => {
      expect((await preferencesOf(api, FREE_STUDENT)).timeZone).toBe(DEFAULT_TIME_ZONE)
      await expectOk(signInFrom(api, FREE_STUDENT, 'Europe/Berlin'))
      expect((await preferencesOf(api, FREE_STUDENT)).timeZone).toBe('Europe/Berlin')

      await expectOk(signInFrom(api, FREE_STUDENT, 'America/New_York'))
      expect((await preferencesOf(api, FREE_STUDENT)).timeZone).toBe('Europe/Berlin')
    })

    it('fills in the zone of a user who changed other preferences only, keeping them; a chosen zone stays', async () => {
      await expectOk(
        api.call('PATCH', PREFERENCES, { as: STUDENT, body: { channels: { 'material-added': { email: true } } } }),
      )
      await expectOk(signInFrom(api, STUDENT, 'Asia/Tokyo'))
      const filled = await preferencesOf(api, STUDENT)
      expect(filled.timeZone).toBe('Asia/Tokyo')
      expect(filled.channels['material-added']).toEqual({ push: true, email: true })

      await expectOk(api.call('PATCH', PREFERENCES, { as: STUDENT, body: { timeZone: 'Europe/Lisbon' } }))
      await expectOk(signInFrom(api, STUDENT, 'Asia/Tokyo'))
      expect((await preferencesOf(api, STUDENT)).timeZone).toBe('Europe/Lisbon')
    })

    it('refuses a zone that is not one with a 400 naming timeZone, and keeps nothing', async () => {
      for (const timeZone of ['Mars/Olympus_Mons', '+02:00', 'x'.repeat(65)]) {
        const refused = await signInFrom(api, FREE_STUDENT, timeZone)
        expectRefusal(refused, `POST /jwt with timeZone ${timeZone.slice(0, 20)}`, [400])
        expect(refused.data.message).toContain('timeZone')
      }
      expect((await preferencesOf(api, FREE_STUDENT)).timeZone).toBe(DEFAULT_TIME_ZONE)
    })
  })
}
