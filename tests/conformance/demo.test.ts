// The conformance suite against the demo server (msw/node over fake-indexeddb).
// Dexie captures indexedDB when it is first imported: this import comes first.
import 'fake-indexeddb/auto'
import { describe, expect, inject, it } from 'vitest'
import { DEMO_RESET_PATH } from '#contract/demo-identity'
import { CLIENT_HEADER, CLIENT_HEADER_VALUE } from '#contract/routes'
import { createDemoTarget } from './harness/demo-target'
import { defineConformanceSuite } from './suite'
import { notesOf, STUDENT } from './suite/fixtures'

describe.runIf(inject('conformance').targets.includes('demo'))('demo server', () => {
  defineConformanceSuite(createDemoTarget(), (api) => {
    it('POST /api/demo/reset, which only a demo build has, restores the seed', async () => {
      const notes = await notesOf(api, STUDENT)
      expect((await api.call('DELETE', `/notes/${notes[0]!._id}`, { as: STUDENT })).status).toBe(200)
      expect(await notesOf(api, STUDENT)).toHaveLength(notes.length - 1)
      // Another site's form, or any caller without the app's signal: refused, the data intact.
      const formPost = await fetch(api.absolute(DEMO_RESET_PATH), {
        method: 'POST',
        headers: { 'Sec-Fetch-Site': 'cross-site', 'Sec-Fetch-Mode': 'navigate' },
      })
      expect(formPost.status).toBe(403)
      expect((await fetch(api.absolute(DEMO_RESET_PATH), { method: 'POST' })).status).toBe(403)
      expect(await notesOf(api, STUDENT)).toHaveLength(notes.length - 1)
      const reset = await fetch(api.absolute(DEMO_RESET_PATH), {
        method: 'POST',
        headers: { [CLIENT_HEADER]: CLIENT_HEADER_VALUE },
      })
      expect(reset.status).toBe(200)
      // The reset made new user records: the old app token names one that is gone.
      api.forget(STUDENT)
      expect(await notesOf(api, STUDENT)).toHaveLength(notes.length)
    })
  })
})
