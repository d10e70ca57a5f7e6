// Generated from the permission table (server/core/permissions.ts): every
// route × {anonymous, student, the tutor who owns the record, another tutor,
// admin}; for routes that name an email, both the caller's own and another
// student's or tutor's; for routes that accept the identity provider's ID token, each
// signed-in caller with that token as well as with the app token; and for
// routes that address a record, an unknown id. The expected status (200/201,
// 401, 403, 404) is read from the table here, against records this test made
// and read back over HTTP, independently of the server's own checks.
// After a call that succeeded in changing or deleting a record, the records
// are made again, so every call meets the state the expectation assumed.
import { describe, expect, it } from 'vitest'
import type { Role } from '#contract/entities'
import { buildPath, routes, type RouteName } from '#contract/routes'
import { hasAnonymousGrant, permissions, type Grant, type Permission } from '#core/permissions'
import { signUnsubscribeToken } from '#core/unsubscribe-tokens'
import type { Api, CallOptions } from '../harness/api-client'
import {
  accountName,
  ADMIN,
  allBookings,
  allMaterials,
  allReviews,
  createBooking,
  createNote,
  createOpenSession,
  createReview,
  createSession,
  expectOk,
  getAsAdmin,
  materialForm,
  notesOf,
  OTHER_STUDENT,
  OTHER_TUTOR,
  sessionBody,
  STUDENT,
  THIRD_STUDENT,
  TUTOR,
  uniqueSuffix,
  uploadMaterial,
  userByEmail,
} from './fixtures'

interface Persona {
  name: string
  email: string | null
  role: Role | null
}
const PERSONAS: Persona[] = [
  { name: 'anonymous', email: null, role: null },
  { name: 'student', email: STUDENT, role: 'student' },
  { name: 'owner tutor', email: TUTOR, role: 'tutor' },
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
  /** The student's calendar feed token. */
  feedToken: string
  /** An unsubscribe link's token of the student (signed as the server signs them). */
  unsubscribeToken: string
  /** A notification of the owner tutor (the booking of their session). */
  notification: string
  /** Every record above, as an admin (or the note's owner) reads it. */
  records: Map<string, Rec>
  /** Account names of the personas, for payloads that must carry them. */
  names: Map<string, string>
}

/**
 * The records the requests address, made through the API: sessions of the
 * owner tutor in every status; on the second approved one, the student's
 * approved booking, another student's pending booking, a third student's
 * review and a pending material; the student's note; a fresh student account.
 */
async function makeFixtures(api: Api): Promise<Fixtures> {
  const sPending = await createSession(api, TUTOR)
  const sApproved = await createOpenSession(api, TUTOR)
  const sApproved2 = await createOpenSession(api, TUTOR)
  const sRejected = await createSession(api, TUTOR)
  await expectOk(api.call('PATCH', `/sessions/${sRejected}/reject`, { as: ADMIN }))
  const bApproved = await createBooking(api, STUDENT, sApproved2, 'approved', TUTOR)
  const bPending = await createBooking(api, OTHER_STUDENT, sApproved2, 'pending', TUTOR)
  await createBooking(api, THIRD_STUDENT, sApproved2, 'approved', TUTOR)
  const review = await createReview(api, THIRD_STUDENT, sApproved2)
  const note = await createNote(api, STUDENT)
  const mPending = await uploadMaterial(api, TUTOR, sApproved2)
  const victimEmail = `victim-${uniqueSuffix()}@example.com`
  const { idToken } = await api.target.signUpNew(victimEmail, 'Victor Victim')
  await expectOk(api.call('POST', '/users', { token: idToken, body: { email: victimEmail, name: 'Victor Victim' } }))
  // Verified, as only a verified account may be made a tutor.
  const verified = await api.target.verifyEmail(victimEmail)
  await expectOk(api.call('POST', '/jwt', { token: verified, body: { email: victimEmail } }))
  const user = (await userByEmail(api, victimEmail))!
  const feed = await expectOk(api.call('POST', `/calendar-feeds/${STUDENT}`, { as: STUDENT }))
  const feedToken = String(feed.data.url).split('/').pop()!
  const unsubscribeToken = await signUnsubscribeToken(await api.target.store().meta.tokenSecret(), {
    email: STUDENT,
    kind: 'booking-approved',
  })
  const inbox = await expectOk(api.call('GET', '/notifications', { as: TUTOR }))
  const told = (inbox.data as Rec[])[0]!

  const records = new Map<string, Rec>()
  for (const id of [sPending, sApproved, sApproved2, sRejected])
    records.set(id, await getAsAdmin<Rec>(api, `/sessions/${id}`))
  const bookings = await allBookings(api)
  for (const id of [bApproved, bPending])
    records.set(
      id,
      bookings.find((b) => b._id === id)!,
    )
  records.set(
    review,
    (await allReviews(api)).find((r) => r._id === review)!,
  )
  records.set(
    note,
    (await notesOf(api, STUDENT)).find((n) => n._id === note)!,
  )
  records.set(
    mPending,
    (await allMaterials(api)).find((m) => m._id === mPending)!,
  )
  records.set(user._id, user)
  // Whose it is is never answered; the test knows it asked the tutor's inbox.
  records.set(told._id, { ...told, recipientEmail: TUTOR })
  // The approved bookings that open a session's materials to a student.
  for (const b of bookings.filter((b) => b.sessionId === sApproved2)) records.set(b._id, b)

  const names = new Map<string, string>()
  for (const email of [STUDENT, TUTOR, OTHER_TUTOR, ADMIN]) names.set(email, await accountName(api, email))
  return {
    sPending,
    sApproved,
    sApproved2,
    sRejected,
    bPending,
    bApproved,
    note,
    review,
    mPending,
    user: user._id,
    feedToken,
    unsubscribeToken,
    notification: told._id,
    records,
    names,
  }
}

interface Req {
  params?: Record<string, string>
  query?: Record<string, string>
  body?: Record<string, unknown>
  multipart?: true
  /** The status of a granted call: 201 for what creates a record. */
  created?: true
  /** A POST that changes the record it addresses (as a PATCH does): the records are made again after it. */
  changes?: true
}
/** `email(kind)`: the email a request names, the caller's own or someone else's. */
type Build = (f: Fixtures, email: (kind: 'student' | 'tutor') => string) => Req[]

const CASES: Record<RouteName, Build> = {
  getUser: (_, e) => [{ params: { email: e('student') } }],
  issueToken: (_, e) => [{ body: { email: e('student') } }],
  createUser: (_, e) => [{ body: { email: e('student'), name: 'X' } }],
  listUsers: () => [{}],
  getUserOwned: (f) => [{ params: { id: f.user } }],
  updateUserRole: (f) => [{ params: { id: f.user }, body: { role: 'tutor' } }],
  deleteUser: (f) => [{ params: { id: f.user } }],
  signOutEverywhere: () => [{}],
  listAdminSessions: () => [{}],
  listSessions: (_, e): Req[] => [{ query: { status: 'approved' } }, {}, { query: { tutorEmail: e('tutor') } }],
  listPendingSessions: () => [{}],
  listTutorSessions: (_, e) => [{ params: { email: e('tutor') } }],
  getSession: (f) => [{ params: { id: f.sApproved } }, { params: { id: f.sPending } }],
  createSession: (f, e) => [{ body: sessionBody(e('tutor'), f.names.get(e('tutor')) ?? ''), created: true }],
  approveSession: (f) => [{ params: { id: f.sPending }, body: { fee: 5 } }],
  rejectSession: (f) => [{ params: { id: f.sPending } }],
  resubmitSession: (f) => [{ params: { id: f.sRejected } }],
  updateSession: (f) => [
    { params: { id: f.sApproved }, body: { title: 'a', subject: 'b', duration: 2, registrationFee: 1 } },
  ],
  deleteSession: (f) => [{ params: { id: f.sApproved } }],
  updateSessionClass: (f) => [{ params: { id: f.sApproved }, body: { location: 'Room 4', cancelDeadlineHours: 2 } }],
  cancelSession: (f) => [{ params: { id: f.sApproved }, body: { reason: 'The tutor is ill.' }, changes: true }],
  listSessionMeetings: (f) => [{ params: { id: f.sApproved } }, { params: { id: f.sPending } }],
  getAdminStats: () => [{}],
  getStudentStats: (_, e) => [{ params: { email: e('student') } }],
  getTutorStats: (_, e) => [{ params: { email: e('tutor') } }],
  listBookings: () => [{}],
  listStudentBookings: (_, e) => [{ params: { email: e('student') } }],
  createBooking: (f, e) => [
    { body: { sessionId: f.sApproved, studentEmail: e('student'), tutorEmail: TUTOR }, created: true },
  ],
  updateBooking: (f) => [{ params: { id: f.bPending }, body: { status: 'approved' } }],
  deleteBooking: (f) => [{ params: { id: f.bApproved } }],
  cancelBooking: (f) => [{ params: { id: f.bApproved } }],
  getBookingCalendar: (f) => [{ params: { id: f.bApproved } }],
  getCalendarFeed: (_, e) => [{ params: { email: e('student') } }],
  createCalendarFeed: (_, e) => [{ params: { email: e('student') }, created: true }],
  deleteCalendarFeed: (_, e) => [{ params: { email: e('student') } }],
  readCalendarFeed: (f) => [{ params: { token: f.feedToken } }],
  listStudentNotes: (_, e) => [{ params: { email: e('student') } }],
  createNote: (_, e) => [{ body: { email: e('student'), title: 't', description: 'd' }, created: true }],
  updateNote: (f) => [{ params: { id: f.note }, body: { title: 't', description: 'd' } }],
  deleteNote: (f) => [{ params: { id: f.note } }],
  listReviews: () => [{}],
  listSessionReviews: (f) => [{ params: { sessionId: f.sApproved2 } }],
  createReview: (f, e) => [
    {
      body: {
        sessionId: f.sApproved2,
        studentEmail: e('student'),
        studentName: f.names.get(e('student')) ?? '',
        comment: 'c',
        rating: 4,
      },
      created: true,
    },
  ],
  deleteReview: (f) => [{ params: { id: f.review } }],
  listMaterials: () => [{}],
  listPendingMaterials: () => [{}],
  listApprovedMaterials: () => [{}],
  listTutorMaterials: (_, e) => [{ params: { email: e('tutor') } }],
  listSessionMaterials: (f) => [{ params: { sessionId: f.sApproved2 } }],
  uploadMaterial: (f, e) => [
    {
      multipart: true,
      body: { sessionId: f.sApproved, title: 't', description: '', tutorEmail: e('tutor') },
      created: true,
    },
  ],
  approveMaterial: (f) => [{ params: { id: f.mPending } }],
  rejectMaterial: (f) => [{ params: { id: f.mPending } }],
  deleteMaterial: (f) => [{ params: { id: f.mPending } }],
  getMaterialFileLink: (f) => [{ params: { id: f.mPending } }],
  listNotifications: () => [{}, { query: { page: '2', limit: '1' } }],
  getUnreadNotificationCount: () => [{}],
  markNotificationRead: (f) => [{ params: { id: f.notification } }],
  markAllNotificationsRead: () => [{}],
  getPushPublicKey: () => [{}],
  savePushSubscription: () => [
    {
      body: { endpoint: 'https://fcm.googleapis.com/fcm/send/matrix', keys: { p256dh: 'BPk', auth: 'au' } },
      created: true,
    },
  ],
  deletePushSubscription: () => [{ body: { endpoint: 'https://fcm.googleapis.com/fcm/send/matrix' } }],
  getNotificationPreferences: () => [{}],
  saveNotificationPreferences: () => [{ body: { reminderLeads: ['1h'] } }],
  getUnsubscribe: (f) => [{ params: { token: f.unsubscribeToken } }],
  unsubscribe: (f) => [{ params: { token: f.unsubscribeToken } }],
}

type Via = 'app' | 'id'

/** A student's or tutor's email that is not the caller's. */
const someoneElse = (kind: 'student' | 'tutor', persona: Persona) =>
  kind === 'student'
    ? persona.email === STUDENT
      ? OTHER_STUDENT
      : STUDENT
    : persona.email === TUTOR
      ? OTHER_TUTOR
      : TUTOR
const UNKNOWN_ID = 'f0f0f0f0f0f0f0f0f0f0f0f0'

/** The table's verdict for this caller and request, from what the test itself made. */
function granted(permission: Permission, persona: Persona, via: Via | null, req: Req, f: Fixtures): boolean {
  const credentials = permission.credentials ?? ['app']
  const signedIn = persona.email !== null && via !== null && credentials.includes(via)
  const recordId = permission.record
    ? String((permission.record.from === 'params' ? req.params : req.body)?.[permission.record.field])
    : null
  const record = recordId ? f.records.get(recordId) : undefined
  const holds = (g: Grant) => {
    if (g.when?.query && Object.entries(g.when.query).some(([k, v]) => req.query?.[k] !== v)) return false
    if (g.when?.recordStatus && record?.status !== g.when.recordStatus) return false
    if (g.anonymous) return true
    if (!signedIn) return false
    if (g.roles && (via !== 'app' || !g.roles.includes(persona.role!))) return false
    if (g.self) {
      const source = g.self.in === 'params' ? req.params : g.self.in === 'query' ? req.query : req.body
      if (source?.[g.self.field] !== persona.email) return false
    }
    if (g.owner && record?.[g.owner] !== persona.email) return false
    if (g.approvedBooking) {
      // A material is read through its session's booking.
      const sessionId = permission.record?.kind === 'material' ? record?.sessionId : recordId
      const ok = [...f.records.values()].some(
        (b) =>
          'bookedAt' in b && b.sessionId === sessionId && b.studentEmail === persona.email && b.status === 'approved',
      )
      if (!ok) return false
    }
    return true
  }
  return permission.grants.some(holds)
}

/** What the table says the answer is. */
function expectedStatus(permission: Permission, persona: Persona, via: Via | null, req: Req, f: Fixtures): number {
  if (granted(permission, persona, via, req, f)) return req.created ? 201 : 200
  const credentials = permission.credentials ?? ['app']
  const signedIn = persona.email !== null && via !== null && credentials.includes(via)
  // Where only an ID token is proof (POST /jwt), the wrong proof is no proof at all.
  const proofOnly = credentials.every((c) => c === 'id')
  return signedIn && !proofOnly ? 403 : 401
}

async function send(api: Api, name: RouteName, persona: Persona, via: Via | null, req: Req) {
  const def = routes[name]
  const path = buildPath(def.path, req.params) + (req.query ? `?${new URLSearchParams(req.query).toString()}` : '')
  const options: CallOptions = {}
  if (req.multipart) {
    options.body = materialForm({
      ...(req.body as Record<string, string>),
      file: { name: 'a.txt', type: 'text/plain', content: 'abc' },
    })
  } else options.body = req.body
  if (persona.email && via === 'app') options.as = persona.email
  if (persona.email && via === 'id') options.token = await api.target.idTokenFor(persona.email)
  const res = await api.call(def.method, path, options)
  const label = `${persona.name}${via ? ` (${via} token)` : ''} ${def.method} ${path} → ${res.status} ${JSON.stringify(res.data).slice(0, 160)}`
  return { res, label }
}

/** The same request, addressing a record that does not exist. */
function withUnknownRecord(permission: Permission, req: Req): Req {
  const { from, field } = permission.record!
  return from === 'params'
    ? { ...req, params: { ...req.params, [field]: UNKNOWN_ID } }
    : { ...req, body: { ...req.body, [field]: UNKNOWN_ID } }
}

export function permissionMatrixTests(api: Api) {
  describe('permission table × callers', () => {
    for (const name of Object.keys(routes) as RouteName[]) {
      const def = routes[name]
      it(`${def.method} ${def.path} (${name})`, async () => {
        const permission: Permission = permissions[name]
        const credentials = permission.credentials ?? ['app']
        const namesEmail = JSON.stringify(CASES[name]({ names: new Map() } as Fixtures, () => '@@')).includes('@@')
        let f = await makeFixtures(api)
        let successes = 0
        for (const persona of PERSONAS) {
          const vias: (Via | null)[] = persona.email ? credentials.filter((c) => c === 'app' || c === 'id') : [null]
          if (persona.email && !vias.includes('app')) vias.unshift('app')
          for (const via of vias) {
            const variants = namesEmail && persona.email ? (['own', 'other'] as const) : (['own'] as const)
            for (const variant of variants) {
              const email = (kind: 'student' | 'tutor') =>
                variant === 'own' && persona.email ? persona.email : someoneElse(kind, persona)
              for (const req of CASES[name](f, email)) {
                const expected = expectedStatus(permission, persona, via, req, f)
                const { res, label } = await send(api, name, persona, via, req)
                expect.soft(res.status, label).toBe(expected)
                if (res.status >= 200 && res.status < 300) {
                  successes++
                  // A create adds a record and leaves the addressed ones as they were; a change or delete does not.
                  if (def.method === 'PATCH' || def.method === 'DELETE' || req.changes) f = await makeFixtures(api)
                  // Signed out of every device: the caller signs in again, as the app makes them.
                  if (name === 'signOutEverywhere') await api.signInAgain(persona.email!)
                }
              }
            }
          }
          if (permission.record) {
            const req = withUnknownRecord(
              permission,
              CASES[name](f, (kind) => persona.email ?? (kind === 'student' ? STUDENT : TUTOR))[0]!,
            )
            const via = persona.email ? 'app' : null
            const { res, label } = await send(api, name, persona, via, req)
            expect.soft(res.status, `unknown record: ${label}`).toBe(
              !persona.email && !hasAnonymousGrant(permission)
                ? 401
                : // A role no grant admits is refused before anything is looked up, so it learns nothing.
                  persona.email &&
                    !permission.grants.some((g) => g.anonymous || !g.roles?.length || g.roles.includes(persona.role!))
                  ? 403
                  : 404,
            )
          }
        }
        // Every route has at least one caller for whom it works.
        expect(successes).toBeGreaterThan(0)
      })
    }
  })
}
