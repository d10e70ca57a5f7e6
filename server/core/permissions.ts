// Who may call what: the permission table of the REST API, written once and
// used by both servers. The pipeline (./pipeline.ts) checks every request
// against it, and the conformance suite walks every route × caller from it.
//
// A route lists grants; a caller passes when ANY grant holds, and a grant
// holds when ALL its conditions hold. A caller with no valid credential gets
// 401; a signed-in caller that no grant admits gets 403. `record` names the
// record a route addresses (loaded before the check; unknown → 404), which the
// `owner` and `approvedBooking` conditions look at.
//
// Outside this table, by design: `GET /api/files/:id` (./endpoints/files.ts,
// which admits exactly the readers getMaterialFileLink admits), and in a demo
// build the demo reset and the demo identity provider (mocks/).
import type { Role, Status } from '#contract/entities'
import type { RouteName } from '#contract/routes'
import type { VerifiedIdentity } from './identity'

export type RecordKind = 'user' | 'session' | 'booking' | 'review' | 'note' | 'material' | 'notification'

/** An email named by the request: params.email, body.studentEmail, ... */
interface RequestEmail {
  in: 'params' | 'query' | 'body'
  field: string
}

export interface Grant {
  /** Anyone, with or without a token. */
  anonymous?: true
  /** The caller's role (from the users table, re-read on every request). */
  roles?: readonly Role[]
  /** The email the request names is the caller's own. */
  self?: RequestEmail
  /** The addressed record's field holds the caller's email. */
  owner?: string
  /** The caller has an approved booking for the addressed session (for a material: its session). */
  approvedBooking?: true
  /** Conditions on the request or the record, e.g. only approved sessions are public. */
  when?: { query?: Readonly<Record<string, string>>; recordStatus?: Status }
}

export interface Permission {
  /** Which bearer tokens are read: the app token (default) and/or the identity provider's ID token. */
  credentials?: readonly ('app' | 'id')[]
  /** A body field that may carry the ID token instead of the Authorization header. */
  proofField?: string
  record?: { kind: RecordKind; from: 'params' | 'body'; field: string }
  grants: readonly Grant[]
}

const admin: Grant = { roles: ['admin'] }
/** Any caller with an app token, whatever their role. */
const signedIn: Grant = {}
const selfParam: Grant = { self: { in: 'params', field: 'email' } }
const studentSelf: Grant = { roles: ['student'], self: { in: 'params', field: 'email' } }
const byId = <K extends RecordKind>(kind: K) => ({ kind, from: 'params', field: 'id' }) as const
const sessionInBody = { kind: 'session', from: 'body', field: 'sessionId' } as const
const sessionInParams = { kind: 'session', from: 'params', field: 'sessionId' } as const
/** Who may open a material's file: its tutor and admins always; a student once it is approved, if their booking is. */
export const materialReaders: readonly Grant[] = [
  admin,
  { owner: 'tutorEmail' },
  { roles: ['student'], approvedBooking: true, when: { recordStatus: 'approved' } },
]

export const permissions = {
  // Auth and users
  getUser: { credentials: ['id', 'app'], grants: [selfParam, admin] },
  issueToken: { credentials: ['id'], proofField: 'idToken', grants: [{ self: { in: 'body', field: 'email' } }] },
  createUser: { credentials: ['id', 'app'], grants: [{ self: { in: 'body', field: 'email' } }] },
  listUsers: { grants: [admin] },
  getUserOwned: { record: byId('user'), grants: [admin] },
  updateUserRole: { record: byId('user'), grants: [admin] },
  deleteUser: { record: byId('user'), grants: [admin] },
  // Every signed-in user, for their own sign-ins only.
  signOutEverywhere: { grants: [signedIn] },

  // Sessions
  listAdminSessions: { grants: [admin] },
  listSessions: {
    grants: [
      { anonymous: true, when: { query: { status: 'approved' } } },
      admin,
      { roles: ['tutor'], self: { in: 'query', field: 'tutorEmail' } },
    ],
  },
  listPendingSessions: { grants: [admin] },
  listTutorSessions: { grants: [selfParam, admin] },
  getSession: {
    record: byId('session'),
    grants: [{ anonymous: true, when: { recordStatus: 'approved' } }, admin, { owner: 'tutorEmail' }],
  },
  createSession: { grants: [{ roles: ['tutor'], self: { in: 'body', field: 'tutorEmail' } }] },
  approveSession: { record: byId('session'), grants: [admin] },
  rejectSession: { record: byId('session'), grants: [admin] },
  resubmitSession: { record: byId('session'), grants: [{ roles: ['tutor'], owner: 'tutorEmail' }] },
  updateSession: { record: byId('session'), grants: [admin] },
  deleteSession: { record: byId('session'), grants: [admin] },
  // Its tutor runs the class: its times, place and deadline, cancelling it, who is coming.
  updateSessionClass: { record: byId('session'), grants: [admin, { roles: ['tutor'], owner: 'tutorEmail' }] },
  cancelSession: { record: byId('session'), grants: [admin, { roles: ['tutor'], owner: 'tutorEmail' }] },
  // Whoever may read the session may read its meetings.
  listSessionMeetings: {
    record: byId('session'),
    grants: [{ anonymous: true, when: { recordStatus: 'approved' } }, admin, { owner: 'tutorEmail' }],
  },
  getSessionRoster: { record: byId('session'), grants: [admin, { roles: ['tutor'], owner: 'tutorEmail' }] },

  // Stats
  getAdminStats: { grants: [admin] },
  getStudentStats: { grants: [selfParam, admin] },
  getTutorStats: { grants: [selfParam, admin] },

  // Bookings
  listBookings: { grants: [admin] },
  listStudentBookings: { grants: [selfParam, admin] },
  createBooking: {
    record: sessionInBody,
    grants: [{ roles: ['student'], self: { in: 'body', field: 'studentEmail' } }],
  },
  // The session's tutor decides its pending bookings too (the handler admits a tutor's status change only).
  updateBooking: { record: byId('booking'), grants: [admin, { roles: ['tutor'], owner: 'tutorEmail' }] },
  markAttendance: { record: byId('booking'), grants: [admin, { roles: ['tutor'], owner: 'tutorEmail' }] },
  deleteBooking: { record: byId('booking'), grants: [admin] },
  // A student until the class starts (the handler checks the time); an admin at any time.
  cancelBooking: { record: byId('booking'), grants: [admin, { roles: ['student'], owner: 'studentEmail' }] },
  getBookingCalendar: { record: byId('booking'), grants: [admin, { roles: ['student'], owner: 'studentEmail' }] },

  // Calendar feeds: the student manages their own; the feed's secret address is its own proof.
  getCalendarFeed: { grants: [studentSelf] },
  createCalendarFeed: { grants: [studentSelf] },
  deleteCalendarFeed: { grants: [studentSelf] },
  readCalendarFeed: { grants: [{ anonymous: true }] },

  // Notes: only ever their owner's, admins included.
  listStudentNotes: { grants: [selfParam] },
  createNote: { grants: [{ roles: ['student'], self: { in: 'body', field: 'email' } }] },
  updateNote: { record: byId('note'), grants: [{ owner: 'email' }] },
  deleteNote: { record: byId('note'), grants: [{ owner: 'email' }] },

  // Reviews
  listReviews: { grants: [admin] },
  listSessionReviews: { record: sessionInParams, grants: [{ anonymous: true }] },
  createReview: {
    record: sessionInBody,
    grants: [{ roles: ['student'], self: { in: 'body', field: 'studentEmail' } }],
  },
  deleteReview: { record: byId('review'), grants: [admin] },

  // Materials
  listMaterials: { grants: [admin] },
  listPendingMaterials: { grants: [admin] },
  /** Each caller sees only what they may open (see the handler). */
  listApprovedMaterials: { grants: [{}] },
  listTutorMaterials: { grants: [selfParam, admin] },
  listSessionMaterials: {
    record: sessionInParams,
    grants: [admin, { owner: 'tutorEmail' }, { roles: ['student'], approvedBooking: true }],
  },
  uploadMaterial: {
    record: sessionInBody,
    grants: [{ roles: ['tutor'], self: { in: 'body', field: 'tutorEmail' }, owner: 'tutorEmail' }],
  },
  approveMaterial: { record: byId('material'), grants: [admin] },
  rejectMaterial: { record: byId('material'), grants: [admin] },
  deleteMaterial: { record: byId('material'), grants: [{ roles: ['tutor'], owner: 'tutorEmail' }, admin] },
  getMaterialFileLink: { record: byId('material'), grants: materialReaders },

  // Notifications: every signed-in user has their own inbox and devices, and
  // the endpoints read and write only the caller's.
  listNotifications: { grants: [signedIn] },
  getUnreadNotificationCount: { grants: [signedIn] },
  markNotificationRead: { record: byId('notification'), grants: [{ owner: 'recipientEmail' }] },
  markAllNotificationsRead: { grants: [signedIn] },
  getPushPublicKey: { grants: [signedIn] },
  savePushSubscription: { grants: [signedIn] },
  deletePushSubscription: { grants: [signedIn] },
  getNotificationPreferences: { grants: [signedIn] },
  saveNotificationPreferences: { grants: [signedIn] },
  // A mail's link, opened or one-clicked with no sign-in: the signed token is the only proof.
  getUnsubscribe: { grants: [{ anonymous: true }] },
  unsubscribe: { grants: [{ anonymous: true }] },
} as const satisfies Record<RouteName, Permission>

export interface Principal {
  email: string
  /** null for an ID-token caller: roles come only with an app token. */
  role: Role | null
  via: 'app' | 'id'
  /** The user record's id (app tokens only). */
  userId: string | null
  /** The credential generation the app token was issued under, the user's current one (app tokens only). */
  generation: number | null
  /** What the identity provider vouched for (ID tokens only). */
  identity: VerifiedIdentity | null
}

export interface AccessRequest {
  principal: Principal | null
  params: Record<string, unknown>
  query: Record<string, unknown>
  body: Record<string, unknown>
  record: Record<string, unknown> | null
  /** Looked up only when a grant asks. */
  hasApprovedBooking: () => Promise<boolean>
}

const sameEmail = (a: unknown, b: string) => typeof a === 'string' && a.toLowerCase() === b.toLowerCase()

async function grantHolds(grant: Grant, req: AccessRequest): Promise<boolean> {
  if (grant.when?.query) {
    for (const [key, value] of Object.entries(grant.when.query)) if (req.query[key] !== value) return false
  }
  if (grant.when?.recordStatus && req.record?.status !== grant.when.recordStatus) return false
  if (grant.anonymous) return true
  const who = req.principal
  if (!who) return false
  if (grant.roles && (who.via !== 'app' || !who.role || !grant.roles.includes(who.role))) return false
  if (grant.self) {
    const source = grant.self.in === 'params' ? req.params : grant.self.in === 'query' ? req.query : req.body
    if (!sameEmail(source[grant.self.field], who.email)) return false
  }
  if (grant.owner && !sameEmail(req.record?.[grant.owner], who.email)) return false
  if (grant.approvedBooking && !(await req.hasApprovedBooking())) return false
  return true
}

export async function isAllowed(permission: Permission, req: AccessRequest): Promise<boolean> {
  for (const grant of permission.grants) if (await grantHolds(grant, req)) return true
  return false
}

export function hasAnonymousGrant(permission: Permission): boolean {
  return permission.grants.some((g) => g.anonymous)
}

/**
 * Whether some grant could still admit this caller once the request's data is
 * read: false when the caller lacks every grant's role. Decided from the
 * token alone, so a body is never read for a caller who may not send one.
 */
export function mayBeAllowed(permission: Permission, principal: Principal): boolean {
  return permission.grants.some(
    (g) =>
      g.anonymous ||
      !g.roles ||
      (principal.via === 'app' && principal.role !== null && g.roles.includes(principal.role)),
  )
}
