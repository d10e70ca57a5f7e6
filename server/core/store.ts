// The storage port of the StudyHub API: everything the rules need from a
// database, and nothing about how it is kept. Two implementations:
// - mocks/db/dexie-store.ts: the demo server's, over IndexedDB in the browser;
// - server/db/pg-store.ts: the API server's, over PostgreSQL (PGlite or a server),
//   with each table's methods in server/db/pg-store/.
// The route logic (./endpoints/*.ts) is written once against this port, so both
// servers answer with the same rules (docs/decisions/0009-one-set-of-rules.md).
//
// Contract of every implementation:
// - Each method is atomic on its own: a method that writes more than one row
//   (a cascade, a material with its file) does it in one transaction.
// - Uniqueness is the database's job: a second booking or review by the same
//   student for the same session, a second user with an email or provider uid,
//   or a note id used twice throws `UniqueViolation`, never a duplicate row.
// - `update…(id, patch, expected)` with an expected status changes the row only
//   while it still has that status (compare-and-set) and says whether it did,
//   so two admins acting at once cannot both approve, or approve a rejected row.
// - A note's `update` and `delete` with an expected revision are the same
//   compare-and-set on the revision, so of two devices' writes based on one
//   revision only the first applies (docs/decisions/0060-note-revisions-and-conflicts.md).
// - Lists come newest first; `paging` null means every row, otherwise one page
//   and the total (an index range and a count, never a full scan).
// - Emails are stored and compared lowercase (the pipeline lowercases input).
// - `transaction`, where a store has it, runs a whole route's reads and writes as
//   one transaction: the API server's runs a keyed write, its claim and its
//   stored answer so (./idempotency.ts). The demo's store has none: IndexedDB
//   ends a transaction at the first await of anything else (a file's bytes, a
//   hash), and a route awaits such things between its writes.
// - A database that cannot be reached (down, restarting, closed) throws
//   `DatabaseUnavailable` or an error whose code says so (./http-errors.ts).
import type {
  Booking,
  BookingStatus,
  ChannelChoice,
  DeliveryState,
  Material,
  Note,
  Notification,
  NotificationChannel,
  NotificationKind,
  ReminderLead,
  Review,
  Role,
  Session,
  Status,
  User,
} from '#contract/entities'
import type { SessionSearch } from '#contract/session-search'

/**
 * A user record. `uid` is the identity provider's account id, bound at the
 * first sign-in; `emailVerified` says whether the provider vouched for the
 * email when that identity was bound (or since). `credentialGeneration`
 * (absent: 0) is the generation every app token, calendar feed and push
 * subscription of the user is made under: moving it ends them all at once.
 * `signedOutAt` is when the user last signed out of every device: a sign-in
 * from before then gets no app token. None of these is ever answered as it is.
 */
export type UserRow = User & {
  uid?: string | null
  emailVerified?: boolean
  credentialGeneration?: number
  signedOutAt?: string
}
/** The user's credential generation (a record from before generations is at 0). */
export const credentialGeneration = (user: Pick<UserRow, 'credentialGeneration'>): number =>
  user.credentialGeneration ?? 0

/**
 * A session as stored: the rating and seat fields are computed when answering.
 * `calendarSequence` (absent: 0) is the version of its bookings' calendar
 * events, one more at each change of its title or class time (../calendar.ts);
 * it is never answered. `scheduleStart` is the first start its schedule's
 * rule gives (the rule's DTSTART): classStart moves with skips and moves, the
 * rule's anchor does not. `meetingCount` and `nextMeetingStart` are computed.
 */
export type SessionRow = Omit<
  Session,
  'averageRating' | 'reviewCount' | 'seatsLeft' | 'meetingCount' | 'nextMeetingStart'
> & {
  calendarSequence?: number
  scheduleStart?: string
}
/**
 * A booking as stored: the session's fields and the waiting-list place are
 * computed when answering. `waitlistSeq` orders a session's waiting list and
 * is never answered.
 */
export type BookingRow = Pick<
  Booking,
  | '_id'
  | 'sessionId'
  | 'studentEmail'
  | 'tutorEmail'
  | 'status'
  | 'bookedAt'
  | 'cancelledAt'
  | 'cancelledBy'
  | 'promotedAt'
  | 'cancelReason'
  | 'attendance'
> & { waitlistSeq?: number }
type BookingPatch = Partial<Omit<BookingRow, '_id' | 'bookedAt'>>

/**
 * What a write that takes or frees a seat sees and does: one transaction that
 * holds the session's row lock, so bookings of one session are decided one at
 * a time whichever process receives them (docs/decisions/0061-cancel-seats-waiting-list-calendar.md).
 */
export interface SeatLedger {
  /** The session as locked; undefined when it is gone. */
  session: SessionRow | undefined
  /** How many bookings hold a seat (pending or approved). */
  holding(): Promise<number>
  /** The student's booking of this session that is not cancelled. */
  activeOf(studentEmail: string): Promise<BookingRow | undefined>
  /** The first waitlisted booking in line. */
  firstWaiting(): Promise<BookingRow | undefined>
  /** How many bookings are waitlisted. */
  waiting(): Promise<number>
  /** Every booking of this session that is pending, approved or waitlisted (whose student hears of its class). */
  live(): Promise<BookingRow[]>
  /** The `waitlistSeq` after the last one ever given on this session. */
  nextWaitlistSeq(): Promise<number>
  /** Throws UniqueViolation('booking.student-session'). */
  insertBooking(row: BookingRow): Promise<void>
  /** Compare-and-set on `expected` status. Throws UniqueViolation on a clash with another booking. */
  updateBooking(id: string, patch: BookingPatch, expected: BookingStatus): Promise<boolean>
  deleteBooking(id: string, expected: BookingStatus): Promise<boolean>
  /** Compare-and-set on the session's `expected` status; `session` then shows the change. */
  updateSession(patch: Partial<Omit<SessionRow, '_id'>>, expected: Status): Promise<boolean>
  /** Writes notifications in this transaction: they exist exactly when the change they report commits. */
  notify(rows: readonly NotificationRow[]): Promise<void>
}

/**
 * A notification as stored: whose it is, and for the booking events the
 * booking (a reminder is written once per booking: the database's rule).
 */
export type NotificationRow = Omit<Notification, 'kind' | 'deliveries'> & {
  kind: NotificationKind
  recipientEmail: string
  bookingId?: string
  /** A class reminder's lead: one reminder per booking, lead and meeting (the database's rule). */
  reminderLead?: ReminderLead
  /** A class reminder's meeting: its start. */
  meetingStart?: string
}

/**
 * One delivery of a notification on a channel besides the inbox: written in
 * the transaction that writes the notification (so with the change it
 * reports), at most one per notification and channel (the database's rule:
 * one per event, recipient and channel), then worked by the host's queue.
 */
export interface DeliveryRow {
  notificationId: string
  channel: NotificationChannel
  recipientEmail: string
  state: DeliveryState
  createdAt: string
  /** Tries made so far. */
  attempts: number
  /** When it was sent or given up on; null while queued. */
  doneAt: string | null
  /** The last try's error, for the admin's mail health; null when none failed. */
  lastError: string | null
}

/**
 * What a user changed of their notification preferences; anything left null
 * or absent takes the default (./notification-preferences.ts).
 */
export interface PreferencesRow {
  email: string
  channels: Partial<Record<NotificationKind, ChannelChoice>>
  reminderLeads: ReminderLead[] | null
  timeZone: string | null
}

/** A browser's push subscription, bound to the user who saved it. */
export interface PushSubscriptionRow {
  endpoint: string
  email: string
  p256dh: string
  auth: string
  createdAt: string
}

/** An approved booking whose class starts soon, with what its reminder says. */
export type StartingBooking = BookingRow &
  Pick<SessionRow, 'title' | 'classStart'> & {
    /** The meeting that starts in the window (a course has one such booking entry per meeting). */
    meetingStart: string
  }
export type ReviewRow = Review
/** A note as stored: every row has a revision (1 when created, one more per write). */
export type NoteRow = Note & { revision: number }
/** A material as stored; `fileId` names its file and is never answered. */
export type MaterialRow = Material & { fileId?: string }

/** An uploaded file: its bytes, true type and name. The id is the file's capability. */
export interface StoredFile {
  _id: string
  materialId: string
  sessionId: string
  type: string
  name: string
  data: Blob | Uint8Array
}

export interface Paging {
  page: number
  limit: number
}

export interface Listed<T> {
  rows: T[]
  /** Set only for a paged answer. */
  total?: number
}

/** What an Idempotency-Key has seen: the first request's fingerprint and, once done, its answer. */
export interface IdempotencyRow {
  /** `${subject} ${method} ${path} ${key}` */
  id: string
  /** SHA-256 of the request body, so a key reused for another body is refused. */
  requestHash: string
  state: 'running' | 'done'
  status?: number
  body?: string
  headers?: Record<string, string>
  createdAt: string
}

/** Which uniqueness rule a write broke. */
export type UniqueRule =
  'user.email' | 'user.uid' | 'booking.student-session' | 'review.student-session' | 'note.id' | 'calendar-feed.token'

export class UniqueViolation extends Error {
  constructor(readonly rule: UniqueRule) {
    super(`unique violation: ${rule}`)
    this.name = 'UniqueViolation'
  }
}

/** A write named a row that no longer exists (a booking for a session deleted meanwhile). */
export class MissingReference extends Error {
  constructor(readonly what: string) {
    super(`missing reference: ${what}`)
    this.name = 'MissingReference'
  }
}

/**
 * A claim of an Idempotency-Key waited as long as a repeat may wait, and the
 * key is still held: its first run is still going, in another process.
 */
export class KeyStillRunning extends Error {
  constructor(readonly id: string) {
    super(`idempotency key still running: ${id}`)
    this.name = 'KeyStillRunning'
  }
}

/** The database could not be reached (down, restarting, closed): the request may be sent again later. */
export class DatabaseUnavailable extends Error {
  constructor(cause: unknown) {
    super(`database unavailable: ${cause instanceof Error ? cause.message : String(cause)}`, { cause })
    this.name = 'DatabaseUnavailable'
  }
}

/** A value broke a database check (a length or a range the validation should have caught first). */
export class CheckViolation extends Error {
  constructor(readonly constraint: string) {
    super(`check violation: ${constraint}`)
    this.name = 'CheckViolation'
  }
}

interface SessionFilter {
  status?: Status
  tutorEmail?: string
  /** Leaves out cancelled classes (every public list and search: an index range over those not cancelled). */
  notCancelled?: boolean
  /**
   * Words, filters and an order (#contract/session-search). Matched by that
   * module's rule on every store; one that asks for nothing (`narrows` false)
   * leaves the list newest first, as without it.
   */
  search?: SessionSearch
}

interface Counts {
  total: number
  pending: number
  approved: number
  rejected: number
}

/** What deleting a user takes with them (shown before an admin confirms). */
interface OwnedCounts {
  sessions: number
  bookings: number
  reviews: number
  notes: number
  materials: number
}

export interface Store {
  /**
   * Runs `work` with a store whose reads and writes all belong to one
   * transaction: committed together once `work` resolves, rolled back when it
   * throws or when the process dies first. A method that fails inside undoes
   * only its own writes, so a rule may catch a refusal and go on. Files a
   * delete takes leave the bucket only after the commit. Absent where a
   * transaction cannot last across a route's awaits (the demo's IndexedDB).
   */
  transaction?<T>(work: (store: Store) => Promise<T>): Promise<T>
  users: {
    get(id: string): Promise<UserRow | undefined>
    byEmail(email: string): Promise<UserRow | undefined>
    byUid(uid: string): Promise<UserRow | undefined>
    /** Throws UniqueViolation('user.email' | 'user.uid'). */
    insert(row: UserRow): Promise<void>
    update(id: string, patch: Partial<Pick<UserRow, 'name' | 'photo' | 'last_log_in'>>): Promise<void>
    /**
     * Changes the role unless the user is an admin; false when nothing changed.
     * A change moves the credential generation (see `endSessions`) in the same transaction.
     */
    setRole(id: string, role: Exclude<Role, 'admin'>): Promise<boolean>
    /**
     * Binds a verified identity's uid to the record and marks its email verified,
     * while the record is still bound to `expected` (null: to nobody) and not yet
     * verified; answers the record as bound, or undefined when it changed
     * meanwhile. Binding another identity than `expected` moves the credential
     * generation in the same transaction: nothing the old binding was given
     * outlives it. Throws UniqueViolation('user.uid').
     */
    bindVerified(id: string, uid: string, expected: string | null): Promise<UserRow | undefined>
    /**
     * Signs the user out of every device: moves the credential generation (their
     * app tokens stop working; their calendar feed and push subscriptions are
     * deleted) and sets `signedOutAt`, in one transaction; false when there is no such user.
     */
    endSessions(id: string, at: string): Promise<boolean>
    /** Name or email containing `search` (case-insensitive), newest first. */
    list(search: string | undefined, paging: Paging | null): Promise<Listed<UserRow>>
    count(): Promise<number>
    /** The emails of every admin (who is told of work waiting for review). */
    adminEmails(): Promise<string[]>
    owned(email: string): Promise<OwnedCounts>
    /** Deletes the user and everything only they own (see docs/rules/deleting.md), in one transaction. */
    deleteWithOwned(user: UserRow): Promise<void>
  }
  sessions: {
    get(id: string): Promise<SessionRow | undefined>
    getMany(ids: readonly string[]): Promise<Map<string, SessionRow>>
    list(filter: SessionFilter, paging: Paging | null): Promise<Listed<SessionRow>>
    /** With `notices`, writes them in the same transaction. */
    insert(row: SessionRow, notices?: readonly NotificationRow[]): Promise<void>
    /** Compare-and-set on `expected` status; true when the row changed, and only then are `notices` written, in the same transaction. */
    update(
      id: string,
      patch: Partial<Omit<SessionRow, '_id'>>,
      expected: Status,
      notices?: readonly NotificationRow[],
    ): Promise<boolean>
    /**
     * Deletes the sessions with their bookings, reviews, materials and files, in one transaction.
     * With `unlessLiveBookings`, deletes nothing and answers false when one of them has a pending,
     * approved or waitlisted booking (checked under the sessions' row locks, so none is added meanwhile).
     */
    deleteWithOwned(ids: readonly string[], options?: { unlessLiveBookings?: boolean }): Promise<boolean>
    counts(): Promise<Counts>
    idsOfTutor(email: string): Promise<string[]>
  }
  bookings: {
    get(id: string): Promise<BookingRow | undefined>
    /** The student's booking of the session that is not cancelled (at most one: the database's rule). */
    of(studentEmail: string, sessionId: string): Promise<BookingRow | undefined>
    list(status: BookingStatus | undefined, paging: Paging | null): Promise<Listed<BookingRow>>
    ofStudent(email: string): Promise<BookingRow[]>
    ofTutor(email: string): Promise<BookingRow[]>
    ofSession(sessionId: string): Promise<BookingRow[]>
    /** Approved bookings with a meeting that starts after `from` and at or before `to` (ISO times): one entry per meeting. */
    startingBetween(from: string, to: string): Promise<StartingBooking[]>
    /** Throws UniqueViolation('booking.student-session'). */
    insert(row: BookingRow): Promise<void>
    /** Compare-and-set on `expected` status. Throws UniqueViolation on a clash with another booking. */
    update(id: string, patch: BookingPatch, expected: BookingStatus): Promise<boolean>
    /** Deletes only while the booking has the `expected` status. */
    delete(id: string, expected: BookingStatus): Promise<boolean>
    /** Bookings that are not cancelled. */
    countOfStudent(email: string): Promise<number>
    /** Runs `work` in one transaction holding the session's row lock (see SeatLedger). */
    withSeats<T>(sessionId: string, work: (ledger: SeatLedger) => Promise<T>): Promise<T>
    /** Seats held (pending or approved bookings) per session. */
    seatsTaken(sessionIds: readonly string[]): Promise<Map<string, number>>
    /** The ids of the session's waitlisted bookings, first in line first. */
    waitlist(sessionId: string): Promise<string[]>
  }
  /**
   * Each student's secret calendar feed address (the token is the capability).
   * A feed lives only as long as the credential generation it was made under.
   */
  calendarFeeds: {
    tokenOf(email: string): Promise<string | undefined>
    emailOf(token: string): Promise<string | undefined>
    /**
     * Sets the student's token, replacing any older one, while their credential
     * generation is still `generation` (checked under the user's row lock);
     * false when it has moved on, and nothing is written.
     */
    replace(email: string, token: string, createdAt: string, generation: number): Promise<boolean>
    remove(email: string): Promise<boolean>
  }
  reviews: {
    get(id: string): Promise<ReviewRow | undefined>
    of(studentEmail: string, sessionId: string): Promise<ReviewRow | undefined>
    ofSession(sessionId: string): Promise<ReviewRow[]>
    /** Sum and count of ratings per session (a missing rating counts as 0). */
    ratings(sessionIds: readonly string[]): Promise<Map<string, { sum: number; count: number }>>
    list(paging: Paging | null): Promise<Listed<ReviewRow>>
    /** Throws UniqueViolation('review.student-session'). */
    insert(row: ReviewRow): Promise<void>
    delete(id: string): Promise<boolean>
    countOfStudent(email: string): Promise<number>
  }
  notes: {
    get(id: string): Promise<NoteRow | undefined>
    ofOwner(email: string): Promise<NoteRow[]>
    /** Throws UniqueViolation('note.id') when the id exists. */
    insert(row: NoteRow): Promise<void>
    /**
     * Writes the note and adds one to its revision, only while the revision is
     * still `expected` (any revision when undefined), in one step (compare-and-set);
     * answers the note as written, or undefined when nothing was written.
     */
    update(
      id: string,
      patch: Pick<NoteRow, 'title' | 'description' | 'updatedAt'>,
      expected?: number,
    ): Promise<NoteRow | undefined>
    /** Deletes the note while its revision is still `expected` (any when undefined), in one step. */
    delete(id: string, expected?: number): Promise<boolean>
  }
  materials: {
    get(id: string): Promise<MaterialRow | undefined>
    list(paging: Paging | null): Promise<Listed<MaterialRow>>
    byStatus(status: Status): Promise<MaterialRow[]>
    ofTutor(email: string): Promise<MaterialRow[]>
    ofSessions(sessionIds: readonly string[]): Promise<MaterialRow[]>
    /** The material and its file (none for a link-only material), and `notices`, in one transaction. */
    insertWithFile(row: MaterialRow, file: StoredFile | null, notices?: readonly NotificationRow[]): Promise<void>
    /** Compare-and-set on `expected` status; `notices` are written only with the change, in its transaction. */
    setStatus(id: string, status: Status, expected: Status, notices?: readonly NotificationRow[]): Promise<boolean>
    /** The material and its file, in one transaction. */
    deleteWithFile(id: string): Promise<boolean>
    count(): Promise<number>
    countOfTutor(email: string): Promise<number>
  }
  files: {
    get(id: string): Promise<StoredFile | undefined>
  }
  /** Each user's inbox. Rows are written with the change they report (the `notices` above, SeatLedger.notify). */
  notifications: {
    get(id: string): Promise<NotificationRow | undefined>
    /** The recipient's notifications, newest first. */
    ofRecipient(email: string, paging: Paging | null): Promise<Listed<NotificationRow>>
    /** How many of the recipient's are unread (an index count). */
    unread(email: string): Promise<number>
    /** Marks it read (a second time keeps the first time); false when it is gone. */
    markRead(id: string, at: string): Promise<boolean>
    /** Marks every unread one of the recipient read; answers how many. */
    markAllRead(email: string, at: string): Promise<number>
    /**
     * Inserts each row unless a row of its booking, kind and reminder lead is
     * there already (a reminder: once per booking and lead, whichever process
     * tries, the database's rule), with its deliveries as the notices path
     * writes them; answers the rows it inserted.
     */
    insertOnce(rows: readonly NotificationRow[]): Promise<NotificationRow[]>
  }
  /** What each user is told of, and how: only what they changed (the rules fill in the rest). */
  preferences: {
    get(email: string): Promise<PreferencesRow | undefined>
    /** The rows of these users that have one. */
    ofUsers(emails: readonly string[]): Promise<Map<string, PreferencesRow>>
    /** Creates or replaces the user's row. */
    save(row: PreferencesRow): Promise<void>
  }
  /**
   * Notifications' deliveries by push and email. Rows are written with their
   * notification (each store's notices path calls plannedDeliveries of
   * ./deliveries.ts in the same transaction); the host's queue works them.
   */
  deliveries: {
    /** The deliveries of these notifications, by notification id (none: absent). */
    ofNotifications(ids: readonly string[]): Promise<Map<string, DeliveryRow[]>>
    /** Email deliveries done since `since` (ISO time): how many sent and failed, and the last error. */
    mailSince(
      since: string,
    ): Promise<{ sent: number; failed: number; lastError: string | null; lastErrorAt: string | null }>
  }
  /**
   * Browsers that receive a user's notifications as Web Push. A subscription
   * lives only as long as the credential generation it was saved under.
   */
  pushSubscriptions: {
    /**
     * Binds the endpoint to this user (and so to no one else any more), while
     * their credential generation is still `generation` (checked under the user's
     * row lock); false when it has moved on, and nothing is written. In the same
     * transaction, the user's oldest subscriptions (by createdAt, then endpoint)
     * go until they have at most `max`, this one kept.
     */
    save(row: PushSubscriptionRow, generation: number, max: number): Promise<boolean>
    /** Forgets the endpoint if it is bound to `email` (any user when undefined); whether it was there. */
    remove(endpoint: string, email?: string): Promise<boolean>
    ofUsers(emails: readonly string[]): Promise<PushSubscriptionRow[]>
  }
  idempotency: {
    /**
     * Claims a key for a first run: inserts a `running` row and answers null,
     * or answers the row that is already there (running or done). Atomic: of
     * two claims of one id at once, exactly one gets null. In a transaction, a
     * claim another transaction has made and not yet committed is waited for
     * (a first run still going); past CLAIM_WAIT_MS it throws KeyStillRunning.
     */
    claim(row: IdempotencyRow): Promise<IdempotencyRow | null>
    get(id: string): Promise<IdempotencyRow | undefined>
    /** Stores the first answer of a claimed key. */
    complete(id: string, answer: Required<Pick<IdempotencyRow, 'status' | 'body' | 'headers'>>): Promise<void>
    /** Forgets a running claim (its run failed, or was left behind), so the key may be claimed again (a done row stays). */
    release(id: string): Promise<void>
    /** Deletes keys created before `before` (ISO time); answers how many. */
    expire(before: string): Promise<number>
  }
  meta: {
    /** The secret that signs app tokens: created once, the same for every process on this database. */
    tokenSecret(): Promise<string>
  }
}
