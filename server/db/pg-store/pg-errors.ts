// Constraint violations, recognised by SQLSTATE and constraint name, become the
// port's UniqueViolation, MissingReference or CheckViolation, so the core can
// answer 409/404/400 whichever table the write went to. A connection the
// drivers lost without a SQLSTATE (they say so in words only) becomes
// DatabaseUnavailable, answered 503: the ones with a code the core knows.
import { CheckViolation, DatabaseUnavailable, MissingReference, UniqueViolation, type UniqueRule } from '#core/store'

/** What a write referred to that is not (or no longer) there: MissingReference's `what`. */
type MissingRecord = 'user' | 'session' | 'material'

/** Unique constraints, by name: which rule of the port a duplicate broke. */
const UNIQUE_RULES: Readonly<Record<string, UniqueRule>> = {
  users_email_key: 'user.email',
  users_uid_key: 'user.uid',
  bookings_student_session_active_key: 'booking.student-session',
  calendar_feeds_token_key: 'calendar-feed.token',
  reviews_session_student_key: 'review.student-session',
  notes_pkey: 'note.id',
}

/** Foreign keys, by name: what the write referred to that is not there. */
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
  calendar_feeds_student_email_fk: 'user',
  notifications_recipient_email_fk: 'user',
  push_subscriptions_email_fk: 'user',
  notification_preferences_email_fk: 'user',
}

const UNIQUE = '23505'
const FOREIGN_KEY = '23503'
/** A value the database refused by a CHECK constraint (a limit or range the validation should have caught). */
const CHECK = '23514'

/** `error` and what it wraps, outermost first (drizzle wraps driver errors in `cause`). */
function* chain(error: unknown): Generator<{ code?: unknown; constraint?: unknown; message?: unknown }> {
  let current: unknown = error
  for (let depth = 0; depth < 8 && typeof current === 'object' && current !== null; depth++) {
    yield current
    current = (current as { cause?: unknown }).cause
  }
}

/** The PostgreSQL error inside whatever wrapped it. */
function postgresError(error: unknown): { code: string; constraint?: string } | undefined {
  for (const { code, constraint } of chain(error)) {
    if (code === UNIQUE || code === FOREIGN_KEY || code === CHECK) {
      return { code, ...(typeof constraint === 'string' ? { constraint } : {}) }
    }
  }
  return undefined
}

/** Whether `error` is PostgreSQL's "lock not available": a wait ran past `lock_timeout`. */
export function lockNotAvailable(error: unknown): boolean {
  for (const { code } of chain(error)) if (code === '55P03') return true
  return false
}

/**
 * What node-postgres (a connection cut, a pool ended or out of time) and
 * PGlite (closed, or closing as the process stops) throw, with no code, when
 * the database is out of reach.
 */
const CONNECTION_LOST = [
  /^Connection terminated/,
  /^Client has encountered a connection error and is not queryable$/,
  /^Client was closed and is not queryable$/,
  /^timeout exceeded when trying to connect$/,
  /^Cannot use a pool after calling end on the pool$/,
  /^PGlite is clos(ed|ing)$/,
  // The embedded database's thread once closed (../pglite-worker-client.ts).
  /^The database is closed\.$/,
]

function connectionLost(error: unknown): boolean {
  for (const { message } of chain(error)) {
    if (typeof message === 'string' && CONNECTION_LOST.some((words) => words.test(message))) return true
  }
  return false
}

/** The port's error for a constraint violation or a lost connection; anything else unchanged. */
export function translateError(error: unknown): unknown {
  if (connectionLost(error)) return new DatabaseUnavailable(error)
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

export async function guarded<T>(write: () => Promise<T>): Promise<T> {
  try {
    return await write()
  } catch (error) {
    throw translateError(error)
  }
}
