// The storage port (server/core/store.ts) over PostgreSQL, for both drivers the
// server runs on: PGlite (embedded) and node-postgres (a server). Tables and
// constraints are in ./schema.ts.
//
// How the port's contract is kept:
// - uniqueness and references are the database's constraints; a violation is
//   recognised by SQLSTATE and constraint name (never by error class: PGlite's
//   classes are minified) and rethrown as UniqueViolation, MissingReference or
//   CheckViolation, so the core can answer 409/404/400;
// - compare-and-set is one `UPDATE ... WHERE id = $1 AND status = $2 RETURNING id`;
// - cascades are the foreign keys' ON DELETE CASCADE, so a delete is one
//   statement, atomic on its own; the one multi-row insert runs in a transaction;
// - newest-first lists read an index backwards; a page is its total (count(*)
//   over the same filter), then the page's ids in index order from whichever
//   end of the list is nearer, then only those rows (see `listed`).
//
// Files' bytes are in files.data, or, given a bucket (`objects`), in one object
// per file with data NULL (docs/decisions/0014-files-in-a-bucket.md). A bucket
// takes no part in a transaction, so the order of the steps keeps the promise:
// - an upload puts the object first and then commits the rows, and removes the
//   object again when the rows fail: a committed row always has its bytes;
// - a delete (of a material, or the cascade of a session or a user) collects
//   the ids of the files it takes in its own transaction, and deletes their
//   objects only after the commit. A failed object delete is logged and undoes
//   nothing: an object without a row is unreachable (its row was the only way
//   to it) and costs storage until swept, while deleting objects before the
//   commit would, if the commit then failed, leave rows whose bytes are lost;
// - a row with data present (written before the switch to a bucket) is served
//   from PostgreSQL, so switching loses nothing.
import { randomBytes } from 'node:crypto'
import { and, asc, desc, eq, ilike, inArray, isNull, lt, ne, or, sql, type SQL } from 'drizzle-orm'
import type { AnyPgColumn, AnyPgTable, PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core'
import type { Status } from '../../src/contract/entities'
import {
  CheckViolation,
  MissingReference,
  UniqueViolation,
  type BookingRow,
  type IdempotencyRow,
  type Listed,
  type MaterialRow,
  type NoteRow,
  type Paging,
  type ReviewRow,
  type SessionRow,
  type Store,
  type StoredFile,
  type UniqueRule,
  type UserRow,
} from '../core/store'
import { materialObjectKey, type BucketObjects } from '../files/s3-objects'
import { createLogger, describeError, type Logger } from '../logger'
import { bookings, files, idempotencyKeys, materials, meta, notes, reviews, sessions, users } from './schema'

/** A drizzle database on either driver (PGlite or node-postgres), or a transaction on one. */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export type PgDb = PgDatabase<PgQueryResultHKT, any>

/** What a write referred to that is not (or no longer) there: MissingReference's `what`. */
type MissingRecord = 'user' | 'session' | 'material'

/** A value the database refused by a CHECK constraint (a limit or range the validation should have caught). */
const UNIQUE_RULES: Readonly<Record<string, UniqueRule>> = {
  users_email_key: 'user.email',
  users_uid_key: 'user.uid',
  bookings_student_session_key: 'booking.student-session',
  reviews_session_student_key: 'review.student-session',
  notes_pkey: 'note.id',
}

const REFERENCES: Readonly<Record<string, MissingRecord>> = {
  sessions_tutor_email_fk: 'user',
  bookings_student_email_fk: 'user',
  bookings_tutor_email_fk: 'user',
  reviews_student_email_fk: 'user',
  notes_email_fk: 'user',
  materials_tutor_email_fk: 'user',
  bookings_session_id_fk: 'session',
  reviews_session_id_fk: 'session',
  materials_session_id_fk: 'session',
  files_session_id_fk: 'session',
  files_material_id_fk: 'material',
}

const UNIQUE = '23505'
const FOREIGN_KEY = '23503'
const CHECK = '23514'

/** The PostgreSQL error inside whatever wrapped it (drizzle wraps driver errors in `cause`). */
function postgresError(error: unknown): { code: string; constraint?: string } | undefined {
  let current: unknown = error
  for (let depth = 0; depth < 8 && typeof current === 'object' && current !== null; depth++) {
    const { code, constraint } = current as { code?: unknown; constraint?: unknown }
    if (code === UNIQUE || code === FOREIGN_KEY || code === CHECK) {
      return { code, ...(typeof constraint === 'string' ? { constraint } : {}) }
    }
    current = (current as { cause?: unknown }).cause
  }
  return undefined
}

/** The port's error for a constraint violation; anything else unchanged. */
export function translateError(error: unknown): unknown {
  const pg = postgresError(error)
  if (!pg?.constraint) return error
  if (pg.code === UNIQUE) {
    const rule = UNIQUE_RULES[pg.constraint]
    return rule ? new UniqueViolation(rule) : error
  }
  if (pg.code === FOREIGN_KEY) {
    const missing = REFERENCES[pg.constraint]
    return missing ? new MissingReference(missing) : error
  }
  return new CheckViolation(pg.constraint)
}

async function guarded<T>(write: () => Promise<T>): Promise<T> {
  try {
    return await write()
  } catch (error) {
    throw translateError(error)
  }
}

/** One array parameter, so a long id list is one bind value rather than thousands. */
const inList = (column: AnyPgColumn, values: readonly string[]): SQL =>
  sql`${column} = any(${sql.param([...new Set(values)])}::text[])`

const offsetOf = (paging: Paging) => (Math.max(1, Math.floor(paging.page)) - 1) * Math.max(0, paging.limit)

/** Drops SQL NULLs of optional fields, so rows have the same shape as the other store's. */
function present<T extends object>(row: T): { [K in keyof T]: Exclude<T[K], null> } {
  const out: Record<string, unknown> = {}
  for (const [key, value] of Object.entries(row)) if (value !== null) out[key] = value
  return out as { [K in keyof T]: Exclude<T[K], null> }
}

// An unverified binding reads as the field absent, as the demo store keeps it.
const toUser = ({ emailVerified, ...row }: typeof users.$inferSelect): UserRow =>
  present(emailVerified ? { ...row, emailVerified } : row)
const toReview = (row: typeof reviews.$inferSelect): ReviewRow => present(row)
const toNote = (row: typeof notes.$inferSelect): NoteRow => present(row)
const toMaterial = (row: typeof materials.$inferSelect): MaterialRow => present(row)
const toSession = (row: typeof sessions.$inferSelect): SessionRow => row as SessionRow
const toBooking = (row: typeof bookings.$inferSelect): BookingRow => row as BookingRow
function toIdempotency(row: typeof idempotencyKeys.$inferSelect): IdempotencyRow {
  return present(row) as IdempotencyRow
}

/** Only the keys of `patch` that are columns of the table and not undefined. */
function columnsOf<T extends object>(patch: Partial<T>, allowed: readonly (keyof T)[]): Partial<T> {
  const out: Partial<T> = {}
  for (const key of allowed) if (patch[key] !== undefined) out[key] = patch[key]
  return out
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
] as const satisfies readonly (keyof SessionRow)[]

async function bytesOf(data: Blob | Uint8Array): Promise<Uint8Array> {
  return data instanceof Uint8Array ? data : new Uint8Array(await data.arrayBuffer())
}

const TOKEN_SECRET_KEY = 'token-secret'

/** Object deletes at once after a cascade: a tutor's account may take hundreds of files with it. */
const OBJECT_DELETES_AT_ONCE = 8

export interface PgStoreOptions {
  /** The bucket that keeps new files' bytes; without one they go to files.data. */
  objects?: BucketObjects
  /** Where an object left in the bucket is reported (JSON lines on stdout by default). */
  logger?: Pick<Logger, 'warn'>
}

/** The ids of the files matching `where` whose bytes are in the bucket (data NULL). */
async function bucketFileIds(tx: PgDb, where: SQL | undefined): Promise<string[]> {
  const rows = await tx
    .select({ id: files._id })
    .from(files)
    .where(and(isNull(files.data), where))
  return rows.map((r) => r.id)
}

export function createPgStore(db: PgDb, options: PgStoreOptions = {}): Store {
  const { objects } = options
  const logger = options.logger ?? createLogger({ level: 'warn' })

  /** Deletes the objects of files whose rows are gone (committed): a failure is logged, never thrown. */
  async function removeObjects(fileIds: readonly string[]): Promise<void> {
    if (fileIds.length === 0) return
    if (!objects) {
      // Rows written while a bucket was configured, deleted after a switch back to PostgreSQL.
      logger.warn('file objects left in the bucket: no bucket is configured', {
        keys: fileIds.map(materialObjectKey),
      })
      return
    }
    const queue = [...fileIds]
    const worker = async () => {
      for (let id = queue.shift(); id !== undefined; id = queue.shift()) {
        const key = materialObjectKey(id)
        try {
          await objects.delete(key)
        } catch (error) {
          logger.warn('file object left in the bucket: its delete failed', { key, error: describeError(error) })
        }
      }
    }
    await Promise.all(Array.from({ length: Math.min(OBJECT_DELETES_AT_ONCE, queue.length) }, worker))
  }

  /**
   * Rows of `list.table` matching `list.where`, newest first by (time, id):
   * every one, or one page and the total.
   *
   * The contract pages by number, so a page N rows deep has to step over N
   * entries whatever we do; everything else is kept off that path: the step
   * selects ids only, in index order (no sort), and whole rows are read for
   * the page alone. With the total counted first (after page 1, which reads
   * the first entries while the count runs), a page past the end costs
   * nothing more, and a page in the older half is read from the oldest end,
   * so the last page costs what the first does and no page steps over more
   * than half the list. A write landing between the count and the page can
   * shift that page by a row, as it would between two page requests anyway.
   */
  async function listed<R, T>(
    list: { table: AnyPgTable; time: AnyPgColumn; id: AnyPgColumn; where?: SQL },
    paging: Paging | null,
    map: (row: R) => T,
  ): Promise<Listed<T>> {
    const { table, time, id, where } = list
    const newestFirst = [desc(time), desc(id)]
    if (!paging) {
      const rows = await db
        .select()
        .from(table)
        .where(where)
        .orderBy(...newestFirst)
      return { rows: rows.map((row) => map(row as R)) }
    }
    const limit = Math.max(0, Math.floor(paging.limit))
    const offset = offsetOf(paging)
    if (offset === 0) {
      // The first page, the one nearly every caller wants, is the index's first entries: no need to wait for the count.
      const [rows, total] = await Promise.all([
        db
          .select()
          .from(table)
          .where(where)
          .orderBy(...newestFirst)
          .limit(limit),
        db.$count(table, where),
      ])
      return { rows: rows.map((row) => map(row as R)), total }
    }
    const total = await db.$count(table, where)
    if (limit === 0 || offset >= total) return { rows: [], total }
    /** Rows older than the page: its offset when counted from the oldest end. */
    const older = total - offset - limit
    const fromOldest = older < offset
    const ids = db
      .select({ id })
      .from(table)
      .where(where)
      .orderBy(...(fromOldest ? [asc(time), asc(id)] : newestFirst))
      .limit(fromOldest ? Math.min(limit, total - offset) : limit)
      .offset(fromOldest ? Math.max(0, older) : offset)
    const rows = await db
      .select()
      .from(table)
      .where(inArray(id, ids))
      .orderBy(...newestFirst)
    return { rows: rows.map((row) => map(row as R)), total }
  }

  const sessionOrder = [desc(sessions.createdAt), desc(sessions._id)]
  const bookingOrder = [desc(bookings.bookedAt), desc(bookings._id)]
  const reviewOrder = [desc(reviews.createdAt), desc(reviews._id)]
  const materialOrder = [desc(materials.createdAt), desc(materials._id)]

  const store: Store = {
    users: {
      async get(id) {
        const [row] = await db.select().from(users).where(eq(users._id, id))
        return row && toUser(row)
      },
      async byEmail(email) {
        const [row] = await db.select().from(users).where(eq(users.email, email))
        return row && toUser(row)
      },
      async byUid(uid) {
        const [row] = await db.select().from(users).where(eq(users.uid, uid))
        return row && toUser(row)
      },
      async insert(row) {
        await guarded(() =>
          db.insert(users).values({ ...row, uid: row.uid ?? null, emailVerified: row.emailVerified ?? false }),
        )
      },
      async update(id, patch) {
        const set = columnsOf(patch, ['name', 'photo', 'last_log_in'])
        if (Object.keys(set).length === 0) return
        await guarded(() => db.update(users).set(set).where(eq(users._id, id)))
      },
      async setRole(id, role) {
        const changed = await guarded(() =>
          db
            .update(users)
            .set({ role })
            .where(and(eq(users._id, id), ne(users.role, 'admin'), ne(users.role, role)))
            .returning({ id: users._id }),
        )
        return changed.length > 0
      },
      async bindVerified(id, uid, expected) {
        const changed = await guarded(() =>
          db
            .update(users)
            .set({ uid, emailVerified: true })
            .where(
              and(
                eq(users._id, id),
                expected === null ? isNull(users.uid) : eq(users.uid, expected),
                eq(users.emailVerified, false),
              ),
            )
            .returning({ id: users._id }),
        )
        return changed.length > 0
      },
      list(search, paging) {
        const needle = search?.trim()
        // LIKE's wildcards in the search box are literal characters.
        const pattern = needle ? `%${needle.replace(/[\\%_]/g, (c) => `\\${c}`)}%` : undefined
        const where = pattern ? or(ilike(users.name, pattern), ilike(users.email, pattern)) : undefined
        return listed({ table: users, time: users.created_at, id: users._id, where }, paging, toUser)
      },
      count() {
        return db.$count(users)
      },
      async owned(email) {
        // What bears their email, as the demo server counts it (rows hanging off their sessions go too).
        const count = (table: AnyPgTable, column: AnyPgColumn) =>
          sql<number>`(select count(*) from ${table} where ${column} = ${email})::int`
        const [row] = await db
          .select({
            sessions: count(sessions, sessions.tutorEmail),
            bookings: count(bookings, bookings.studentEmail),
            reviews: count(reviews, reviews.studentEmail),
            notes: count(notes, notes.email),
            materials: count(materials, materials.tutorEmail),
          })
          .from(sql`(values (1)) as one (x)`)
        return row!
      },
      async deleteWithOwned(user) {
        const fileIds = await db.transaction(async (tx) => {
          // The user first, then their sessions (the order the cascade takes them in): while these
          // are locked no session, material or file bearing them can be added, so the files read
          // below are all the delete takes.
          const [locked] = await tx
            .select({ email: users.email })
            .from(users)
            .where(eq(users._id, user._id))
            .for('update')
          if (!locked) return []
          const theirSessions = () =>
            tx.select({ id: sessions._id }).from(sessions).where(eq(sessions.tutorEmail, locked.email))
          await theirSessions().orderBy(sessions._id).for('update')
          const theirMaterials = tx
            .select({ id: materials._id })
            .from(materials)
            .where(or(eq(materials.tutorEmail, locked.email), inArray(materials.sessionId, theirSessions())))
          const held = await bucketFileIds(
            tx,
            or(inArray(files.sessionId, theirSessions()), inArray(files.materialId, theirMaterials)),
          )
          // The foreign keys cascade from users.email to everything bearing it, and from sessions onwards.
          await tx.delete(users).where(eq(users._id, user._id))
          return held
        })
        await removeObjects(fileIds)
      },
    },

    sessions: {
      async get(id) {
        const [row] = await db.select().from(sessions).where(eq(sessions._id, id))
        return row && toSession(row)
      },
      async getMany(ids) {
        if (ids.length === 0) return new Map()
        const rows = await db.select().from(sessions).where(inList(sessions._id, ids))
        return new Map(rows.map((row) => [row._id, toSession(row)]))
      },
      list(filter, paging) {
        const where = and(
          filter.status ? eq(sessions.status, filter.status) : undefined,
          filter.tutorEmail ? eq(sessions.tutorEmail, filter.tutorEmail) : undefined,
        )
        return listed({ table: sessions, time: sessions.createdAt, id: sessions._id, where }, paging, toSession)
      },
      async insert(row) {
        await guarded(() => db.insert(sessions).values(row))
      },
      async update(id, patch, expected) {
        const set = columnsOf<SessionRow>(patch, SESSION_PATCH_KEYS)
        const changed = await guarded(() =>
          db
            .update(sessions)
            // An empty patch still answers whether the row has the expected status.
            .set(Object.keys(set).length > 0 ? set : { status: expected })
            .where(and(eq(sessions._id, id), eq(sessions.status, expected)))
            .returning({ id: sessions._id }),
        )
        return changed.length > 0
      },
      async deleteWithOwned(ids) {
        if (ids.length === 0) return
        const fileIds = await db.transaction(async (tx) => {
          // Locked, no material or file can be added to these sessions before the delete.
          await tx
            .select({ id: sessions._id })
            .from(sessions)
            .where(inList(sessions._id, ids))
            .orderBy(sessions._id)
            .for('update')
          const theirMaterials = tx
            .select({ id: materials._id })
            .from(materials)
            .where(inList(materials.sessionId, ids))
          const held = await bucketFileIds(
            tx,
            or(inList(files.sessionId, ids), inArray(files.materialId, theirMaterials)),
          )
          // Bookings, reviews, materials and files go by ON DELETE CASCADE, in this one statement.
          await tx.delete(sessions).where(inList(sessions._id, ids))
          return held
        })
        await removeObjects(fileIds)
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
    },

    bookings: {
      async get(id) {
        const [row] = await db.select().from(bookings).where(eq(bookings._id, id))
        return row && toBooking(row)
      },
      async of(studentEmail, sessionId) {
        const [row] = await db
          .select()
          .from(bookings)
          .where(and(eq(bookings.studentEmail, studentEmail), eq(bookings.sessionId, sessionId)))
        return row && toBooking(row)
      },
      list(status, paging) {
        const where = status ? eq(bookings.status, status) : undefined
        return listed({ table: bookings, time: bookings.bookedAt, id: bookings._id, where }, paging, toBooking)
      },
      async ofStudent(email) {
        const rows = await db
          .select()
          .from(bookings)
          .where(eq(bookings.studentEmail, email))
          .orderBy(...bookingOrder)
        return rows.map(toBooking)
      },
      async ofTutor(email) {
        const rows = await db
          .select()
          .from(bookings)
          .where(eq(bookings.tutorEmail, email))
          .orderBy(...bookingOrder)
        return rows.map(toBooking)
      },
      async insert(row) {
        await guarded(() => db.insert(bookings).values(row))
      },
      async update(id, patch, expected) {
        const set = columnsOf<BookingRow>(patch, ['status', 'studentEmail', 'tutorEmail', 'sessionId'])
        const changed = await guarded(() =>
          db
            .update(bookings)
            .set(Object.keys(set).length > 0 ? set : { status: expected })
            .where(and(eq(bookings._id, id), eq(bookings.status, expected)))
            .returning({ id: bookings._id }),
        )
        return changed.length > 0
      },
      async delete(id, expected) {
        const gone = await db
          .delete(bookings)
          .where(and(eq(bookings._id, id), eq(bookings.status, expected)))
          .returning({ id: bookings._id })
        return gone.length > 0
      },
      countOfStudent(email) {
        return db.$count(bookings, eq(bookings.studentEmail, email))
      },
    },

    reviews: {
      async get(id) {
        const [row] = await db.select().from(reviews).where(eq(reviews._id, id))
        return row && toReview(row)
      },
      async of(studentEmail, sessionId) {
        const [row] = await db
          .select()
          .from(reviews)
          .where(and(eq(reviews.sessionId, sessionId), eq(reviews.studentEmail, studentEmail)))
        return row && toReview(row)
      },
      async ofSession(sessionId) {
        const rows = await db
          .select()
          .from(reviews)
          .where(eq(reviews.sessionId, sessionId))
          .orderBy(...reviewOrder)
        return rows.map(toReview)
      },
      async ratings(sessionIds) {
        if (sessionIds.length === 0) return new Map()
        const rows = await db
          .select({
            sessionId: reviews.sessionId,
            // A missing rating counts as 0: it adds nothing to the sum but one to the count.
            sum: sql<number>`coalesce(sum(${reviews.rating}), 0)::float8`,
            count: sql<number>`count(*)::int`,
          })
          .from(reviews)
          .where(inList(reviews.sessionId, sessionIds))
          .groupBy(reviews.sessionId)
        return new Map(rows.map((r) => [r.sessionId, { sum: Number(r.sum), count: Number(r.count) }]))
      },
      list(paging) {
        return listed({ table: reviews, time: reviews.createdAt, id: reviews._id }, paging, toReview)
      },
      async insert(row) {
        const { studentEmail } = row
        // Answers may hide the reviewer; a stored review always names them.
        if (!studentEmail) throw new Error('A review is stored with its studentEmail.')
        await guarded(() => db.insert(reviews).values({ ...row, studentEmail, rating: row.rating ?? null }))
      },
      async delete(id) {
        const gone = await db.delete(reviews).where(eq(reviews._id, id)).returning({ id: reviews._id })
        return gone.length > 0
      },
      countOfStudent(email) {
        return db.$count(reviews, eq(reviews.studentEmail, email))
      },
    },

    notes: {
      async get(id) {
        const [row] = await db.select().from(notes).where(eq(notes._id, id))
        return row && toNote(row)
      },
      async ofOwner(email) {
        const rows = await db
          .select()
          .from(notes)
          .where(eq(notes.email, email))
          .orderBy(desc(notes.createdAt), desc(notes._id))
        return rows.map(toNote)
      },
      async insert(row) {
        await guarded(() => db.insert(notes).values({ ...row, updatedAt: row.updatedAt ?? null }))
      },
      async update(id, patch) {
        const changed = await guarded(() =>
          db
            .update(notes)
            .set({ title: patch.title, description: patch.description, updatedAt: patch.updatedAt ?? null })
            .where(eq(notes._id, id))
            .returning({ id: notes._id }),
        )
        return changed.length > 0
      },
      async delete(id) {
        const gone = await db.delete(notes).where(eq(notes._id, id)).returning({ id: notes._id })
        return gone.length > 0
      },
    },

    materials: {
      async get(id) {
        const [row] = await db.select().from(materials).where(eq(materials._id, id))
        return row && toMaterial(row)
      },
      list(paging) {
        return listed({ table: materials, time: materials.createdAt, id: materials._id }, paging, toMaterial)
      },
      async byStatus(status: Status) {
        const rows = await db
          .select()
          .from(materials)
          .where(eq(materials.status, status))
          .orderBy(...materialOrder)
        return rows.map(toMaterial)
      },
      async ofTutor(email) {
        const rows = await db
          .select()
          .from(materials)
          .where(eq(materials.tutorEmail, email))
          .orderBy(...materialOrder)
        return rows.map(toMaterial)
      },
      async ofSessions(sessionIds) {
        if (sessionIds.length === 0) return []
        const rows = await db
          .select()
          .from(materials)
          .where(inList(materials.sessionId, sessionIds))
          .orderBy(...materialOrder)
        return rows.map(toMaterial)
      },
      async insertWithFile(row, file) {
        if (!file) {
          await guarded(() => db.insert(materials).values(row))
          return
        }
        const data = await bytesOf(file.data)
        const insertRows = (stored: Uint8Array | null) =>
          guarded(() =>
            db.transaction(async (tx) => {
              // The file references its material, so the material goes first.
              await tx.insert(materials).values(row)
              await tx.insert(files).values({ ...file, data: stored })
            }),
          )
        if (!objects) {
          await insertRows(data)
          return
        }
        // Each upload has a new file id, so the key is this upload's alone: removing the
        // object when the rows fail cannot take another file's bytes.
        await objects.put(materialObjectKey(file._id), data, file.type)
        try {
          await insertRows(null)
        } catch (error) {
          await removeObjects([file._id])
          throw error
        }
      },
      async setStatus(id, status, expected) {
        const changed = await guarded(() =>
          db
            .update(materials)
            .set({ status })
            .where(and(eq(materials._id, id), eq(materials.status, expected)))
            .returning({ id: materials._id }),
        )
        return changed.length > 0
      },
      async deleteWithFile(id) {
        // A file is only ever added with its material, so none can join between the read and the delete.
        const { gone, fileIds } = await db.transaction(async (tx) => {
          const held = await bucketFileIds(tx, eq(files.materialId, id))
          // The file goes by ON DELETE CASCADE, in this one statement.
          const deleted = await tx.delete(materials).where(eq(materials._id, id)).returning({ id: materials._id })
          return { gone: deleted.length > 0, fileIds: held }
        })
        await removeObjects(fileIds)
        return gone
      },
      count() {
        return db.$count(materials)
      },
      countOfTutor(email) {
        return db.$count(materials, eq(materials.tutorEmail, email))
      },
    },

    files: {
      async get(id): Promise<StoredFile | undefined> {
        const [row] = await db.select().from(files).where(eq(files._id, id))
        if (!row) return undefined
        // Written with no bucket configured (before a switch to one): the bytes are in the row.
        if (row.data !== null) return { ...row, data: row.data }
        if (!objects) throw new Error(`File ${id} is kept in a bucket, and no bucket is configured.`)
        const data = await objects.get(materialObjectKey(id))
        // No object: a delete committed between the two reads, and the file is gone.
        return data && { ...row, data }
      },
    },

    idempotency: {
      async claim(row) {
        // Another request may release its claim between our insert and our read: then claim again.
        for (let attempt = 0; attempt < 5; attempt++) {
          const claimed = await db
            .insert(idempotencyKeys)
            .values({ id: row.id, requestHash: row.requestHash, state: 'running', createdAt: row.createdAt })
            .onConflictDoNothing({ target: idempotencyKeys.id })
            .returning({ id: idempotencyKeys.id })
          if (claimed.length > 0) return null
          const existing = await store.idempotency.get(row.id)
          if (existing) return existing
        }
        throw new Error(`Idempotency key keeps changing hands: ${row.id}`)
      },
      async get(id) {
        const [row] = await db.select().from(idempotencyKeys).where(eq(idempotencyKeys.id, id))
        return row && toIdempotency(row)
      },
      async complete(id, answer) {
        await db
          .update(idempotencyKeys)
          .set({ state: 'done', status: answer.status, body: answer.body, headers: answer.headers })
          .where(eq(idempotencyKeys.id, id))
      },
      async release(id) {
        // Only a claim still running: a stored answer stays the key's answer.
        await db.delete(idempotencyKeys).where(and(eq(idempotencyKeys.id, id), eq(idempotencyKeys.state, 'running')))
      },
      async expire(before) {
        const gone = await db
          .delete(idempotencyKeys)
          .where(lt(idempotencyKeys.createdAt, before))
          .returning({ id: idempotencyKeys.id })
        return gone.length
      },
    },

    meta: {
      async tokenSecret() {
        const read = async () =>
          (await db.select({ value: meta.value }).from(meta).where(eq(meta.key, TOKEN_SECRET_KEY)))[0]?.value
        const existing = await read()
        if (existing) return existing
        // Of processes racing to make it, the first insert wins and every one reads that.
        await db
          .insert(meta)
          .values({ key: TOKEN_SECRET_KEY, value: randomBytes(32).toString('base64url') })
          .onConflictDoNothing({ target: meta.key })
        const secret = await read()
        if (!secret) throw new Error('The token secret could not be stored.')
        return secret
      },
    },
  }
  return store
}
