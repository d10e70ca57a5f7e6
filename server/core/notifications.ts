// Who is told what, once for both servers (docs/rules/notifications.md). Each
// event's notifications are written by the store in the same transaction as
// the change they report (a `notices` argument, or SeatLedger.notify), so an
// inbox never tells of a change that did not commit, and every committed change
// is told. Only after the commit are they handed to the host (`deps.announce`):
// the API server sends them as Web Push, the demo server shows them as system
// notifications. Nothing slow or fallible ever runs inside a transaction.
import type { NotificationKind, ReminderLead } from '#contract/entities'
import type { ApiDeps } from './api-deps'
import { newId } from './ids'
import { resolvePreferences } from './notification-preferences'
import { formatZoned } from './zoned-time'
import type { BookingRow, MaterialRow, NotificationRow, SeatLedger, SessionRow, StartingBooking, Store } from './store'

/** How long before a class each reminder lead is. */
const REMINDER_LEAD_MS: Record<ReminderLead, number> = { '1h': 3_600_000, '1d': 24 * 3_600_000 }

/** The app's screens a notification opens (src/app/router.tsx); a student's booking is shown by its session's id. */
const appLinks = {
  booking: (booking: BookingRow) => `/dashboard/student/bookings/${booking.sessionId}`,
  bookingMaterials: (booking: BookingRow) => `/dashboard/student/bookings/${booking.sessionId}/materials`,
  tutorSessions: '/dashboard/my-sessions',
  tutorMaterials: '/dashboard/my-material',
  reviewSessions: '/dashboard/manage-sessions',
  reviewMaterials: '/dashboard/manage-materials',
} as const

interface Notice {
  to: string
  kind: NotificationKind
  title: string
  body: string
  link: string
  bookingId?: string
}

function rows(now: Date, notices: readonly Notice[]): NotificationRow[] {
  const createdAt = now.toISOString()
  return notices.map(({ to, ...notice }) => ({ _id: newId(), recipientEmail: to, createdAt, readAt: null, ...notice }))
}

const quoted = (title: string) => `“${title}”`

/** A booking's status decided by an admin: told to its student. */
export function bookingDecided(now: Date, booking: BookingRow, title: string, status: 'approved' | 'rejected') {
  const approved = status === 'approved'
  return rows(now, [
    {
      to: booking.studentEmail,
      kind: approved ? 'booking-approved' : 'booking-rejected',
      title: approved ? 'Booking approved' : 'Booking rejected',
      body: `Your booking of ${quoted(title)} was ${status}.`,
      link: appLinks.booking(booking),
      bookingId: booking._id,
    },
  ])
}

/** A waitlisted booking that got a seat. */
export function bookingPromoted(now: Date, booking: BookingRow, title: string) {
  return rows(now, [
    {
      to: booking.studentEmail,
      kind: 'booking-promoted',
      title: 'You have a seat',
      body: `A seat in ${quoted(title)} came free: your booking left the waiting list and waits for approval.`,
      link: appLinks.booking(booking),
      bookingId: booking._id,
    },
  ])
}

/**
 * A cancelled booking, told to its student: always when someone else (an
 * admin) cancelled it; when the student did, only for an approved booking,
 * whose invite is in their calendar and must be taken out (the mail's CANCEL).
 * A student is not told they withdrew a request that never was a class.
 */
export function bookingCancelled(now: Date, booking: BookingRow, title: string, by: string) {
  const own = by === booking.studentEmail
  if (own && booking.status !== 'approved') return []
  return rows(now, [
    {
      to: booking.studentEmail,
      kind: 'booking-cancelled',
      title: 'Booking cancelled',
      body: own
        ? `You cancelled your booking of ${quoted(title)}.`
        : `An admin cancelled your booking of ${quoted(title)}.`,
      link: appLinks.booking(booking),
      bookingId: booking._id,
    },
  ])
}

/** A new booking of a tutor's session (a seat or a place in line). */
export function bookingNew(now: Date, booking: BookingRow, title: string) {
  const waiting = booking.status === 'waitlisted'
  return rows(now, [
    {
      to: booking.tutorEmail,
      kind: 'booking-new',
      title: 'New booking',
      body: `${booking.studentEmail} booked ${quoted(title)}${waiting ? ' (waiting list)' : ''}.`,
      link: appLinks.tutorSessions,
      bookingId: booking._id,
    },
  ])
}

/** Bookings whose students hear of their session: every one not cancelled or rejected. */
const live = (bookings: readonly BookingRow[]) =>
  bookings.filter((b) => b.status !== 'cancelled' && b.status !== 'rejected')

/** An admin changed a session: told to each of its booked students. */
export function sessionChanged(now: Date, session: SessionRow, bookings: readonly BookingRow[]) {
  return rows(
    now,
    live(bookings).map((b) => ({
      to: b.studentEmail,
      kind: 'session-changed' as const,
      title: 'Session changed',
      body: `${quoted(session.title)}, which you booked, was changed by an admin.`,
      link: appLinks.booking(b),
      bookingId: b._id,
    })),
  )
}

/** Each recipient's time zone, as their preferences say (absent: the default zone). */
export type ZoneOf = (email: string) => string

/**
 * The time zones of these users as their preferences say now. Read before a
 * change's transaction (a transaction reads nothing outside itself): a student
 * who books in between is written to in the default zone.
 */
export async function zonesOf(store: Store, emails: readonly string[]): Promise<ZoneOf> {
  const preferences = await store.preferences.ofUsers([...new Set(emails)])
  return (email) => resolvePreferences(preferences.get(email)).timeZone
}

/**
 * The tutor or an admin moved a class (its times or place): told to each
 * student with a live booking, with the new and the old time in their zone.
 * `before` is the session as it was.
 */
export function sessionMoved(
  now: Date,
  before: SessionRow,
  after: SessionRow,
  bookings: readonly BookingRow[],
  zoneOf: ZoneOf,
) {
  const timesMoved = before.classStart !== after.classStart || before.classEnd !== after.classEnd
  const place = after.location ? ` It meets at ${after.location}.` : ''
  return rows(
    now,
    live(bookings).map((b) => {
      const zone = zoneOf(b.studentEmail)
      const when = timesMoved
        ? `now starts ${formatZoned(after.classStart, zone)} (was ${formatZoned(before.classStart, zone)}).`
        : `has a new place or link; it still starts ${formatZoned(after.classStart, zone)}.`
      return {
        to: b.studentEmail,
        kind: 'session-moved' as const,
        title: 'Class moved',
        body: `${quoted(after.title)}, which you booked, ${when}${place}`,
        link: appLinks.booking(b),
        bookingId: b._id,
      }
    }),
  )
}

/** The tutor or an admin cancelled a class: told to each student whose booking it cancelled, with the reason. */
export function sessionCancelled(now: Date, session: SessionRow, bookings: readonly BookingRow[], zoneOf: ZoneOf) {
  return rows(
    now,
    bookings.map((b) => ({
      to: b.studentEmail,
      kind: 'session-cancelled' as const,
      title: 'Class cancelled',
      body: `${quoted(session.title)} on ${formatZoned(session.classStart, zoneOf(b.studentEmail))} was cancelled: ${session.cancelReason ?? ''}`.trim(),
      link: appLinks.booking(b),
      bookingId: b._id,
    })),
  )
}

/** A material approved: its students (approved bookings) may read it now. */
export function materialAdded(now: Date, material: MaterialRow, session: SessionRow, bookings: readonly BookingRow[]) {
  return rows(
    now,
    bookings
      .filter((b) => b.status === 'approved')
      .map((b) => ({
        to: b.studentEmail,
        kind: 'material-added' as const,
        title: 'New study material',
        body: `${quoted(material.title)} was added to ${quoted(session.title)}.`,
        link: appLinks.bookingMaterials(b),
        bookingId: b._id,
      })),
  )
}

/** A session's review decided: told to its tutor. */
export function sessionDecided(now: Date, session: SessionRow, status: 'approved' | 'rejected') {
  return rows(now, [
    {
      to: session.tutorEmail,
      kind: status === 'approved' ? 'session-approved' : 'session-rejected',
      title: status === 'approved' ? 'Session approved' : 'Session rejected',
      body: `Your session ${quoted(session.title)} was ${status}.`,
      link: appLinks.tutorSessions,
    },
  ])
}

/** A material's review decided: told to its tutor. */
export function materialDecided(now: Date, material: MaterialRow, status: 'approved' | 'rejected') {
  return rows(now, [
    {
      to: material.tutorEmail,
      kind: status === 'approved' ? 'material-approved' : 'material-rejected',
      title: status === 'approved' ? 'Material approved' : 'Material rejected',
      body: `Your material ${quoted(material.title)} was ${status}.`,
      link: appLinks.tutorMaterials,
    },
  ])
}

/** A session (new or resubmitted) waiting for review: told to every admin. */
export function sessionToReview(now: Date, session: SessionRow, admins: readonly string[]) {
  return rows(
    now,
    admins.map((to) => ({
      to,
      kind: 'session-review' as const,
      title: 'Session to review',
      body: `${session.tutorName} submitted ${quoted(session.title)}.`,
      link: appLinks.reviewSessions,
    })),
  )
}

/** A material waiting for review: told to every admin. */
export function materialToReview(now: Date, material: MaterialRow, admins: readonly string[]) {
  return rows(
    now,
    admins.map((to) => ({
      to,
      kind: 'material-review' as const,
      title: 'Material to review',
      body: `${material.tutorEmail} uploaded ${quoted(material.title)}.`,
      link: appLinks.reviewMaterials,
    })),
  )
}

/** The reminder of one approved booking whose class starts within its lead, written in the student's zone. */
function reminder(now: Date, booking: StartingBooking, lead: ReminderLead, timeZone: string) {
  return rows(now, [
    {
      to: booking.studentEmail,
      kind: 'class-reminder',
      title: lead === '1h' ? 'Class starts within the hour' : 'Class starts soon',
      body: `${quoted(booking.title)} starts ${formatZoned(booking.meetingStart, timeZone)}.`,
      link: appLinks.booking(booking),
      bookingId: booking._id,
    },
  ]).map((row) => ({ ...row, reminderLead: lead, meetingStart: booking.meetingStart }))
}

/** Hands committed notifications to the host (push, or a system notification). Never throws. */
export function announce(deps: ApiDeps, written: readonly NotificationRow[]): void {
  if (written.length === 0 || !deps.announce) return
  try {
    deps.announce(written)
  } catch (error) {
    ;(deps.reportError ?? console.error)(error)
  }
}

/**
 * A SeatLedger transaction whose notices are announced once it has committed
 * (and never when it threw: then nothing was written).
 */
export async function withSeatsAnnounced<T>(
  deps: ApiDeps,
  sessionId: string,
  work: (ledger: SeatLedger) => Promise<T>,
): Promise<T> {
  let written: NotificationRow[] = []
  const result = await deps.store.bookings.withSeats(sessionId, (ledger) => {
    // A transaction the database runs again starts its list again.
    written = []
    // Reads go through to the ledger itself, whose `session` changes with updateSession.
    const announcing: SeatLedger = Object.create(ledger) as SeatLedger
    announcing.notify = async (notices) => {
      await ledger.notify(notices)
      written.push(...notices)
    }
    return work(announcing)
  })
  announce(deps, written)
  return result
}

/**
 * Writes each approved booking's reminders that are due: for each lead its
 * student chose (1 hour, 1 day), once the class starts within that lead. Run
 * by the API server's scheduler in every process and by the demo server at
 * app start: the store writes each booking's reminder of each lead once,
 * whoever runs it. A booking made closer to its class than a longer lead gets
 * that reminder at once, unless a shorter lead the student chose also applies
 * (then only the shorter one: one mail, not two in a row).
 */
export async function remindClassesStartingSoon(deps: ApiDeps): Promise<NotificationRow[]> {
  const now = deps.now()
  const longest = Math.max(...Object.values(REMINDER_LEAD_MS))
  const starting = await deps.store.bookings.startingBetween(
    now.toISOString(),
    new Date(now.getTime() + longest).toISOString(),
  )
  if (starting.length === 0) return []
  const preferences = await deps.store.preferences.ofUsers([...new Set(starting.map((b) => b.studentEmail))])
  const due = starting.flatMap((booking) => {
    const { reminderLeads, timeZone } = resolvePreferences(preferences.get(booking.studentEmail))
    const left = new Date(booking.meetingStart).getTime() - now.getTime()
    const within = reminderLeads.filter((lead) => left <= REMINDER_LEAD_MS[lead])
    const shortest = within.sort((a, b) => REMINDER_LEAD_MS[a] - REMINDER_LEAD_MS[b])[0]
    return shortest ? reminder(now, booking, shortest, timeZone) : []
  })
  const written = await deps.store.notifications.insertOnce(due)
  announce(deps, written)
  return written
}
