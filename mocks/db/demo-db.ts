// The demo server's storage: one IndexedDB database, separate from the app's
// own cache and outbox (src/shared/db), so resetting the demo never touches
// what the app keeps locally and the app never reads server tables directly.
//
// What lives where:
// - users, sessions, bookings, reviews, notes, materials: the REST records in
//   the contract's shapes (src/contract/entities.ts), minus computed fields
//   (a session's averageRating/reviewCount and a booking's session fields are
//   computed when answering).
// - files: uploaded material files as Blobs (bytes under fake-indexeddb, which
//   cannot clone jsdom's Blob), keyed by an unguessable id that
//   doubles as the read capability of /api/files/:id.
// - idempotency: each Idempotency-Key's claim, request fingerprint and first answer, per caller.
// - meta: the per-install HMAC secret that signs every token, and the seed version.
// - identities: the demo identity provider's accounts (the stand-in for
//   Firebase Auth); separate from `users`, whose records are bound to an
//   identity's uid at the first sign-in. idpCodes: its one-time codes (a
//   password reset's, an email verification's), kept as their hashes.
// - preferences, deliveries: what each user is told of and how, and each
//   notification's push and email deliveries (written with it).
// - mailbox: every mail the demo server "sent", as rendered: the Mailbox screen
//   reads it (docs/decisions/0081-demo-mailbox.md).
//
// Indexes cover what the lists filter and sort on, so a page out of 10,000
// rows is an indexed range, not a scan.
import Dexie, { type Table } from 'dexie'
import type { DemoMail } from '#contract/demo-identity'
import { storedMeetings } from '#core/schedule'
import type {
  BookingRow,
  DeliveryRow,
  IdempotencyRow,
  MaterialRow,
  NoteRow,
  NotificationRow,
  PreferencesRow,
  PushSubscriptionRow,
  ReviewRow,
  SessionRow,
  UserRow,
} from '#core/store'

export type { BookingRow, IdempotencyRow, MaterialRow, ReviewRow, SessionRow, UserRow }

const DEMO_DB_NAME = 'studyhub-demo-server'

export interface FileRow {
  _id: string
  /** A Blob in a browser's IndexedDB; bytes where Blobs do not survive (fake-indexeddb under jsdom). */
  data: Blob | ArrayBuffer
  type: string
  name: string
  materialId: string
  sessionId: string
}

/**
 * A session as the demo keeps it: `listedStatus` is its status while its class
 * is not cancelled (absent once it is), so the public lists, which leave
 * cancelled classes out, are an index range as the others are.
 */
export type DemoSessionRow = SessionRow & { listedStatus?: SessionRow['status']; meetingStarts?: string[] }

const listedStatusOf = (s: Pick<SessionRow, 'status' | 'cancelledAt'>) => (s.cancelledAt ? undefined : s.status)

/**
 * Its meetings' starts (a multi-entry index, as session_meetings is
 * PostgreSQL's): a search's from/to and the reminders find a course's meeting, not its span.
 */
export const meetingStartsOf = (s: SessionRow) =>
  storedMeetings({ ...s, classStart: s.scheduleStart ?? s.classStart }).flatMap((m) => {
    const at = new Date(m.start)
    return Number.isNaN(at.getTime()) ? [] : [at.toISOString()]
  })

/** A session as the port has it, without the demo's index key. */
export function portSession(row: DemoSessionRow): SessionRow
export function portSession(row: DemoSessionRow | undefined): SessionRow | undefined
export function portSession(row: DemoSessionRow | undefined): SessionRow | undefined {
  if (!row) return undefined
  const { listedStatus: _key, meetingStarts: _starts, ...session } = row
  return session
}

/** A booking as the demo keeps it: `activeKey` makes "one active booking per student and session" a unique index. */
export type DemoBookingRow = BookingRow & { activeKey?: string }

export interface CalendarFeedRow {
  email: string
  token: string
  createdAt: string
}

/**
 * IndexedDB has no partial unique index: a booking that is not cancelled
 * carries this key, and a unique index over it skips rows without one.
 */
export const activeKeyOf = (b: Pick<BookingRow, 'status' | 'studentEmail' | 'sessionId'>): string | undefined =>
  b.status === 'cancelled' ? undefined : `${b.studentEmail}\n${b.sessionId}`

export interface MetaRow {
  /** `deviceUser`: who is signed in on this device, whose notifications the worker shows. */
  key: 'secret' | 'seed' | 'deviceUser'
  value: unknown
}

export interface IdentityRow {
  uid: string
  email: string
  provider: 'password' | 'google'
  /** base64 PBKDF2-SHA-256 hash and salt; absent for Google identities. */
  passwordHash?: string
  salt?: string
  iterations?: number
  displayName: string | null
  photoURL: string | null
  /** Seeded accounts and Google accounts are verified; a password sign-up is not. */
  emailVerified?: boolean
  /** Set by the provider's admin: the identity's tokens prove nothing any more. */
  disabled?: boolean
  createdAt: string
}

/**
 * A notification as kept: `onceKey` (booking, kind and lead, on reminders
 * only) makes "one reminder per booking and lead" a unique index, as in PostgreSQL.
 */
export type DemoNotificationRow = NotificationRow & { onceKey?: string }

const onceKeyOf = (n: Pick<NotificationRow, 'kind' | 'bookingId' | 'reminderLead' | 'meetingStart'>) =>
  n.kind === 'class-reminder' && n.bookingId
    ? `${n.bookingId}\n${n.kind}\n${n.reminderLead ?? ''}\n${n.meetingStart ?? ''}`
    : undefined

/** A one-time code of the demo identity provider: what it lets its holder do, and until when. */
export interface IdpCodeRow {
  /** base64url SHA-256 of the code: the mailbox has the code, this table only its hash. */
  hash: string
  uid: string
  purpose: 'password-reset' | 'verify-email'
  expiresAt: string
}

/** A mail as the demo mailbox keeps it, and the notification it tells of (none: the identity provider's). */
export type MailRow = DemoMail & { notificationId?: string }

/** A note as kept: one written by a demo build from before revisions has none (it is at its first). */
export type DemoNoteRow = Omit<NoteRow, 'revision'> & { revision?: number }

export class DemoDb extends Dexie {
  users!: Table<UserRow, string>
  sessions!: Table<DemoSessionRow, string>
  bookings!: Table<DemoBookingRow, string>
  reviews!: Table<ReviewRow, string>
  notes!: Table<DemoNoteRow, string>
  materials!: Table<MaterialRow, string>
  files!: Table<FileRow, string>
  idempotency!: Table<IdempotencyRow, string>
  meta!: Table<MetaRow, string>
  identities!: Table<IdentityRow, string>
  calendarFeeds!: Table<CalendarFeedRow, string>
  notifications!: Table<DemoNotificationRow, string>
  pushSubscriptions!: Table<PushSubscriptionRow, string>
  preferences!: Table<PreferencesRow, string>
  deliveries!: Table<DeliveryRow, [string, string]>
  mailbox!: Table<MailRow, string>
  idpCodes!: Table<IdpCodeRow, string>

  constructor(name = DEMO_DB_NAME) {
    super(name)
    this.version(1).stores({
      users: '_id, &email, role, created_at',
      sessions: '_id, status, tutorEmail, createdAt, [status+createdAt], [tutorEmail+createdAt]',
      bookings:
        '_id, sessionId, studentEmail, tutorEmail, status, bookedAt, [status+bookedAt], [studentEmail+sessionId]',
      reviews: '_id, sessionId, studentEmail, createdAt, [sessionId+studentEmail]',
      notes: '_id, email, createdAt',
      materials: '_id, sessionId, tutorEmail, status, createdAt, [status+createdAt]',
      files: '_id, materialId, sessionId',
      idempotency: 'id, createdAt',
      meta: 'key',
      identities: 'uid, &email',
    })
    // One booking and one review per student and session became the
    // database's rule (unique indexes). Version 2 drops the old indexes and
    // removes any duplicates an older demo server let in; version 3 adds the
    // unique ones, which a duplicate would make fail.
    this.version(2)
      .stores({
        users: '_id, &email, role, created_at, &uid',
        bookings: '_id, sessionId, studentEmail, tutorEmail, status, bookedAt, [status+bookedAt]',
        reviews: '_id, sessionId, studentEmail, createdAt',
      })
      .upgrade(async (tx) => {
        for (const [table, key] of [
          ['bookings', (b: BookingRow) => `${b.studentEmail} ${b.sessionId}`],
          ['reviews', (r: ReviewRow) => `${r.studentEmail} ${r.sessionId}`],
        ] as const) {
          const seen = new Set<string>()
          const extra: string[] = []
          await tx
            .table(table)
            .orderBy(':id')
            .each((row: BookingRow & ReviewRow) => {
              const k = (key as (r: BookingRow & ReviewRow) => string)(row)
              if (seen.has(k)) extra.push(row._id)
              else seen.add(k)
            })
          await tx.table(table).bulkDelete(extra)
        }
      })
    this.version(3).stores({
      bookings:
        '_id, sessionId, studentEmail, tutorEmail, status, bookedAt, [status+bookedAt], &[studentEmail+sessionId]',
      reviews: '_id, sessionId, studentEmail, createdAt, &[sessionId+studentEmail]',
    })
    // Cancelled bookings are kept beside a new one: uniqueness moves to activeKey.
    this.version(4)
      .stores({
        bookings:
          '_id, sessionId, studentEmail, tutorEmail, status, bookedAt, [status+bookedAt], [studentEmail+sessionId], &activeKey, [sessionId+status]',
        calendarFeeds: 'email, &token',
      })
      .upgrade((tx) =>
        tx
          .table('bookings')
          .toCollection()
          .modify((b: DemoBookingRow) => {
            b.activeKey = activeKeyOf(b)
          }),
      )
    this.version(5).stores({
      notifications: '_id, [recipientEmail+createdAt], &onceKey, bookingId',
      pushSubscriptions: 'endpoint, email',
    })
    // Reminders per lead: a reminder written before had the one lead there was (a day).
    this.version(6)
      .stores({
        preferences: 'email',
        deliveries: '[notificationId+channel], notificationId, recipientEmail, state, doneAt',
        mailbox: 'id, [to+createdAt], createdAt',
        idpCodes: 'hash, uid',
      })
      .upgrade((tx) =>
        tx
          .table('notifications')
          .filter((n: DemoNotificationRow) => n.kind === 'class-reminder')
          .modify((n: DemoNotificationRow) => {
            n.reminderLead ??= '1d'
            n.onceKey = onceKeyOf(n)
          }),
      )
    // Cancelled classes leave the public lists: those lists read [listedStatus+createdAt].
    this.version(7)
      .stores({
        sessions:
          '_id, status, tutorEmail, createdAt, [status+createdAt], [tutorEmail+createdAt], [listedStatus+createdAt]',
      })
      .upgrade((tx) =>
        tx
          .table('sessions')
          .toCollection()
          .modify((s: DemoSessionRow) => {
            s.listedStatus = listedStatusOf(s)
          }),
      )
    // Courses: each session's meetings' starts; a reminder is of one meeting (one per booking, lead and meeting).
    this.version(8)
      .stores({
        sessions:
          '_id, status, tutorEmail, createdAt, [status+createdAt], [tutorEmail+createdAt], [listedStatus+createdAt], *meetingStarts',
      })
      .upgrade(async (tx) => {
        const starts = new Map<string, string>()
        await tx
          .table('sessions')
          .toCollection()
          .modify((s: DemoSessionRow) => {
            s.meetingStarts = meetingStartsOf(s)
            starts.set(s._id, s.classStart)
          })
        const sessionOf = new Map<string, string>()
        await tx.table('bookings').each((b: BookingRow) => sessionOf.set(b._id, b.sessionId))
        await tx
          .table('notifications')
          .filter((n: DemoNotificationRow) => n.kind === 'class-reminder' && !n.meetingStart)
          .modify((n: DemoNotificationRow) => {
            const start = starts.get(sessionOf.get(n.bookingId ?? '') ?? '')
            if (start) n.meetingStart = start
            n.onceKey = onceKeyOf(n)
          })
      })
    this.sessions.hook('creating', (_key, row) => {
      row.listedStatus = listedStatusOf(row)
      row.meetingStarts = meetingStartsOf(row)
    })
    this.sessions.hook('updating', (mods, _key, row) => {
      const next = { ...row, ...(mods as Partial<SessionRow>) }
      return { listedStatus: listedStatusOf(next), meetingStarts: meetingStartsOf(next) }
    })
    this.notifications.hook('creating', (_key, row) => {
      row.onceKey = onceKeyOf(row)
    })
    this.bookings.hook('creating', (_key, row) => {
      row.activeKey = activeKeyOf(row)
    })
    this.bookings.hook('updating', (mods, _key, row) => ({
      activeKey: activeKeyOf({ ...row, ...(mods as Partial<BookingRow>) }),
    }))
  }

  /** Every table the server's records live in (all but meta, which survives a reset). */
  get dataTables() {
    return [
      this.users,
      this.sessions,
      this.bookings,
      this.reviews,
      this.notes,
      this.materials,
      this.files,
      this.idempotency,
      this.identities,
      this.calendarFeeds,
      this.notifications,
      this.pushSubscriptions,
      this.preferences,
      this.deliveries,
      this.mailbox,
      this.idpCodes,
    ]
  }

  /**
   * What writing an event's notices touches: the notifications, their
   * deliveries, and what plans them (preferences, and the device's user in
   * meta). Every transaction that writes notices includes these.
   */
  get noticeTables() {
    return [this.notifications, this.deliveries, this.preferences, this.meta]
  }
}

let instance: DemoDb | null = null

/** The one demo database of this context (worker, test file or bench). */
export function demoDb(): DemoDb {
  instance ??= new DemoDb()
  return instance
}

// Real IndexedDB stores Blobs natively; fake-indexeddb in tests turns a jsdom
// Blob into {}, so there the bytes are stored instead.
const storesBlobs = typeof IDBFactory !== 'undefined' && IDBFactory.name === 'IDBFactory'

/** A file's bytes as this context's IndexedDB can store them (a copy, never the caller's buffer). */
export function toStoredFile(data: Blob | Uint8Array, type?: string): Blob | ArrayBuffer {
  if (data instanceof Blob) return data
  const copy = new Uint8Array(data).buffer
  return storesBlobs ? new Blob([copy], type ? { type } : {}) : copy
}
