// The canonical shape of every entity of the REST contract (docs/product.md#records).
// The demo server validates payloads with these schemas and answers in exactly
// these shapes; the app reads only these shapes. Alternative field names that
// a live server may send (classStartDate, fee, ...: docs/product.md#records)
// are mapped onto these once, in ./normalize.ts, at the HTTP client's edge.
//
// zod is imported only here and by the demo server: the app's runtime code
// imports types from this file (`import type`), so zod never reaches the
// first load.
import { z } from 'zod'
import { MAX_SEATS } from './limits'

// No eval under the Content-Security-Policy (the service worker's demo server
// parses with these schemas): zod's JIT would probe `new Function` and the
// browser would report a violation. Schemas parse the same without it.
z.config({ jitless: true })

export const ROLES = ['student', 'tutor', 'admin'] as const
export const STATUSES = ['pending', 'approved', 'rejected'] as const
/**
 * A booking may also wait for a seat, or be cancelled: a cancelled booking is
 * kept, so who cancelled it and when stay on record (docs/product.md#statuses).
 */
export const BOOKING_STATUSES = [...STATUSES, 'waitlisted', 'cancelled'] as const

const roleSchema = z.enum(ROLES)
export const statusSchema = z.enum(STATUSES)
export const bookingStatusSchema = z.enum(BOOKING_STATUSES)
export type Role = z.infer<typeof roleSchema>
export type Status = z.infer<typeof statusSchema>
export type BookingStatus = z.infer<typeof bookingStatusSchema>

const id = z.string().min(1)
const isoDate = z.iso.datetime({ offset: true })
const email = z.email()

export const userSchema = z.object({
  _id: id,
  name: z.string(),
  email,
  photo: z.string(),
  role: roleSchema,
  created_at: isoDate,
  last_log_in: isoDate,
})
export type User = z.infer<typeof userSchema>

/**
 * A user in the admin's list (GET /users): also whether the identity provider
 * vouched for the email of the identity bound to it, null when nobody has
 * signed in to it yet. Only a verified account may be made a tutor. A server
 * that does not say leaves it out.
 */
export const adminUserSchema = userSchema.extend({ emailVerified: z.boolean().nullable().optional() })
export type AdminUser = z.infer<typeof adminUserSchema>

export const sessionSchema = z.object({
  _id: id,
  title: z.string().min(1),
  subject: z.string().min(1),
  description: z.string(),
  registrationStart: isoDate,
  registrationEnd: isoDate,
  classStart: isoDate,
  classEnd: isoDate,
  /** Hours, at least 1 (docs/product.md#constants). */
  duration: z.number().min(1),
  /** 0 means Free (docs/product.md#constants). */
  registrationFee: z.number().min(0),
  tutorName: z.string(),
  tutorEmail: email,
  status: statusSchema,
  createdAt: isoDate,
  /** How many students the session takes; absent means no limit. */
  seats: z.number().int().min(1).max(MAX_SEATS).optional(),
  /** Seats not yet taken by a pending or approved booking; sent with `seats`. */
  seatsLeft: z.number().int().min(0).optional(),
  /**
   * Mean of the session's review ratings (0 when it has none) and how many
   * there are. Both servers send them; a client facing a server that does
   * not computes them from GET /reviews/{sessionId}.
   */
  averageRating: z.number().min(0).max(5).optional(),
  reviewCount: z.number().int().min(0).optional(),
  /** Our extension: where the class meets, a room or an address; public. */
  location: z.string().optional(),
  /**
   * Our extension: the online meeting's https link. Private: answered only to
   * the tutor, admins and students whose booking is approved; absent for anyone
   * else, in every list, the first-paint data and search.
   */
  meetingUrl: z.string().optional(),
  /** Our extension: students may cancel up to this many hours before the class; absent or 0, until it starts. */
  cancelDeadlineHours: z.number().int().min(0).optional(),
  /** Our extension: when the tutor or an admin cancelled the class (it then leaves every public list), and why. */
  cancelledAt: isoDate.optional(),
  cancelReason: z.string().optional(),
  /** Our extension: the class's times before its last move, and when it moved. */
  movedFrom: z.object({ classStart: isoDate, classEnd: isoDate }).optional(),
  movedAt: isoDate.optional(),
  /**
   * Our extension: a course that meets more than once, in the session's time
   * zone. Without it a session is one meeting from classStart for `duration`
   * hours. With it, classStart is the first meeting's start, classEnd the last
   * meeting's end and `duration` one meeting's length, so a client that knows
   * only those still reads the course's span right.
   */
  schedule: z.lazy(() => scheduleSchema).optional(),
  /** Our extension: how many meetings the session has (1 without a schedule), skipped ones left out. */
  meetingCount: z.number().int().min(1).optional(),
  /** Our extension: the start of the next meeting that has not ended; absent once the last has. */
  nextMeetingStart: isoDate.optional(),
})
export type Session = z.infer<typeof sessionSchema>

/**
 * How a session repeats: an RFC 5545 recurrence rule over the first meeting,
 * in `timeZone`, so a meeting at 17:00 in Berlin stays at 17:00 Berlin time
 * across daylight-saving changes. Single meetings may be skipped or moved,
 * each named by the start the rule gives it.
 */
const scheduleSchema = z.object({
  /** The IANA zone the meetings' wall-clock times are in: the tutor's by default. */
  timeZone: z.string(),
  /** The RRULE value, e.g. `FREQ=WEEKLY;BYDAY=TU,TH;UNTIL=20261226T225959Z` or `FREQ=WEEKLY;INTERVAL=2;COUNT=6`. */
  rrule: z.string(),
  /** Meetings that do not take place, by the start the rule gives them. */
  skipped: z.array(isoDate).optional(),
  /** Meetings moved to another start (the same length), by the start the rule gives them. */
  moved: z.array(z.object({ from: isoDate, to: isoDate })).optional(),
})
export type Schedule = z.infer<typeof scheduleSchema>

/** One meeting of a session, as the server expands its schedule. */
export const meetingSchema = z.object({
  start: isoDate,
  end: isoDate,
  /** The start the rule gives it: the meeting's name in `skipped` and `moved`, and its calendar event's key. */
  originalStart: isoDate,
  /** Present when it was moved from its rule's start. */
  moved: z.literal(true).optional(),
})
export type Meeting = z.infer<typeof meetingSchema>

/** What a booking carries of its session, so a student's list needs no second call. */
const bookingSessionFields = sessionSchema.pick({
  title: true,
  tutorName: true,
  registrationFee: true,
  registrationStart: true,
  registrationEnd: true,
  classStart: true,
  classEnd: true,
  location: true,
  // Only on an approved booking's answer, as on the session's.
  meetingUrl: true,
  cancelDeadlineHours: true,
  movedFrom: true,
  movedAt: true,
  schedule: true,
  meetingCount: true,
  nextMeetingStart: true,
})

/** Whether a student came to a class, as its tutor marked it after the class started. */
export const ATTENDANCE = ['present', 'absent'] as const
export type Attendance = (typeof ATTENDANCE)[number]

export const bookingSchema = z.object({
  _id: id,
  sessionId: id,
  studentEmail: email,
  tutorEmail: email,
  status: bookingStatusSchema,
  bookedAt: isoDate,
  /** When and by whom (the student or an admin) a cancelled booking was cancelled. */
  cancelledAt: isoDate.optional(),
  cancelledBy: email.optional(),
  /** A waitlisted booking's place in line, from 1. */
  waitlistPosition: z.number().int().min(1).optional(),
  /** When a waitlisted booking got a seat that freed up. */
  promotedAt: isoDate.optional(),
  ...bookingSessionFields.partial().shape,
  /** Hours, so a calendar event can end (a student's list carries it). */
  duration: z.number().min(1).optional(),
  /** The student's account name, in an admin's list (so it needs no id to be read). */
  studentName: z.string().optional(),
  /** Our extension: why the class was cancelled, on each booking it cancelled (cancelledBy is then the tutor or an admin). */
  cancelReason: z.string().optional(),
  /** Our extension: when the session's class was cancelled: the booking's card says "Cancelled". */
  sessionCancelledAt: isoDate.optional(),
  /** Our extension: whether the student came, once the tutor marked it. */
  attendance: z.enum(ATTENDANCE).optional(),
})
export type Booking = z.infer<typeof bookingSchema>

/** One line of a tutor's roster of a session: every booking, whatever its status. */
export const rosterEntrySchema = z.object({
  bookingId: id,
  studentName: z.string(),
  studentEmail: email,
  status: bookingStatusSchema,
  bookedAt: isoDate,
  cancelledAt: isoDate.optional(),
  waitlistPosition: z.number().int().min(1).optional(),
  attendance: z.enum(ATTENDANCE).optional(),
})
export type RosterEntry = z.infer<typeof rosterEntrySchema>

export const RATING_MIN = 1
export const RATING_MAX = 5

export const reviewSchema = z.object({
  _id: id,
  sessionId: id,
  /** Shown only to admins and to the reviewer themselves. */
  studentEmail: email.optional(),
  studentName: z.string(),
  comment: z.string(),
  /** A missing rating counts as 0 wherever an average is taken (docs/product.md#records). */
  rating: z.number().optional(),
  createdAt: isoDate,
  /** Our extension: the reviewer was marked present at the class ("Attended"). */
  attended: z.boolean().optional(),
})
export type Review = z.infer<typeof reviewSchema>

export const noteSchema = z.object({
  _id: id,
  email,
  title: z.string(),
  description: z.string(),
  createdAt: isoDate,
  updatedAt: isoDate.optional(),
  /**
   * Counts the writes the server has applied to the note: 1 when created, one
   * more on each edit. A write based on an older revision is refused (409).
   */
  revision: z.number().int().min(1).optional(),
})
export type Note = z.infer<typeof noteSchema>

/** The body of a 409 to a note's edit or delete based on an older revision: the note as the server has it now. */
export interface NoteConflict {
  message: string
  note: Note
}

export const materialSchema = z.object({
  _id: id,
  sessionId: id,
  title: z.string(),
  description: z.string(),
  tutorEmail: email,
  status: statusSchema,
  /** Where the file is served from (the demo server serves uploads under /api/files/). */
  fileUrl: z.string(),
  fileName: z.string().optional(),
  fileType: z.string().optional(),
  fileSize: z.number().int().min(0).optional(),
  image: z.string().optional(),
  link: z.string().optional(),
  driveLink: z.string().optional(),
  createdAt: isoDate,
})
export type Material = z.infer<typeof materialSchema>

/** The mail the server sent today (UTC day), for the admin's dashboard; absent where there is no mail at all. */
const mailHealthSchema = z.object({
  /** Whether this server sends mail (SMTP_URL is set; the demo server's mailbox counts as sending). */
  enabled: z.boolean(),
  sentToday: z.number().int(),
  failedToday: z.number().int(),
  lastError: z.string().nullable(),
  lastErrorAt: isoDate.nullable(),
})
export type MailHealth = z.infer<typeof mailHealthSchema>

export const adminStatsSchema = z.object({
  totalUsers: z.number().int(),
  totalSessions: z.number().int(),
  pending: z.number().int(),
  approved: z.number().int(),
  rejected: z.number().int(),
  totalMaterials: z.number().int(),
  /** Our extension: how mail is going today. */
  mail: mailHealthSchema.optional(),
})

export const studentStatsSchema = z.object({
  totalBookings: z.number().int(),
  totalReviews: z.number().int(),
  totalMaterials: z.number().int(),
})

export const tutorStatsSchema = z.object({
  totalSessions: z.number().int(),
  totalMaterials: z.number().int(),
  totalStudents: z.number().int(),
  /** null when the tutor has no rated reviews: the screen shows N/A. */
  avgRating: z.number().nullable(),
})

/**
 * What a notification is about (docs/rules/notifications.md says who gets
 * which). A client that meets a kind it does not know still shows the title
 * and text, so new kinds are an optional extension.
 */
export const NOTIFICATION_KINDS = [
  // To a student
  'booking-approved',
  'booking-rejected',
  'booking-promoted',
  'booking-cancelled',
  'material-added',
  'class-reminder',
  'session-changed',
  'session-moved',
  'session-cancelled',
  // To a tutor
  'session-approved',
  'session-rejected',
  'material-approved',
  'material-rejected',
  'booking-new',
  // To admins
  'session-review',
  'material-review',
] as const
export type NotificationKind = (typeof NOTIFICATION_KINDS)[number]

/** The ways a notification reaches its recipient besides the inbox, which always has it. */
export const NOTIFICATION_CHANNELS = ['push', 'email'] as const
export type NotificationChannel = (typeof NOTIFICATION_CHANNELS)[number]

/** Where one delivery of a notification stands: written with the notification, then sent (or given up on). */
export const DELIVERY_STATES = ['queued', 'sent', 'failed'] as const
export type DeliveryState = (typeof DELIVERY_STATES)[number]

const deliverySchema = z.object({
  channel: z.enum(NOTIFICATION_CHANNELS),
  state: z.enum(DELIVERY_STATES),
})
export type Delivery = z.infer<typeof deliverySchema>

export const notificationSchema = z.object({
  _id: id,
  kind: z.string().min(1),
  title: z.string(),
  body: z.string(),
  /** The app's screen it is about: a path of the app, `/dashboard/...`. */
  link: z.string(),
  createdAt: isoDate,
  /** When its owner marked it read; null while unread. */
  readAt: isoDate.nullable(),
  /** Our extension: the channels it was also sent on (the recipient's preferences when it was written), and how far. */
  deliveries: z.array(deliverySchema).optional(),
})

/** How long before each class a booked student may be reminded. */
export const REMINDER_LEADS = ['1h', '1d'] as const
export type ReminderLead = (typeof REMINDER_LEADS)[number]

/** One kind of event's channels: the inbox always has it; push and email as the user chose. */
export const channelChoiceSchema = z.object({ push: z.boolean(), email: z.boolean() })
export type ChannelChoice = z.infer<typeof channelChoiceSchema>

/**
 * What a user is told of, and how (docs/rules/notifications.md). Every kind is
 * present in an answer (the defaults filled in); a save may name only some.
 */
export const notificationPreferencesSchema = z.object({
  channels: z.record(z.enum(NOTIFICATION_KINDS), channelChoiceSchema),
  /** Reminders before each booked class: none, one, or both. */
  reminderLeads: z.array(z.enum(REMINDER_LEADS)),
  /** The IANA zone dates in mail and notifications are written in; the browser's at sign-in until the user picks one. */
  timeZone: z.string(),
})
export type NotificationPreferences = z.infer<typeof notificationPreferencesSchema>

/** What an unsubscribe link stops, as its landing page shows it before the one click. */
export const unsubscribeSubjectSchema = z.object({
  kind: z.enum(NOTIFICATION_KINDS),
  /** The recipient's address, partly hidden: the link may have been forwarded. */
  maskedEmail: z.string(),
  /** Whether email of this kind is still on. */
  subscribed: z.boolean(),
})

export type Notification = z.infer<typeof notificationSchema>

/** A browser's push subscription (the Push API's `PushSubscription.toJSON()`). */
export const pushSubscriptionSchema = z.object({
  endpoint: z.url({ protocol: /^https?$/ }).max(2048),
  keys: z.object({ p256dh: z.string().min(1).max(256), auth: z.string().min(1).max(256) }),
})
