// @vitest-environment node
// The Store over PGlite (always) and over a real PostgreSQL (when
// TEST_DATABASE_URL names one): the same cases, one database per target,
// emptied between tests.
import { randomUUID } from 'node:crypto'
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import { newFileId, newId } from '#core/ids'
import {
  MissingReference,
  UniqueViolation,
  type BookingRow,
  type MaterialRow,
  type NoteRow,
  type ReviewRow,
  type SessionRow,
  type Store,
  type StoredFile,
  type UniqueRule,
  type UserRow,
  CheckViolation,
} from '#core/store'
import { openDatabase, type Database } from './open-database'

const HOUR = 3_600_000
const BASE = Date.parse('2026-03-01T12:00:00.000Z')
const at = (hours: number) => new Date(BASE + hours * HOUR).toISOString()

function user(email: string, overrides: Partial<UserRow> = {}): UserRow {
  return {
    _id: newId(),
    name: email.split('@')[0]!,
    email,
    photo: '',
    role: 'student',
    created_at: at(0),
    last_log_in: at(0),
    ...overrides,
  }
}

function session(tutorEmail: string, overrides: Partial<SessionRow> = {}): SessionRow {
  return {
    _id: newId(),
    title: 'Linear Algebra',
    subject: 'Mathematics',
    description: 'Vectors and matrices.',
    registrationStart: at(0),
    registrationEnd: at(48),
    classStart: at(72),
    classEnd: at(200),
    duration: 2,
    registrationFee: 0,
    tutorName: 'Tutor',
    tutorEmail,
    status: 'approved',
    createdAt: at(0),
    ...overrides,
  }
}

function booking(s: SessionRow, studentEmail: string, overrides: Partial<BookingRow> = {}): BookingRow {
  return {
    _id: newId(),
    sessionId: s._id,
    studentEmail,
    tutorEmail: s.tutorEmail,
    status: 'pending',
    bookedAt: at(1),
    ...overrides,
  }
}

function review(s: SessionRow, studentEmail: string, overrides: Partial<ReviewRow> = {}): ReviewRow {
  return {
    _id: newId(),
    sessionId: s._id,
    studentEmail,
    studentName: 'Student',
    comment: 'Helpful.',
    rating: 4,
    createdAt: at(2),
    ...overrides,
  }
}

function note(email: string, overrides: Partial<NoteRow> = {}): NoteRow {
  return { _id: newId(), email, title: 'Plan', description: 'Read chapter 3.', createdAt: at(3), ...overrides }
}

function material(s: SessionRow, overrides: Partial<MaterialRow> = {}): { row: MaterialRow; file: StoredFile } {
  const _id = overrides._id ?? newId()
  const fileId = newFileId()
  const data = new TextEncoder().encode(`bytes of ${_id}`)
  return {
    row: {
      _id,
      sessionId: s._id,
      title: 'Notes',
      description: 'Week 1',
      tutorEmail: s.tutorEmail,
      status: 'pending',
      fileUrl: `/api/files/${fileId}`,
      fileName: 'notes.txt',
      fileType: 'text/plain',
      fileSize: data.length,
      createdAt: at(4),
      fileId,
      ...overrides,
    },
    file: { _id: fileId, materialId: _id, sessionId: s._id, type: 'text/plain', name: 'notes.txt', data },
  }
}

/** Resolves to the error a promise rejects with (fails the test if it resolves). */
async function failure(promise: Promise<unknown>): Promise<unknown> {
  return promise.then(
    () => expect.unreachable('expected the write to be refused'),
    (error: unknown) => error,
  )
}

async function expectUnique(promise: Promise<unknown>, rule: UniqueRule) {
  const error = await failure(promise)
  expect(error).toBeInstanceOf(UniqueViolation)
  expect((error as UniqueViolation).rule).toBe(rule)
}

async function expectMissing(promise: Promise<unknown>, what: string) {
  const error = await failure(promise)
  expect(error).toBeInstanceOf(MissingReference)
  expect((error as MissingReference).what).toBe(what)
}

async function expectCheck(promise: Promise<unknown>, constraint: string) {
  const error = await failure(promise)
  expect(error).toBeInstanceOf(CheckViolation)
  expect((error as CheckViolation).constraint).toBe(constraint)
}

const TUTOR = 'tutor@example.com'
const TUTOR2 = 'tutor2@example.com'
const STUDENT = 'student@example.com'
const STUDENT2 = 'student2@example.com'

const targets = [
  { name: 'PGlite (in memory)', url: undefined, skip: false },
  { name: 'PostgreSQL (TEST_DATABASE_URL)', url: process.env.TEST_DATABASE_URL, skip: !process.env.TEST_DATABASE_URL },
]

for (const target of targets) {
  describe.skipIf(target.skip)(`pg-store on ${target.name}`, () => {
    let database: Database
    let store: Store

    beforeAll(async () => {
      database = await openDatabase(target.url ? { databaseUrl: target.url } : { inMemory: true })
      store = database.store
    }, 120_000)
    afterAll(() => database?.close())
    beforeEach(() => database.truncateAll())

    /** A tutor, two students and one approved session of the tutor. */
    async function basics() {
      const tutor = user(TUTOR, { role: 'tutor' })
      const students = [user(STUDENT), user(STUDENT2)]
      for (const u of [tutor, ...students]) await store.users.insert(u)
      const s = session(TUTOR)
      await store.sessions.insert(s)
      return { tutor, students, s }
    }

    describe('users', () => {
      it('reads back what was written, without absent optional fields', async () => {
        const plain = user('a@example.com', { created_at: '2026-01-02T03:04:05.678+02:00' })
        await store.users.insert(plain)
        expect(await store.users.get(plain._id)).toEqual({ ...plain, created_at: '2026-01-02T01:04:05.678Z' })
        expect(Object.keys((await store.users.byEmail('a@example.com'))!)).not.toContain('uid')

        const bound = user('b@example.com', { uid: 'uid-b' })
        await store.users.insert(bound)
        expect(await store.users.byUid('uid-b')).toEqual(bound)
        expect(await store.users.get('missing')).toBeUndefined()
      })

      it('refuses a second user with an email or a provider uid', async () => {
        await store.users.insert(user('a@example.com', { uid: 'uid-a' }))
        await expectUnique(store.users.insert(user('a@example.com')), 'user.email')
        await expectUnique(store.users.insert(user('c@example.com', { uid: 'uid-a' })), 'user.uid')
        expect(await store.users.count()).toBe(1)
      })

      it('binds a verified uid to an unbound or unverified record only, and never one another user has', async () => {
        const a = user('a@example.com')
        const b = user('b@example.com', { uid: 'uid-b' })
        const typed = user('t@example.com', { uid: 'uid-typed', emailVerified: false })
        await store.users.insert(a)
        await store.users.insert(b)
        await store.users.insert(typed)
        await expectUnique(store.users.bindVerified(a._id, 'uid-b', null), 'user.uid')
        expect(await store.users.bindVerified(a._id, 'uid-a', null)).toBe(true)
        expect(await store.users.bindVerified(a._id, 'uid-other', 'uid-a')).toBe(false)
        expect(await store.users.get(a._id)).toMatchObject({ uid: 'uid-a', emailVerified: true })
        // An unverified binding gives way, once, and only while it is still the one expected.
        expect(await store.users.bindVerified(typed._id, 'uid-owner', 'uid-someone-else')).toBe(false)
        expect(await store.users.bindVerified(typed._id, 'uid-owner', 'uid-typed')).toBe(true)
        expect(await store.users.bindVerified(typed._id, 'uid-third', 'uid-owner')).toBe(false)
        expect(await store.users.get(typed._id)).toMatchObject({ uid: 'uid-owner', emailVerified: true })
      })

      it('changes a role unless the user is an admin or already has it', async () => {
        const admin = user('admin@example.com', { role: 'admin' })
        const student = user('s@example.com')
        await store.users.insert(admin)
        await store.users.insert(student)
        expect(await store.users.setRole(admin._id, 'student')).toBe(false)
        expect(await store.users.setRole(student._id, 'student')).toBe(false)
        expect(await store.users.setRole(student._id, 'tutor')).toBe(true)
        expect((await store.users.get(student._id))!.role).toBe('tutor')
        expect((await store.users.get(admin._id))!.role).toBe('admin')
      })

      it('updates name, photo and last sign-in', async () => {
        const a = user('a@example.com')
        await store.users.insert(a)
        await store.users.update(a._id, { name: 'Ada', last_log_in: at(10) })
        await store.users.update(a._id, {})
        expect(await store.users.get(a._id)).toEqual({ ...a, name: 'Ada', last_log_in: at(10) })
      })

      it('lists newest first, searches name or email case-insensitively, with wildcards taken literally', async () => {
        const rows = [
          user('ann@example.com', { name: 'Ann Lee', created_at: at(1) }),
          user('bob@example.com', { name: 'Bob 100%', created_at: at(2) }),
          user('carl_x@example.com', { name: 'Carl', created_at: at(3) }),
          user('dora@sample.org', { name: 'Dora ANN', created_at: at(4) }),
        ]
        for (const r of rows) await store.users.insert(r)

        const all = await store.users.list(undefined, null)
        expect(all.rows.map((u) => u.email)).toEqual([
          'dora@sample.org',
          'carl_x@example.com',
          'bob@example.com',
          'ann@example.com',
        ])
        expect(all.total).toBeUndefined()
        expect((await store.users.list('  ann ', null)).rows.map((u) => u.name)).toEqual(['Dora ANN', 'Ann Lee'])
        expect((await store.users.list('%', null)).rows.map((u) => u.name)).toEqual(['Bob 100%'])
        expect((await store.users.list('_', null)).rows.map((u) => u.name)).toEqual(['Carl'])
        expect((await store.users.list('SAMPLE', null)).rows.map((u) => u.name)).toEqual(['Dora ANN'])
        expect(await store.users.list('example', { page: 2, limit: 2 })).toEqual({
          rows: [rows[0]],
          total: 3,
        })
        expect((await store.users.list('', { page: 1, limit: 3 })).total).toBe(4)
      })
    })

    describe('uniqueness under concurrency', () => {
      it('keeps one booking per student and session, however many arrive at once', async () => {
        const { s } = await basics()
        const results = await Promise.allSettled(
          Array.from({ length: 10 }, () => store.bookings.insert(booking(s, STUDENT))),
        )
        const refused = results.filter((r) => r.status === 'rejected')
        expect(results.filter((r) => r.status === 'fulfilled')).toHaveLength(1)
        expect(refused).toHaveLength(9)
        for (const r of refused) {
          expect((r as PromiseRejectedResult).reason).toBeInstanceOf(UniqueViolation)
          expect(((r as PromiseRejectedResult).reason as UniqueViolation).rule).toBe('booking.student-session')
        }
        expect(await store.bookings.ofStudent(STUDENT)).toHaveLength(1)
      })

      it('keeps one review per student and session, however many arrive at once', async () => {
        const { s } = await basics()
        const results = await Promise.allSettled(
          Array.from({ length: 6 }, () => store.reviews.insert(review(s, STUDENT))),
        )
        expect(results.filter((r) => r.status === 'fulfilled')).toHaveLength(1)
        for (const r of results.filter((r) => r.status === 'rejected')) {
          expect(((r as PromiseRejectedResult).reason as UniqueViolation).rule).toBe('review.student-session')
        }
        expect(await store.reviews.ofSession(s._id)).toHaveLength(1)
      })

      it('refuses a note id used twice (an offline note brings its own UUID)', async () => {
        await basics()
        const id = randomUUID()
        await store.notes.insert(note(STUDENT, { _id: id }))
        await expectUnique(store.notes.insert(note(STUDENT2, { _id: id })), 'note.id')
        expect((await store.notes.get(id))!.email).toBe(STUDENT)
      })
    })

    describe('references', () => {
      it('refuses rows naming a session, material or user that does not exist', async () => {
        const { s } = await basics()
        const gone = session(TUTOR)
        await expectMissing(store.bookings.insert(booking(gone, STUDENT)), 'session')
        await expectMissing(store.reviews.insert(review(gone, STUDENT)), 'session')
        await expectMissing(store.bookings.insert(booking(s, 'nobody@example.com')), 'user')
        await expectMissing(store.notes.insert(note('nobody@example.com')), 'user')
        await expectMissing(store.sessions.insert(session('nobody@example.com')), 'user')
        const { row, file } = material(gone)
        await expectMissing(store.materials.insertWithFile(row, file), 'session')
        expect(await store.materials.count()).toBe(0)
      })

      it('refuses moving a booking to a session deleted meanwhile, or onto another booking', async () => {
        const { s } = await basics()
        const other = session(TUTOR)
        await store.sessions.insert(other)
        const b = booking(s, STUDENT, { status: 'approved' })
        await store.bookings.insert(b)
        await store.bookings.insert(booking(other, STUDENT))
        await expectUnique(
          store.bookings.update(b._id, { sessionId: other._id }, 'approved'),
          'booking.student-session',
        )
        await expectMissing(store.bookings.update(b._id, { sessionId: 'gone' }, 'approved'), 'session')
        expect(await store.bookings.get(b._id)).toEqual(b)
      })
    })

    describe('constraints on values', () => {
      it('refuses values outside the ranges and lengths the contract allows', async () => {
        const { s } = await basics()
        await expectCheck(store.sessions.insert(session(TUTOR, { duration: 0.5 })), 'sessions_duration_check')
        await expectCheck(
          store.sessions.insert(session(TUTOR, { registrationFee: -1 })),
          'sessions_registration_fee_check',
        )
        await expectCheck(
          store.sessions.insert(session(TUTOR, { registrationEnd: at(-1) })),
          'sessions_registration_window_check',
        )
        await expectCheck(store.sessions.insert(session(TUTOR, { classEnd: at(71) })), 'sessions_class_window_check')
        await expectCheck(store.sessions.insert(session(TUTOR, { title: 'x'.repeat(151) })), 'sessions_title_length')
        await expectCheck(store.sessions.insert(session(TUTOR, { title: '' })), 'sessions_title_length')
        await expectCheck(store.reviews.insert(review(s, STUDENT, { rating: 6 })), 'reviews_rating_check')
        await expectCheck(store.reviews.insert(review(s, STUDENT, { rating: 0 })), 'reviews_rating_check')
        await expectCheck(store.users.insert(user('x@example.com', { name: 'n'.repeat(101) })), 'users_name_length')
        await expectCheck(
          store.notes.insert(note(STUDENT, { description: 'd'.repeat(20_001) })),
          'notes_description_length',
        )
        // The limits count characters, not bytes or UTF-16 units.
        await store.sessions.insert(session(TUTOR, { title: '🎓'.repeat(150) }))
        // A review without a rating is allowed.
        const unrated = review(s, STUDENT, { rating: undefined })
        await store.reviews.insert(unrated)
        expect(await store.reviews.get(unrated._id)).not.toHaveProperty('rating')
      })
    })

    describe('sessions', () => {
      it('changes a session only while it has the expected status', async () => {
        const { s } = await basics()
        const pending = session(TUTOR, { status: 'pending' })
        await store.sessions.insert(pending)

        const approvals = await Promise.all([
          store.sessions.update(pending._id, { status: 'approved', registrationFee: 20 }, 'pending'),
          store.sessions.update(pending._id, { status: 'rejected' }, 'pending'),
        ])
        expect(approvals.filter(Boolean)).toHaveLength(1)
        const decided = (await store.sessions.get(pending._id))!
        expect(['approved', 'rejected']).toContain(decided.status)

        expect(await store.sessions.update(s._id, { status: 'approved' }, 'rejected')).toBe(false)
        expect(await store.sessions.update(s._id, { title: 'Renamed' }, 'approved')).toBe(true)
        expect(await store.sessions.update(s._id, {}, 'approved')).toBe(true)
        expect(await store.sessions.update('missing', { title: 'x' }, 'approved')).toBe(false)
        expect(await store.sessions.get(s._id)).toEqual({ ...s, title: 'Renamed' })
      })

      it('lists newest first by status or tutor, a page with its total', async () => {
        await basics()
        await store.users.insert(user(TUTOR2, { role: 'tutor' }))
        await database.truncateAll()
        await store.users.insert(user(TUTOR, { role: 'tutor' }))
        await store.users.insert(user(TUTOR2, { role: 'tutor' }))
        const statuses = ['approved', 'pending', 'rejected'] as const
        const rows = Array.from({ length: 12 }, (_, i) =>
          session(i % 2 ? TUTOR2 : TUTOR, { status: statuses[i % 3]!, createdAt: at(i) }),
        )
        // Two sessions created in the same millisecond still have one order: by id.
        const twin = session(TUTOR, { status: 'approved', createdAt: at(11) })
        for (const r of [...rows, twin]) await store.sessions.insert(r)
        const newest = [...rows, twin].sort((a, b) =>
          a.createdAt === b.createdAt ? (a._id < b._id ? 1 : -1) : a.createdAt < b.createdAt ? 1 : -1,
        )

        const all = await store.sessions.list({}, null)
        expect(all.rows.map((r) => r._id)).toEqual(newest.map((r) => r._id))

        const approved = newest.filter((r) => r.status === 'approved')
        expect(await store.sessions.list({ status: 'approved' }, { page: 1, limit: 3 })).toEqual({
          rows: approved.slice(0, 3),
          total: approved.length,
        })
        expect(await store.sessions.list({ status: 'approved' }, { page: 2, limit: 3 })).toEqual({
          rows: approved.slice(3, 6),
          total: approved.length,
        })
        expect(await store.sessions.list({ status: 'approved' }, { page: 9, limit: 3 })).toEqual({
          rows: [],
          total: approved.length,
        })

        const ofTutor2 = newest.filter((r) => r.tutorEmail === TUTOR2)
        expect((await store.sessions.list({ tutorEmail: TUTOR2 }, null)).rows).toEqual(ofTutor2)
        const pendingOfTutor2 = ofTutor2.filter((r) => r.status === 'pending')
        expect(await store.sessions.list({ tutorEmail: TUTOR2, status: 'pending' }, { page: 1, limit: 10 })).toEqual({
          rows: pendingOfTutor2,
          total: pendingOfTutor2.length,
        })
        expect(await store.sessions.idsOfTutor(TUTOR2)).toEqual(ofTutor2.map((r) => r._id))

        expect(await store.sessions.counts()).toEqual({ total: 13, approved: 5, pending: 4, rejected: 4 })
        const some = await store.sessions.getMany([rows[0]!._id, rows[1]!._id, rows[0]!._id, 'missing'])
        expect([...some.keys()].sort()).toEqual([rows[0]!._id, rows[1]!._id].sort())
        expect(some.get(rows[1]!._id)).toEqual(rows[1])
        expect((await store.sessions.getMany([])).size).toBe(0)
      })
    })

    describe('bookings', () => {
      it('approves, rejects and deletes only from the expected status', async () => {
        const { s } = await basics()
        const b = booking(s, STUDENT)
        await store.bookings.insert(b)
        expect(await store.bookings.delete(b._id, 'approved')).toBe(false)
        expect(await store.bookings.update(b._id, { status: 'approved' }, 'pending')).toBe(true)
        expect(await store.bookings.update(b._id, { status: 'rejected' }, 'pending')).toBe(false)
        expect(await store.bookings.of(STUDENT, s._id)).toEqual({ ...b, status: 'approved' })
        expect(await store.bookings.delete(b._id, 'approved')).toBe(true)
        expect(await store.bookings.get(b._id)).toBeUndefined()
      })

      it('lists newest first, by status, student and tutor', async () => {
        const { s } = await basics()
        const other = session(TUTOR)
        await store.sessions.insert(other)
        const rows = [
          booking(s, STUDENT, { bookedAt: at(1), status: 'approved' }),
          booking(other, STUDENT, { bookedAt: at(3) }),
          booking(s, STUDENT2, { bookedAt: at(2) }),
        ]
        for (const r of rows) await store.bookings.insert(r)
        expect(await store.bookings.list(undefined, { page: 1, limit: 2 })).toEqual({
          rows: [rows[1], rows[2]],
          total: 3,
        })
        expect((await store.bookings.list('pending', null)).rows).toEqual([rows[1], rows[2]])
        expect(await store.bookings.ofStudent(STUDENT)).toEqual([rows[1], rows[0]])
        expect(await store.bookings.ofTutor(TUTOR)).toEqual([rows[1], rows[2], rows[0]])
        expect(await store.bookings.countOfStudent(STUDENT)).toBe(2)
      })
    })

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
        expect(await store.notes.update(first._id, { title: 'New', description: 'Text', updatedAt: at(9) })).toBe(true)
        expect(await store.notes.get(first._id)).toEqual({
          ...first,
          title: 'New',
          description: 'Text',
          updatedAt: at(9),
        })
        expect(await store.notes.update('missing', { title: 'x', description: 'y' })).toBe(false)
        expect(await store.notes.delete(first._id)).toBe(true)
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

    describe('idempotency keys', () => {
      const key = (id: string, createdAt = at(0)) => ({
        id,
        requestHash: 'hash',
        state: 'running' as const,
        createdAt,
      })

      it('gives a key to exactly one of two claims made at once', async () => {
        const answers = await Promise.all([store.idempotency.claim(key('k')), store.idempotency.claim(key('k'))])
        expect(answers.filter((a) => a === null)).toHaveLength(1)
        expect(answers.find((a) => a !== null)).toEqual(key('k'))
      })

      it('answers a completed key with its stored answer, and forgets a released one', async () => {
        expect(await store.idempotency.claim(key('done'))).toBeNull()
        await store.idempotency.complete('done', { status: 201, body: '{"ok":true}', headers: { 'x-a': '1' } })
        const done = { ...key('done'), state: 'done', status: 201, body: '{"ok":true}', headers: { 'x-a': '1' } }
        expect(await store.idempotency.claim(key('done'))).toEqual(done)
        expect(await store.idempotency.get('done')).toEqual(done)

        expect(await store.idempotency.claim(key('failed'))).toBeNull()
        await store.idempotency.release('failed')
        expect(await store.idempotency.get('failed')).toBeUndefined()
        expect(await store.idempotency.claim(key('failed'))).toBeNull()
      })

      it('expires keys created before a time', async () => {
        await store.idempotency.claim(key('old', at(-48)))
        await store.idempotency.claim(key('older', at(-72)))
        await store.idempotency.claim(key('new', at(0)))
        expect(await store.idempotency.expire(at(-24))).toBe(2)
        expect(await store.idempotency.get('new')).toBeDefined()
        expect(await store.idempotency.expire(at(-24))).toBe(0)
      })
    })

    describe('token secret', () => {
      it('is made once, 32 random bytes, and the same for every caller', async () => {
        const racing = await Promise.all([store.meta.tokenSecret(), store.meta.tokenSecret()])
        expect(racing[0]).toBe(racing[1])
        expect(racing[0]).toMatch(/^[A-Za-z0-9_-]{43}$/)
        expect(await store.meta.tokenSecret()).toBe(racing[0])
      })
    })
  })
}
