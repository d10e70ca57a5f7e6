// Opens the API server's database and hands out its Store.
// - With a DATABASE_URL: PostgreSQL through a node-postgres pool.
// - Otherwise: PGlite, PostgreSQL compiled to WebAssembly, on a thread of its
//   own (./pglite-worker-client.ts), kept in a folder (`.data/` by default,
//   each commit synced to disk: ./pglite-file-system.ts) or in memory (tests).
//   The folder is locked for this process (./folder-lock.ts): PGlite has no
//   lock of its own; and it is its owner's alone, 0700 with files 0600
//   (./private-folder.ts).
// Either way the migrations in ./migrations run first (applied ones are
// skipped), so the tables always match ./schema.ts, sessions from before
// the search get their words (fillSessionWords) and reminders from before
// reminder leads their lead (fillReminderLeads), sessions from before
// schedules their one meeting (fillSessionMeetings). The job queue (../jobs/)
// reaches the database too (`jobDatabase`): with a pool of its own on
// PostgreSQL, through the one client of the embedded database's thread on
// PGlite. Given a bucket (`objects`), uploaded files' bytes go there instead
// of into the files table
// (docs/decisions/0014-files-in-a-bucket.md); the demo data's files are seeded
// into the table either way.
import type { PGlite } from '@electric-sql/pglite'
import { getTableColumns, getTableName, sql } from 'drizzle-orm'
import { drizzle as drizzleNodePg } from 'drizzle-orm/node-postgres'
import { migrate as migrateNodePg } from 'drizzle-orm/node-postgres/migrator'
import type { PgTable } from 'drizzle-orm/pg-core'
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite'
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import pg from 'pg'
import type { SeedRows } from '#core/seed/seed-data'
import type { ReviewRow, Store } from '#core/store'
import type { BucketObjects } from '../files/s3-objects'
import type { Logger } from '../logger'
import { lockFolder, type FolderLock } from './folder-lock'
import { copyBetweenTransactions } from './pglite-folder-copy'
import { takingTurns } from './pglite-turns'
import {
  DatabaseUnavailable,
  openPgliteWorker,
  type DatabaseOutage,
  type PgliteWorkerClient,
} from './pglite-worker-client'
import { createPgStore, translateError, type DeliverySettings, type PgDb, type PgStoreOptions } from './pg-store'
import { deliveryLedger, type DeliveryLedger } from './pg-store/deliveries'
import { forgetTokenSecret } from './pg-store/meta'
import { fillReminderLeads } from './pg-store/notifications'
import { makeFolderPrivate } from './private-folder'
import { fillSessionMeetings, fillSessionWords, meetingValues, sessionValues } from './pg-store/sessions'
import * as schema from './schema'

export type { SeedRows }

export interface OpenDatabaseOptions {
  /** postgres://… : use that server. */
  databaseUrl?: string
  /** The embedded database's folder (default `.data`, relative to the working directory). */
  dataDir?: string
  /** An embedded database that lives only as long as the process (tests). */
  inMemory?: boolean
  /**
   * Sync each commit of the embedded database's folder to disk before it is
   * acknowledged (default true); false leaves it to the operating system, and
   * a power cut can lose what was acknowledged.
   */
  syncToDisk?: boolean
  /** How long the embedded database may leave a call unanswered, touching no file, before it is restarted. */
  stuckAfterMs?: number
  /** A bucket for uploaded files' bytes (FILE_STORAGE=s3); files.data otherwise. */
  objects?: BucketObjects
  /** Where the store reports a file object it had to leave in the bucket, and the embedded database its restarts. */
  logger?: Pick<Logger, 'info' | 'warn'>
  /** The token secret's half kept outside the database (./token-key.ts); tests go without. */
  tokenKey?: string
  /** Which channels the server sends on, and where the deliveries' jobs go; none without it (tests). */
  deliveries?: DeliverySettings
}

/**
 * How the job queue reaches this database: a connection string (pg-boss opens
 * a pool of its own on the PostgreSQL server), or the embedded database's one
 * client, to run a statement on (`values` bound when given; several
 * statements without values, answering the results of each).
 */
export type JobDatabase =
  | { kind: 'postgres'; connectionString: string }
  | { kind: 'pglite'; run(text: string, values?: unknown[]): Promise<{ rows: unknown[] } | { rows: unknown[] }[]> }

/** The embedded database's state, for the answers of the HTTP layer (../http/database-outage.ts). */
export interface DatabaseStatus {
  /** Why it cannot answer now (it is being reopened), or undefined when it can. */
  outage: DatabaseOutage | undefined
  /** Writes refused so far because the disk was full while the database went on. */
  diskFullRefusals: number
}

export interface Database {
  store: Store
  kind: 'pglite' | 'postgres'
  /** Throws when the database does not answer. */
  ping(): Promise<void>
  /** The embedded database's state; PostgreSQL has none to give. */
  status?(): DatabaseStatus
  /** True when no record of any kind exists: a fresh database, to be seeded. */
  isEmpty(): Promise<boolean>
  /**
   * Inserts the rows in one transaction (parents before children), only into
   * an empty database: throws DatabaseNotEmpty otherwise. Decided inside the
   * transaction under the migration lock, so of two processes that both found
   * the database empty at start, one seeds and the other is told it lost.
   */
  seed(rows: SeedRows): Promise<void>
  /** Empties every table (tests). */
  truncateAll(): Promise<void>
  close(): Promise<void>
  /** The embedded database on a folder: the folder, and a copy of it taken while it runs (online backups). */
  folder?: { path: string; copyInto(into: string): Promise<void> }
  /** How the job queue's workers move deliveries on (../jobs/). */
  deliveries: DeliveryLedger
  /** How the job queue reaches this database. */
  jobDatabase: JobDatabase
}

export const DEFAULT_DATA_DIR = '.data'

/** Database.seed found records already there (another process seeded first). */
export class DatabaseNotEmpty extends Error {
  constructor() {
    super('The database is not empty: seeding skipped.')
    this.name = 'DatabaseNotEmpty'
  }
}

const MIGRATIONS_FOLDER = fileURLToPath(new URL('./migrations', import.meta.url))

/** Any number that is ours alone: servers starting together take turns to migrate and to seed. */
const MIGRATION_LOCK_KEY = 0x5374_7564

/** The embedded database's ping gives up after this long, within /healthz's own bound. */
const PING_TIMEOUT_MS = 2_000

/** PostgreSQL accepts at most 65,535 parameters per statement. */
const MAX_PARAMETERS = 60_000
/** Files carry their bytes: a few per statement keeps each statement small. */
const FILE_ROWS_PER_INSERT = 50

export async function openDatabase(options: OpenDatabaseOptions = {}): Promise<Database> {
  const storeOptions: PgStoreOptions = {
    objects: options.objects,
    logger: options.logger,
    tokenKey: options.tokenKey,
    deliveries: options.deliveries,
  }
  if (options.databaseUrl) return openPostgres(options.databaseUrl, storeOptions)
  return openPglite(options.inMemory ? null : (options.dataDir ?? DEFAULT_DATA_DIR), options, storeOptions)
}

async function openPostgres(url: string, storeOptions: PgStoreOptions): Promise<Database> {
  // Timestamps arrive as text in the server's time zone, whatever it is: ./schema.ts reads any offset.
  const pool = new pg.Pool({ connectionString: url })
  // An idle connection the server drops must not crash the process; the pool replaces it.
  pool.on('error', () => {})
  // Nor one in use, a transaction's (a restart, a failover): its statements fail
  // (503, docs/decisions/0075-a-keyed-write-commits-with-its-answer.md), and the
  // pool drops it once it is released. The pool listens to idle connections only.
  pool.on('connect', (client) => client.on('error', () => {}))
  try {
    const client = await pool.connect()
    try {
      await client.query('select pg_advisory_lock($1)', [MIGRATION_LOCK_KEY])
      try {
        await migrateNodePg(drizzleNodePg({ client }), { migrationsFolder: MIGRATIONS_FOLDER })
        await fillSessionWords(drizzleNodePg({ client }))
        await fillReminderLeads(drizzleNodePg({ client }))
        await fillSessionMeetings(drizzleNodePg({ client }))
      } finally {
        await client.query('select pg_advisory_unlock($1)', [MIGRATION_LOCK_KEY])
      }
    } finally {
      client.release()
    }
  } catch (error) {
    await pool.end()
    throw error
  }
  const db = drizzleNodePg({ client: pool })
  return database(db, { kind: 'postgres', connectionString: url }, () => pool.end(), storeOptions)
}

async function openPglite(
  folder: string | null,
  options: OpenDatabaseOptions,
  storeOptions: PgStoreOptions,
): Promise<Database> {
  const dataDir = folder === null ? null : path.resolve(folder)
  const lock: FolderLock | null = dataDir === null ? null : lockFolder(dataDir)
  let client: PgliteWorkerClient | undefined
  try {
    client = await openPgliteWorker({
      dataDir,
      syncToDisk: options.syncToDisk ?? true,
      stuckAfterMs: options.stuckAfterMs,
      logger: options.logger,
    })
    // drizzle-orm calls only query, exec and transaction, which the client has.
    const inTurns = takingTurns(client as unknown as PGlite) as unknown as PgliteWorkerClient
    const db = drizzlePglite({ client: inTurns as unknown as PGlite })
    await migratePglite(db, { migrationsFolder: MIGRATIONS_FOLDER })
    await fillSessionWords(db)
    await fillReminderLeads(db)
    await fillSessionMeetings(db)
    const opened = client
    const open = database(
      db,
      { kind: 'pglite', run: (text, values) => runOnPglite(inTurns, text, values) },
      async () => {
        try {
          await opened.close()
          // Files PostgreSQL rewrote while it ran (its relation cache's) come out 0644 whatever the umask.
          if (dataDir !== null) await makeFolderPrivate(dataDir)
        } finally {
          lock?.release()
        }
      },
      storeOptions,
      opened,
    )
    if (dataDir === null) return open
    // A new database's files come out 0666, an older folder's are, and the umask cannot help there: fixed now.
    await makeFolderPrivate(dataDir)
    return { ...open, folder: { path: dataDir, copyInto: (into) => copyBetweenTransactions(opened, dataDir, into) } }
  } catch (error) {
    await client?.close().catch(() => {})
    lock?.release()
    throw error
  }
}

/** `work`, or a rejection once `ms` have passed without its answer. */
async function within<T>(work: Promise<T>, ms: number): Promise<T> {
  let timer: ReturnType<typeof setTimeout> | undefined
  const late = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`The database gave no answer within ${ms} ms.`)), ms)
  })
  try {
    return await Promise.race([work, late])
  } finally {
    clearTimeout(timer)
  }
}

const recordTables: readonly PgTable[] = [
  schema.users,
  schema.sessions,
  schema.bookings,
  schema.reviews,
  schema.notes,
  schema.materials,
  schema.files,
]

/**
 * A statement of the job queue on the embedded database, in turn with the
 * requests' (the one path to it: PGlite has one session, and a statement sent
 * any other way while a transaction is open would run inside it). Several
 * statements without values are run as one transaction of the client's own:
 * pg-boss sends its maintenance as BEGIN; …; COMMIT, and a statement of it
 * that fails would otherwise leave the one session in a failed transaction,
 * failing every request after it. In the client's transaction a failure rolls
 * it all back at once (the BEGIN and COMMIT inside only warn, unseen).
 */
async function runOnPglite(client: PgliteWorkerClient, text: string, values?: unknown[]) {
  if (values && values.length > 0) return client.query(text, values)
  const results = await client.transaction((tx) => tx.exec(text))
  return results.length === 1 ? results[0]! : results
}

function database(
  db: PgDb,
  jobDatabase: JobDatabase,
  closeClient: () => Promise<void>,
  storeOptions: PgStoreOptions,
  embedded?: PgliteWorkerClient,
): Database {
  let closed: Promise<void> | undefined
  const isEmpty = async (on: PgDb) => {
    const exists = recordTables.map((table) => sql`exists (select 1 from ${table})`)
    const [row] = await on
      .select({ any: sql<boolean>`${sql.join(exists, sql` or `)}` })
      .from(sql`(values (1)) as one (x)`)
    return !row?.any
  }
  return {
    store: createPgStore(db, storeOptions),
    kind: jobDatabase.kind,
    deliveries: deliveryLedger(db),
    jobDatabase,
    async ping() {
      if (!embedded) {
        await db.execute(sql`select 1`)
        return
      }
      // While it is being reopened the answer is known at once; otherwise a ping waits its turn, but not for long.
      const outage = embedded.outage()
      if (outage) throw new DatabaseUnavailable(outage.reason)
      await within(db.execute(sql`select 1`), PING_TIMEOUT_MS)
    },
    ...(embedded && {
      status: () => ({ outage: embedded.outage(), diskFullRefusals: embedded.diskFullRefusals() }),
    }),
    isEmpty: () => isEmpty(db),
    async seed(rows) {
      const files = await Promise.all(
        rows.files.map(async (file) => ({
          ...file,
          data: file.data instanceof Uint8Array ? file.data : new Uint8Array(await file.data.arrayBuffer()),
        })),
      )
      try {
        await db.transaction(async (tx) => {
          // Held until this transaction ends: a second seeder waits here, then sees these rows committed.
          await tx.execute(sql`select pg_advisory_xact_lock(${MIGRATION_LOCK_KEY})`)
          if (!(await isEmpty(tx))) throw new DatabaseNotEmpty()
          await insertChunked(tx, schema.users, rows.users)
          await insertChunked(tx, schema.sessions, rows.sessions.map(sessionValues))
          await insertChunked(tx, schema.sessionMeetings, rows.sessions.flatMap(meetingValues))
          await insertChunked(tx, schema.bookings, rows.bookings)
          await insertChunked(tx, schema.reviews, rows.reviews.map(storedReview))
          await insertChunked(tx, schema.notes, rows.notes)
          await insertChunked(tx, schema.materials, rows.materials)
          for (let i = 0; i < files.length; i += FILE_ROWS_PER_INSERT) {
            await tx.insert(schema.files).values(files.slice(i, i + FILE_ROWS_PER_INSERT))
          }
        })
      } catch (error) {
        throw translateError(error)
      }
    },
    async truncateAll() {
      const names = schema.allTables.map((table) => `"${getTableName(table)}"`).join(', ')
      await db.execute(sql.raw(`truncate table ${names}`))
      // The token secret went with the meta table: the store must not keep using the old one.
      forgetTokenSecret(db)
    },
    close() {
      closed ??= closeClient()
      return closed
    },
  }
}

function storedReview(row: ReviewRow): typeof schema.reviews.$inferInsert {
  if (!row.studentEmail) throw new Error(`Seed review ${row._id} has no studentEmail.`)
  return { ...row, studentEmail: row.studentEmail }
}

/** Multi-row inserts, as many rows per statement as the parameter limit allows. */
async function insertChunked<T extends PgTable>(tx: PgDb, table: T, rows: readonly T['$inferInsert'][]): Promise<void> {
  const perStatement = Math.max(1, Math.floor(MAX_PARAMETERS / Object.keys(getTableColumns(table)).length))
  for (let i = 0; i < rows.length; i += perStatement) {
    await tx.insert(table).values(rows.slice(i, i + perStatement))
  }
}
