// Tutors' sessions: compare-and-set status changes, the admin counts,
// deleting sessions with all that hangs off them (bookings, reviews,
// materials and files go by cascade; the bucket's objects after the commit),
// and finding them (docs/rules/search.md): each row carries its words as
// #contract/session-search cuts them, written with every change to the fields
// they come from, and a search looks the query's words up in the GIN index
// over them (docs/decisions/0064-session-search.md).
import { and, desc, eq, getTableColumns, gt, gte, inArray, isNull, lte, or, sql, type SQL } from 'drizzle-orm'
import { narrows, searchWords, sessionWords, type SessionSearch, type SessionSort } from '#contract/session-search'
import { storedMeetings } from '#core/schedule'
import type { SessionRow, Store } from '#core/store'
import { bookings, files, materials, reviews, sessionMeetings, sessions } from '../schema'
import { bucketFileIds, type RemoveObjects } from './files'
import { withNotices, type Notices } from './notifications'
import { listed, type OrderKey } from './paging'
import { guarded } from './pg-errors'
import { columnsOf, inList, patchOrStatus, present, whileStatus, type PgDb } from './shared'

const {
  searchWords: _searchWords,
  subjectWords: _subjectWords,
  search: _search,
  subjectSearch: _subjectSearch,
  ...rowColumns
} = getTableColumns(sessions)
/** A session's columns as the port has them: its search words stay in the database. */
export const sessionFields = rowColumns
type SessionSelect = Omit<typeof sessions.$inferSelect, 'searchWords' | 'subjectWords' | 'search' | 'subjectSearch'>

/**
 * A session as the port has it: no seats is no key, an event never moved is no
 * calendar sequence, and no place, deadline, cancel or move is no key, as in
 * the other store; the times before a move are one `movedFrom`.
 */
export function toSession({
  seats,
  calendarSequence,
  movedFromStart,
  movedFromEnd,
  ...row
}: SessionSelect): SessionRow {
  return {
    ...present(row),
    ...(seats === null ? {} : { seats }),
    ...(calendarSequence === 0 ? {} : { calendarSequence }),
    ...(movedFromStart && movedFromEnd ? { movedFrom: { classStart: movedFromStart, classEnd: movedFromEnd } } : {}),
  } as SessionRow
}

type Searched = Pick<SessionRow, 'title' | 'subject' | 'description' | 'tutorName'>
const SEARCHED_KEYS = ['title', 'subject', 'description', 'tutorName'] as const satisfies readonly (keyof Searched)[]

/** The search columns of a session with these fields. */
export function wordColumns(row: Searched) {
  return { searchWords: sessionWords(row).join(' '), subjectWords: [...new Set(searchWords(row.subject))].join(' ') }
}

/** Whether a patch changes a field the session is found by (its words must be written again). */
export function changesWords(patch: Partial<SessionRow>): boolean {
  return SEARCHED_KEYS.some((key) => patch[key] !== undefined)
}

/** The fields a session's meetings are made from: a patch with any of them writes its meetings again. */
const MEETING_KEYS = [
  'classStart',
  'duration',
  'schedule',
  'scheduleStart',
] as const satisfies readonly (keyof SessionRow)[]

export const changesMeetings = (patch: Partial<SessionRow>) => MEETING_KEYS.some((key) => key in patch)

/** Whether PostgreSQL takes a time: a real date with a four-digit year. */
const storable = (value: string) => {
  const at = new Date(value)
  return !Number.isNaN(at.getTime()) && /^\d{4}-/.test(at.toISOString())
}

/**
 * The session_meetings rows of a session, as its row makes them. A row from
 * before the API checked ranges (a class in the year 10000, a duration of
 * 1e300 hours) never fails its write: a meeting no date can hold is left
 * out, an end none can hold is its start.
 */
export const meetingValues = (row: SessionRow) =>
  storedMeetings({ ...row, classStart: row.scheduleStart ?? row.classStart }).flatMap(
    ({ start, end, originalStart }) =>
      storable(start) && storable(originalStart)
        ? [{ sessionId: row._id, start, end: storable(end) ? end : start, originalStart }]
        : [],
  )

/** Writes the session's meetings as its row now makes them, in the caller's transaction. */
export async function writeMeetings(tx: PgDb, row: SessionRow): Promise<void> {
  await tx.delete(sessionMeetings).where(eq(sessionMeetings.sessionId, row._id))
  const values = meetingValues(row)
  if (values.length > 0) await tx.insert(sessionMeetings).values(values)
}

/**
 * Gives every session without meetings its one meeting: the rows of a
 * database from before schedules (none of them has one). Run at every start
 * after the migrations; with nothing to fill it is one anti-join.
 */
export async function fillSessionMeetings(db: PgDb): Promise<void> {
  await db.execute(sql`
    insert into ${sessionMeetings} (session_id, start, "end", original_start)
    select s.id, s.class_start, s.class_start + least(greatest(s.duration, 1), 1000) * interval '1 hour', s.class_start
    from ${sessions} s
    where not exists (select 1 from ${sessionMeetings} m where m.session_id = s.id)
    on conflict do nothing`)
}

/** A tsquery of words, each matching itself or any longer word it begins ('chem':* & 'org':*). */
function prefixQuery(words: readonly string[]): SQL {
  // The words hold letters and digits only; quoting them all the same keeps the query text literal.
  const text = words.map((w) => `'${w.replace(/['\\]/g, (c) => c + c)}':*`).join(' & ')
  return sql`${text}::tsquery`
}

/** The WHERE of a search's filters (ANDed with the list's own). */
export function searchConditions(search: SessionSearch): (SQL | undefined)[] {
  const at = (ms: number) => sql`${new Date(ms).toISOString()}::timestamptz`
  const { words = [], subjectWords = [], fee, openAt, classFrom, classTo } = search
  return [
    words.length > 0 ? sql`${sessions.search} @@ ${prefixQuery(words)}` : undefined,
    subjectWords.length > 0 ? sql`${sessions.subjectSearch} @@ ${prefixQuery(subjectWords)}` : undefined,
    fee === 'free' ? eq(sessions.registrationFee, 0) : fee === 'paid' ? gt(sessions.registrationFee, 0) : undefined,
    openAt === undefined
      ? undefined
      : and(lte(sessions.registrationStart, at(openAt)), gte(sessions.registrationEnd, at(openAt))),
    // A course matches when one of its meetings starts in the range, not when the range falls in its gaps.
    classFrom === undefined && classTo === undefined
      ? undefined
      : sql`exists (select 1 from ${sessionMeetings} m where m.session_id = ${sessions._id}${
          classFrom === undefined ? sql`` : sql` and m.start >= ${at(classFrom)}`
        }${classTo === undefined ? sql`` : sql` and m.start <= ${at(classTo)}`})`,
  ]
}

/**
 * A session's average rating as the answers give it (a missing rating counts
 * as 0, no reviews is 0), in float8 division as JavaScript divides, so equal
 * averages tie here as they do in the other stores.
 */
const averageRating = sql`coalesce((select sum(coalesce(${reviews.rating}, 0))::float8 / count(*) from ${reviews} where ${reviews.sessionId} = ${sessions._id}), 0)`

/** The order of a sort, as compareSessions in #contract/session-search: its key, then newest first and the id. */
export function searchOrder(sort: SessionSort | undefined): OrderKey[] {
  const newest: OrderKey[] = [
    { by: sessions.createdAt, dir: 'desc' },
    { by: sessions._id, dir: 'desc' },
  ]
  switch (sort) {
    case 'soonest':
      return [{ by: sessions.classStart, dir: 'asc' }, ...newest]
    case 'rating':
      return [{ by: averageRating, dir: 'desc' }, ...newest]
    case 'fee':
      return [{ by: sessions.registrationFee, dir: 'asc' }, ...newest]
    default:
      return newest
  }
}

const SESSION_PATCH_KEYS = [
  'title',
  'subject',
  'description',
  'registrationStart',
  'registrationEnd',
  'classStart',
  'classEnd',
  'duration',
  'registrationFee',
  'tutorName',
  'tutorEmail',
  'status',
  'createdAt',
  'seats',
  'calendarSequence',
  'location',
  'meetingUrl',
  'cancelDeadlineHours',
  'cancelledAt',
  'cancelReason',
  'movedAt',
  'schedule',
  'scheduleStart',
] as const satisfies readonly (keyof SessionRow)[]

/** Fields a patch may remove: present with no value, they become NULL. */
const REMOVABLE_KEYS = [
  'seats',
  'location',
  'meetingUrl',
  'schedule',
  'scheduleStart',
] as const satisfies readonly (keyof SessionRow)[]

/** The columns a patch sets; a removable key present with no value (seats lifted, a place removed) becomes NULL. */
export function sessionSet(patch: Partial<Omit<SessionRow, '_id'>>) {
  const set: Partial<typeof sessions.$inferInsert> = columnsOf<SessionRow>(patch, SESSION_PATCH_KEYS)
  for (const key of REMOVABLE_KEYS) if (key in patch && patch[key] === undefined) set[key] = null
  if (patch.movedFrom) {
    set.movedFromStart = patch.movedFrom.classStart
    set.movedFromEnd = patch.movedFrom.classEnd
  }
  return set
}

/** A session's columns as inserted: its times before a move are two columns. */
export function sessionValues({ movedFrom, ...row }: SessionRow) {
  return {
    ...row,
    ...(movedFrom ? { movedFromStart: movedFrom.classStart, movedFromEnd: movedFrom.classEnd } : {}),
    ...wordColumns(row),
  }
}

export function sessionsStore(db: PgDb, removeObjects: RemoveObjects, writer: Notices): Store['sessions'] {
  const sessionOrder = [desc(sessions.createdAt), desc(sessions._id)]
  return {
    async get(id) {
      const [row] = await db.select(sessionFields).from(sessions).where(eq(sessions._id, id))
      return row && toSession(row)
    },
    async getMany(ids) {
      if (ids.length === 0) return new Map()
      const rows = await db.select(sessionFields).from(sessions).where(inList(sessions._id, ids))
      return new Map(rows.map((row) => [row._id, toSession(row)]))
    },
    list(filter, paging) {
      const search = filter.search && narrows(filter.search) ? filter.search : undefined
      const where = and(
        filter.status ? eq(sessions.status, filter.status) : undefined,
        // Matches the partial index of the public lists (sessions_listed_status_created_at_idx).
        filter.notCancelled ? isNull(sessions.cancelledAt) : undefined,
        filter.tutorEmail ? eq(sessions.tutorEmail, filter.tutorEmail) : undefined,
        ...(search ? searchConditions(search) : []),
      )
      const list = { table: sessions, time: sessions.createdAt, id: sessions._id, where, fields: sessionFields }
      return listed(db, search ? { ...list, order: searchOrder(search.sort) } : list, paging, toSession)
    },
    async insert(row, notices) {
      await withNotices(db, writer, notices, async (on) => {
        await guarded(() =>
          on.transaction(async (tx) => {
            await tx.insert(sessions).values(sessionValues(row))
            await writeMeetings(tx, row)
          }),
        )
        return true
      })
    },
    update(id, patch, expected, notices) {
      const set = sessionSet(patch)
      const write = async (on: PgDb, words: object) =>
        on
          .update(sessions)
          .set(patchOrStatus({ ...set, ...words }, expected))
          .where(whileStatus(sessions, id, expected))
          .returning({ id: sessions._id })
      return withNotices(db, writer, notices, async (on) => {
        const changed = await guarded(() =>
          changesWords(patch) || changesMeetings(patch)
            ? on.transaction(async (tx) => {
                // Locked, so the words and meetings are written from the fields the row ends with.
                const [current] = await tx
                  .select(sessionFields)
                  .from(sessions)
                  .where(eq(sessions._id, id))
                  .for('update')
                if (!current) return []
                const written = await write(
                  tx,
                  changesWords(patch) ? wordColumns({ ...toSession(current), ...set }) : {},
                )
                if (written.length > 0 && changesMeetings(patch))
                  await writeMeetings(tx, { ...toSession(current), ...patch })
                return written
              })
            : write(on, {}),
        )
        return changed.length > 0
      })
    },
    async deleteWithOwned(ids, options = {}) {
      if (ids.length === 0) return true
      const fileIds = await db.transaction(async (tx) => {
        // Locked, no material or file can be added to these sessions before the delete.
        await tx
          .select({ id: sessions._id })
          .from(sessions)
          .where(inList(sessions._id, ids))
          .orderBy(sessions._id)
          .for('update')
        // Under the sessions' locks no booking of them is made or changed (every seat write takes the lock first).
        if (options.unlessLiveBookings) {
          const live = await tx.$count(
            bookings,
            and(inList(bookings.sessionId, ids), inArray(bookings.status, ['pending', 'approved', 'waitlisted'])),
          )
          if (live > 0) return null
        }
        const theirMaterials = tx.select({ id: materials._id }).from(materials).where(inList(materials.sessionId, ids))
        const held = await bucketFileIds(
          tx,
          or(inList(files.sessionId, ids), inArray(files.materialId, theirMaterials)),
        )
        // Bookings, reviews, materials and files go by ON DELETE CASCADE, in this one statement.
        await tx.delete(sessions).where(inList(sessions._id, ids))
        return held
      })
      if (fileIds === null) return false
      await removeObjects(fileIds)
      return true
    },
    async counts() {
      const [row] = await db
        .select({
          total: sql<number>`count(*)::int`,
          pending: sql<number>`(count(*) filter (where ${sessions.status} = 'pending'))::int`,
          approved: sql<number>`(count(*) filter (where ${sessions.status} = 'approved'))::int`,
          rejected: sql<number>`(count(*) filter (where ${sessions.status} = 'rejected'))::int`,
        })
        .from(sessions)
      return row!
    },
    async idsOfTutor(email) {
      const rows = await db
        .select({ id: sessions._id })
        .from(sessions)
        .where(eq(sessions.tutorEmail, email))
        .orderBy(...sessionOrder)
      return rows.map((r) => r.id)
    },
  }
}

/** Rows the start fills per statement. */
const FILL_BATCH = 500

/**
 * Writes the words of every session that has none: the rows of a database
 * made before the search existed (its migration adds the columns empty, as
 * only this server can cut words the way the other stores do). Run at every
 * start after the migrations; with nothing to fill it is one scan for NULLs, a few milliseconds at 10,000 sessions. Two servers starting
 * together write the same words, so neither undoes the other.
 */
export async function fillSessionWords(db: PgDb): Promise<number> {
  let filled = 0
  for (;;) {
    const rows = await db
      .select({
        id: sessions._id,
        title: sessions.title,
        subject: sessions.subject,
        description: sessions.description,
        tutorName: sessions.tutorName,
      })
      .from(sessions)
      .where(isNull(sessions.searchWords))
      .limit(FILL_BATCH)
    if (rows.length === 0) return filled
    const words = rows.map(wordColumns)
    await db.execute(sql`
      update ${sessions} set search_words = v.search_words, subject_words = v.subject_words
      from (select unnest(${sql.param(rows.map((r) => r.id))}::text[]) as id,
                   unnest(${sql.param(words.map((w) => w.searchWords))}::text[]) as search_words,
                   unnest(${sql.param(words.map((w) => w.subjectWords))}::text[]) as subject_words) as v
      where ${sessions._id} = v.id`)
    filled += rows.length
  }
}
