// @vitest-environment node
// The Store's reviews, notes, materials and files, over PGlite (always) and
// over a real PostgreSQL (when TEST_DATABASE_URL names one): ratings, lists
// and changes, a material written with its file or not at all, and deleting
// a session or a user with everything that hangs off it (./pg-store-fixtures.ts).
import { describe, expect, it } from 'vitest'
import {
  at,
  booking,
  describeOnEachTarget,
  material,
  note,
  review,
  session,
  STUDENT,
  STUDENT2,
  TUTOR,
  TUTOR2,
  user,
} from './pg-store-fixtures'

describeOnEachTarget(({ store, basics }) => {
  describe('reviews and notes', () => {
    it('sums and counts ratings per session in one answer, a missing rating counting as 0', async () => {
      const { s } = await basics()
      const other = session(TUTOR)
      await store.sessions.insert(other)
      await store.reviews.insert(review(s, STUDENT, { rating: 5 }))
      await store.reviews.insert(review(s, STUDENT2, { rating: undefined }))
      await store.reviews.insert(review(other, STUDENT, { rating: 3 }))
      const ratings = await store.reviews.ratings([s._id, other._id, 'none'])
      expect(ratings).toEqual(
        new Map([
          [s._id, { sum: 5, count: 2 }],
          [other._id, { sum: 3, count: 1 }],
        ]),
      )
      expect((await store.reviews.ratings([])).size).toBe(0)
      expect(await store.reviews.countOfStudent(STUDENT)).toBe(2)
    })

    it('lists reviews newest first and deletes one', async () => {
      const { s } = await basics()
      const older = review(s, STUDENT, { createdAt: at(1) })
      const newer = review(s, STUDENT2, { createdAt: at(5) })
      await store.reviews.insert(older)
      await store.reviews.insert(newer)
      expect(await store.reviews.ofSession(s._id)).toEqual([newer, older])
      expect(await store.reviews.list({ page: 2, limit: 1 })).toEqual({ rows: [older], total: 2 })
      expect(await store.reviews.of(STUDENT, s._id)).toEqual(older)
      expect(await store.reviews.delete(older._id)).toBe(true)
      expect(await store.reviews.delete(older._id)).toBe(false)
    })

    it("keeps a student's notes newest first, updates and deletes them", async () => {
      await basics()
      const first = note(STUDENT, { createdAt: at(1) })
      const second = note(STUDENT, { createdAt: at(2) })
      await store.notes.insert(first)
      await store.notes.insert(second)
      await store.notes.insert(note(STUDENT2))
      expect(await store.notes.ofOwner(STUDENT)).toEqual([second, first])
      const edited = { ...first, title: 'New', description: 'Text', updatedAt: at(9), revision: 2 }
      const edit = { title: 'New', description: 'Text', updatedAt: at(9) }
      expect(await store.notes.update(first._id, edit)).toEqual(edited)
      expect(await store.notes.get(first._id)).toEqual(edited)
      expect(await store.notes.update('missing', { title: 'x', description: 'y' })).toBeUndefined()
      // Based on an older revision: nothing is written or deleted.
      expect(await store.notes.update(first._id, { ...edit, title: 'Stale' }, 1)).toBeUndefined()
      expect(await store.notes.delete(first._id, 1)).toBe(false)
      expect(await store.notes.get(first._id)).toEqual(edited)
      expect(await store.notes.update(first._id, { ...edit, title: 'Newer' }, 2)).toMatchObject({ revision: 3 })
      expect(await store.notes.delete(first._id, 3)).toBe(true)
      expect(await store.notes.delete(second._id)).toBe(true)
      expect(await store.notes.delete(first._id)).toBe(false)
    })
  })

  describe('materials and files', () => {
    it('stores a material with its file, and hands the bytes back as a Uint8Array', async () => {
      const { s } = await basics()
      const { row, file } = material(s)
      await store.materials.insertWithFile(row, file)
      expect(await store.materials.get(row._id)).toEqual(row)
      const stored = (await store.files.get(file._id))!
      expect(stored.data).toBeInstanceOf(Uint8Array)
      expect(stored).toEqual({ ...file, data: new Uint8Array(file.data as Uint8Array) })

      const fromBlob = material(s, { link: 'https://example.com/x' })
      const bytes = new Uint8Array([0, 255, 1, 128])
      await store.materials.insertWithFile(fromBlob.row, { ...fromBlob.file, data: new Blob([bytes]) })
      expect(Array.from((await store.files.get(fromBlob.file._id))!.data as Uint8Array)).toEqual([0, 255, 1, 128])
      expect(await store.files.get('missing')).toBeUndefined()
    })

    it('writes neither the material nor its file when one of them is refused', async () => {
      const { s } = await basics()
      const first = material(s)
      await store.materials.insertWithFile(first.row, first.file)
      // A second material whose file reuses the first file's id: the material must not stay behind.
      const second = material(s)
      await expect(
        store.materials.insertWithFile(second.row, { ...second.file, _id: first.file._id }),
      ).rejects.toThrow()
      expect(await store.materials.get(second.row._id)).toBeUndefined()
      expect(await store.materials.count()).toBe(1)
    })

    it('approves or rejects only a pending material, and deletes one with its file', async () => {
      const { s } = await basics()
      const { row, file } = material(s)
      await store.materials.insertWithFile(row, file)
      const decisions = await Promise.all([
        store.materials.setStatus(row._id, 'approved', 'pending'),
        store.materials.setStatus(row._id, 'rejected', 'pending'),
      ])
      expect(decisions.filter(Boolean)).toHaveLength(1)
      expect(await store.materials.deleteWithFile(row._id)).toBe(true)
      expect(await store.files.get(file._id)).toBeUndefined()
      expect(await store.materials.deleteWithFile(row._id)).toBe(false)
    })

    it('lists newest first, by status, tutor and sessions', async () => {
      const { s } = await basics()
      await store.users.insert(user(TUTOR2, { role: 'tutor' }))
      const other = session(TUTOR2)
      await store.sessions.insert(other)
      const a = material(s, { createdAt: at(1), status: 'approved' })
      const b = material(other, { createdAt: at(3) })
      const c = material(s, { createdAt: at(2) })
      for (const m of [a, b, c]) await store.materials.insertWithFile(m.row, m.file)
      expect(await store.materials.list({ page: 1, limit: 2 })).toEqual({ rows: [b.row, c.row], total: 3 })
      expect(await store.materials.list(null)).toEqual({ rows: [b.row, c.row, a.row] })
      expect(await store.materials.byStatus('pending')).toEqual([b.row, c.row])
      expect(await store.materials.ofTutor(TUTOR)).toEqual([c.row, a.row])
      expect(await store.materials.ofSessions([s._id, other._id])).toEqual([b.row, c.row, a.row])
      expect(await store.materials.ofSessions([])).toEqual([])
      expect(await store.materials.countOfTutor(TUTOR2)).toBe(1)
    })
  })

  describe('deleting with what hangs off it', () => {
    async function world() {
      const { s, tutor, students } = await basics()
      await store.users.insert(user(TUTOR2, { role: 'tutor' }))
      const kept = session(TUTOR2)
      await store.sessions.insert(kept)
      await store.bookings.insert(booking(s, STUDENT))
      await store.bookings.insert(booking(s, STUDENT2))
      await store.bookings.insert(booking(kept, STUDENT))
      await store.reviews.insert(review(s, STUDENT))
      await store.reviews.insert(review(kept, STUDENT2))
      await store.notes.insert(note(STUDENT))
      await store.notes.insert(note(STUDENT2))
      const gone = material(s)
      const stays = material(kept)
      await store.materials.insertWithFile(gone.row, gone.file)
      await store.materials.insertWithFile(stays.row, stays.file)
      return { s, kept, tutor, students, gone, stays }
    }

    it('deletes sessions with their bookings, reviews, materials and files', async () => {
      const { s, kept, gone, stays } = await world()
      await store.sessions.deleteWithOwned([s._id])
      expect(await store.sessions.get(s._id)).toBeUndefined()
      expect((await store.bookings.list(undefined, null)).rows.map((b) => b.sessionId)).toEqual([kept._id])
      expect((await store.reviews.list(null)).rows.map((r) => r.sessionId)).toEqual([kept._id])
      expect(await store.materials.get(gone.row._id)).toBeUndefined()
      expect(await store.files.get(gone.file._id)).toBeUndefined()
      expect(await store.files.get(stays.file._id)).toBeDefined()
      expect(await store.users.count()).toBe(4)
      await store.sessions.deleteWithOwned([])
      expect(await store.sessions.counts()).toMatchObject({ total: 1 })
    })

    it('deletes a tutor with their sessions and everything on them', async () => {
      const { tutor, kept, gone, stays } = await world()
      expect(await store.users.owned(TUTOR)).toEqual({
        sessions: 1,
        bookings: 0,
        reviews: 0,
        notes: 0,
        materials: 1,
      })
      await store.users.deleteWithOwned(tutor)
      expect(await store.users.byEmail(TUTOR)).toBeUndefined()
      expect(await store.sessions.idsOfTutor(TUTOR)).toEqual([])
      expect((await store.bookings.list(undefined, null)).rows.map((b) => b.sessionId)).toEqual([kept._id])
      expect(await store.files.get(gone.file._id)).toBeUndefined()
      expect(await store.materials.get(stays.row._id)).toEqual(stays.row)
      expect(await store.notes.ofOwner(STUDENT)).toHaveLength(1)
    })

    it('deletes a student with their bookings, reviews and notes only', async () => {
      const { students, kept } = await world()
      expect(await store.users.owned(STUDENT)).toEqual({
        sessions: 0,
        bookings: 2,
        reviews: 1,
        notes: 1,
        materials: 0,
      })
      await store.users.deleteWithOwned(students[0]!)
      expect(await store.bookings.ofStudent(STUDENT)).toEqual([])
      expect(await store.reviews.countOfStudent(STUDENT)).toBe(0)
      expect(await store.notes.ofOwner(STUDENT)).toEqual([])
      expect(await store.bookings.countOfStudent(STUDENT2)).toBe(1)
      expect((await store.reviews.ofSession(kept._id)).map((r) => r.studentEmail)).toEqual([STUDENT2])
      expect(await store.sessions.counts()).toMatchObject({ total: 2 })
    })
  })
})
