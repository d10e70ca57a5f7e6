// The storage port (server/core/store.ts) over PostgreSQL, for both drivers the
// server runs on: PGlite (embedded) and node-postgres (a server). Tables and
// constraints are in ./schema.ts; each table's methods are in ./pg-store/ (one
// module per part of the port, as server/core/endpoints/ is), put together here.
// The port's promises are the database's: constraints recognised by SQLSTATE and
// name, compare-and-set in one UPDATE, cascades as foreign keys, lists read from
// an index (docs/decisions/0011-postgresql-storage.md). With a bucket, each step's
// order keeps a committed row's bytes and leaves at worst an unreachable object
// (docs/decisions/0014-files-in-a-bucket.md). `transaction` gives a keyed write
// the same port over one transaction, each method in a savepoint of its own
// (docs/decisions/0075-a-keyed-write-commits-with-its-answer.md).
import { randomBytes } from 'node:crypto'
import { sql } from 'drizzle-orm'
import { CLAIM_WAIT_MS } from '#core/idempotency'
import type { Store } from '#core/store'
import type { BucketObjects } from '../files/s3-objects'
import { createLogger, type Logger } from '../logger'
import { bookingsStore } from './pg-store/bookings'
import { calendarFeedsStore } from './pg-store/calendar-feeds'
import { filesStore, objectRemover, type RemoveObjects } from './pg-store/files'
import { idempotencyStore } from './pg-store/idempotency'
import { materialsStore } from './pg-store/materials'
import { metaStore } from './pg-store/meta'
import { notesStore } from './pg-store/notes'
import { deliveriesStore, NO_DELIVERIES, type DeliverySettings } from './pg-store/deliveries'
import { noticesFor, notificationsStore, pushSubscriptionsStore, type Notices } from './pg-store/notifications'
import { translateError } from './pg-store/pg-errors'
import { preferencesStore } from './pg-store/preferences'
import { reviewsStore } from './pg-store/reviews'
import { sessionsStore } from './pg-store/sessions'
import type { PgDb } from './pg-store/shared'
import { usersStore } from './pg-store/users'

export { translateError } from './pg-store/pg-errors'
export type { DeliverySettings } from './pg-store/deliveries'
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
  /**
   * Which channels the host sends on and where the deliveries' jobs go
   * (./pg-store/deliveries.ts); without it, no delivery is written.
   */
  deliveries?: DeliverySettings
}

type Tables = Omit<Store, 'transaction'>
type Method = (...args: unknown[]) => Promise<unknown>

/** Every part of the port over `db`; `removeObjects` takes the objects of files whose rows a delete took. */
function tablesOver(
  db: PgDb,
  objects: BucketObjects | undefined,
  discardObjects: RemoveObjects,
  removeObjects: RemoveObjects,
  tokenKey: string,
  notices: Notices,
): Tables {
  return {
    users: usersStore(db, removeObjects),
    sessions: sessionsStore(db, removeObjects, notices),
    bookings: bookingsStore(db, notices),
    calendarFeeds: calendarFeedsStore(db),
    reviews: reviewsStore(db),
    notes: notesStore(db),
    materials: materialsStore(db, objects, discardObjects, removeObjects, notices),
    files: filesStore(db, objects),
    notifications: notificationsStore(db, notices),
    preferences: preferencesStore(db),
    deliveries: deliveriesStore(db),
    pushSubscriptions: pushSubscriptionsStore(db),
    idempotency: idempotencyStore(db),
    meta: metaStore(db, tokenKey),
  }
}

/** `tables` with each method of each part replaced by `wrap(part, name)` of it. */
function eachMethod(tables: Tables, wrap: (part: string, name: string, method: Method) => Method): Tables {
  return Object.fromEntries(
    Object.entries(tables).map(([part, methods]) => [
      part,
      Object.fromEntries(
        Object.entries(methods as Record<string, Method>).map(([name, method]) => [name, wrap(part, name, method)]),
      ),
    ]),
  ) as unknown as Tables
}

/** Every method's failure in the port's terms (a lost connection, a broken constraint), whichever statement it came from. */
const translated = (tables: Tables): Tables =>
  eachMethod(tables, (_part, _name, method) => async (...args) => {
    try {
      return await method(...args)
    } catch (error) {
      throw translateError(error)
    }
  })

export function createPgStore(db: PgDb, options: PgStoreOptions = {}): Store {
  const { objects } = options
  const logger = options.logger ?? createLogger({ level: 'warn' })
  const removeObjects = objectRemover(objects, logger)
  // Chosen once: every transaction's port signs with the same secret.
  const tokenKey = options.tokenKey ?? randomBytes(32).toString('base64url')
  const notices = noticesFor(options.deliveries ?? NO_DELIVERIES)
  return {
    ...translated(tablesOver(db, objects, removeObjects, removeObjects, tokenKey, notices)),
    async transaction(work) {
      // Objects of files a delete took go once the delete has committed: a rollback keeps the rows, so their bytes stay.
      const taken: string[] = []
      const result = await db
        .transaction(async (tx) => {
          // No lock is waited for longer than a repeat waits for its key's first run (its claim).
          await tx.execute(sql.raw(`set local lock_timeout = ${CLAIM_WAIT_MS}`))
          const over = (on: PgDb) =>
            tablesOver(on, objects, removeObjects, async (fileIds) => void taken.push(...fileIds), tokenKey, notices)
          // Each method in a savepoint of its own: one that fails undoes its own writes only, and the transaction goes on.
          const inSavepoints = eachMethod(
            over(tx),
            (part, name) =>
              (...args) =>
                tx.transaction((savepoint) =>
                  (over(savepoint) as unknown as Record<string, Record<string, Method>>)[part]![name]!(...args),
                ),
          )
          return work(translated(inSavepoints))
        })
        .catch((error: unknown) => {
          throw translateError(error)
        })
      await removeObjects(taken)
      return result
    },
  }
}
