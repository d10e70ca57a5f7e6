// Note revisions: every write adds one; an edit or delete that names an older
// revision in If-Match is refused with 409 and the note as it is now, and of
// writes based on one revision sent at once exactly one applies. Without
// If-Match the last writer wins, as before revisions.
import { describe, expect, it } from 'vitest'
import type { Note } from '#contract/entities'
import type { Api } from '../harness/api-client'
import { notesOf, STUDENT, uniqueSuffix } from './fixtures'

const basedOn = (revision: number | string) => ({
  'If-Match': typeof revision === 'number' ? `"${revision}"` : revision,
})

export function noteRevisionTests(api: Api) {
  const create = async (title = `Rev ${uniqueSuffix()}`) => {
    const res = await api.call('POST', '/notes', { as: STUDENT, body: { email: STUDENT, title, description: 'v1' } })
    expect(res.status).toBe(201)
    expect(res.data.revision).toBe(1)
    return res.data.insertedId as string
  }
  const edit = (id: string, description: string, revision?: number | string) =>
    api.call('PATCH', `/notes/${id}`, {
      as: STUDENT,
      body: { title: 'Rev', description },
      headers: revision === undefined ? {} : basedOn(revision),
    })
  const current = async (id: string) => (await notesOf(api, STUDENT)).find((n) => n._id === id)

  describe('note revisions', () => {
    it('count the writes, and refuse an edit based on an older one with the note as it is now', async () => {
      const id = await create()
      expect(await current(id)).toMatchObject({ revision: 1 })
      const laptop = await edit(id, 'from the laptop', 1)
      expect(laptop.status).toBe(200)
      expect(laptop.data).toEqual({ acknowledged: true, modifiedCount: 1, revision: 2 })
      const phone = await edit(id, 'from the phone', 1)
      expect(phone.status).toBe(409)
      expect(phone.data.message).toEqual(expect.any(String))
      expect(phone.data.note).toMatchObject({ _id: id, description: 'from the laptop', revision: 2 })
      expect(await current(id)).toMatchObject({ description: 'from the laptop', revision: 2 })
      expect((await edit(id, 'merged', 2)).data.revision).toBe(3)
      expect(await current(id)).toMatchObject({ description: 'merged', revision: 3 })
    })

    it('refuse a delete based on an older revision, and keep the newer edit', async () => {
      const id = await create()
      expect((await edit(id, 'newer', 1)).status).toBe(200)
      const stale = await api.call('DELETE', `/notes/${id}`, { as: STUDENT, headers: basedOn(1) })
      expect(stale.status).toBe(409)
      expect(stale.data.note).toMatchObject({ _id: id, description: 'newer', revision: 2 })
      expect(await current(id)).toMatchObject({ description: 'newer' })
      const fresh = await api.call('DELETE', `/notes/${id}`, { as: STUDENT, headers: basedOn(2) })
      expect(fresh.data).toEqual({ acknowledged: true, deletedCount: 1 })
      expect(await current(id)).toBeUndefined()
      // Gone is not a conflict: there is no note to answer with.
      expect((await edit(id, 'too late', 2)).status).toBe(404)
      expect((await api.call('DELETE', `/notes/${id}`, { as: STUDENT, headers: basedOn(2) })).status).toBe(404)
    })

    it('without If-Match the last writer wins, and the revision still counts the write', async () => {
      const id = await create()
      expect((await edit(id, 'first', 1)).status).toBe(200)
      const blind = await edit(id, 'blind')
      expect(blind.status).toBe(200)
      expect(blind.data).toEqual({ acknowledged: true, modifiedCount: 1, revision: 3 })
      expect(await current(id)).toMatchObject({ description: 'blind', revision: 3 })
      expect((await edit(id, 'star', '*')).data.revision).toBe(4)
      const gone = await api.call('DELETE', `/notes/${id}`, { as: STUDENT })
      expect(gone.data).toEqual({ acknowledged: true, deletedCount: 1 })
    })

    it('refuse an If-Match that names no revision', async () => {
      const id = await create()
      for (const bad of ['"abc"', '"0"', 'next', '"-1"']) {
        const res = await edit(id, 'x', bad)
        expect(res.status, bad).toBe(400)
        expect(res.data.message).toMatch(/If-Match/)
      }
      expect(await current(id)).toMatchObject({ description: 'v1', revision: 1 })
    })

    it('of writes based on one revision sent at once, exactly one applies', async () => {
      const id = await create()
      const texts = Array.from({ length: 6 }, (_, i) => `device ${i}`)
      const answers = await Promise.all(texts.map((text) => edit(id, text, 1)))
      const applied = answers.filter((a) => a.status === 200)
      expect(answers.map((a) => a.status).sort()).toEqual([200, 409, 409, 409, 409, 409])
      const note = (await current(id)) as Note
      expect(note.revision).toBe(2)
      expect(texts[answers.indexOf(applied[0]!)]).toBe(note.description)
      // A delete and edits racing on one revision: one wins, the rest are told.
      const race = await Promise.all([
        api.call('DELETE', `/notes/${id}`, { as: STUDENT, headers: basedOn(2) }),
        edit(id, 'edit a', 2),
        edit(id, 'edit b', 2),
      ])
      expect(race.filter((a) => a.status === 200)).toHaveLength(1)
      expect(race.every((a) => a.status === 200 || a.status === 409 || a.status === 404)).toBe(true)
    })
  })
}
