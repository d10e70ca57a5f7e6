// Small pieces every endpoint file uses to shape answers: paging, list
// headers, the computed fields of sessions and bookings, and the records
// stripped of what callers never see.
import type { Booking, Material, Session, User } from '#contract/entities'
import { TOTAL_COUNT_HEADER } from '#contract/routes'
import type { Answer } from '../pipeline'
import type { BookingRow, Listed, MaterialRow, Paging, ReviewRow, SessionRow, Store, UserRow } from '../store'

const MAX_PAGE_SIZE = 500
const DEFAULT_PAGE_SIZE = 20

export function paging(query: { page?: string; limit?: string }): Paging | null {
  if (query.page === undefined && query.limit === undefined) return null
  return {
    page: Number(query.page ?? 1),
    limit: Math.min(Number(query.limit ?? DEFAULT_PAGE_SIZE), MAX_PAGE_SIZE),
  }
}

export function listAnswer<T>({ rows, total }: Listed<T>): Answer {
  return { body: rows, headers: total === undefined ? {} : { [TOTAL_COUNT_HEADER]: String(total) } }
}

export const modified = (count: number): Answer => ({ body: { acknowledged: true, modifiedCount: count } })
export const deleted = (count: number): Answer => ({ body: { acknowledged: true, deletedCount: count } })
export const inserted = (id: string): Answer => ({ status: 201, body: { acknowledged: true, insertedId: id } })

export const isoNow = (now: Date) => now.toISOString()

/** A user as answered: the provider uid stays on the server. */
export function publicUser(row: UserRow): User {
  const { uid: _uid, emailVerified: _emailVerified, ...user } = row
  return user
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

export async function withRatings(store: Store, rows: SessionRow[]): Promise<Session[]> {
  const ratings = await store.reviews.ratings(rows.map((s) => s._id))
  return rows.map((s) => {
    const entry = ratings.get(s._id)
    return {
      ...s,
      averageRating: entry && entry.count > 0 ? entry.sum / entry.count : 0,
      reviewCount: entry?.count ?? 0,
    }
  })
}

/** Adds the session's title, tutor, fee and dates, so a student's list needs no second call. */
export async function withSessionFields(store: Store, rows: BookingRow[]): Promise<Booking[]> {
  const sessions = await store.sessions.getMany(rows.map((b) => b.sessionId))
  return rows.map((b) => {
    const s = sessions.get(b.sessionId)
    if (!s) return b
    const { title, tutorName, registrationFee, registrationStart, registrationEnd, classStart, classEnd } = s
    return { ...b, title, tutorName, registrationFee, registrationStart, registrationEnd, classStart, classEnd }
  })
}

/** The account's own name, which is what reviews and sessions show (never a name the client typed). */
export async function accountName(store: Store, userId: string | null, email: string): Promise<string> {
  const user = userId ? await store.users.get(userId) : await store.users.byEmail(email)
  return user?.name || email.split('@')[0]!
}
