// The demo server's request handlers: every route of src/contract, over the
// demo database (mocks/db). The same list runs in the service worker of a
// demo build and under msw/node in tests. Access is checked from the
// permission table (./permissions.ts) by the shared pipeline
// (./server/pipeline.ts); the rules of spec §4–§6 are enforced here.
//
// Status codes: 400 bad payload (names the field), 401 no/invalid token,
// 403 not allowed, 404 unknown id, 409 a rule of the current state refuses
// the change (a booking refusal also answers `success: false`).
//
// Deleting (spec: "no orphan any screen would show"), chosen per case:
// - a session (admin; approved only): CASCADE to its bookings, reviews,
//   materials and their files: none of them means anything without it.
// - a user (admin; never an admin): CASCADE to what only they own: as a
//   tutor, their sessions (with the cascade above) and materials; as a
//   student, their bookings, reviews and notes. Their sign-in identity stays
//   (as a Firebase account would); signing in again makes a fresh student.
// - a material: its file too. A booking or review: nothing hangs off it.
// Refusals instead of cascades: admins cannot be deleted; sessions that are
// not approved cannot be deleted (spec §4), and a tutor's are removed only
// with the tutor.
import { http, type HttpHandler } from 'msw'
import type { Booking, Material, Role, Session } from '../src/contract/entities'
import { routes, TOTAL_COUNT_HEADER, type RouteName } from '../src/contract/routes'
import { fromStoredFile, toStoredFile, type BookingRow, type DemoDb, type SessionRow } from './db/demo-db'
import * as q from './db/queries'
import { demoIdpHandlers } from './demo-idp'
import type { Principal } from './permissions'
import { newFileId, newId, signToken } from './server/crypto'
import { badRequest, conflict, forbidden, json, notFound } from './server/http'
import { route, serve, type Answer, type RouteImpl } from './server/pipeline'
import { resetDemoData } from './server/ready'

const MAX_FILE_BYTES = 10 * 1024 * 1024
const MAX_PAGE_SIZE = 500

function paging(query: { page?: string; limit?: string }): q.Paging | null {
  if (query.page === undefined && query.limit === undefined) return null
  return { page: Number(query.page ?? 1), limit: Math.min(Number(query.limit ?? 20), MAX_PAGE_SIZE) }
}

function listAnswer<T>(rows: T[], total: number | undefined): Answer {
  return { body: rows, headers: total === undefined ? {} : { [TOTAL_COUNT_HEADER]: String(total) } }
}

const now = () => new Date().toISOString()
const me = (principal: Principal | null) => principal!

/** Adds averageRating and reviewCount, computed from the reviews (a missing rating counts as 0). */
async function withRatings(db: DemoDb, rows: SessionRow[]): Promise<Session[]> {
  const reviews = await q.reviewsOfSessions(
    db,
    rows.map((s) => s._id),
  )
  const sums = new Map<string, { sum: number; count: number }>()
  for (const r of reviews) {
    const entry = sums.get(r.sessionId) ?? { sum: 0, count: 0 }
    entry.sum += typeof r.rating === 'number' ? r.rating : 0
    entry.count += 1
    sums.set(r.sessionId, entry)
  }
  return rows.map((s) => {
    const entry = sums.get(s._id)
    return { ...s, averageRating: entry ? entry.sum / entry.count : 0, reviewCount: entry?.count ?? 0 }
  })
}

/** Adds the session's title, tutor, fee and dates, so a student's list needs no second call. */
async function withSessionFields(db: DemoDb, rows: BookingRow[]): Promise<Booking[]> {
  const sessions = await q.sessionsByIds(
    db,
    rows.map((b) => b.sessionId),
  )
  return rows.map((b) => {
    const s = sessions.get(b.sessionId)
    if (!s) return b
    const { title, tutorName, registrationFee, registrationStart, registrationEnd, classStart, classEnd } = s
    return { ...b, title, tutorName, registrationFee, registrationStart, registrationEnd, classStart, classEnd }
  })
}

async function userName(db: DemoDb, email: string): Promise<string> {
  return (await db.users.where('email').equals(email).first())?.name ?? email
}

/** Sessions where the student's booking is approved: what their materials come from. */
async function approvedSessionIdsOf(db: DemoDb, studentEmail: string): Promise<string[]> {
  const bookings = await db.bookings.where('studentEmail').equals(studentEmail).toArray()
  return bookings.filter((b) => b.status === 'approved').map((b) => b.sessionId)
}

async function approvedMaterialsFor(db: DemoDb, studentEmail: string): Promise<Material[]> {
  const sessionIds = await approvedSessionIdsOf(db, studentEmail)
  if (sessionIds.length === 0) return []
  const rows = await db.materials.where('sessionId').anyOf(sessionIds).toArray()
  return rows.filter((m) => m.status === 'approved').map(publicMaterial)
}

function publicMaterial(row: Material & { fileId?: string }): Material {
  const { fileId: _fileId, ...material } = row
  return material
}

const byNewest =
  <K extends string>(key: K) =>
  (a: Record<K, string>, b: Record<K, string>) =>
    a[key] < b[key] ? 1 : a[key] > b[key] ? -1 : 0

const modified = (count: number) => ({ body: { acknowledged: true, modifiedCount: count } })
const deleted = (count: number) => ({ body: { acknowledged: true, deletedCount: count } })
const inserted = (id: string) => ({ status: 201, body: { acknowledged: true, insertedId: id } })

const impls: { [N in RouteName]: RouteImpl<N> } = {
  // ---- Auth and users
  async getUser({ db, params }) {
    const user = await db.users.where('email').equals(params.email).first()
    if (!user) throw notFound('User not found.')
    return { body: user }
  },

  async issueToken({ db, body, principal }) {
    // Proof was checked by the permission table: an ID token for this very email.
    let user = await db.users.where('email').equals(body.email).first()
    if (!user) {
      // A verified identity whose POST /users has not landed yet gets its student record now.
      const identity = await db.identities.where('email').equals(body.email).first()
      user = {
        _id: newId(),
        name: identity?.displayName || body.email.split('@')[0]!,
        email: body.email,
        photo: identity?.photoURL ?? '',
        role: 'student',
        created_at: now(),
        last_log_in: now(),
      }
      await db.users.add(user)
    }
    const token = await signToken(db, 'app', { sub: user._id, email: me(principal).email })
    return { body: { token } }
  },

  async createUser({ db, body }) {
    const existing = await db.users.where('email').equals(body.email).first()
    if (existing) {
      await db.users.update(existing._id, {
        last_log_in: now(),
        ...(!existing.name && body.name ? { name: body.name } : {}),
        ...(!existing.photo && body.photo ? { photo: body.photo } : {}),
      })
      return { body: { acknowledged: true, insertedId: null, existing: true } }
    }
    const identity = await db.identities.where('email').equals(body.email).first()
    const _id = newId()
    // Whatever role was asked for ('user' from the Google sign-up, or even
    // 'admin'), a new account is a student (spec §1, §6).
    await db.users.add({
      _id,
      name: body.name?.trim() || identity?.displayName || body.email.split('@')[0]!,
      email: body.email,
      photo: body.photo?.trim() || identity?.photoURL || '',
      role: 'student',
      created_at: now(),
      last_log_in: now(),
    })
    return { status: 201, body: { acknowledged: true, insertedId: _id, existing: false } }
  },

  async listUsers({ db, query }) {
    const { rows, total } = await q.listUsers(db, query.search, paging(query))
    return listAnswer(rows, total)
  },

  async updateUserRole({ db, body, record }) {
    if (record.role === 'admin') throw forbidden('Admin users cannot be changed.')
    if (record.role === body.role) return modified(0)
    await db.users.update(record._id, { role: body.role as Role })
    return modified(1)
  },

  async deleteUser({ db, record }) {
    if (record.role === 'admin') throw forbidden('Admin users cannot be deleted.')
    await q.deleteUserCascade(db, record)
    return deleted(1)
  },

  // ---- Sessions
  async listAdminSessions({ db, query }) {
    const { rows, total } = await q.listSessions(db, { status: query.status }, paging(query))
    return listAnswer(await withRatings(db, rows), total)
  },

  async listSessions({ db, query }) {
    const { rows, total } = await q.listSessions(
      db,
      { status: query.status, tutorEmail: query.tutorEmail },
      paging(query),
    )
    return listAnswer(await withRatings(db, rows), total)
  },

  async listPendingSessions({ db }) {
    const { rows } = await q.listSessions(db, { status: 'pending' }, null)
    return { body: await withRatings(db, rows) }
  },

  async listTutorSessions({ db, params }) {
    const { rows } = await q.listSessions(db, { tutorEmail: params.email }, null)
    return { body: await withRatings(db, rows) }
  },

  async getSession({ db, record }) {
    return { body: (await withRatings(db, [record]))[0] }
  },

  async createSession({ db, body, principal }) {
    const _id = newId()
    const email = me(principal).email
    // New sessions wait for an admin, whatever status the client sent (spec §4).
    await db.sessions.add({
      _id,
      title: body.title,
      subject: body.subject,
      description: body.description.trim(),
      registrationStart: body.registrationStart,
      registrationEnd: body.registrationEnd,
      classStart: body.classStart,
      classEnd: body.classEnd,
      duration: body.duration,
      registrationFee: body.registrationFee,
      tutorName: body.tutorName.trim() || (await userName(db, email)),
      tutorEmail: email,
      status: 'pending',
      createdAt: now(),
    })
    return inserted(_id)
  },

  async approveSession({ db, body, record }) {
    if (record.status !== 'pending') throw conflict('Only pending sessions can be approved.')
    const fee = body.type === 'Free' ? 0 : body.fee
    await db.sessions.update(record._id, { status: 'approved', registrationFee: fee })
    return modified(1)
  },

  async rejectSession({ db, record }) {
    if (record.status !== 'pending') throw conflict('Only pending sessions can be rejected.')
    await db.sessions.update(record._id, { status: 'rejected' })
    return modified(1)
  },

  async resubmitSession({ db, record }) {
    if (record.status !== 'rejected') throw conflict('Only rejected sessions can be resubmitted.')
    await db.sessions.update(record._id, { status: 'pending' })
    return modified(1)
  },

  async updateSession({ db, body, record }) {
    if (record.status !== 'approved') throw conflict('Only approved sessions can be updated.')
    const { title, subject, duration, registrationFee } = body
    await db.sessions.update(record._id, { title, subject, duration, registrationFee })
    return modified(1)
  },

  async deleteSession({ db, record }) {
    if (record.status !== 'approved') throw conflict('Only approved sessions can be deleted.')
    await q.deleteSessionCascade(db, [record._id])
    return deleted(1)
  },

  // ---- Stats (spec §3)
  async getAdminStats({ db }) {
    const [totalUsers, totalSessions, pending, approved, rejected, totalMaterials] = await Promise.all([
      db.users.count(),
      db.sessions.count(),
      db.sessions.where('status').equals('pending').count(),
      db.sessions.where('status').equals('approved').count(),
      db.sessions.where('status').equals('rejected').count(),
      db.materials.count(),
    ])
    return { body: { totalUsers, totalSessions, pending, approved, rejected, totalMaterials } }
  },

  async getStudentStats({ db, params }) {
    const [totalBookings, totalReviews, materials] = await Promise.all([
      db.bookings.where('studentEmail').equals(params.email).count(),
      db.reviews.where('studentEmail').equals(params.email).count(),
      approvedMaterialsFor(db, params.email),
    ])
    return { body: { totalBookings, totalReviews, totalMaterials: materials.length } }
  },

  async getTutorStats({ db, params }) {
    const sessionIds = await db.sessions.where('tutorEmail').equals(params.email).primaryKeys()
    const [totalMaterials, bookings, reviews] = await Promise.all([
      db.materials.where('tutorEmail').equals(params.email).count(),
      db.bookings.where('tutorEmail').equals(params.email).toArray(),
      q.reviewsOfSessions(db, sessionIds),
    ])
    // "My students": everyone with a booking that was not rejected.
    const students = new Set(bookings.filter((b) => b.status !== 'rejected').map((b) => b.studentEmail))
    const avgRating =
      reviews.length === 0 ? null : reviews.reduce((sum, r) => sum + (r.rating ?? 0), 0) / reviews.length
    return {
      body: { totalSessions: sessionIds.length, totalMaterials, totalStudents: students.size, avgRating },
    }
  },

  // ---- Bookings
  async listBookings({ db, query }) {
    const { rows, total } = await q.listBookings(db, query.status, paging(query))
    return listAnswer(await withSessionFields(db, rows), total)
  },

  async listStudentBookings({ db, params }) {
    const rows = await db.bookings.where('studentEmail').equals(params.email).toArray()
    return { body: await withSessionFields(db, rows.sort(byNewest('bookedAt'))) }
  },

  async createBooking({ db, body, record }) {
    const refuse = (message: string) => conflict(message, { success: false })
    if (record.status !== 'approved') throw refuse('This session is not open for booking.')
    if (Date.parse(record.registrationEnd) < Date.now()) throw refuse('Registration for this session has closed.')
    if (await q.bookingOf(db, body.studentEmail, record._id)) throw refuse('You have already booked this session.')
    const _id = newId()
    await db.bookings.add({
      _id,
      sessionId: record._id,
      studentEmail: body.studentEmail,
      // The session decides who teaches it.
      tutorEmail: record.tutorEmail,
      status: 'pending',
      bookedAt: now(),
    })
    return { status: 201, body: { success: true, message: 'Session booked successfully.', insertedId: _id } }
  },

  async updateBooking({ db, body, record }) {
    if ('status' in body) {
      if (record.status !== 'pending') throw conflict('Only pending bookings can be approved or rejected.')
      if (body.status === 'pending') throw badRequest('status: must be approved or rejected')
      await db.bookings.update(record._id, { status: body.status })
      return { body: { success: true } }
    }
    if (record.status !== 'approved') throw conflict('Only approved bookings can be edited.')
    const session = await db.sessions.get(body.sessionId)
    if (!session) throw notFound('Session not found.')
    if (session.status !== 'approved') throw conflict('Bookings can move only to approved sessions.')
    const student = await db.users.where('email').equals(body.studentEmail).first()
    if (!student || student.role !== 'student') throw badRequest('studentEmail: no student has this email')
    const clash = await q.bookingOf(db, body.studentEmail, body.sessionId)
    if (clash && clash._id !== record._id) throw conflict('This student has already booked that session.')
    await db.bookings.update(record._id, {
      studentEmail: body.studentEmail,
      sessionId: body.sessionId,
      tutorEmail: session.tutorEmail,
    })
    return { body: { success: true } }
  },

  async deleteBooking({ db, record }) {
    if (record.status !== 'approved') throw conflict('Only approved bookings can be deleted.')
    await db.bookings.delete(record._id)
    return deleted(1)
  },

  // ---- Notes
  async listStudentNotes({ db, params }) {
    const rows = await db.notes.where('email').equals(params.email).toArray()
    return { body: rows.sort(byNewest('createdAt')) }
  },

  async createNote({ db, body }) {
    // An offline-written note brings its own id; a clash is refused, never merged.
    const _id = body._id ?? newId()
    if (body._id && (await db.notes.get(_id))) throw conflict('A note with this id already exists.')
    await db.notes.add({ _id, email: body.email, title: body.title, description: body.description, createdAt: now() })
    return inserted(_id)
  },

  async updateNote({ db, body, record }) {
    await db.notes.update(record._id, { title: body.title, description: body.description, updatedAt: now() })
    return modified(1)
  },

  async deleteNote({ db, record }) {
    await db.notes.delete(record._id)
    return deleted(1)
  },

  // ---- Reviews
  async listReviews({ db, query }) {
    const { rows, total } = await q.listReviews(db, paging(query))
    return listAnswer(rows, total)
  },

  async listSessionReviews({ db, record }) {
    const rows = await db.reviews.where('sessionId').equals(record._id).toArray()
    return { body: rows.sort(byNewest('createdAt')) }
  },

  async createReview({ db, body, record }) {
    const booking = await q.bookingOf(db, body.studentEmail, record._id)
    if (!booking || booking.status === 'rejected')
      throw forbidden('Only students who booked this session can review it.')
    if (await q.reviewOf(db, body.studentEmail, record._id)) throw conflict('You have already reviewed this session.')
    const _id = newId()
    await db.reviews.add({
      _id,
      sessionId: record._id,
      studentEmail: body.studentEmail,
      studentName: body.studentName.trim() || (await userName(db, body.studentEmail)),
      comment: body.comment,
      rating: body.rating,
      createdAt: now(),
    })
    return inserted(_id)
  },

  async deleteReview({ db, record }) {
    await db.reviews.delete(record._id)
    return deleted(1)
  },

  // ---- Materials
  async listMaterials({ db, query }) {
    const { rows, total } = await q.listMaterials(db, paging(query))
    return listAnswer(rows.map(publicMaterial), total)
  },

  async listPendingMaterials({ db }) {
    const rows = await db.materials.where('status').equals('pending').toArray()
    return { body: rows.sort(byNewest('createdAt')).map(publicMaterial) }
  },

  async listApprovedMaterials({ db, principal }) {
    const who = me(principal)
    let rows: Material[]
    if (who.role === 'admin')
      rows = (await db.materials.where('status').equals('approved').toArray()).map(publicMaterial)
    else if (who.role === 'tutor')
      rows = (await db.materials.where('tutorEmail').equals(who.email).toArray())
        .filter((m) => m.status === 'approved')
        .map(publicMaterial)
    else rows = await approvedMaterialsFor(db, who.email)
    return { body: rows.sort(byNewest('createdAt')) }
  },

  async listTutorMaterials({ db, params }) {
    const rows = await db.materials.where('tutorEmail').equals(params.email).toArray()
    return { body: rows.sort(byNewest('createdAt')).map(publicMaterial) }
  },

  async listSessionMaterials({ db, record, principal }) {
    const who = me(principal)
    const rows = await db.materials.where('sessionId').equals(record._id).toArray()
    // Students (admitted by an approved booking) see only approved materials.
    const visible =
      who.role === 'admin' || record.tutorEmail === who.email ? rows : rows.filter((m) => m.status === 'approved')
    return { body: visible.sort(byNewest('createdAt')).map(publicMaterial) }
  },

  async uploadMaterial({ db, body, record }) {
    if (record.status !== 'approved') {
      throw conflict('Materials can be uploaded only for approved sessions.', { success: false })
    }
    const file = body.file as Blob & { name?: string }
    if (file.size === 0) throw badRequest('file is required')
    if (file.size > MAX_FILE_BYTES) throw badRequest('file must be at most 10 MB')
    const fileId = newFileId()
    const _id = newId()
    const type = /^[\w.+-]+\/[\w.+-]+$/.test(file.type) ? file.type.toLowerCase() : 'application/octet-stream'
    const name = (file.name || 'material').replace(/[\r\n"\\/]/g, '_').slice(0, 200)
    const data = await toStoredFile(file)
    await db.transaction('rw', db.materials, db.files, async () => {
      await db.files.add({ _id: fileId, data, type, name, materialId: _id, sessionId: record._id })
      await db.materials.add({
        _id,
        sessionId: record._id,
        title: body.title,
        description: body.description.trim(),
        tutorEmail: body.tutorEmail,
        status: 'pending',
        fileUrl: `/api/files/${fileId}`,
        fileName: name,
        fileType: type,
        fileSize: file.size,
        createdAt: now(),
        fileId,
      })
    })
    return { status: 201, body: { success: true, message: 'Material uploaded.', insertedId: _id } }
  },

  async approveMaterial({ db, record }) {
    if (record.status !== 'pending') throw conflict('Only pending materials can be approved.', { success: false })
    await db.materials.update(record._id, { status: 'approved' })
    return { body: { success: true, message: 'Material approved.' } }
  },

  async rejectMaterial({ db, record }) {
    if (record.status !== 'pending') throw conflict('Only pending materials can be rejected.', { success: false })
    await db.materials.update(record._id, { status: 'rejected' })
    return { body: { success: true, message: 'Material rejected.' } }
  },

  async deleteMaterial({ db, record }) {
    await db.transaction('rw', db.materials, db.files, async () => {
      await db.materials.delete(record._id)
      if (record.fileId) await db.files.delete(record.fileId)
    })
    return deleted(1)
  },
}

/** Types a browser may show inline; anything else (HTML, SVG, ...) is a download. */
const INLINE_TYPES = /^(application\/pdf|image\/(png|jpeg|gif|webp|avif)|text\/plain)$/

const fileHandler = http.get('*/api/files/:id', ({ params }) =>
  serve(async (db) => {
    // The unguessable id is the capability (see ./permissions.ts): an iframe's
    // request carries no bearer token, and only callers allowed to list the
    // material ever see its fileUrl.
    const id = String(params.id)
    const row = /^[0-9a-f]{32}$/.test(id) ? await db.files.get(id) : undefined
    if (!row) throw notFound('File not found.')
    const inline = INLINE_TYPES.test(row.type)
    const ascii = row.name.replace(/[^\x20-\x7e]/g, '_')
    const headers: Record<string, string> = {
      'Content-Type': row.type,
      'Content-Disposition': `${inline ? 'inline' : 'attachment'}; filename="${ascii}"; filename*=UTF-8''${encodeURIComponent(row.name)}`,
      'X-Content-Type-Options': 'nosniff',
      'Cache-Control': 'private, no-store',
    }
    // A sandboxed document cannot run script on this origin. Chromium will not
    // render a PDF in a sandboxed document (whatwg/html#3958), and its PDF
    // viewer runs no page script on our origin anyway, so PDFs go without it.
    if (row.type !== 'application/pdf') headers['Content-Security-Policy'] = 'sandbox'
    // Bytes, not a Blob, under vitest: Node's Response cannot read jsdom's Blob.
    const body = row.data instanceof Blob ? fromStoredFile(row) : new Uint8Array(row.data)
    return new Response(body, { status: 200, headers })
  }),
)

// Any caller of a demo build may restore the demo data: the data is the demo's own.
const resetHandler = http.post('*/api/demo/reset', () =>
  serve(async () => {
    await resetDemoData()
    return json({ success: true, message: 'Demo data restored.' })
  }),
)

const paramCount = (name: RouteName) => (routes[name].path.match(/:/g) ?? []).length

/** Specific paths before parameterised ones: /sessions/pending before /sessions/:id. */
const routeHandlers = (Object.keys(impls) as RouteName[])
  .sort((a, b) => paramCount(a) - paramCount(b))
  .map((name) => route(name, impls[name] as RouteImpl<typeof name>))

export const handlers: HttpHandler[] = [...demoIdpHandlers, fileHandler, resetHandler, ...routeHandlers]
