// The schemas of every call in ./routes.ts: path params, query, body and
// response. The demo server validates requests and builds answers with them;
// the HTTP client takes its types from them. `satisfies` below makes a route
// without schemas, or schemas without a route, a type error.
import { z } from 'zod'
import {
  ATTENDANCE,
  adminStatsSchema,
  adminUserSchema,
  bookingSchema,
  bookingStatusSchema,
  channelChoiceSchema,
  materialSchema,
  meetingSchema,
  noteSchema,
  NOTIFICATION_KINDS,
  notificationPreferencesSchema,
  notificationSchema,
  pushSubscriptionSchema,
  REMINDER_LEADS,
  reviewSchema,
  rosterEntrySchema,
  RATING_MAX,
  RATING_MIN,
  sessionSchema,
  statusSchema,
  studentStatsSchema,
  tutorStatsSchema,
  unsubscribeSubjectSchema,
  userSchema,
} from './entities'
import {
  INSTANT_RANGE,
  isInstantInRange,
  MAX_CANCEL_DEADLINE_HOURS,
  MAX_DURATION_HOURS,
  MAX_FEE,
  MAX_MEETINGS,
  MAX_SEATS,
  TEXT_LIMITS as MAX,
} from './limits'
import { linkProblem, normalisedLink } from './links'
import { isAcceptedPhotoUrl, PHOTO_URL_RULE } from './photo-url'
import { lenientNumber } from './rules'
import type { RouteName } from './routes'
import { isTimeZone } from './time-zone'
import {
  boundOf,
  FEE_FILTERS,
  isSearchBound,
  MAX_QUERY_LENGTH,
  MAX_SUBJECT_FILTER_LENGTH,
  SESSION_SORTS,
  type SessionSearchQuery,
} from './session-search'

export interface EndpointSchemas {
  params?: z.ZodType<Record<string, string>>
  query?: z.ZodType<Record<string, string | undefined>>
  body?: z.ZodType
  response: z.ZodType
}

/** A record's id: the servers make 24 hex digits, a device a UUID; 64 leaves room and keeps ids fit for an index. */
const recordId = z.string().min(1).max(64)
const byId = z.object({ id: recordId })
/** A signed token in the path (an unsubscribe link's): opaque to the client, checked by the server. */
const byToken = z.object({ token: z.string().min(1).max(512) })
const byEmail = z.object({ email: z.string().min(1).max(MAX.email) })
const bySessionId = z.object({ sessionId: recordId })
const pageQuery = {
  page: z
    .string()
    .regex(/^[1-9]\d*$/, 'page must be a positive integer')
    .optional(),
  limit: z
    .string()
    .regex(/^[1-9]\d*$/, 'limit must be a positive integer')
    .optional(),
}
/** A date-time with an offset, naming an instant within the range the API takes (./limits.ts); one problem at a time. */
const isoDate = z.iso
  .datetime({ offset: true, abort: true })
  .refine((v) => isInstantInRange(Date.parse(v)), `must be ${INSTANT_RANGE}`)
const nonBlank = (field: string, max: number) =>
  z.string().trim().min(1, `${field} is required`).max(max, `${field} must be at most ${max} characters`)
const optionalText = (field: string, max: number) => z.string().max(max, `${field} must be at most ${max} characters`)
const email = z.email().max(MAX.email)
const timeZone = z.string().max(64).refine(isTimeZone, 'timeZone must be an IANA time zone, such as Europe/Berlin')
const searchBound = (field: string) =>
  z
    .string()
    .refine(isSearchBound, `${field} must be a date (YYYY-MM-DD) or a date-time with an offset, ${INSTANT_RANGE}`)
    .optional()
/**
 * Finding sessions (./session-search.ts, docs/rules/search.md): all optional,
 * so a list asked for without them is the list as it always was.
 */
const sessionSearchQuery = {
  q: optionalText('q', MAX_QUERY_LENGTH).optional(),
  subject: optionalText('subject', MAX_SUBJECT_FILTER_LENGTH).optional(),
  fee: z.enum(FEE_FILTERS, `fee must be one of ${FEE_FILTERS.join(', ')}`).optional(),
  open: z.literal('1', 'open must be 1 (registration open now)').optional(),
  from: searchBound('from'),
  to: searchBound('to'),
  sort: z.enum(SESSION_SORTS, `sort must be one of ${SESSION_SORTS.join(', ')}`).optional(),
}
const boundsInOrder = (query: SessionSearchQuery) =>
  !query.from || !query.to || boundOf(query.from, 'from') <= boundOf(query.to, 'to')
const BOUNDS_IN_ORDER = { path: ['to'], message: 'to must not be before from' }
/** A field the server sets itself: a client that sends it is refused, not silently overruled. */
const serverSet = (field: string) => z.undefined(`${field} is set by the server`).optional()
/** A tutor's https link (./links.ts): blank is none; anything else refused with the field named. */
const httpsLink = (field: string) =>
  z
    .string()
    .superRefine((value, ctx) => {
      const problem = linkProblem(value)
      if (problem) ctx.addIssue({ code: 'custom', message: `${field} ${problem}` })
    })
    .transform(normalisedLink)
    .optional()

const inserted = z.object({ acknowledged: z.boolean(), insertedId: z.string() })
const modified = z.object({ acknowledged: z.boolean(), modifiedCount: z.number().int() })
const deleted = z.object({ acknowledged: z.boolean(), deletedCount: z.number().int() })
/** A note write's answer also says the note's revision after it, for the next write's If-Match. */
const withRevision = { revision: z.number().int().min(1).optional() }
const outcome = z.object({ success: z.boolean(), message: z.string().optional() })

/** A number from a form: a non-numeric value becomes 0 (./rules.ts). */
const formNumber = z.preprocess(lenientNumber, z.number())
/** Hours, from 1 to MAX_DURATION_HOURS (./limits.ts). */
const duration = z
  .number()
  .min(1, 'duration must be at least 1 hour')
  .max(MAX_DURATION_HOURS, `duration must be at most ${MAX_DURATION_HOURS} hours`)
/** A fee, from 0 (free) to MAX_FEE (./limits.ts). */
const fee = (field: string) =>
  z.number().min(0, `${field} must be at least 0`).max(MAX_FEE, `${field} must be at most ${MAX_FEE}`)
/** How many students a session takes; null (or absent) is no limit. */
const seats = z
  .number()
  .int('seats must be a whole number')
  .min(1, 'seats must be at least 1')
  .max(MAX_SEATS, `seats must be at most ${MAX_SEATS}`)
  .nullable()
  .optional()
/** What an iCalendar answer is: the text of a VCALENDAR. */
const calendarText = z.string()
/** Hours before the class students may still cancel; 0 means until it starts. */
const cancelDeadlineHours = z
  .number('cancelDeadlineHours must be a whole number of hours')
  .int('cancelDeadlineHours must be a whole number of hours')
  .min(0, 'cancelDeadlineHours must be 0 or more')
  .max(MAX_CANCEL_DEADLINE_HOURS, `cancelDeadlineHours must be at most ${MAX_CANCEL_DEADLINE_HOURS}`)

/** A schedule as a client sends it: the zone must be real; the rule's own limits are checked by the server's rules. */
const scheduleInput = z.object({
  timeZone: z.string().max(64).refine(isTimeZone, 'schedule.timeZone must be an IANA time zone, such as Europe/Berlin'),
  rrule: z.string().min(1, 'schedule.rrule is required').max(500, 'schedule.rrule must be at most 500 characters'),
  skipped: z.array(isoDate).max(MAX_MEETINGS).optional(),
  moved: z
    .array(z.object({ from: isoDate, to: isoDate }))
    .max(MAX_MEETINGS)
    .optional(),
})

const feedAddress = z.object({ url: z.string().nullable() })
/** How many of the caller's notifications are unread, after the call. */
const unreadCount = z.object({ unread: z.number().int().min(0) })

const sessionInputSchema = z
  .object({
    title: nonBlank('title', MAX.sessionTitle),
    subject: nonBlank('subject', MAX.subject),
    description: optionalText('description', MAX.sessionDescription).default(''),
    registrationStart: isoDate,
    registrationEnd: isoDate,
    classStart: isoDate,
    classEnd: isoDate,
    duration,
    registrationFee: fee('registrationFee'),
    seats,
    location: optionalText('location', MAX.location).optional(),
    // The online meeting's link: private to the tutor, admins and approved students.
    meetingUrl: httpsLink('meetingUrl'),
    cancelDeadlineHours: cancelDeadlineHours.optional(),
    // Meetings that repeat from classStart; the server sets classEnd to the last meeting's end.
    schedule: scheduleInput.optional(),
    // The client sends these; the server decides them itself (the account's
    // name, pending, now), and refuses a status other than pending.
    tutorName: optionalText('tutorName', MAX.name).optional(),
    tutorEmail: email,
    status: z.literal('pending', 'status: a new session is always pending').optional(),
    createdAt: isoDate.optional(),
    _id: serverSet('_id'),
  })
  .refine((s) => s.registrationEnd >= s.registrationStart, {
    path: ['registrationEnd'],
    message: 'registrationEnd must not be before registrationStart',
  })
  .refine((s) => s.classEnd >= s.classStart, {
    path: ['classEnd'],
    message: 'classEnd must not be before classStart',
  })

export const endpoints = {
  getUser: { params: byEmail, response: userSchema },
  issueToken: {
    // The provider's ID token proves the email: in `idToken`, or as the bearer. `timeZone`: the browser's, kept
    // as the user's zone when they have none yet (the first sign-in; a zone they chose is never replaced).
    body: z.object({ email, idToken: z.string().max(8192).optional(), timeZone: timeZone.optional() }),
    response: z.object({ token: z.string() }),
  },
  createUser: {
    // Email/password sign-up sends {name, email, photo}; Google sends
    // {email, role, created_at, last_log_in} (docs/product.md#api-calls). Any
    // role asked for is ignored by the server: new accounts are students.
    body: z.object({
      email,
      name: optionalText('name', MAX.name).optional(),
      // Empty means no photo.
      photo: optionalText('photo', MAX.url)
        .refine((v) => v.trim() === '' || isAcceptedPhotoUrl(v.trim()), PHOTO_URL_RULE)
        .optional(),
      // Google sign-up sends 'user'; a new account is a student, and asking for more is refused.
      role: z.enum(['user', 'student'], 'role: a new account is always a student').optional(),
      created_at: isoDate.optional(),
      last_log_in: isoDate.optional(),
    }),
    response: z.object({ acknowledged: z.boolean(), insertedId: z.string().nullable(), existing: z.boolean() }),
  },
  listUsers: {
    query: z.object({ search: optionalText('search', MAX.search).optional(), ...pageQuery }),
    response: z.array(adminUserSchema),
  },
  getUserOwned: {
    params: byId,
    response: z.object({
      sessions: z.number().int(),
      bookings: z.number().int(),
      reviews: z.number().int(),
      notes: z.number().int(),
      materials: z.number().int(),
    }),
  },
  updateUserRole: {
    params: byId,
    body: z.object({ role: z.enum(['student', 'tutor'], 'role must be student or tutor') }),
    response: modified,
  },
  deleteUser: { params: byId, response: deleted },
  signOutEverywhere: { response: outcome },

  listAdminSessions: {
    query: z
      .object({ status: statusSchema.optional(), ...sessionSearchQuery, ...pageQuery })
      .refine(boundsInOrder, BOUNDS_IN_ORDER),
    response: z.array(sessionSchema),
  },
  listSessions: {
    query: z
      .object({
        status: statusSchema.optional(),
        tutorEmail: z.string().max(MAX.email).optional(),
        ...sessionSearchQuery,
        ...pageQuery,
      })
      .refine(boundsInOrder, BOUNDS_IN_ORDER),
    response: z.array(sessionSchema),
  },
  listPendingSessions: { response: z.array(sessionSchema) },
  listTutorSessions: { params: byEmail, response: z.array(sessionSchema) },
  getSession: { params: byId, response: sessionSchema },
  createSession: { body: sessionInputSchema, response: inserted },
  approveSession: {
    params: byId,
    body: z.object({
      fee: formNumber.pipe(fee('fee')),
      type: z.enum(['Free', 'Paid']).optional(),
    }),
    response: modified,
  },
  rejectSession: { params: byId, response: modified },
  resubmitSession: { params: byId, response: modified },
  updateSession: {
    params: byId,
    body: z.object({
      title: nonBlank('title', MAX.sessionTitle),
      subject: nonBlank('subject', MAX.subject),
      // A non-numeric duration becomes 0, which is then refused: a session lasts at least an hour.
      duration: formNumber.pipe(duration),
      registrationFee: formNumber.pipe(fee('registrationFee')),
      // Absent leaves the seats as they are; null lifts the limit.
      seats,
    }),
    response: modified,
  },
  deleteSession: { params: byId, response: deleted },
  updateSessionClass: {
    params: byId,
    body: z
      .object({
        classStart: isoDate.optional(),
        classEnd: isoDate.optional(),
        duration: duration.optional(),
        location: optionalText('location', MAX.location).optional(),
        // Empty removes the link (and the place).
        meetingUrl: z.literal('').or(httpsLink('meetingUrl')),
        cancelDeadlineHours: cancelDeadlineHours.optional(),
        // A new schedule (null: one meeting again); skipping or moving a meeting is a schedule change too.
        schedule: scheduleInput.nullable().optional(),
      })
      .refine((c) => !c.classStart || !c.classEnd || c.classEnd >= c.classStart, {
        path: ['classEnd'],
        message: 'classEnd must not be before classStart',
      }),
    response: modified,
  },
  cancelSession: {
    params: byId,
    body: z.object({ reason: nonBlank('reason', MAX.cancelReason) }),
    response: outcome.extend({ cancelledBookings: z.number().int().min(0) }),
  },
  listSessionMeetings: { params: byId, response: z.array(meetingSchema) },
  getSessionRoster: { params: byId, response: z.array(rosterEntrySchema) },

  getAdminStats: { response: adminStatsSchema },
  getStudentStats: { params: byEmail, response: studentStatsSchema },
  getTutorStats: { params: byEmail, response: tutorStatsSchema },

  listBookings: {
    query: z.object({ status: bookingStatusSchema.optional(), ...pageQuery }),
    response: z.array(bookingSchema),
  },
  listStudentBookings: { params: byEmail, response: z.array(bookingSchema) },
  createBooking: {
    body: z.object({
      sessionId: recordId,
      studentEmail: email,
      tutorEmail: email,
      _id: serverSet('_id'),
    }),
    // A full session puts the booking on its waiting list: the status and place say so.
    response: outcome.extend({
      insertedId: z.string().optional(),
      status: bookingStatusSchema.optional(),
      waitlistPosition: z.number().int().min(1).optional(),
    }),
  },
  updateBooking: {
    params: byId,
    // Either an admin's status change or an edit of who and what (docs/product.md#api-calls).
    body: z.union([
      z.object({ status: statusSchema }).strict(),
      z.object({ studentEmail: email, tutorEmail: email, sessionId: recordId }).strict(),
    ]),
    response: outcome,
  },
  deleteBooking: { params: byId, response: deleted },
  cancelBooking: { params: byId, response: outcome },
  markAttendance: {
    params: byId,
    body: z.object({ attendance: z.enum(ATTENDANCE, 'attendance must be present or absent') }),
    response: outcome,
  },
  getBookingCalendar: { params: byId, response: calendarText },

  getCalendarFeed: { params: byEmail, response: feedAddress },
  createCalendarFeed: { params: byEmail, response: feedAddress },
  deleteCalendarFeed: { params: byEmail, response: deleted },
  readCalendarFeed: { params: z.object({ token: z.string().min(1).max(128) }), response: calendarText },

  listStudentNotes: { params: byEmail, response: z.array(noteSchema) },
  createNote: {
    body: z.object({
      email,
      title: nonBlank('title', MAX.noteTitle),
      description: nonBlank('description', MAX.noteDescription),
      // A note written offline carries the id the device gave it (a UUID), so
      // later edits and deletes queued with it need no id mapping.
      _id: z.uuid().optional(),
    }),
    response: inserted.extend(withRevision),
  },
  updateNote: {
    params: byId,
    body: z.object({
      title: nonBlank('title', MAX.noteTitle),
      description: nonBlank('description', MAX.noteDescription),
    }),
    response: modified.extend(withRevision),
  },
  deleteNote: { params: byId, response: deleted },

  listReviews: { query: z.object(pageQuery), response: z.array(reviewSchema) },
  listSessionReviews: { params: bySessionId, response: z.array(reviewSchema) },
  createReview: {
    body: z.object({
      sessionId: recordId,
      studentEmail: email,
      // Shown as the account's name, whatever is sent here.
      studentName: optionalText('studentName', MAX.name).optional(),
      comment: nonBlank('comment', MAX.reviewComment),
      rating: z.number().int('rating must be a whole number').min(RATING_MIN).max(RATING_MAX),
      _id: serverSet('_id'),
    }),
    response: inserted,
  },
  deleteReview: { params: byId, response: deleted },

  listMaterials: { query: z.object(pageQuery), response: z.array(materialSchema) },
  listPendingMaterials: { response: z.array(materialSchema) },
  listApprovedMaterials: { response: z.array(materialSchema) },
  listTutorMaterials: { params: byEmail, response: z.array(materialSchema) },
  listSessionMaterials: { params: bySessionId, response: z.array(materialSchema) },
  uploadMaterial: {
    // Multipart form data; `file` is a File (checked by the handler).
    body: z.object({
      sessionId: z.string().min(1, 'sessionId is required').max(64),
      title: nonBlank('title', MAX.materialTitle),
      description: optionalText('description', MAX.materialDescription).default(''),
      tutorEmail: email,
      // A file, a link or a drive link: at least one (the handler says so when none came).
      file: z.instanceof(Blob, { message: 'file must be a file' }).optional(),
      // Where the file is served from is the server's to say.
      fileUrl: serverSet('fileUrl'),
      link: httpsLink('link'),
      driveLink: httpsLink('driveLink'),
      // A material's picture comes only from StudyHub's own file store, never from an address.
      image: z
        .undefined('image cannot be given as an address: pictures come only from files uploaded to StudyHub')
        .optional(),
    }),
    response: outcome.extend({ insertedId: z.string().optional() }),
  },
  approveMaterial: { params: byId, response: outcome },
  rejectMaterial: { params: byId, response: outcome },
  deleteMaterial: { params: byId, response: deleted },
  getMaterialFileLink: {
    params: byId,
    // `url` is a path on the API's origin that opens the file without a token until `expiresAt`.
    response: z.object({ url: z.string(), expiresAt: isoDate }),
  },

  listNotifications: { query: z.object(pageQuery), response: z.array(notificationSchema) },
  getUnreadNotificationCount: { response: unreadCount },
  markNotificationRead: { params: byId, response: unreadCount },
  markAllNotificationsRead: { response: unreadCount },
  getNotificationPreferences: { response: notificationPreferencesSchema },
  saveNotificationPreferences: {
    body: z.object({
      channels: z.partialRecord(z.enum(NOTIFICATION_KINDS), channelChoiceSchema.partial()).optional(),
      reminderLeads: z
        .array(z.enum(REMINDER_LEADS, 'reminderLeads: each is 1h or 1d'))
        .max(REMINDER_LEADS.length)
        .refine((leads) => new Set(leads).size === leads.length, 'reminderLeads: each lead at most once')
        .optional(),
      timeZone: timeZone.optional(),
    }),
    response: notificationPreferencesSchema,
  },
  getUnsubscribe: { params: byToken, response: unsubscribeSubjectSchema },
  // A mail client's one click posts `List-Unsubscribe=One-Click` as a form; the body is not read.
  unsubscribe: { params: byToken, response: outcome },
  getPushPublicKey: { response: z.object({ publicKey: z.string().nullable() }) },
  savePushSubscription: { body: pushSubscriptionSchema, response: outcome },
  deletePushSubscription: { body: pushSubscriptionSchema.pick({ endpoint: true }), response: deleted },
} as const satisfies Record<RouteName, EndpointSchemas>

type Endpoints = typeof endpoints
type Field<N extends RouteName, K extends keyof EndpointSchemas> =
  Endpoints[N] extends Record<K, z.ZodType> ? Endpoints[N][K] : undefined

export type ParamsOf<N extends RouteName> =
  Field<N, 'params'> extends z.ZodType ? z.input<Field<N, 'params'>> : undefined
export type QueryOf<N extends RouteName> = Field<N, 'query'> extends z.ZodType ? z.input<Field<N, 'query'>> : undefined
export type BodyOf<N extends RouteName> = Field<N, 'body'> extends z.ZodType ? z.input<Field<N, 'body'>> : undefined
export type ResponseOf<N extends RouteName> = z.output<Endpoints[N]['response']>
