// The people, payloads and read-backs every part of the suite shares. All of
// it goes through the REST API: records are made the way the app makes them
// and read back as an admin (or, for notes, as their owner), so the suite
// never depends on how a target stores anything.
import { expect } from 'vitest'
import type { AdminUser, Booking, Material, Note, Review, Session, User } from '#contract/entities'
import type { Api } from '../harness/api-client'

// Seeded accounts (the seed is the same on every target).
export const ADMIN = 'admin@studyhub.demo'
export const TUTOR = 'tutor@studyhub.demo'
export const OTHER_TUTOR = 'daniel.okafor@studyhub.demo'
export const STUDENT = 'student@studyhub.demo'
export const OTHER_STUDENT = 'liam.johnson@studyhub.demo'
export const THIRD_STUDENT = 'aisha.rahman@studyhub.demo'
/** A seeded student with no booking on the sessions the suite creates. */
export const FREE_STUDENT = 'ethan.brown@studyhub.demo'
export const SEEDED_SESSIONS = 40

export const DAY = 86_400_000
const HOUR = 3_600_000
const iso = (ms: number) => new Date(ms).toISOString()

let unique = 0
/** A value no other call of this run returns: for emails, titles and keys. */
export function uniqueSuffix(): string {
  unique += 1
  return `${Date.now().toString(36)}-${unique}`
}

/** The account's name as the API keeps it (the name a session or review must carry). */
export async function accountName(api: Api, email: string): Promise<string> {
  const key = `name ${email.toLowerCase()}`
  const known = api.memo.get(key)
  if (typeof known === 'string') return known
  const res = await api.call<User>('GET', `/users/${encodeURIComponent(email)}`, { as: ADMIN })
  expect(res.status, `GET /users/${email} as admin`).toBe(200)
  api.memo.set(key, res.data.name)
  return res.data.name
}

/** POST /sessions' body as the tutor form sends it, registration opening tomorrow. */
export function sessionBody(tutorEmail: string, tutorName: string, overrides: Record<string, unknown> = {}) {
  const start = Date.now() + DAY
  return {
    title: 'Graph Theory Basics',
    subject: 'Mathematics',
    description: 'Paths, cycles and trees.',
    registrationStart: iso(start),
    registrationEnd: iso(start + 7 * DAY),
    classStart: iso(start + 10 * DAY),
    classEnd: iso(start + 30 * DAY),
    duration: 2,
    registrationFee: 15,
    tutorName,
    tutorEmail,
    ...overrides,
  }
}

/** A new pending session of `tutor`; answers its id. */
export async function createSession(api: Api, tutor: string, overrides: Record<string, unknown> = {}) {
  const res = await api.call('POST', '/sessions', {
    as: tutor,
    body: sessionBody(tutor, await accountName(api, tutor), overrides),
  })
  expect(res.status, `POST /sessions → ${JSON.stringify(res.data)}`).toBe(201)
  return res.data.insertedId as string
}

/**
 * A new approved session of `tutor` whose registration is open now (it opened
 * an hour ago and closes in a week): the only kind a student can book.
 */
export async function createOpenSession(api: Api, tutor: string, fee = 20): Promise<string> {
  const now = Date.now()
  const id = await createSession(api, tutor, {
    registrationStart: iso(now - HOUR),
    registrationEnd: iso(now + 7 * DAY),
    classStart: iso(now + 10 * DAY),
    classEnd: iso(now + 20 * DAY),
  })
  await expectOk(api.call('PATCH', `/sessions/${id}/approve`, { as: ADMIN, body: { fee, type: 'Paid' } }))
  return id
}

/** A new approved session of `tutor` still open for booking whose class started an hour ago: attendance may be marked. */
export async function createStartedSession(api: Api, tutor: string): Promise<string> {
  const now = Date.now()
  const id = await createSession(api, tutor, {
    registrationStart: iso(now - 2 * HOUR),
    registrationEnd: iso(now + DAY),
    classStart: iso(now - HOUR),
    classEnd: iso(now + 2 * DAY),
  })
  await expectOk(api.call('PATCH', `/sessions/${id}/approve`, { as: ADMIN, body: { fee: 0, type: 'Free' } }))
  return id
}

/** A booking of `student` for `sessionId`, in `status` (pending as booked, or decided by the admin). */
export async function createBooking(
  api: Api,
  student: string,
  sessionId: string,
  status: 'pending' | 'approved' | 'rejected' = 'pending',
  /** The session's tutor, when the caller knows it (read from the session otherwise). */
  tutorEmail?: string,
): Promise<string> {
  const tutor = tutorEmail ?? (await getAsAdmin<Session>(api, `/sessions/${sessionId}`)).tutorEmail
  const res = await api.call('POST', '/bookings', {
    as: student,
    body: { sessionId, studentEmail: student, tutorEmail: tutor },
  })
  expect(res.status, `POST /bookings → ${JSON.stringify(res.data)}`).toBe(201)
  const id = res.data.insertedId as string
  if (status !== 'pending') await expectOk(api.call('PATCH', `/bookings/${id}`, { as: ADMIN, body: { status } }))
  return id
}

export async function createReview(api: Api, student: string, sessionId: string, rating = 4, comment = 'Helpful.') {
  const res = await api.call('POST', '/reviews', {
    as: student,
    body: { sessionId, studentEmail: student, studentName: await accountName(api, student), comment, rating },
  })
  expect(res.status, `POST /reviews → ${JSON.stringify(res.data)}`).toBe(201)
  return res.data.insertedId as string
}

export async function createNote(api: Api, student: string, title = 'Plan', description = 'Read chapter 4.') {
  const res = await api.call('POST', '/notes', { as: student, body: { email: student, title, description } })
  expect(res.status, `POST /notes → ${JSON.stringify(res.data)}`).toBe(201)
  return res.data.insertedId as string
}

export interface FilePart {
  name: string
  type: string
  content: string | Uint8Array
}

/** A multipart body as the upload form sends it. */
export function materialForm(fields: Record<string, string | FilePart>): FormData {
  const form = new FormData()
  for (const [key, value] of Object.entries(fields)) {
    if (typeof value === 'string') form.append(key, value)
    else form.append(key, new Blob([value.content as BlobPart], { type: value.type }), value.name)
  }
  return form
}

export async function uploadMaterial(api: Api, tutor: string, sessionId: string, title = 'Week 1') {
  const form = materialForm({
    sessionId,
    title,
    description: '',
    tutorEmail: tutor,
    file: { name: 'notes.txt', type: 'text/plain', content: 'hello world' },
  })
  const res = await api.call('POST', '/materials', { as: tutor, body: form })
  expect(res.status, `POST /materials → ${JSON.stringify(res.data)}`).toBe(201)
  return res.data.insertedId as string
}

/** Awaits a call and fails unless it answered 2xx. */
export async function expectOk<T extends { status: number; data: unknown }>(pending: Promise<T>): Promise<T> {
  const res = await pending
  expect(res.status, `expected 2xx, got ${res.status} ${JSON.stringify(res.data)}`).toBeGreaterThanOrEqual(200)
  expect(res.status).toBeLessThan(300)
  return res
}

/** GET as the admin; fails unless 200. */
export async function getAsAdmin<T>(api: Api, path: string): Promise<T> {
  const res = await api.call<T>('GET', path, { as: ADMIN })
  expect(res.status, `GET ${path} as admin → ${JSON.stringify(res.data)}`).toBe(200)
  return res.data
}

export const allSessions = (api: Api) => getAsAdmin<Session[]>(api, '/admin/sessions')
export const allBookings = (api: Api) => getAsAdmin<Booking[]>(api, '/bookings')
export const allReviews = (api: Api) => getAsAdmin<Review[]>(api, '/reviews')
export const allMaterials = (api: Api) => getAsAdmin<Material[]>(api, '/materials')
export const allUsers = (api: Api) => getAsAdmin<AdminUser[]>(api, '/users')
export async function notesOf(api: Api, student: string): Promise<Note[]> {
  const res = await api.call<Note[]>('GET', `/notes/student/${encodeURIComponent(student)}`, { as: student })
  expect(res.status).toBe(200)
  return res.data
}
export async function userByEmail(api: Api, email: string): Promise<AdminUser | undefined> {
  return (await allUsers(api)).find((u) => u.email === email)
}

const byId = <T extends { _id: string }>(rows: T[]) => [...rows].sort((a, b) => (a._id < b._id ? -1 : 1))

/**
 * Everything the API shows an admin, plus the notes of `notesOf` as their
 * owners see them: two snapshots are equal when a call changed nothing.
 * last_log_in and emailVerified are left out: signing in is not a change of
 * the data (a seeded user's first sign-in on the API server binds them verified).
 */
export async function snapshot(api: Api, noteOwners: readonly string[] = [STUDENT]) {
  const [users, sessions, bookings, reviews, materials] = await Promise.all([
    allUsers(api),
    allSessions(api),
    allBookings(api),
    allReviews(api),
    allMaterials(api),
  ])
  const notes: Record<string, Note[]> = {}
  for (const owner of noteOwners) notes[owner] = byId(await notesOf(api, owner))
  return {
    users: byId(users.map(({ last_log_in: _seen, emailVerified: _verified, ...u }) => u)),
    sessions: byId(sessions),
    bookings: byId(bookings),
    reviews: byId(reviews),
    materials: byId(materials),
    notes,
  }
}

/** A refusal: a 4xx answer whose JSON names what is wrong. */
export function expectRefusal(res: { status: number; data: unknown }, label: string, statuses?: readonly number[]) {
  const shown = `${label} → ${res.status} ${JSON.stringify(res.data).slice(0, 200)}`
  if (statuses) expect(statuses, shown).toContain(res.status)
  else {
    expect(res.status, shown).toBeGreaterThanOrEqual(400)
    expect(res.status, shown).toBeLessThan(500)
  }
  const message = (res.data as { message?: unknown } | null)?.message
  expect(typeof message === 'string' && message.trim().length > 0, `${shown}: no message`).toBe(true)
}
