// Idempotency-Key: a write sent again with the same key and body runs once and
// gets the first answer back; the same key with another body is refused.
import { describe, expect, it } from 'vitest'
import type { Api } from '../harness/api-client'
import {
  ADMIN,
  allBookings,
  allSessions,
  createOpenSession,
  notesOf,
  OTHER_STUDENT,
  STUDENT,
  TUTOR,
  uniqueSuffix,
} from './fixtures'

export function idempotencyTests(api: Api) {
  describe('Idempotency-Key', () => {
    it('replays the first answer of a POST and changes nothing more', async () => {
      const key = `k-${uniqueSuffix()}`
      const body = { email: STUDENT, title: 'Once', description: 'only once' }
      const first = await api.call('POST', '/notes', { as: STUDENT, body, idempotencyKey: key })
      expect(first.status).toBe(201)
      expect(first.headers.get('Idempotent-Replayed')).toBeNull()
      const second = await api.call('POST', '/notes', { as: STUDENT, body, idempotencyKey: key })
      expect(second.status).toBe(201)
      expect(second.data).toEqual(first.data)
      expect(second.headers.get('Idempotent-Replayed')).toBe('true')
      expect((await notesOf(api, STUDENT)).filter((n) => n.title === 'Once')).toHaveLength(1)

      // A key is the caller's own: another caller's same key is a new call.
      const other = await api.call('POST', '/notes', {
        as: OTHER_STUDENT,
        body: { ...body, email: OTHER_STUDENT },
        idempotencyKey: key,
      })
      expect(other.status).toBe(201)
      expect(other.headers.get('Idempotent-Replayed')).toBeNull()
      expect(other.data.insertedId).not.toBe(first.data.insertedId)
    })

    it('runs concurrent repeats of one key once', async () => {
      const key = `k-${uniqueSuffix()}`
      const body = { email: STUDENT, title: 'Twice?', description: 'sent from two tabs' }
      await api.signIn(STUDENT)
      const answers = await Promise.all(
        Array.from({ length: 4 }, () => api.call('POST', '/notes', { as: STUDENT, body, idempotencyKey: key })),
      )
      for (const a of answers) {
        expect(a.status).toBe(201)
        expect(a.data).toEqual(answers[0]!.data)
      }
      expect(answers.filter((a) => a.headers.get('Idempotent-Replayed') === 'true')).toHaveLength(answers.length - 1)
      expect((await notesOf(api, STUDENT)).filter((n) => n.title === 'Twice?')).toHaveLength(1)
    })

    it('refuses the same key with another body with 422 and a message, changing nothing', async () => {
      const key = `k-${uniqueSuffix()}`
      const body = { email: STUDENT, title: 'First', description: 'the first body' }
      const first = await api.call('POST', '/notes', { as: STUDENT, body, idempotencyKey: key })
      expect(first.status).toBe(201)
      const reused = await api.call('POST', '/notes', {
        as: STUDENT,
        body: { ...body, title: 'Second' },
        idempotencyKey: key,
      })
      expect(reused.status).toBe(422)
      expect(reused.data.message).toEqual(expect.stringMatching(/\S/))
      const titles = (await notesOf(api, STUDENT)).map((n) => n.title)
      expect(titles.filter((t) => t === 'First')).toHaveLength(1)
      expect(titles).not.toContain('Second')
    })

    it('replays PATCH and DELETE answers', async () => {
      const session = await createOpenSession(api, TUTOR)
      const deleteKey = `d-${uniqueSuffix()}`
      const del1 = await api.call('DELETE', `/sessions/${session}`, { as: ADMIN, idempotencyKey: deleteKey })
      const del2 = await api.call('DELETE', `/sessions/${session}`, { as: ADMIN, idempotencyKey: deleteKey })
      expect(del1.data).toEqual({ acknowledged: true, deletedCount: 1 })
      expect(del2).toMatchObject({ status: 200, data: { acknowledged: true, deletedCount: 1 } })
      expect(del2.headers.get('Idempotent-Replayed')).toBe('true')
      expect((await allSessions(api)).find((s) => s._id === session)).toBeUndefined()

      const pending = (await allBookings(api)).find((b) => b.status === 'pending')!
      const patchKey = `p-${uniqueSuffix()}`
      const approve = () =>
        api.call('PATCH', `/bookings/${pending._id}`, {
          as: ADMIN,
          body: { status: 'approved' },
          idempotencyKey: patchKey,
        })
      const p1 = await approve()
      const p2 = await approve()
      expect(p1).toMatchObject({ status: 200, data: { success: true } })
      expect(p2.status).toBe(200)
      expect(p2.data).toEqual(p1.data)
      expect(p2.headers.get('Idempotent-Replayed')).toBe('true')
      // Without the key, the same change is a new request, and the rules refuse it.
      const fresh = await api.call('PATCH', `/bookings/${pending._id}`, { as: ADMIN, body: { status: 'approved' } })
      expect(fresh.status).toBe(409)
    })
  })
}
