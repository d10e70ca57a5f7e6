// Every call of the REST contract (docs/product.md#api-calls): method and path,
// by name. This half of the contract is plain data so the app can ship it
// without zod; the payload and response schemas for the same names are in
// ./endpoints.ts, which must name exactly these routes (the type check fails
// otherwise).
//
// `entity` marks responses whose records are normalised at the client's edge
// (./normalize.ts). `paged` marks lists that accept `page` and `limit` and then
// answer one page with the total in the `X-Total-Count` header.
import { MAX_INT4 } from './limits'

// Kept in a module of their own so that the first load, which needs them, does not carry the table below.
export { CLIENT_HEADER, CLIENT_HEADER_VALUE, TOTAL_COUNT_HEADER } from './headers'

export type HttpMethod = 'GET' | 'POST' | 'PATCH' | 'DELETE'

export interface RouteDef {
  readonly method: HttpMethod
  readonly path: string
  readonly entity?: 'session' | 'booking'
  readonly paged?: true
  readonly multipart?: true
  /** A route of ours beyond the calls the app was specified with; a client must cope without it. */
  readonly extension?: true
  /** The write may name the revision it was based on in `If-Match` (IF_MATCH_HEADER below). */
  readonly ifMatch?: true
  /** The path parameter that is a secret, the only proof the caller may read: servers never write it to a log. */
  readonly secret?: string
}

export const routes = {
  // Auth and users
  getUser: { method: 'GET', path: '/users/:email' },
  issueToken: { method: 'POST', path: '/jwt' },
  createUser: { method: 'POST', path: '/users' },
  listUsers: { method: 'GET', path: '/users', paged: true },
  /** Our extension: what deleting this user takes with them, counted, for the admin's confirmation. */
  getUserOwned: { method: 'GET', path: '/users/:id/owned', extension: true },
  updateUserRole: { method: 'PATCH', path: '/users/:id/role' },
  deleteUser: { method: 'DELETE', path: '/users/:id' },
  /** Our extension: ends every sign-in of the caller, on every device, this one too. */
  signOutEverywhere: { method: 'POST', path: '/users/me/sign-out-everywhere', extension: true },

  // Sessions
  listAdminSessions: { method: 'GET', path: '/admin/sessions', entity: 'session', paged: true },
  listSessions: { method: 'GET', path: '/sessions', entity: 'session', paged: true },
  listPendingSessions: { method: 'GET', path: '/sessions/pending', entity: 'session' },
  listTutorSessions: { method: 'GET', path: '/sessions/tutor/:email', entity: 'session' },
  getSession: { method: 'GET', path: '/sessions/:id', entity: 'session' },
  createSession: { method: 'POST', path: '/sessions' },
  approveSession: { method: 'PATCH', path: '/sessions/:id/approve' },
  rejectSession: { method: 'PATCH', path: '/sessions/:id/reject' },
  resubmitSession: { method: 'PATCH', path: '/sessions/:id/resubmit' },
  updateSession: { method: 'PATCH', path: '/sessions/:id' },
  deleteSession: { method: 'DELETE', path: '/sessions/:id' },
  /** Our extension: the tutor or an admin changes the class's times, place or cancellation deadline until it starts. */
  updateSessionClass: { method: 'PATCH', path: '/sessions/:id/class', extension: true },
  /** Our extension: the tutor or an admin cancels the class, with a reason; every live booking is cancelled and told. */
  cancelSession: { method: 'POST', path: '/sessions/:id/cancel', extension: true },
  /** Our extension: the session's meetings, its schedule expanded (one for a session without one). */
  listSessionMeetings: { method: 'GET', path: '/sessions/:id/meetings', extension: true },
  /** Our extension: every booking of the session, for its tutor and admins. */
  getSessionRoster: { method: 'GET', path: '/sessions/:id/roster', extension: true },

  // Stats
  getAdminStats: { method: 'GET', path: '/admin/stats' },
  getStudentStats: { method: 'GET', path: '/student/stats/:email' },
  getTutorStats: { method: 'GET', path: '/tutor/stats/:email' },

  // Bookings
  listBookings: { method: 'GET', path: '/bookings', entity: 'booking', paged: true },
  listStudentBookings: { method: 'GET', path: '/bookings/student/:email', entity: 'booking' },
  createBooking: { method: 'POST', path: '/bookings' },
  updateBooking: { method: 'PATCH', path: '/bookings/:id' },
  deleteBooking: { method: 'DELETE', path: '/bookings/:id' },
  /** Our extension: the student withdraws or cancels their booking (an admin, any booking); the row stays. */
  cancelBooking: { method: 'PATCH', path: '/bookings/:id/cancel', extension: true },
  /** Our extension: the tutor (or an admin) marks an approved student present or absent once the class has started. */
  markAttendance: { method: 'PATCH', path: '/bookings/:id/attendance', extension: true },
  /** Our extension: the booking as an iCalendar event (text/calendar). */
  getBookingCalendar: { method: 'GET', path: '/bookings/:id/calendar', extension: true },

  // Calendar feeds: a student's approved bookings behind a secret address
  /** Our extension: the student's feed address, or null when they have none. */
  getCalendarFeed: { method: 'GET', path: '/calendar-feeds/:email', extension: true },
  /** Our extension: a new secret address; any older one stops working. */
  createCalendarFeed: { method: 'POST', path: '/calendar-feeds/:email', extension: true },
  /** Our extension: revokes the feed. */
  deleteCalendarFeed: { method: 'DELETE', path: '/calendar-feeds/:email', extension: true },
  /** Our extension: the feed itself (text/calendar), for calendar apps; the secret in the path is the only proof. */
  readCalendarFeed: { method: 'GET', path: '/calendar/:token', extension: true, secret: 'token' },

  // Notes
  listStudentNotes: { method: 'GET', path: '/notes/student/:email' },
  createNote: { method: 'POST', path: '/notes' },
  updateNote: { method: 'PATCH', path: '/notes/:id', ifMatch: true },
  deleteNote: { method: 'DELETE', path: '/notes/:id', ifMatch: true },

  // Reviews
  listReviews: { method: 'GET', path: '/reviews', paged: true },
  listSessionReviews: { method: 'GET', path: '/reviews/:sessionId' },
  createReview: { method: 'POST', path: '/reviews' },
  deleteReview: { method: 'DELETE', path: '/reviews/:id' },

  // Materials
  listMaterials: { method: 'GET', path: '/materials', paged: true },
  listPendingMaterials: { method: 'GET', path: '/materials/pending' },
  listApprovedMaterials: { method: 'GET', path: '/materials/approved' },
  listTutorMaterials: { method: 'GET', path: '/materials/tutor/:email' },
  listSessionMaterials: { method: 'GET', path: '/materials/session/:sessionId' },
  uploadMaterial: { method: 'POST', path: '/materials', multipart: true },
  approveMaterial: { method: 'PATCH', path: '/materials/:id/approve' },
  rejectMaterial: { method: 'PATCH', path: '/materials/:id/reject' },
  deleteMaterial: { method: 'DELETE', path: '/materials/:id' },
  /** Our extension: a short-lived link that opens the material's file by navigation, for its readers only. */
  getMaterialFileLink: { method: 'GET', path: '/materials/:id/file-link', extension: true },

  // Notifications: each user's own inbox, and the devices that get them as Web Push
  /** Our extension: the caller's notifications, newest first. */
  listNotifications: { method: 'GET', path: '/notifications', paged: true, extension: true },
  /** Our extension: how many of the caller's notifications are unread (the bell). */
  getUnreadNotificationCount: { method: 'GET', path: '/notifications/unread-count', extension: true },
  /** Our extension: marks one of the caller's notifications read. */
  markNotificationRead: { method: 'PATCH', path: '/notifications/:id/read', extension: true },
  /** Our extension: marks every notification of the caller read. */
  markAllNotificationsRead: { method: 'POST', path: '/notifications/read-all', extension: true },
  /** Our extension: the server's VAPID public key, null when it sends no push. */
  getPushPublicKey: { method: 'GET', path: '/push/public-key', extension: true },
  /** Our extension: this device's push subscription, bound to the caller (and to nobody else). */
  savePushSubscription: { method: 'POST', path: '/push-subscriptions', extension: true },
  /** Our extension: forgets this device's push subscription (at logout). */
  deletePushSubscription: { method: 'DELETE', path: '/push-subscriptions', extension: true },
  /** Our extension: what the caller is told of, and how (push, email, reminders, time zone). */
  getNotificationPreferences: { method: 'GET', path: '/users/me/notification-preferences', extension: true },
  /** Our extension: changes some of the caller's preferences; answers them all. */
  saveNotificationPreferences: { method: 'PATCH', path: '/users/me/notification-preferences', extension: true },
  /** Our extension: what a mail's unsubscribe link stops, for its landing page. No sign-in: the token is the proof. */
  getUnsubscribe: { method: 'GET', path: '/unsubscribe/:token', extension: true, secret: 'token' },
  /** Our extension: one-click unsubscribe (RFC 8058) from one kind of email. No sign-in: the token is the proof. */
  unsubscribe: { method: 'POST', path: '/unsubscribe/:token', extension: true, secret: 'token' },
} as const satisfies Record<string, RouteDef>

export type RouteName = keyof typeof routes

/** Query parameters every `paged` list accepts. */
export const PAGE_PARAM = 'page'
export const LIMIT_PARAM = 'limit'
export const IDEMPOTENCY_HEADER = 'Idempotency-Key'
/** What a key may be: the app sends UUIDs; the bound keeps keys fit for an index and a log line. */
export const IDEMPOTENCY_KEY_PATTERN = /^[A-Za-z0-9._:-]{1,128}$/

/**
 * A note's edit or delete may carry the revision it was based on, as an
 * entity tag: `If-Match: "3"`. The server refuses it with 409 and the note as
 * it is now when the note has moved on; without the header the write applies
 * whatever the revision (the last writer wins).
 */
export const IF_MATCH_HEADER = 'If-Match'

export const revisionTag = (revision: number): string => `"${revision}"`

/**
 * The revision an If-Match value names: undefined for none or `*`, null when
 * it is not one (a revision is a whole number from 1 to MAX_INT4, the
 * database's integer).
 */
export function revisionOfTag(value: string | null): number | undefined | null {
  if (value === null || value.trim() === '*') return undefined
  const match = /^\s*(?:W\/)?"?([1-9]\d{0,9})"?\s*$/.exec(value)
  const revision = match ? Number(match[1]) : NaN
  return revision <= MAX_INT4 ? revision : null
}

/** Fills `:name` segments; each value is URI-encoded. */
export function buildPath(path: string, params: Record<string, string> = {}): string {
  return path.replace(/:([A-Za-z]+)/g, (_, name: string) => {
    const value = params[name]
    if (value === undefined || value === '') throw new Error(`Missing path parameter "${name}" for ${path}`)
    return encodeURIComponent(value)
  })
}
