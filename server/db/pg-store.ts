// The storage port (server/core/store.ts) over PostgreSQL, for both drivers the
// server runs on: PGlite (embedded) and node-postgres (a server). Tables and
// constraints are in ./schema.ts; each table's methods are in ./pg-store/ (one
// module per part of the port, as users.ts or materials.ts), and this file
// puts them together.
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
//   end of the list is nearer, then only those rows (see `listed` in ./pg-store/paging.ts).
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
import type { Store } from '#core/store'
import type { BucketObjects } from '../files/s3-objects'
import { createLogger, type Logger } from '../logger'
import { bookingsStore } from './pg-store/bookings'
import { filesStore, objectRemover } from './pg-store/files'
import { idempotencyStore } from './pg-store/idempotency'
import { materialsStore } from './pg-store/materials'
import { metaStore } from './pg-store/meta'
import { notesStore } from './pg-store/notes'
import { reviewsStore } from './pg-store/reviews'
import { sessionsStore } from './pg-store/sessions'
import type { PgDb } from './pg-store/shared'
import { usersStore } from './pg-store/users'

export { translateError } from './pg-store/pg-errors'
export type { PgDb } from './pg-store/shared'

export interface PgStoreOptions {
  /** The bucket that keeps new files' bytes; without one they go to files.data. */
  objects?: BucketObjects
  /** Where an object left in the bucket is reported (JSON lines on stdout by default). */
  logger?: Pick<Logger, 'warn'>
}

export function createPgStore(db: PgDb, options: PgStoreOptions = {}): Store {
  const { objects } = options
  const logger = options.logger ?? createLogger({ level: 'warn' })
  const removeObjects = objectRemover(objects, logger)
  return {
    users: usersStore(db, removeObjects),
    sessions: sessionsStore(db, removeObjects),
    bookings: bookingsStore(db),
    reviews: reviewsStore(db),
    notes: notesStore(db),
    materials: materialsStore(db, objects, removeObjects),
    files: filesStore(db, objects),
    idempotency: idempotencyStore(db),
    meta: metaStore(db),
  }
}
