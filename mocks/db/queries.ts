// The demo server's list queries over mocks/db/demo-db.ts: each list is an
// indexed range in the order it is answered (newest first), so one page of
// 10,000 rows reads only that page, and the total is an index count.
import Dexie, { type Collection, type IndexableType, type Table } from 'dexie'
import type { BookingStatus, Status } from '#contract/entities'
import { compareSessions, narrows, sessionMatcher, type SessionSearch } from '#contract/session-search'
import { sumRatings } from '#core/endpoints/answers'
import type { Listed, Paging, StartingBooking } from '#core/store'
import {
  activeKeyOf,
  portSession,
  type DemoBookingRow,
  type DemoDb,
  type DemoSessionRow,
  type MaterialRow,
  type ReviewRow,
  type SessionRow,
  type UserRow,
} from './demo-db'

async function take<T>(
  collection: Collection<T, IndexableType>,
  paging: Paging | null,
  total: () => Promise<number>,
): Promise<Listed<T>> {
  if (!paging) return { rows: await collection.toArray() }
  const [rows, count] = await Promise.all([
    collection
      .clone()
      .offset((paging.page - 1) * paging.limit)
      .limit(paging.limit)
      .toArray(),
    total(),
  ])
  return { rows, total: count }
}

/**
 * Newest first over an ascending index range. A page reads the range's primary
 * keys only (one index read, no records), takes its slice from the end and
 * fetches just those records: a cursor offset into a long range is slow, and
 * a reverse cursor loses IndexedDB's getAll fast path.
 */
async function newestFirst<T>(
  table: Table<T, string>,
  ascending: Collection<T, IndexableType>,
  paging: Paging | null,
): Promise<Listed<T>> {
  if (!paging) return { rows: (await ascending.toArray()).reverse() }
  const keys = (await ascending.primaryKeys()) as string[]
  const end = keys.length - (paging.page - 1) * paging.limit
  const pageKeys = end > 0 ? keys.slice(Math.max(0, end - paging.limit), end).reverse() : []
  const rows = await table.bulkGet(pageKeys)
  return { rows: rows.filter((row): row is NonNullable<typeof row> => row !== undefined) as T[], total: keys.length }
}

const range = (prefix: string) => [[prefix, Dexie.minKey] as const, [prefix, Dexie.maxKey] as const] as const

/**
 * A search (#contract/session-search): the status's (or tutor's) rows,
 * filtered and sorted in memory by the contract's one rule. The demo server
 * holds the seed and what one browser adds, so a scan is cheap, and no index
 * of Dexie could match word prefixes in any order anyway.
 */
async function searchSessions(
  db: DemoDb,
  rows: DemoSessionRow[],
  search: SessionSearch,
  paging: Paging | null,
): Promise<Listed<DemoSessionRow>> {
  const found = rows.filter(sessionMatcher(search))
  const ratings =
    search.sort === 'rating'
      ? sumRatings(
          await reviewsOfSessions(
            db,
            found.map((s) => s._id),
          ),
        )
      : new Map()
  const ratingOf = (s: DemoSessionRow) => {
    const entry = ratings.get(s._id)
    return entry && entry.count > 0 ? entry.sum / entry.count : 0
  }
  found.sort(compareSessions(search.sort, ratingOf))
  if (!paging) return { rows: found }
  const start = (paging.page - 1) * paging.limit
  return { rows: found.slice(start, start + paging.limit), total: found.length }
}

export async function listSessions(
  db: DemoDb,
  filter: { status?: Status; tutorEmail?: string; search?: SessionSearch; notCancelled?: boolean },
  paging: Paging | null,
): Promise<Listed<SessionRow>> {
  const listed = await listDemoSessions(db, filter, paging)
  return { ...listed, rows: listed.rows.map((row) => portSession(row)) }
}

function listDemoSessions(
  db: DemoDb,
  filter: { status?: Status; tutorEmail?: string; search?: SessionSearch; notCancelled?: boolean },
  paging: Paging | null,
): Promise<Listed<DemoSessionRow>> {
  const { status, tutorEmail, search, notCancelled } = filter
  const kept = (s: DemoSessionRow) => (!status || s.status === status) && (!notCancelled || !s.cancelledAt)
  if (search && narrows(search)) {
    const candidates = tutorEmail
      ? db.sessions.where('tutorEmail').equals(tutorEmail)
      : status
        ? db.sessions.where(notCancelled ? '[listedStatus+createdAt]' : '[status+createdAt]').between(...range(status))
        : db.sessions.toCollection()
    return candidates
      .filter(kept)
      .toArray()
      .then((rows) => searchSessions(db, rows, search, paging))
  }
  if (tutorEmail) {
    // One tutor's sessions are few; a status filter over them is cheap.
    const [lower, upper] = range(tutorEmail)
    let coll = db.sessions.where('[tutorEmail+createdAt]').between(lower, upper).reverse()
    if (status || notCancelled) coll = coll.filter(kept)
    return take(coll, paging, () => coll.clone().count())
  }
  if (status) {
    const [lower, upper] = range(status)
    const index = notCancelled ? '[listedStatus+createdAt]' : '[status+createdAt]'
    return newestFirst(db.sessions, db.sessions.where(index).between(lower, upper), paging)
  }
  const all = notCancelled ? db.sessions.orderBy('createdAt').filter(kept) : db.sessions.orderBy('createdAt')
  return newestFirst(db.sessions, all, paging)
}

export function listBookings(
  db: DemoDb,
  status: BookingStatus | undefined,
  paging: Paging | null,
): Promise<Listed<DemoBookingRow>> {
  if (status) {
    const [lower, upper] = range(status)
    return newestFirst(db.bookings, db.bookings.where('[status+bookedAt]').between(lower, upper), paging)
  }
  return newestFirst(db.bookings, db.bookings.orderBy('bookedAt'), paging)
}

export function listReviews(db: DemoDb, paging: Paging | null): Promise<Listed<ReviewRow>> {
  return newestFirst(db.reviews, db.reviews.orderBy('createdAt'), paging)
}

export function listMaterials(db: DemoDb, paging: Paging | null): Promise<Listed<MaterialRow>> {
  return newestFirst(db.materials, db.materials.orderBy('createdAt'), paging)
}

export function listUsers(db: DemoDb, search: string | undefined, paging: Paging | null): Promise<Listed<UserRow>> {
  const needle = search?.trim().toLowerCase()
  if (!needle) return newestFirst(db.users, db.users.orderBy('created_at'), paging)
  // Users are few; a name/email substring match has no index to use anyway.
  const coll = db.users
    .orderBy('created_at')
    .reverse()
    .filter((u) => u.name.toLowerCase().includes(needle) || u.email.toLowerCase().includes(needle))
  return take(coll, paging, () => coll.clone().count())
}

/** Reviews of the given sessions: by index for a few, one read of all for many. */
export async function reviewsOfSessions(db: DemoDb, sessionIds: readonly string[]): Promise<ReviewRow[]> {
  if (sessionIds.length === 0) return []
  if (sessionIds.length > 200) {
    const wanted = new Set(sessionIds)
    return (await db.reviews.toArray()).filter((r) => wanted.has(r.sessionId))
  }
  return db.reviews.where('sessionId').anyOf(sessionIds).toArray()
}

export async function sessionsByIds(db: DemoDb, ids: readonly string[]): Promise<Map<string, SessionRow>> {
  const unique = [...new Set(ids)]
  const rows = await db.sessions.bulkGet(unique)
  return new Map(rows.filter((s): s is DemoSessionRow => !!s).map((s) => [s._id, portSession(s)]))
}

/** The student's booking of the session that is not cancelled. */
export function bookingOf(db: DemoDb, studentEmail: string, sessionId: string): Promise<DemoBookingRow | undefined> {
  const key = activeKeyOf({ studentEmail, sessionId, status: 'pending' })!
  return db.bookings.where('activeKey').equals(key).first()
}

export function reviewOf(db: DemoDb, studentEmail: string, sessionId: string): Promise<ReviewRow | undefined> {
  return db.reviews.where('[sessionId+studentEmail]').equals([sessionId, studentEmail]).first()
}

/**
 * Deletes a session and everything that hangs off it (bookings, reviews, materials and their files).
 * With `unlessLiveBookings`, nothing when one has a pending, approved or waitlisted booking (in the same transaction).
 */
export async function deleteSessionCascade(
  db: DemoDb,
  sessionIds: readonly string[],
  options: { unlessLiveBookings?: boolean } = {},
): Promise<boolean> {
  if (sessionIds.length === 0) return true
  return db.transaction('rw', [db.sessions, db.bookings, db.reviews, db.materials, db.files], async () => {
    if (options.unlessLiveBookings) {
      const live = await db.bookings
        .where('[sessionId+status]')
        .anyOf(sessionIds.flatMap((id) => LIVE.map((status) => [id, status])))
        .count()
      if (live > 0) return false
    }
    await db.bookings.where('sessionId').anyOf(sessionIds).delete()
    await db.reviews.where('sessionId').anyOf(sessionIds).delete()
    await db.materials.where('sessionId').anyOf(sessionIds).delete()
    await db.files.where('sessionId').anyOf(sessionIds).delete()
    await db.sessions.bulkDelete([...sessionIds])
    return true
  })
}

const LIVE = ['pending', 'approved', 'waitlisted'] as const

/** Deletes a user and everything only they own, so no screen shows an orphan. */
export async function deleteUserCascade(db: DemoDb, user: UserRow): Promise<void> {
  const own = await db.sessions.where('tutorEmail').equals(user.email).primaryKeys()
  await deleteSessionCascade(db, own)
  const tables = [db.users, db.bookings, db.reviews, db.notes, db.materials, db.files, db.notifications]
  const told = [db.pushSubscriptions, db.calendarFeeds, db.preferences, db.deliveries]
  await db.transaction('rw', [...tables, ...told], async () => {
    await db.notifications
      .where('[recipientEmail+createdAt]')
      .between([user.email, Dexie.minKey], [user.email, Dexie.maxKey])
      .delete()
    // What they chose to be told, and how their notifications went, go with them.
    await db.preferences.delete(user.email)
    await db.deliveries.where('recipientEmail').equals(user.email).delete()
    await db.pushSubscriptions.where('email').equals(user.email).delete()
    // Their feed too: a later account of the same email must not be listed at the old address.
    await db.calendarFeeds.delete(user.email)
    await db.bookings.where('studentEmail').equals(user.email).delete()
    await db.reviews.where('studentEmail').equals(user.email).delete()
    await db.notes.where('email').equals(user.email).delete()
    await db.files
      .where('materialId')
      .anyOf(await db.materials.where('tutorEmail').equals(user.email).primaryKeys())
      .delete()
    await db.materials.where('tutorEmail').equals(user.email).delete()
    await db.users.delete(user._id)
  })
}

/** Newest first by an ISO time field. */
export const byNewest =
  <K extends string>(key: K) =>
  (a: Record<K, string>, b: Record<K, string>) =>
    a[key] < b[key] ? 1 : a[key] > b[key] ? -1 : 0

/** Approved bookings whose session's class starts after `from` and at or before `to`, with its title. */
export async function bookingsStartingBetween(db: DemoDb, from: string, to: string): Promise<StartingBooking[]> {
  const [start, end] = [Date.parse(from), Date.parse(to)]
  // The sessions with a meeting in the window, by their meetings' starts (UTC ISO text, which sorts as time does).
  const sessions = await db.sessions
    .where('meetingStarts')
    .between(new Date(start).toISOString(), new Date(end).toISOString(), false, true)
    .distinct()
    .toArray()
  const booked = await Promise.all(
    sessions.map(async (session) => {
      const approved = await db.bookings.where('[sessionId+status]').equals([session._id, 'approved']).toArray()
      const due = (session.meetingStarts ?? []).filter((at) => Date.parse(at) > start && Date.parse(at) <= end)
      return approved.flatMap(({ activeKey: _key, ...booking }) =>
        due.map((meetingStart) => ({ ...booking, title: session.title, classStart: session.classStart, meetingStart })),
      )
    }),
  )
  return booked.flat()
}
