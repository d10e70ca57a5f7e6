// The storage port (server/core/store.ts) over PostgreSQL, for both drivers the
// server runs on: PGlite (embedded) and node-postgres (a server). Tables and
// constraints are in ./schema.ts; each table's methods are in ./pg-store/ (one
// module per part of the port, as server/core/endpoints/ is), put together here.
// The port's promises are the database's: constraints recognised by SQLSTATE and
// name, compare-and-set in one UPDATE, cascades as foreign keys, lists read from
// an index (docs/decisions/0011-postgresql-storage.md). With a bucket, each step's
// order keeps a committed row's bytes and leaves at worst an unreachable object
// (docs/decisions/0014-files-in-a-bucket.md).
import { randomBytes } from 'node:crypto'
import type { Store } from '#core/store'
import type { BucketObjects } from '../files/s3-objects'
import { createLogger, type Logger } from '../logger'
import { bookingsStore } from './pg-store/bookings'
import { calendarFeedsStore } from './pg-store/calendar-feeds'
import { filesStore, objectRemover } from './pg-store/files'
import { idempotencyStore } from './pg-store/idempotency'
import { materialsStore } from './pg-store/materials'
import { metaStore } from './pg-store/meta'
import { notesStore } from './pg-store/notes'
import { notificationsStore, pushSubscriptionsStore } from './pg-store/notifications'
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
  /**
   * The token secret's half kept outside the database (./token-key.ts). Without it, a key of this
   * store's own: tokens it signs are good only while it lives (tests, an in-memory database).
   */
  tokenKey?: string
}

export function createPgStore(db: PgDb, options: PgStoreOptions = {}): Store {
  const { objects } = options
  const logger = options.logger ?? createLogger({ level: 'warn' })
  const removeObjects = objectRemover(objects, logger)
  return {
    users: usersStore(db, removeObjects),
    sessions: sessionsStore(db, removeObjects),
    bookings: bookingsStore(db),
    calendarFeeds: calendarFeedsStore(db),
    reviews: reviewsStore(db),
    notes: notesStore(db),
    materials: materialsStore(db, objects, removeObjects),
    files: filesStore(db, objects),
    notifications: notificationsStore(db),
    pushSubscriptions: pushSubscriptionsStore(db),
    idempotency: idempotencyStore(db),
    meta: metaStore(db, options.tokenKey ?? randomBytes(32).toString('base64url')),
  }
}
