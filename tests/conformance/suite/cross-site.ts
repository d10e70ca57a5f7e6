// Requests another site's page can make a browser send (a form that posts
// itself, a link, an image) are refused before any route runs, and every write
// needs a same-origin signal (server/core/cross-site-guard.ts). The headers
// are set by hand as a browser would set them, handed to the server's own
// handler (Node's fetch overwrites Sec-Fetch-Mode with its own `cors`). The
// demo server in a service worker sees the request's mode instead, which the
// browser tests cover.
import { describe, expect, it } from 'vitest'
import { CROSS_SITE_REFUSED, NAVIGATION_REFUSED, SIGNAL_MISSING } from '#core/cross-site-guard'
import type { Material } from '#contract/entities'
import { CLIENT_HEADER, CLIENT_HEADER_VALUE } from '#contract/routes'
import type { Api } from '../harness/api-client'
import { ADMIN, allMaterials, notesOf, STUDENT } from './fixtures'

interface Sent {
  method: string
  path: string
  headers: Record<string, string>
  body?: unknown
}

/** A request with exactly these headers, as a browser would send it; the answer's status and message. */
async function sendAsBrowser(
  api: Api,
  { method, path, headers, body }: Sent,
): Promise<{ status: number; message: string }> {
  const payload = body === undefined ? undefined : JSON.stringify(body)
  const all = payload === undefined ? headers : { ...headers, 'Content-Type': 'application/json' }
  const res = await api.target.handleExactly(
    new Request(`${api.target.baseUrl}${path}`, { method, headers: all, body: payload }),
  )
  const json = (res.headers.get('Content-Type') ?? '').includes('json')
  const message = json ? String(((await res.json()) as { message?: unknown }).message ?? '') : ''
  return { status: res.status, message }
}

const note = { email: STUDENT, title: 'Cross-site', description: 'Must not be stored' }
const FORM_POST = { 'Sec-Fetch-Site': 'cross-site', 'Sec-Fetch-Mode': 'navigate', 'Sec-Fetch-Dest': 'document' }

export function crossSiteTests(api: Api) {
  describe('cross-site requests and the same-origin signal', () => {
    const asStudent = async () => ({ Authorization: `Bearer ${await api.signIn(STUDENT)}` })

    it('refuses a write without the signal, and stores nothing', async () => {
      const before = await notesOf(api, STUDENT)
      const plain = await sendAsBrowser(api, { method: 'POST', path: '/notes', headers: await asStudent(), body: note })
      expect(plain).toEqual({ status: 403, message: SIGNAL_MISSING })
      // Another site's form: a navigation, with no way to add the header.
      const formPost = { ...(await asStudent()), ...FORM_POST }
      const form = await sendAsBrowser(api, { method: 'POST', path: '/notes', headers: formPost, body: note })
      expect(form).toEqual({ status: 403, message: NAVIGATION_REFUSED })
      // Even with the header, a navigation is no call of the app's.
      const withHeader = { ...formPost, [CLIENT_HEADER]: CLIENT_HEADER_VALUE }
      expect(await sendAsBrowser(api, { method: 'POST', path: '/notes', headers: withHeader, body: note })).toEqual({
        status: 403,
        message: NAVIGATION_REFUSED,
      })
      expect(await notesOf(api, STUDENT)).toHaveLength(before.length)
    })

    it("takes the browser's same-origin fetch metadata or the app's header as the signal", async () => {
      const sameOrigin = { ...(await asStudent()), 'Sec-Fetch-Site': 'same-origin', 'Sec-Fetch-Mode': 'cors' }
      expect(
        (await sendAsBrowser(api, { method: 'POST', path: '/notes', headers: sameOrigin, body: note })).status,
      ).toBe(201)
      // A CORS request from another origin carrying the header: the allowlist's to judge, not this rule's.
      const cors = {
        ...(await asStudent()),
        'Sec-Fetch-Site': 'cross-site',
        'Sec-Fetch-Mode': 'cors',
        [CLIENT_HEADER]: CLIENT_HEADER_VALUE,
      }
      expect((await sendAsBrowser(api, { method: 'POST', path: '/notes', headers: cors, body: note })).status).toBe(201)
    })

    it('answers no page navigation under /api/ and no request another site made without CORS', async () => {
      const typed = { 'Sec-Fetch-Site': 'none', 'Sec-Fetch-Mode': 'navigate', 'Sec-Fetch-Dest': 'document' }
      expect(await sendAsBrowser(api, { method: 'GET', path: '/sessions?status=approved', headers: typed })).toEqual({
        status: 403,
        message: NAVIGATION_REFUSED,
      })
      const image = { ...(await asStudent()), 'Sec-Fetch-Site': 'cross-site', 'Sec-Fetch-Mode': 'no-cors' }
      expect(await sendAsBrowser(api, { method: 'GET', path: `/notes/student/${STUDENT}`, headers: image })).toEqual({
        status: 403,
        message: CROSS_SITE_REFUSED,
      })
      // The app's own reads pass.
      const appRead = { 'Sec-Fetch-Site': 'same-origin', 'Sec-Fetch-Mode': 'cors' }
      expect(
        (await sendAsBrowser(api, { method: 'GET', path: '/sessions?status=approved', headers: appRead })).status,
      ).toBe(200)
    })

    it('lets a link open a file: the file route decides who may read it', async () => {
      const material = (await allMaterials(api)).find((m: Material) => m.fileUrl.startsWith('/api/files/'))!
      const path = material.fileUrl.slice('/api'.length)
      const link = { 'Sec-Fetch-Site': 'same-origin', 'Sec-Fetch-Mode': 'navigate', 'Sec-Fetch-Dest': 'document' }
      const admin = { Authorization: `Bearer ${await api.signIn(ADMIN)}` }
      expect((await sendAsBrowser(api, { method: 'GET', path, headers: { ...link, ...admin } })).status).toBe(200)
      // Anonymously, still never.
      expect((await sendAsBrowser(api, { method: 'GET', path, headers: link })).status).toBe(401)
      // A link the API signed for the caller ("Open file" in a new tab) opens it with no token at all.
      const signed = await api.call<{ url: string }>('GET', `/materials/${material._id}/file-link`, { as: ADMIN })
      const signedPath = signed.data.url.slice('/api'.length)
      expect((await sendAsBrowser(api, { method: 'GET', path: signedPath, headers: link })).status).toBe(200)
    })
  })
}
