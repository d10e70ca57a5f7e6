// The rows, checks and databases of the Store's tests (pg-store-*.test.ts):
// each case runs over PGlite (always) and over a real PostgreSQL (when
// TEST_DATABASE_URL names one), one database per target, emptied between
// tests.
import { afterAll, beforeAll, beforeEach, describe, expect } from 'vitest'
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
export const at = (hours: number) => new Date(BASE + hours * HOUR).toISOString()

export function user(email: string, overrides: Partial<UserRow> = {}): UserRow {
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

export function session(tutorEmail: string, overrides: Partial<SessionRow> = {}): SessionRow {
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

export function booking(s: SessionRow, studentEmail: string, overrides: Partial<BookingRow> = {}): BookingRow {
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

export function review(s: SessionRow, studentEmail: string, overrides: Partial<ReviewRow> = {}): ReviewRow {
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

export function note(email: string, overrides: Partial<NoteRow> = {}): NoteRow {
  return {
    _id: newId(),
    email,
    title: 'Plan',
    description: 'Read chapter 3.',
    createdAt: at(3),
    revision: 1,
    ...overrides,
  }
}

export function material(s: SessionRow, overrides: Partial<MaterialRow> = {}): { row: MaterialRow; file: StoredFile } {
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

export async function expectUnique(promise: Promise<unknown>, rule: UniqueRule) {
  const error = await failure(promise)
  expect(error).toBeInstanceOf(UniqueViolation)
  expect((error as UniqueViolation).rule).toBe(rule)
}

export async function expectMissing(promise: Promise<unknown>, what: string) {
  const error = await failure(promise)
  expect(error).toBeInstanceOf(MissingReference)
  expect((error as MissingReference).what).toBe(what)
}

export async function expectCheck(promise: Promise<unknown>, constraint: string) {
  const error = await failure(promise)
  expect(error).toBeInstanceOf(CheckViolation)
  expect((error as CheckViolation).constraint).toBe(constraint)
}

export const TUTOR = 'tutor@example.com'
export const TUTOR2 = 'tutor2@example.com'
export const STUDENT = 'student@example.com'
export const STUDENT2 = 'student2@example.com'

const targets = [
  { name: 'PGlite (in memory)', url: undefined, skip: false },
  { name: 'PostgreSQL (TEST_DATABASE_URL)', url: process.env.TEST_DATABASE_URL, skip: !process.env.TEST_DATABASE_URL },
]

/**
 * Defines the cases of `define` once per target, each in a describe of its
 * own (`pg-store on <target>`) with its own database. `database` and `store`
 * are filled in by the target's beforeAll: the cases name them when they are
 * defined, before the database is open.
 */
export function describeOnEachTarget(
  define: (target: { database: Database; store: Store; basics: () => ReturnType<typeof basicsOf> }) => void,
) {
  for (const target of targets) {
    describe.skipIf(target.skip)(`pg-store on ${target.name}`, () => {
      const database = {} as Database
      const store = {} as Store

      beforeAll(async () => {
        Object.assign(database, await openDatabase(target.url ? { databaseUrl: target.url } : { inMemory: true }))
        Object.assign(store, database.store)
      }, 120_000)
      // No close when the database never opened.
      afterAll(() => database.close?.())
      beforeEach(() => database.truncateAll())

      define({ database, store, basics: () => basicsOf(store) })
    })
  }
}

/** A tutor, two students and one approved session of the tutor. */
async function basicsOf(store: Store) {
  const tutor = user(TUTOR, { role: 'tutor' })
  const students = [user(STUDENT), user(STUDENT2)]
  for (const u of [tutor, ...students]) await store.users.insert(u)
  const s = session(TUTOR)
  await store.sessions.insert(s)
  return { tutor, students, s }
}
