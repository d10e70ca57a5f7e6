// The API server's logs hold no secret. A run like the suite's issues and
// sends each kind of secret the server knows (app tokens and the identity
// provider's ID tokens in Authorization headers, a calendar feed's token, a
// signed file link, a mail's unsubscribe token), the secret ones read at addresses the router answers and
// at look-alikes it does not; then every line the server's logger wrote since
// it started is searched for each of them. Only the API server writes logs:
// its targets add these tests to the suite.
import { simpleParser } from 'mailparser'
import { describe, expect, it } from 'vitest'
import { CLIENT_HEADER, CLIENT_HEADER_VALUE } from '#contract/routes'
import type { Material } from '#contract/entities'
import type { Api } from './harness/api-client'
import {
  ADMIN,
  allMaterials,
  createBooking,
  createOpenSession,
  expectOk,
  STUDENT,
  TUTOR,
  uploadMaterial,
} from './suite/fixtures'
import { unsubscribeTokenOf } from './suite/mail-and-preferences'

export function apiServerLogTests(api: Api, logLines: readonly string[]): void {
  describe('the server’s logs', () => {
    it('hold no token, no calendar feed’s secret and no file link’s signature', async () => {
      const appTokens = await Promise.all([STUDENT, TUTOR, ADMIN].map((email) => api.signIn(email)))
      const idToken = await api.target.idTokenFor(STUDENT)
      // An ID token where an app token belongs, and a tampered app token: refused, and still not logged.
      expect((await api.call('GET', '/notifications', { token: idToken })).status).toBe(401)
      expect((await api.call('GET', '/notifications', { token: `${appTokens[0]}x` })).status).toBe(401)

      // A signed file link, opened, and opened tampered.
      const session = await createOpenSession(api, TUTOR)
      await createBooking(api, STUDENT, session, 'approved')
      const materialId = await uploadMaterial(api, TUTOR, session, 'Logs')
      await expectOk(api.call('PATCH', `/materials/${materialId}/approve`, { as: ADMIN }))
      const material = (await allMaterials(api)).find((m: Material) => m._id === materialId)!
      const link = (
        await expectOk(api.call<{ url: string }>('GET', `/materials/${materialId}/file-link`, { as: STUDENT }))
      ).data.url
      const signed = new URL(link, api.target.origin)
      const signature = signed.searchParams.get('signature')!
      expect((await api.file(link)).status).toBe(200)
      // The first character: the last one's low bits are padding, and changing only them changes nothing.
      signed.searchParams.set('signature', `${signature.startsWith('A') ? 'B' : 'A'}${signature.slice(1)}`)
      expect((await api.file(`${signed.pathname}${signed.search}`)).status).toBe(403)

      // A calendar feed, read at its address and at look-alikes the router does not answer.
      const feed = (await expectOk(api.call<{ url: string }>('POST', `/calendar-feeds/${STUDENT}`, { as: STUDENT })))
        .data.url
      const feedToken = feed.split('/').pop()!
      expect((await fetch(feed)).status).toBe(200)
      expect((await fetch(feed, { method: 'HEAD' })).status).toBe(200)
      const appWrite = { method: 'POST', headers: { [CLIENT_HEADER]: CLIENT_HEADER_VALUE } }
      expect((await fetch(feed, appWrite)).status).toBe(404)
      for (const lookAlike of [
        `${feed}/more`,
        feed.replace('/api/calendar/', '/api//calendar/'),
        feed.replace('/calendar/', '/CALENDAR/'),
      ]) {
        expect((await fetch(lookAlike)).status, lookAlike).toBe(404)
      }

      // No line holds a secret...
      const secrets = { appTokens, idToken, feedToken, signature }
      for (const [name, values] of Object.entries(secrets)) {
        for (const secret of [values].flat()) {
          expect(
            logLines.filter((line) => line.includes(secret)),
            name,
          ).toEqual([])
        }
      }
      // ...though the requests were logged, by their paths.
      const requests = logLines.map((line) => JSON.parse(line) as { msg: string; path?: string; status?: number })
      expect(requests).toContainEqual(
        expect.objectContaining({ msg: 'request', path: '/api/calendar/:token', status: 200 }),
      )
      expect(requests).toContainEqual(expect.objectContaining({ msg: 'request', path: material.fileUrl, status: 200 }))
    })

    it('hold no unsubscribe token of a mail, opened, one-clicked or tampered', async () => {
      const session = await createOpenSession(api, TUTOR)
      const before = new Set((await api.target.sentMail()).map((m) => m.raw))
      await createBooking(api, STUDENT, session, 'approved')
      const sent = (await api.target.sentMail()).find((m) => !before.has(m.raw) && m.to === STUDENT)!
      const token = unsubscribeTokenOf(await simpleParser(sent.raw))
      const path = `/unsubscribe/${encodeURIComponent(token)}`
      expect((await api.call('GET', path)).status).toBe(200)
      expect((await api.call('POST', path, { withoutAppHeader: true })).status).toBe(200)
      expect((await api.call('POST', `${path}x`, { withoutAppHeader: true })).status).toBe(404)
      const [body] = token.split('.')
      expect(logLines.filter((line) => line.includes(token) || line.includes(body!))).toEqual([])
      const requests = logLines.map((line) => JSON.parse(line) as { msg: string; path?: string; status?: number })
      expect(requests).toContainEqual(
        expect.objectContaining({ msg: 'request', path: '/api/unsubscribe/:token', status: 200 }),
      )
    })
  })
}
