// Small pieces every endpoint file uses to shape answers: paging, list
// headers, the computed fields of sessions and bookings, and the records
// stripped of what callers never see.
import type { AdminUser, Booking, Material, Session, User } from '#contract/entities'
import { TOTAL_COUNT_HEADER } from '#contract/routes'
import type { Answer } from '../pipeline'
import { meetingSummary } from '../schedule'
import type { BookingRow, Listed, MaterialRow, Paging, ReviewRow, SessionRow, Store, UserRow } from '../store'

const MAX_PAGE_SIZE = 500
const DEFAULT_PAGE_SIZE = 20

/**
 * Rows a page may start past. No list holds a billion rows, so a page that
 * would start further (page=100000000000000000000) starts here instead and is
 * as empty as it would have been, with the list's total; the stores' offsets
 * stay small enough for PostgreSQL's integers.
 */
const MAX_PAGE_START = 1_000_000_000

export function paging(query: { page?: string; limit?: string }): Paging | null {
  if (query.page === undefined && query.limit === undefined) return null
  const limit = Math.min(Number(query.limit ?? DEFAULT_PAGE_SIZE), MAX_PAGE_SIZE)
  const page = Math.min(Number(query.page ?? 1), Math.floor(MAX_PAGE_START / limit) + 1)
  return { page, limit }
}

export function listAnswer<T>({ rows, total }: Listed<T>): Answer {
  return { body: rows, headers: total === undefined ? {} : { [TOTAL_COUNT_HEADER]: String(total) } }
}

export const modified = (count: number): Answer => ({ body: { acknowledged: true, modifiedCount: count } })
export const deleted = (count: number): Answer => ({ body: { acknowledged: true, deletedCount: count } })
export const inserted = (id: string): Answer => ({ status: 201, body: { acknowledged: true, insertedId: id } })

export const isoNow = (now: Date) => now.toISOString()

/** A user as answered: the provider uid and the credential bookkeeping stay on the server. */
export function publicUser(row: UserRow): User {
  const {
    uid: _uid,
    emailVerified: _emailVerified,
    credentialGeneration: _generation,
    signedOutAt: _signedOutAt,
    ...user
  } = row
  return user
}

/**
 * A user as the admin's list answers it: also whether the provider vouched for
 * the bound identity's email (null: nobody has signed in to the record yet),
 * which decides whether it may be made a tutor. Only this admin answer says it:
 * it is no secret from its owner, but GET /users/{email} has no use for it, and
 * the public tutors list is built from sessions, never from user records.
 */
export function adminUser(row: UserRow): AdminUser {
  return { ...publicUser(row), emailVerified: row.uid ? row.emailVerified === true : null }
}

/** A material as answered: the file id travels only inside fileUrl. */
export function publicMaterial(row: MaterialRow): Material {
  const { fileId: _fileId, ...material } = row
  return material
}

/** Adds averageRating and reviewCount, computed from the reviews (a missing rating counts as 0). */
/** Each session's rating sum and review count, from its reviews (a missing rating counts as 0): store.reviews.ratings over rows in memory. */
export function sumRatings(reviews: Iterable<Pick<ReviewRow, 'sessionId' | 'rating'>>) {
  const sums = new Map<string, { sum: number; count: number }>()
  for (const review of reviews) {
    const entry = sums.get(review.sessionId) ?? { sum: 0, count: 0 }
    entry.sum += typeof review.rating === 'number' ? review.rating : 0
    entry.count += 1
    sums.set(review.sessionId, entry)
  }
  return sums
}

/** A session row's schedule as answered: the rule's own anchor stays behind (it is classStart's origin, not a field). */
const ruleStart = (row: Pick<SessionRow, 'classStart' | 'duration' | 'schedule' | 'scheduleStart'>) => ({
  classStart: row.scheduleStart ?? row.classStart,
  duration: row.duration,
  ...(row.schedule ? { schedule: row.schedule } : {}),
})

/** Adds averageRating, reviewCount, seatsLeft, and the meetings' count and next start at `now`. */
export async function withRatings(store: Store, rows: SessionRow[], now: Date): Promise<Session[]> {
  const limited = rows.filter((s) => s.seats !== undefined).map((s) => s._id)
  const [ratings, taken] = await Promise.all([
    store.reviews.ratings(rows.map((s) => s._id)),
    limited.length > 0 ? store.bookings.seatsTaken(limited) : new Map<string, number>(),
  ])
  // The calendar sequence is the server's own bookkeeping; the meeting link is
  // never in a list (GET /sessions/:id adds it for those who may join: withMeetingUrl).
  return rows.map((row) => {
    const { calendarSequence: _, meetingUrl: _link, scheduleStart: _anchor, ...s } = row
    const entry = ratings.get(s._id)
    const seats = s.seats === undefined ? {} : { seatsLeft: Math.max(0, s.seats - (taken.get(s._id) ?? 0)) }
    return {
      ...s,
      averageRating: entry && entry.count > 0 ? entry.sum / entry.count : 0,
      reviewCount: entry?.count ?? 0,
      ...seats,
      ...meetingSummary(ruleStart(row), now),
    }
  })
}

/**
 * A session as answered to this caller: with its meeting link only for its
 * tutor, an admin, or a student whose booking of it is approved (the link is
 * private: docs/rules/sessions.md). `approved` is looked up only when needed.
 */
export async function withMeetingUrl(
  answer: Session,
  row: SessionRow,
  who: { email: string; role: string | null } | null,
  approved: () => Promise<boolean>,
): Promise<Session> {
  if (!row.meetingUrl || !who) return answer
  const staff = who.role === 'admin' || who.email === row.tutorEmail
  return staff || (await approved()) ? { ...answer, meetingUrl: row.meetingUrl } : answer
}

/** A booking as answered: the fields of the contract only (a store's own bookkeeping stays behind). */
function publicBooking(row: BookingRow): Booking {
  const { _id, sessionId, studentEmail, tutorEmail, status, bookedAt, cancelledAt, cancelledBy, promotedAt } = row
  const { cancelReason } = row
  const optional = Object.entries({ cancelledAt, cancelledBy, promotedAt, cancelReason }).filter(
    ([, v]) => v !== undefined,
  )
  return { _id, sessionId, studentEmail, tutorEmail, status, bookedAt, ...Object.fromEntries(optional) }
}

/** Each waitlisted booking's place in its session's line, from 1. */
async function waitlistPositions(store: Store, rows: BookingRow[]): Promise<Map<string, number>> {
  const places = new Map<string, number>()
  const sessionIds = new Set(rows.filter((b) => b.status === 'waitlisted').map((b) => b.sessionId))
  for (const sessionId of sessionIds) {
    ;(await store.bookings.waitlist(sessionId)).forEach((id, i) => places.set(id, i + 1))
  }
  return places
}

/**
 * Adds the session's title, tutor, fee, dates, duration, place, deadline and
 * move, and whether it was cancelled, so a student's list needs no second
 * call; its meeting link only to an approved booking.
 */
export async function withSessionFields(store: Store, rows: BookingRow[], now: Date): Promise<Booking[]> {
  const [sessions, places] = await Promise.all([
    store.sessions.getMany(rows.map((b) => b.sessionId)),
    waitlistPositions(store, rows),
  ])
  return rows.map((row) => {
    const b = publicBooking(row)
    const place = places.get(b._id)
    if (place !== undefined) b.waitlistPosition = place
    const s = sessions.get(b.sessionId)
    if (!s) return b
    const { title, tutorName, registrationFee, registrationStart, registrationEnd, classStart, classEnd, duration } = s
    const { location, cancelDeadlineHours, movedFrom, movedAt, cancelledAt: sessionCancelledAt, schedule } = s
    const meetingUrl = b.status === 'approved' ? s.meetingUrl : undefined
    const optional = Object.entries({
      location,
      meetingUrl,
      cancelDeadlineHours,
      movedFrom,
      movedAt,
      sessionCancelledAt,
      schedule,
    }).filter(([, v]) => v !== undefined)
    return {
      ...b,
      title,
      tutorName,
      registrationFee,
      registrationStart,
      registrationEnd,
      classStart,
      classEnd,
      duration,
      ...Object.fromEntries(optional),
      ...meetingSummary(ruleStart(s), now),
    }
  })
}

/** The account's own name, which is what reviews and sessions show (never a name the client typed). */
export async function accountName(store: Store, userId: string | null, email: string): Promise<string> {
  const user = userId ? await store.users.get(userId) : await store.users.byEmail(email)
  return user?.name || email.split('@')[0]!
}
