// Generated from the permission table: every route × {anonymous, student, the
// tutor who owns the record, another tutor, admin}, and for routes that name
// an email, both the caller's own and someone else's. An answer in 2xx that
// the table does not grant fails the test; so does a 401/403 where it grants.
// The expectation is read from the table here, against the fixtures this test
// wrote, independently of the server's own record loading.
import { beforeAll, describe, expect, it } from 'vitest'
import type { Role } from '../src/contract/entities'
import { buildPath, routes, type RouteName } from '../src/contract/routes'
import { demoDb } from './db/demo-db'
import { newFileId, newId } from '../server/core/ids'
import { permissions, type Grant, type Permission } from '../server/core/permissions'
import { call, multipart, resetDemoDb } from './testing/sign-in'

const STUDENT = 'student@studyhub.demo'
const OWNER_TUTOR = 'tutor@studyhub.demo'
const OTHER_TUTOR = 'daniel.okafor@studyhub.demo'
const OTHER_STUDENT = 'liam.johnson@studyhub.demo'
const ADMIN = 'admin@studyhub.demo'
const DAY = 86_400_000

interface Persona {
  name: string
  email: string | null
  role: Role | null
}
const PERSONAS: Persona[] = [
  { name: 'anonymous', email: null, role: null },
  { name: 'student', email: STUDENT, role: 'student' },
  { name: 'owner tutor', email: OWNER_TUTOR, role: 'tutor' },
  { name: 'other tutor', email: OTHER_TUTOR, role: 'tutor' },
  { name: 'admin', email: ADMIN, role: 'admin' },
]

type Rec = Record<string, unknown> & { _id: string }
interface Fixtures {
  sPending: string
  sApproved: string
  sApproved2: string
  sRejected: string
  bPending: string
  bApproved: string
  note: string
  review: string
  mPending: string
  user: string
  records: Map<string, Rec>
}

async function makeFixtures(): Promise<Fixtures> {
  const db = demoDb()
  const records = new Map<string, Rec>()
  const iso = (offset: number) => new Date(Date.now() + offset).toISOString()
  const session = (status: string): Rec => ({
    _id: newId(),
    title: `Fixture ${status}`,
    subject: 'Testing',
    description: '',
    registrationStart: iso(-DAY),
    registrationEnd: iso(10 * DAY),
    classStart: iso(12 * DAY),
    classEnd: iso(20 * DAY),
    duration: 1,
    registrationFee: 0,
    tutorName: 'Priya Sharma',
    tutorEmail: OWNER_TUTOR,
    status,
    createdAt: iso(0),
  })
  const sPending = session('pending')
  const sApproved = session('approved')
  const sApproved2 = session('approved')
  const sRejected = session('rejected')
  const booking = (status: string, sessionId: string): Rec => ({
    _id: newId(),
    sessionId,
    studentEmail: STUDENT,
    tutorEmail: OWNER_TUTOR,
    status,
    bookedAt: iso(0),
  })
  const bPending = booking('pending', sApproved2._id)
  const bApproved = booking('approved', sApproved2._id)
  // Two bookings of one pair cannot both be real: the pending one is another student's.
  bPending.studentEmail = OTHER_STUDENT
  const note: Rec = { _id: newId(), email: STUDENT, title: 'n', description: 'd', createdAt: iso(0) }
  const review: Rec = {
    _id: newId(),
    sessionId: sApproved2._id,
    studentEmail: OTHER_STUDENT,
    studentName: 'Liam',
    comment: 'ok',
    rating: 4,
    createdAt: iso(0),
  }
  const fileId = newFileId()
  const mPending: Rec = {
    _id: newId(),
    sessionId: sApproved2._id,
    title: 'm',
    description: '',
    tutorEmail: OWNER_TUTOR,
    status: 'pending',
    fileUrl: `/api/files/${fileId}`,
    createdAt: iso(0),
    fileId,
  }
  const user: Rec = {
    _id: newId(),
    name: 'Victim',
    email: `victim-${newId()}@example.com`,
    photo: '',
    role: 'student',
    created_at: iso(0),
    last_log_in: iso(0),
  }
  for (const r of [sPending, sApproved, sApproved2, sRejected, bPending, bApproved, note, review, mPending, user])
    records.set(r._id, r)
  await db.sessions.bulkAdd([sPending, sApproved, sApproved2, sRejected] as never[])
  await db.bookings.bulkAdd([bPending, bApproved] as never[])
  await db.notes.add(note as never)
  await db.reviews.add(review as never)
  await db.materials.add(mPending as never)
  await db.files.add({
    _id: fileId,
    data: new TextEncoder().encode('x').buffer,
    type: 'text/plain',
    name: 'x.txt',
    materialId: mPending._id,
    sessionId: sApproved2._id,
  })
  await db.users.add(user as never)
  return {
    sPending: sPending._id,
    sApproved: sApproved._id,
    sApproved2: sApproved2._id,
    sRejected: sRejected._id,
    bPending: bPending._id,
    bApproved: bApproved._id,
    note: note._id,
    review: review._id,
    mPending: mPending._id,
    user: user._id,
    records,
  }
}

interface Req {
  params?: Record<string, string>
  query?: Record<string, string>
  body?: Record<string, unknown>
  multipart?: true
}
/** `email(kind)`: the email a request names, the caller's own or the victim's. */
type Build = (f: Fixtures, email: (kind: 'student' | 'tutor') => string) => Req[]

const sessionBody = (tutorEmail: string) => ({
  title: 'T',
  subject: 'S',
  description: '',
  registrationStart: new Date(Date.now() + DAY).toISOString(),
  registrationEnd: new Date(Date.now() + 5 * DAY).toISOString(),
  classStart: new Date(Date.now() + 6 * DAY).toISOString(),
  classEnd: new Date(Date.now() + 9 * DAY).toISOString(),
  duration: 1,
  registrationFee: 0,
  tutorName: 'Tutor',
  tutorEmail,
})

const CASES: Record<RouteName, Build> = {
  getUser: (_, e) => [{ params: { email: e('student') } }],
  issueToken: (_, e) => [{ body: { email: e('student') } }],
  createUser: (_, e) => [{ body: { email: e('student'), name: 'X' } }],
  listUsers: () => [{}],
  updateUserRole: (f) => [{ params: { id: f.user }, body: { role: 'tutor' } }],
  deleteUser: (f) => [{ params: { id: f.user } }],
  listAdminSessions: () => [{}],
  listSessions: (_, e): Req[] => [{ query: { status: 'approved' } }, {}, { query: { tutorEmail: e('tutor') } }],
  listPendingSessions: () => [{}],
  listTutorSessions: (_, e) => [{ params: { email: e('tutor') } }],
  getSession: (f) => [{ params: { id: f.sApproved } }, { params: { id: f.sPending } }],
  createSession: (_, e) => [{ body: sessionBody(e('tutor')) }],
  approveSession: (f) => [{ params: { id: f.sPending }, body: { fee: 5 } }],
  rejectSession: (f) => [{ params: { id: f.sPending } }],
  resubmitSession: (f) => [{ params: { id: f.sRejected } }],
  updateSession: (f) => [
    { params: { id: f.sApproved }, body: { title: 'a', subject: 'b', duration: 2, registrationFee: 1 } },
  ],
  deleteSession: (f) => [{ params: { id: f.sApproved } }],
  getAdminStats: () => [{}],
  getStudentStats: (_, e) => [{ params: { email: e('student') } }],
  getTutorStats: (_, e) => [{ params: { email: e('tutor') } }],
  listBookings: () => [{}],
  listStudentBookings: (_, e) => [{ params: { email: e('student') } }],
  createBooking: (f, e) => [{ body: { sessionId: f.sApproved, studentEmail: e('student'), tutorEmail: OWNER_TUTOR } }],
  updateBooking: (f) => [{ params: { id: f.bPending }, body: { status: 'approved' } }],
  deleteBooking: (f) => [{ params: { id: f.bApproved } }],
  listStudentNotes: (_, e) => [{ params: { email: e('student') } }],
  createNote: (_, e) => [{ body: { email: e('student'), title: 't', description: 'd' } }],
  updateNote: (f) => [{ params: { id: f.note }, body: { title: 't', description: 'd' } }],
  deleteNote: (f) => [{ params: { id: f.note } }],
  listReviews: () => [{}],
  listSessionReviews: (f) => [{ params: { sessionId: f.sApproved2 } }],
  createReview: (f, e) => [
    { body: { sessionId: f.sApproved2, studentEmail: e('student'), studentName: 'S', comment: 'c', rating: 4 } },
  ],
  deleteReview: (f) => [{ params: { id: f.review } }],
  listMaterials: () => [{}],
  listPendingMaterials: () => [{}],
  listApprovedMaterials: () => [{}],
  listTutorMaterials: (_, e) => [{ params: { email: e('tutor') } }],
  listSessionMaterials: (f) => [{ params: { sessionId: f.sApproved2 } }],
  uploadMaterial: (f, e) => [
    { multipart: true, body: { sessionId: f.sApproved, title: 't', description: '', tutorEmail: e('tutor') } },
  ],
  approveMaterial: (f) => [{ params: { id: f.mPending } }],
  rejectMaterial: (f) => [{ params: { id: f.mPending } }],
  deleteMaterial: (f) => [{ params: { id: f.mPending } }],
}

/** The table's verdict for this persona and request, from what the test itself wrote. */
function granted(permission: Permission, persona: Persona, req: Req, f: Fixtures): boolean {
  const credentials = permission.credentials ?? ['app']
  const recordId = permission.record
    ? String((permission.record.from === 'params' ? req.params : req.body)?.[permission.record.field])
    : null
  const record = recordId ? f.records.get(recordId) : undefined
  const holds = (g: Grant) => {
    if (g.when?.query && Object.entries(g.when.query).some(([k, v]) => req.query?.[k] !== v)) return false
    if (g.when?.recordStatus && record?.status !== g.when.recordStatus) return false
    if (g.anonymous) return true
    // The personas carry app tokens.
    if (!persona.email || !credentials.includes('app')) return false
    if (g.roles && !g.roles.includes(persona.role!)) return false
    if (g.self) {
      const source = g.self.in === 'params' ? req.params : g.self.in === 'query' ? req.query : req.body
      if (source?.[g.self.field] !== persona.email) return false
    }
    if (g.owner && record?.[g.owner] !== persona.email) return false
    if (g.approvedBooking) {
      const ok = [...f.records.values()].some(
        (b) =>
          b.sessionId === recordId && b.studentEmail === persona.email && b.status === 'approved' && 'bookedAt' in b,
      )
      if (!ok) return false
    }
    return true
  }
  return permission.grants.some(holds)
}

beforeAll(() => resetDemoDb())

describe('permission table × callers', () => {
  for (const name of Object.keys(routes) as RouteName[]) {
    it(`${routes[name].method} ${routes[name].path} (${name})`, async () => {
      const permission: Permission = permissions[name]
      const namesEmail = JSON.stringify(CASES[name]({} as Fixtures, () => '@@')).includes('@@')
      let successes = 0
      for (const persona of PERSONAS) {
        for (const variant of namesEmail ? (['own', 'victim'] as const) : (['own'] as const)) {
          const f = await makeFixtures()
          const email = (kind: 'student' | 'tutor') =>
            variant === 'own' && persona.email ? persona.email : kind === 'student' ? STUDENT : OWNER_TUTOR
          for (const req of CASES[name](f, email)) {
            const path =
              buildPath(routes[name].path, req.params) +
              (req.query ? `?${new URLSearchParams(req.query).toString()}` : '')
            let body: unknown = req.body
            const headers: Record<string, string> = {}
            if (req.multipart) {
              const form = multipart({
                ...(req.body as Record<string, string>),
                file: { name: 'a.txt', type: 'text/plain', content: 'abc' },
              })
              body = form.body
              headers['Content-Type'] = form.contentType
            }
            const res = await call(routes[name].method, path, { as: persona.email ?? undefined, body, headers })
            const expected = granted(permission, persona, req, f)
            const label = `${persona.name} (${variant}) ${routes[name].method} ${path} → ${res.status} ${JSON.stringify(res.data).slice(0, 120)}`
            if (res.status >= 200 && res.status < 300) {
              successes++
              expect(expected, `unauthorized success: ${label}`).toBe(true)
            }
            if (expected) expect([401, 403], `wrongly refused: ${label}`).not.toContain(res.status)
            else {
              // An app token where only an ID token is proof is no credential at all.
              const signedIn = !!persona.email && (permission.credentials ?? ['app']).includes('app')
              expect(res.status, `expected a refusal: ${label}`).toBe(signedIn ? 403 : 401)
            }
          }
        }
      }
      // Every route must have at least one caller for whom it actually works.
      if (name !== 'issueToken') expect(successes).toBeGreaterThan(0)
    })
  }
})
