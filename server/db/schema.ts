// The API server's tables (PostgreSQL 15+, or PGlite): the rows of
// server/core/store.ts, with the rules the core relies on kept as constraints,
// so no race between two requests (or two servers) can break them.
//
// What lives where:
// - users, sessions, bookings, reviews, notes, materials: the REST records.
//   SQL columns are snake_case; each table's TypeScript keys are the row
//   types' own names (`_id`, `createdAt`, and a user's `created_at`), so a
//   selected row needs no renaming.
// - files: uploaded material files, bytes in a bytea column, or, with
//   FILE_STORAGE=s3, in a bucket object `materials/<id>` and `data` NULL
//   (docs/decisions/0014-files-in-a-bucket.md); the id is the read capability
//   of GET /api/files/:id.
// - idempotency_keys: the first answer to each Idempotency-Key, per caller.
// - meta: values made once per database (the secret that signs app tokens).
// - notification_preferences, deliveries: what each user is told of and how,
//   and each notification's sending by push and email (the queue's jobs are
//   pg-boss's own tables, in its schema: server/jobs/).
//
// Deleting: a session takes its bookings, reviews, materials and files with it,
// and a user takes everything bearing their email (their sessions, bookings,
// reviews, notes and materials): the cascades below are exactly
// Store.users.deleteWithOwned and Store.sessions.deleteWithOwned.
//
// Every newest-first list has an ascending index ending in (time, id) that the
// list's `ORDER BY time DESC, id DESC` reads backwards: a page is an index range.
// (A DESC index would be declared NULLS LAST by drizzle-kit and then not match
// PostgreSQL's default DESC NULLS FIRST order.)
//
// Constraint names are explicit: pg-store/pg-errors.ts maps a unique violation
// to its rule by name. Text limits come from the contract, so the database never
// refuses what the forms and the servers' validation accept.
import { sql, type SQL } from 'drizzle-orm'
import {
  boolean,
  check,
  customType,
  doublePrecision,
  foreignKey,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  unique,
  uniqueIndex,
  type AnyPgColumn,
} from 'drizzle-orm/pg-core'
import {
  BOOKING_STATUSES,
  DELIVERY_STATES,
  NOTIFICATION_CHANNELS,
  NOTIFICATION_KINDS,
  REMINDER_LEADS,
  ROLES,
  STATUSES,
  type BookingStatus,
  type ChannelChoice,
  type DeliveryState,
  type NotificationChannel,
  type NotificationKind,
  type ReminderLead,
  type Role,
  type Schedule,
  type Status,
} from '#contract/entities'
import { MAX_CANCEL_DEADLINE_HOURS, MAX_SEATS, TEXT_LIMITS } from '#contract/limits'

/** Neither the contract nor the upload path names these; the upload path cuts file names to 200. */
export const FILE_NAME_MAX = 255
/** A MIME type: 127 characters of type, a slash and 127 of subtype. */
export const FILE_TYPE_MAX = 255

const PG_TIMESTAMP =
  /^(\d{4,})-(\d\d)-(\d\d)[ T](\d\d):(\d\d):(\d\d)(\.\d+)?(?:([+-])(\d\d)(?::?(\d\d))?(?::?(\d\d))?|Z)?( BC)?$/

/** The earliest and latest instants JavaScript can hold. */
const JS_TIME_RANGE_MS = 8.64e15

/**
 * PostgreSQL's text form of a timestamptz ("2026-01-02 03:04:05.678+00"; the
 * drivers hand it over unparsed under drizzle) as an ISO string in UTC.
 *
 * The API takes only years 1970 to 2100 (#contract/limits), but a row written
 * before that rule may hold any year PostgreSQL does ("10000-01-01 …", "0044-03-15 … BC"):
 * it is read as JavaScript writes such a year ("+010000-01-01T…Z"), and one
 * past what JavaScript can hold as its last instant, so that one old row never
 * fails every list that holds it.
 */
export function isoFromPg(value: string | Date): string {
  if (value instanceof Date) return value.toISOString()
  const m = PG_TIMESTAMP.exec(value)
  if (!m) throw new Error(`Unexpected timestamp from the database: ${value}`)
  const [, y, mo, d, h, mi, s, frac = '', sign, oh = '00', om = '00', os, bc] = m
  // Offsets with seconds exist only before 1900 in some zones; the drivers never send one for our data.
  if (os !== undefined && os !== '00') throw new Error(`Unexpected timestamp offset from the database: ${value}`)
  const time = new Date(0)
  // setUTCFullYear takes any year as written (Date.UTC would read 0 to 99 as 1900 to 1999); 1 BC is year 0.
  time.setUTCFullYear(bc ? 1 - Number(y) : Number(y), Number(mo) - 1, Number(d))
  time.setUTCHours(Number(h), Number(mi), Number(s), Number(`${frac.slice(1)}000`.slice(0, 3)))
  const offsetMinutes = sign ? (sign === '-' ? -1 : 1) * (Number(oh) * 60 + Number(om)) : 0
  const ms = time.getTime() - offsetMinutes * 60_000
  if (Number.isNaN(ms)) return new Date(bc ? -JS_TIME_RANGE_MS : JS_TIME_RANGE_MS).toISOString()
  return new Date(Math.max(-JS_TIME_RANGE_MS, Math.min(JS_TIME_RANGE_MS, ms))).toISOString()
}

/**
 * A point in time: timestamptz in SQL, an ISO string in the rows. Millisecond
 * precision, as JavaScript dates have, so what is written reads back equal.
 */
const isoTime = customType<{ data: string; driverData: string | Date }>({
  dataType: () => 'timestamp (3) with time zone',
  toDriver: (value) => value,
  fromDriver: (value) => isoFromPg(value),
})

/** Bytes in, a Uint8Array out (node-postgres hands back a Buffer, PGlite a Uint8Array). */
const bytes = customType<{ data: Uint8Array; driverData: Uint8Array }>({
  dataType: () => 'bytea',
  toDriver: (value) => value,
  fromDriver: (value) => (value.constructor === Uint8Array ? value : new Uint8Array(value)),
})

/**
 * A full-text vector, generated by PostgreSQL from a column of words (a
 * session's search words). array_to_tsvector takes the words as they are,
 * with no parser or dictionary, so the database finds exactly the words
 * #contract/session-search cut (docs/decisions/0064-session-search.md).
 * Stored, so a search that reads rows in another index's order checks each
 * row without building its vector, and ANALYZE keeps statistics of its
 * words for the planner.
 */
const tsvector = customType<{ data: string }>({ dataType: () => 'tsvector' })
const wordsVector = (words: string): SQL => sql.raw(`array_to_tsvector(string_to_array(coalesce(${words}, ''), ' '))`)

const maxLength = (column: AnyPgColumn, max: number): SQL => sql`char_length(${column}) <= ${sql.raw(String(max))}`
const lengthBetween = (column: AnyPgColumn, min: number, max: number): SQL =>
  sql`char_length(${column}) between ${sql.raw(String(min))} and ${sql.raw(String(max))}`
const oneOf = (column: AnyPgColumn, values: readonly string[]): SQL =>
  sql`${column} in (${sql.raw(values.map((v) => `'${v}'`).join(', '))})`

const L = TEXT_LIMITS

export const users = pgTable(
  'users',
  {
    _id: text('id').primaryKey(),
    /** The identity provider's account id, bound at the first sign-in. */
    uid: text('uid'),
    /**
     * Whether the provider vouched for the email of the bound identity. An
     * unverified binding may be taken over by a verified identity of the same
     * email, and is never made an admin (docs/decisions/0049-verified-email-bindings.md).
     */
    emailVerified: boolean('email_verified').notNull().default(false),
    /**
     * The generation every app token, file link, calendar feed and push
     * subscription of the user is made under. A takeover by another identity,
     * a role change and a sign-out of every device add one, and delete the
     * feed and subscriptions in the same transaction; a token of another
     * generation is refused (docs/decisions/0071-credentials-end-with-their-generation.md).
     */
    credentialGeneration: integer('credential_generation').notNull().default(0),
    /** When the user last signed out of every device: a sign-in from before then gets no app token. */
    signedOutAt: isoTime('signed_out_at'),
    name: text('name').notNull(),
    email: text('email').notNull(),
    photo: text('photo').notNull(),
    role: text('role').$type<Role>().notNull(),
    created_at: isoTime('created_at').notNull(),
    last_log_in: isoTime('last_log_in').notNull(),
  },
  (t) => [
    unique('users_email_key').on(t.email),
    unique('users_uid_key').on(t.uid),
    check('users_role_check', oneOf(t.role, ROLES)),
    check('users_name_length', maxLength(t.name, L.name)),
    check('users_email_length', maxLength(t.email, L.email)),
    check('users_photo_length', maxLength(t.photo, L.url)),
    index('users_created_at_idx').on(t.created_at, t._id),
  ],
)

export const sessions = pgTable(
  'sessions',
  {
    _id: text('id').primaryKey(),
    title: text('title').notNull(),
    subject: text('subject').notNull(),
    description: text('description').notNull(),
    registrationStart: isoTime('registration_start').notNull(),
    registrationEnd: isoTime('registration_end').notNull(),
    classStart: isoTime('class_start').notNull(),
    classEnd: isoTime('class_end').notNull(),
    /** Hours. */
    duration: doublePrecision('duration').notNull(),
    /** 0 means free. */
    registrationFee: doublePrecision('registration_fee').notNull(),
    tutorName: text('tutor_name').notNull(),
    tutorEmail: text('tutor_email').notNull(),
    status: text('status').$type<Status>().notNull(),
    createdAt: isoTime('created_at').notNull(),
    /** How many pending or approved bookings it takes; NULL is no limit. */
    seats: integer('seats'),
    /** The version of its bookings' calendar events: one more at each change of its title, class time or place. */
    calendarSequence: integer('calendar_sequence').notNull().default(0),
    /** Where the class meets (public), and its online meeting's https link (private: docs/rules/sessions.md). */
    location: text('location'),
    meetingUrl: text('meeting_url'),
    /** Students may cancel up to this many hours before the class; NULL or 0, until it starts. */
    cancelDeadlineHours: integer('cancel_deadline_hours'),
    /** When its tutor or an admin cancelled the class, and why: it then leaves every public list. */
    cancelledAt: isoTime('cancelled_at'),
    cancelReason: text('cancel_reason'),
    /** The class's times before its last move, and when it moved. */
    movedFromStart: isoTime('moved_from_start'),
    movedFromEnd: isoTime('moved_from_end'),
    movedAt: isoTime('moved_at'),
    /** How it repeats (#contract/entities Schedule), expanded from `schedule_start`, its rule's first start; NULL: one meeting. */
    schedule: jsonb('schedule').$type<Schedule>(),
    scheduleStart: isoTime('schedule_start'),
    /**
     * The distinct words of the title, subject, description and tutor name,
     * space-separated, as #contract/session-search cuts them; written by the
     * store with every change to those fields. NULL only on a row from before
     * they existed, until the server's start fills it (fillSessionWords).
     */
    searchWords: text('search_words'),
    /** The subject's words, the same way. */
    subjectWords: text('subject_words'),
    search: tsvector('search').generatedAlwaysAs(wordsVector('search_words')),
    subjectSearch: tsvector('subject_search').generatedAlwaysAs(wordsVector('subject_words')),
  },
  (t) => [
    foreignKey({ name: 'sessions_tutor_email_fk', columns: [t.tutorEmail], foreignColumns: [users.email] }).onDelete(
      'cascade',
    ),
    check('sessions_status_check', oneOf(t.status, STATUSES)),
    check('sessions_duration_check', sql`${t.duration} >= 1`),
    check('sessions_registration_fee_check', sql`${t.registrationFee} >= 0`),
    check('sessions_seats_check', sql`${t.seats} between 1 and ${sql.raw(String(MAX_SEATS))}`),
    check('sessions_registration_window_check', sql`${t.registrationEnd} >= ${t.registrationStart}`),
    check('sessions_class_window_check', sql`${t.classEnd} >= ${t.classStart}`),
    check('sessions_title_length', lengthBetween(t.title, 1, L.sessionTitle)),
    check('sessions_subject_length', lengthBetween(t.subject, 1, L.subject)),
    check('sessions_description_length', maxLength(t.description, L.sessionDescription)),
    check('sessions_tutor_name_length', maxLength(t.tutorName, L.name)),
    check('sessions_location_length', maxLength(t.location, L.location)),
    check('sessions_meeting_url_length', maxLength(t.meetingUrl, L.url)),
    check('sessions_meeting_url_https', sql`${t.meetingUrl} like 'https://%'`),
    check(
      'sessions_cancel_deadline_hours_check',
      sql`${t.cancelDeadlineHours} between 0 and ${sql.raw(String(MAX_CANCEL_DEADLINE_HOURS))}`,
    ),
    check('sessions_cancel_reason_length', maxLength(t.cancelReason, L.cancelReason)),
    check('sessions_cancelled_reason_check', sql`(${t.cancelledAt} is null) = (${t.cancelReason} is null)`),
    check('sessions_moved_check', sql`(${t.movedAt} is null) = (${t.movedFromStart} is null)`),
    check('sessions_schedule_check', sql`(${t.schedule} is null) = (${t.scheduleStart} is null)`),
    index('sessions_created_at_idx').on(t.createdAt, t._id),
    index('sessions_status_created_at_idx').on(t.status, t.createdAt, t._id),
    // The public lists: classes not cancelled, by status, newest first.
    index('sessions_listed_status_created_at_idx')
      .on(t.status, t.createdAt, t._id)
      .where(sql`cancelled_at is null`),
    index('sessions_tutor_email_created_at_idx').on(t.tutorEmail, t.createdAt, t._id),
    // GIN: a word, or a prefix of one ('chem':*), is an index lookup.
    index('sessions_search_idx').using('gin', t.search),
    index('sessions_subject_search_idx').using('gin', t.subjectSearch),
  ],
)

/**
 * Every meeting of a session, its schedule expanded (#core/schedule): written
 * by the store in the transaction that writes the session's times, so a
 * search's from/to and the reminders find a meeting inside a course's span
 * and not its gaps. A session without a schedule has its one meeting here.
 */
export const sessionMeetings = pgTable(
  'session_meetings',
  {
    sessionId: text('session_id').notNull(),
    start: isoTime('start').notNull(),
    end: isoTime('end').notNull(),
    /** The start its rule gives it: its name, kept when it is moved. */
    originalStart: isoTime('original_start').notNull(),
  },
  (t) => [
    primaryKey({ name: 'session_meetings_pkey', columns: [t.sessionId, t.originalStart] }),
    foreignKey({
      name: 'session_meetings_session_fk',
      columns: [t.sessionId],
      foreignColumns: [sessions._id],
    }).onDelete('cascade'),
    check('session_meetings_window_check', sql`${t.end} >= ${t.start}`),
    // A search's from/to, and the reminders' window: meetings by start.
    index('session_meetings_start_idx').on(t.start, t.sessionId),
  ],
)

export const bookings = pgTable(
  'bookings',
  {
    _id: text('id').primaryKey(),
    sessionId: text('session_id').notNull(),
    studentEmail: text('student_email').notNull(),
    /** Always the session's tutor (the core copies it), so a tutor's bookings need no join. */
    tutorEmail: text('tutor_email').notNull(),
    status: text('status').$type<BookingStatus>().notNull(),
    bookedAt: isoTime('booked_at').notNull(),
    /** A cancelled booking stays, with when and by whom (an email) it was cancelled. */
    cancelledAt: isoTime('cancelled_at'),
    cancelledBy: text('cancelled_by'),
    /** Order in the session's waiting list: given under the session's row lock, so never twice. */
    waitlistSeq: integer('waitlist_seq'),
    /** When a waitlisted booking got a seat. */
    promotedAt: isoTime('promoted_at'),
    /** Why its class was cancelled, on each booking the class's cancel cancelled. */
    cancelReason: text('cancel_reason'),
  },
  (t) => [
    // One booking per student and session that is not cancelled; cancelled ones are kept beside it.
    uniqueIndex('bookings_student_session_active_key')
      .on(t.studentEmail, t.sessionId)
      .where(sql`status <> 'cancelled'`),
    foreignKey({ name: 'bookings_session_id_fk', columns: [t.sessionId], foreignColumns: [sessions._id] }).onDelete(
      'cascade',
    ),
    foreignKey({
      name: 'bookings_student_email_fk',
      columns: [t.studentEmail],
      foreignColumns: [users.email],
    }).onDelete('cascade'),
    foreignKey({ name: 'bookings_tutor_email_fk', columns: [t.tutorEmail], foreignColumns: [users.email] }).onDelete(
      'cascade',
    ),
    check('bookings_status_check', oneOf(t.status, BOOKING_STATUSES)),
    check('bookings_cancelled_by_length', maxLength(t.cancelledBy, L.email)),
    check('bookings_cancel_reason_length', maxLength(t.cancelReason, L.cancelReason)),
    index('bookings_booked_at_idx').on(t.bookedAt, t._id),
    index('bookings_status_booked_at_idx').on(t.status, t.bookedAt, t._id),
    index('bookings_session_id_idx').on(t.sessionId),
    index('bookings_session_status_seq_idx').on(t.sessionId, t.status, t.waitlistSeq),
    index('bookings_student_email_booked_at_idx').on(t.studentEmail, t.bookedAt),
    index('bookings_tutor_email_booked_at_idx').on(t.tutorEmail, t.bookedAt),
  ],
)

export const reviews = pgTable(
  'reviews',
  {
    _id: text('id').primaryKey(),
    sessionId: text('session_id').notNull(),
    studentEmail: text('student_email').notNull(),
    studentName: text('student_name').notNull(),
    comment: text('comment').notNull(),
    /** Null when the review has none: it counts as 0 in an average. */
    rating: doublePrecision('rating'),
    createdAt: isoTime('created_at').notNull(),
  },
  (t) => [
    // Also the index of a session's reviews (session_id leads).
    unique('reviews_session_student_key').on(t.sessionId, t.studentEmail),
    foreignKey({ name: 'reviews_session_id_fk', columns: [t.sessionId], foreignColumns: [sessions._id] }).onDelete(
      'cascade',
    ),
    foreignKey({
      name: 'reviews_student_email_fk',
      columns: [t.studentEmail],
      foreignColumns: [users.email],
    }).onDelete('cascade'),
    check('reviews_rating_check', sql`${t.rating} between 1 and 5`),
    check('reviews_student_name_length', maxLength(t.studentName, L.name)),
    check('reviews_comment_length', maxLength(t.comment, L.reviewComment)),
    index('reviews_created_at_idx').on(t.createdAt, t._id),
    index('reviews_student_email_idx').on(t.studentEmail),
  ],
)

export const notes = pgTable(
  'notes',
  {
    // An offline-written note brings its own id (a UUID); a second use of it is refused by this key.
    _id: text('id').primaryKey(),
    email: text('email').notNull(),
    title: text('title').notNull(),
    description: text('description').notNull(),
    createdAt: isoTime('created_at').notNull(),
    updatedAt: isoTime('updated_at'),
    // One more on every write; an edit or delete based on an older one is refused.
    revision: integer('revision').notNull().default(1),
  },
  (t) => [
    foreignKey({ name: 'notes_email_fk', columns: [t.email], foreignColumns: [users.email] }).onDelete('cascade'),
    check('notes_title_length', maxLength(t.title, L.noteTitle)),
    check('notes_description_length', maxLength(t.description, L.noteDescription)),
    index('notes_email_created_at_idx').on(t.email, t.createdAt),
  ],
)

export const materials = pgTable(
  'materials',
  {
    _id: text('id').primaryKey(),
    sessionId: text('session_id').notNull(),
    title: text('title').notNull(),
    description: text('description').notNull(),
    tutorEmail: text('tutor_email').notNull(),
    status: text('status').$type<Status>().notNull(),
    fileUrl: text('file_url').notNull(),
    fileName: text('file_name'),
    fileType: text('file_type'),
    fileSize: integer('file_size'),
    image: text('image'),
    link: text('link'),
    driveLink: text('drive_link'),
    createdAt: isoTime('created_at').notNull(),
    /** The uploaded file's id; never answered (files reference their material, not the reverse). */
    fileId: text('file_id'),
  },
  (t) => [
    foreignKey({ name: 'materials_session_id_fk', columns: [t.sessionId], foreignColumns: [sessions._id] }).onDelete(
      'cascade',
    ),
    foreignKey({
      name: 'materials_tutor_email_fk',
      columns: [t.tutorEmail],
      foreignColumns: [users.email],
    }).onDelete('cascade'),
    check('materials_status_check', oneOf(t.status, STATUSES)),
    check('materials_file_size_check', sql`${t.fileSize} >= 0`),
    check('materials_title_length', maxLength(t.title, L.materialTitle)),
    check('materials_description_length', maxLength(t.description, L.materialDescription)),
    check('materials_file_url_length', maxLength(t.fileUrl, L.url)),
    check('materials_file_name_length', maxLength(t.fileName, FILE_NAME_MAX)),
    check('materials_file_type_length', maxLength(t.fileType, FILE_TYPE_MAX)),
    check('materials_image_length', maxLength(t.image, L.url)),
    check('materials_link_length', maxLength(t.link, L.url)),
    check('materials_drive_link_length', maxLength(t.driveLink, L.url)),
    index('materials_created_at_idx').on(t.createdAt, t._id),
    index('materials_status_created_at_idx').on(t.status, t.createdAt, t._id),
    index('materials_session_id_idx').on(t.sessionId),
    index('materials_tutor_email_created_at_idx').on(t.tutorEmail, t.createdAt),
  ],
)

export const files = pgTable(
  'files',
  {
    _id: text('id').primaryKey(),
    materialId: text('material_id').notNull(),
    sessionId: text('session_id').notNull(),
    type: text('type').notNull(),
    name: text('name').notNull(),
    /** NULL when the bytes are in the bucket (../files/s3-objects.ts). */
    data: bytes('data'),
  },
  (t) => [
    foreignKey({ name: 'files_material_id_fk', columns: [t.materialId], foreignColumns: [materials._id] }).onDelete(
      'cascade',
    ),
    foreignKey({ name: 'files_session_id_fk', columns: [t.sessionId], foreignColumns: [sessions._id] }).onDelete(
      'cascade',
    ),
    check('files_type_length', maxLength(t.type, FILE_TYPE_MAX)),
    check('files_name_length', maxLength(t.name, FILE_NAME_MAX)),
    index('files_material_id_idx').on(t.materialId),
    index('files_session_id_idx').on(t.sessionId),
  ],
)

export const idempotencyKeys = pgTable(
  'idempotency_keys',
  {
    /** `${subject} ${method} ${path} ${key}` */
    id: text('id').primaryKey(),
    requestHash: text('request_hash').notNull(),
    state: text('state').$type<'running' | 'done'>().notNull(),
    status: integer('status'),
    body: text('body'),
    headers: jsonb('headers').$type<Record<string, string>>(),
    createdAt: isoTime('created_at').notNull(),
  },
  (t) => [
    check('idempotency_keys_state_check', oneOf(t.state, ['running', 'done'])),
    index('idempotency_keys_created_at_idx').on(t.createdAt),
  ],
)

/** A student's calendar feed: the token in its address is the only proof a calendar app shows. */
export const calendarFeeds = pgTable(
  'calendar_feeds',
  {
    studentEmail: text('student_email').notNull(),
    token: text('token').notNull(),
    createdAt: isoTime('created_at').notNull(),
  },
  (t) => [
    primaryKey({ name: 'calendar_feeds_pkey', columns: [t.studentEmail] }),
    unique('calendar_feeds_token_key').on(t.token),
    foreignKey({
      name: 'calendar_feeds_student_email_fk',
      columns: [t.studentEmail],
      foreignColumns: [users.email],
    }).onDelete('cascade'),
  ],
)

/**
 * Each user's inbox: written in the transaction of the change it reports. A
 * reminder is written once per booking and lead: a unique index, so two server
 * processes ticking at once cannot both write it. A booking's notifications
 * stay when it is deleted (the link then finds nothing); a user's go with them.
 */
export const notifications = pgTable(
  'notifications',
  {
    _id: text('id').primaryKey(),
    recipientEmail: text('recipient_email').notNull(),
    kind: text('kind').$type<NotificationKind>().notNull(),
    title: text('title').notNull(),
    body: text('body').notNull(),
    link: text('link').notNull(),
    bookingId: text('booking_id'),
    /** A class reminder's lead (1h, 1d); NULL for every other kind. */
    reminderLead: text('reminder_lead').$type<ReminderLead>(),
    /** A class reminder's meeting (its start): a course is reminded of each; NULL for every other kind. */
    meetingStart: isoTime('meeting_start'),
    createdAt: isoTime('created_at').notNull(),
    readAt: isoTime('read_at'),
  },
  (t) => [
    // One per booking, lead and meeting; a reminder without a meeting (from before courses) counts as one meeting.
    uniqueIndex('notifications_reminder_once_key')
      .on(t.bookingId, t.kind, t.reminderLead, sql`coalesce(${t.meetingStart}, 'epoch')`)
      .where(sql`kind = 'class-reminder'`),
    foreignKey({
      name: 'notifications_recipient_email_fk',
      columns: [t.recipientEmail],
      foreignColumns: [users.email],
    }).onDelete('cascade'),
    foreignKey({
      name: 'notifications_booking_id_fk',
      columns: [t.bookingId],
      foreignColumns: [bookings._id],
    }).onDelete('set null'),
    check('notifications_kind_check', oneOf(t.kind, NOTIFICATION_KINDS)),
    check('notifications_reminder_lead_check', oneOf(t.reminderLead, REMINDER_LEADS)),
    index('notifications_recipient_created_at_idx').on(t.recipientEmail, t.createdAt, t._id),
    index('notifications_recipient_unread_idx')
      .on(t.recipientEmail)
      .where(sql`read_at is null`),
    index('notifications_booking_id_idx').on(t.bookingId),
  ],
)

/** A browser's Web Push subscription, bound to one user: it goes with them, and moves when another user saves it. */
export const pushSubscriptions = pgTable(
  'push_subscriptions',
  {
    endpoint: text('endpoint').primaryKey(),
    email: text('email').notNull(),
    p256dh: text('p256dh').notNull(),
    auth: text('auth').notNull(),
    createdAt: isoTime('created_at').notNull(),
  },
  (t) => [
    foreignKey({ name: 'push_subscriptions_email_fk', columns: [t.email], foreignColumns: [users.email] }).onDelete(
      'cascade',
    ),
    index('push_subscriptions_email_idx').on(t.email),
  ],
)

/**
 * What a user changed of their notification preferences; NULL or absent takes
 * the default (server/core/notification-preferences.ts). Goes with the user.
 */
export const notificationPreferences = pgTable(
  'notification_preferences',
  {
    email: text('email').primaryKey(),
    /** Per kind of event, the channels the user set: `{ "booking-approved": { "push": true, "email": false } }`. */
    channels: jsonb('channels').$type<Partial<Record<NotificationKind, ChannelChoice>>>().notNull().default({}),
    reminderLeads: text('reminder_leads').array().$type<ReminderLead[]>(),
    timeZone: text('time_zone'),
  },
  (t) => [
    foreignKey({
      name: 'notification_preferences_email_fk',
      columns: [t.email],
      foreignColumns: [users.email],
    }).onDelete('cascade'),
    check(
      'notification_preferences_reminder_leads_check',
      sql`${t.reminderLeads} <@ array[${sql.raw(REMINDER_LEADS.map((l) => `'${l}'`).join(', '))}]::text[]`,
    ),
    check('notification_preferences_time_zone_length', maxLength(t.timeZone, 64)),
  ],
)

/**
 * One delivery of a notification by push or email: written in the transaction
 * that writes the notification, with its queue job (server/jobs/), and at most
 * one per notification and channel, the primary key (one per event, recipient
 * and channel: a notification has one recipient). Goes with its notification.
 */
export const deliveries = pgTable(
  'deliveries',
  {
    notificationId: text('notification_id').notNull(),
    channel: text('channel').$type<NotificationChannel>().notNull(),
    recipientEmail: text('recipient_email').notNull(),
    state: text('state').$type<DeliveryState>().notNull(),
    createdAt: isoTime('created_at').notNull(),
    attempts: integer('attempts').notNull().default(0),
    /**
     * The try under way: `host:pid:job:attempt` of the process making it, so a
     * process started again on that host can tell a try cut off by its end.
     */
    claimedBy: text('claimed_by'),
    /** When it was sent or given up on; NULL while queued. */
    doneAt: isoTime('done_at'),
    lastError: text('last_error'),
  },
  (t) => [
    primaryKey({ name: 'deliveries_pkey', columns: [t.notificationId, t.channel] }),
    foreignKey({
      name: 'deliveries_notification_id_fk',
      columns: [t.notificationId],
      foreignColumns: [notifications._id],
    }).onDelete('cascade'),
    check('deliveries_channel_check', oneOf(t.channel, NOTIFICATION_CHANNELS)),
    check('deliveries_state_check', oneOf(t.state, DELIVERY_STATES)),
    // The mail health of a day: the channel's deliveries done since midnight, newest first.
    index('deliveries_channel_done_at_idx').on(t.channel, t.doneAt),
    // What is still to send (a restart's own checks, and the tests' wait for the queue to drain).
    index('deliveries_queued_idx')
      .on(t.createdAt)
      .where(sql`state = 'queued'`),
  ],
)

export const meta = pgTable('meta', {
  key: text('key').primaryKey(),
  value: text('value').notNull(),
})

/** Every table, children before parents (the order a plain DELETE of all would need). */
export const allTables = [
  deliveries,
  notifications,
  notificationPreferences,
  pushSubscriptions,
  files,
  materials,
  reviews,
  bookings,
  notes,
  sessionMeetings,
  sessions,
  calendarFeeds,
  users,
  idempotencyKeys,
  meta,
] as const
