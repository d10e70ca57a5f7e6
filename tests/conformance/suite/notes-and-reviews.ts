// Notes (a student's own, nobody else's, admins included) and reviews (once
// per student who booked).
import { describe, expect, it } from 'vitest'
import type { Note, Review } from '#contract/entities'
import type { Api } from '../harness/api-client'
import {
  accountName,
  ADMIN,
  allReviews,
  createBooking,
  createOpenSession,
  notesOf,
  OTHER_STUDENT,
  STUDENT,
  THIRD_STUDENT,
  TUTOR,
} from './fixtures'

export function notesAndReviewTests(api: Api) {
  describe('notes', () => {
    it('belong to the email in the token, admins included', async () => {
      const before = (await notesOf(api, STUDENT)).length
      const created = await api.call('POST', '/notes', {
        as: STUDENT,
        body: { email: STUDENT, title: ' Plan ', description: 'Read' },
      })
      expect(created.status).toBe(201)
      const id = created.data.insertedId as string
      const mine = () => notesOf(api, STUDENT)
      expect((await mine()).find((n) => n._id === id)).toMatchObject({ title: 'Plan', email: STUDENT })
      const forOther = { email: OTHER_STUDENT, title: 'a', description: 'b' }
      expect((await api.call('POST', '/notes', { as: STUDENT, body: forOther })).status).toBe(403)
      expect((await api.call('GET', `/notes/student/${STUDENT}`, { as: ADMIN })).status).toBe(403)
      expect(await mine()).toHaveLength(before + 1)
      const edit = { title: 'x', description: 'y' }
      expect((await api.call('PATCH', `/notes/${id}`, { as: OTHER_STUDENT, body: edit })).status).toBe(403)
      expect((await api.call('PATCH', `/notes/${id}`, { as: ADMIN, body: edit })).status).toBe(403)
      expect((await api.call('DELETE', `/notes/${id}`, { as: ADMIN })).status).toBe(403)
      const blank = await api.call('PATCH', `/notes/${id}`, { as: STUDENT, body: { title: '  ', description: 'y' } })
      expect(blank.status).toBe(400)
      expect(blank.data.message).toMatch(/title/)
      expect((await mine()).find((n) => n._id === id)!.title).toBe('Plan')
      expect((await api.call('PATCH', `/notes/${id}`, { as: STUDENT, body: edit })).data.modifiedCount).toBe(1)
      expect((await mine()).find((n) => n._id === id)).toMatchObject({ title: 'x', description: 'y' })
      expect((await api.call('DELETE', `/notes/${id}`, { as: STUDENT })).data.deletedCount).toBe(1)
      expect((await mine()).find((n) => n._id === id)).toBeUndefined()
      expect((await api.call('DELETE', `/notes/${id}`, { as: STUDENT })).status).toBe(404)
    })

    it('a note written offline keeps the id the device gave it; a second note with that id is refused', async () => {
      const _id = crypto.randomUUID()
      const body = { email: STUDENT, title: 'Offline', description: 'Written on the bus', _id }
      const first = await api.call('POST', '/notes', { as: STUDENT, body })
      expect(first.status).toBe(201)
      expect(first.data.insertedId).toBe(_id)
      const clash = await api.call('POST', '/notes', { as: STUDENT, body: { ...body, title: 'Other' } })
      expect(clash.status).toBe(409)
      expect(clash.data.message).toEqual(expect.any(String))
      expect((await notesOf(api, STUDENT)).filter((n: Note) => n._id === _id).map((n) => n.title)).toEqual(['Offline'])
    })
  })

  describe('reviews', () => {
    it('students who booked review once, rating 1–5 with a comment', async () => {
      const id = await createOpenSession(api, TUTOR)
      await createBooking(api, STUDENT, id, 'approved')
      const body = {
        sessionId: id,
        studentEmail: STUDENT,
        studentName: await accountName(api, STUDENT),
        comment: 'Great',
        rating: 5,
      }
      const before = (await allReviews(api)).length
      for (const bad of [{ rating: 6 }, { rating: 0 }, { rating: 2.5 }, { comment: ' ' }]) {
        const res = await api.call('POST', '/reviews', { as: STUDENT, body: { ...body, ...bad } })
        expect(res.status, JSON.stringify(bad)).toBe(400)
        expect(res.data.message).toMatch('rating' in bad ? /rating/ : /comment/)
      }
      expect((await allReviews(api)).length).toBe(before)
      const ok = await api.call('POST', '/reviews', { as: STUDENT, body })
      expect(ok.status).toBe(201)
      const again = await api.call('POST', '/reviews', { as: STUDENT, body })
      expect(again.status).toBe(409)
      expect(again.data.message).toEqual(expect.any(String))
      const list = await api.call<Review[]>('GET', `/reviews/${id}`)
      expect(list.data.map((r) => r._id)).toEqual([ok.data.insertedId])
      expect(list.data[0]).toMatchObject({ comment: 'Great', rating: 5, studentName: body.studentName })
      expect((await api.call('GET', '/reviews/unknown')).status).toBe(404)
    })

    it('who may review: a booking that is not rejected; never a tutor or someone without a booking', async () => {
      const id = await createOpenSession(api, TUTOR)
      await createBooking(api, OTHER_STUDENT, id, 'rejected')
      await createBooking(api, THIRD_STUDENT, id, 'pending')
      const review = async (student: string) =>
        api.call('POST', '/reviews', {
          as: student,
          body: {
            sessionId: id,
            studentEmail: student,
            studentName: await accountName(api, student),
            comment: 'ok',
            rating: 4,
          },
        })
      expect((await review(STUDENT)).status).toBe(403)
      expect((await review(OTHER_STUDENT)).status).toBe(403)
      expect((await review(TUTOR)).status).toBe(403)
      expect((await review(THIRD_STUDENT)).status).toBe(201)
      expect((await allReviews(api)).filter((r) => r.sessionId === id).map((r) => r.studentEmail)).toEqual([
        THIRD_STUDENT,
      ])
    })

    it('admins list (paged) and delete reviews', async () => {
      expect((await api.call('GET', '/reviews', { as: STUDENT })).status).toBe(403)
      const total = (await allReviews(api)).length
      const page = await api.call<Review[]>('GET', '/reviews?page=1&limit=3', { as: ADMIN })
      expect(page.data).toHaveLength(3)
      expect(page.headers.get('X-Total-Count')).toBe(String(total))
      const id = page.data[0]!._id
      expect((await api.call('DELETE', `/reviews/${id}`, { as: STUDENT })).status).toBe(403)
      expect((await api.call('DELETE', `/reviews/${id}`, { as: ADMIN })).data).toEqual({
        acknowledged: true,
        deletedCount: 1,
      })
      expect((await allReviews(api)).length).toBe(total - 1)
      expect((await api.call('DELETE', `/reviews/${id}`, { as: ADMIN })).status).toBe(404)
    })
  })
}
