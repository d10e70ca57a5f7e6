// The API server's entry point (`npm run server`): configuration from the
// environment, the database (seeded with the demo data when the SEED rule
// says so), the job queue that sends notifications by email and push
// (./jobs/), the HTTP app on HOST:PORT, and a graceful stop on SIGTERM/SIGINT:
// no new connections, requests in flight finish (up to SHUTDOWN_GRACE_MS),
// and jobs running too, then the database closes, which releases the embedded
// database's folder.
// On the embedded database it also answers online backups on a socket in the
// data folder (./backup/online-backup.ts).
// A stuck embedded database cannot hold the stop: its calls fail within
// seconds (./db/pglite-worker-client.ts), and closing ends its thread.
import { serve } from '@hono/node-server'
import type { IncomingMessage, Server, ServerResponse } from 'node:http'
import type { AddressInfo } from 'node:net'
import { createApp } from './app'
import { answerOnlineBackups, type BackupListener } from './backup/online-backup'
import { ConfigError, loadConfig, type Config, type SeedMode } from './config'
import type { ApiDeps } from '#core/api-deps'
import type { IdentityVerifier } from '#core/identity'
import type { ApiRoute } from '#core/routes'
import { buildSeedRows } from '#core/seed/seed-data'
import { DatabaseNotEmpty, openDatabase, type Database } from './db/open-database'
import { inArrivalOrder } from './db/pglite-turns'
import { tokenKeyOf } from './db/token-key'
import { isEntryPoint } from './entry-point'
import { createS3Objects } from './files/s3-objects'
import { createFirebaseIdentity } from './identity/firebase-identity'
import { createLogger, describeError, type Logger } from './logger'
import { remindClassesStartingSoon } from '#core/notifications'
import { createDeliveryQueue, type QueueTimings } from './jobs/delivery-queue'
import { workDeliveries, type DeliveryWorkers } from './jobs/delivery-workers'

export interface StartOptions {
  logger?: Logger
  /** Firebase Auth (per the config) unless given. */
  identity?: IdentityVerifier
  /** Every API route unless given. */
  routes?: readonly ApiRoute[]
  /**
   * An already open database; otherwise one is opened per the config. Closed by close() either way.
   * Its store writes no deliveries unless it was opened with the queue's (tests of other things).
   */
  database?: Database
  /** When jobs are tried again (tests wait less than a deployment's minutes). */
  queueTimings?: QueueTimings
}

export interface RunningServer {
  /** Where the server listens, e.g. http://127.0.0.1:8787. */
  url: string
  /** Stops accepting, lets requests in flight finish (up to the grace period), closes the database. */
  close(): Promise<void>
  /** One run of the reminder scheduler now (what each interval does); answers how many reminders it wrote. */
  remindNow(): Promise<number>
  /** Resolves once no delivery is queued: every one sent or given up (tests). */
  deliveriesDone(ms?: number): Promise<void>
}

/**
 * Whether to fill an empty database with the demo data. `auto` seeds only the
 * embedded database (a local try-out); a PostgreSQL server is someone's real
 * data store and is seeded only when asked for explicitly.
 */
export function shouldSeed(mode: SeedMode, kind: Database['kind']): boolean {
  return mode === 'always' || (mode === 'auto' && kind === 'pglite')
}

function urlOf(address: AddressInfo): string {
  const host = address.family === 'IPv6' ? `[${address.address}]` : address.address
  return `http://${host}:${address.port}`
}

export async function startServer(config: Config, options: StartOptions = {}): Promise<RunningServer> {
  const logger = options.logger ?? createLogger({ level: config.logLevel })
  const { fileStorage } = config
  const queue = createDeliveryQueue(logger, options.queueTimings)
  const database =
    options.database ??
    (await openDatabase({
      databaseUrl: config.databaseUrl,
      dataDir: config.dataDir,
      syncToDisk: config.dataDirSync,
      objects: fileStorage.kind === 's3' ? createS3Objects(fileStorage) : undefined,
      logger,
      tokenKey: tokenKeyOf(config),
      deliveries: { mailEnabled: config.mail !== undefined, pushEnabled: config.vapid !== undefined, jobs: queue.jobs },
    }))

  let server: Server
  let backups: BackupListener | undefined
  let workers: DeliveryWorkers | undefined
  /** The server once it listens: closed again when a later step of the start fails. */
  let listening: Server | undefined
  let draining = false
  let remindNow: () => Promise<number> = () => Promise.resolve(0)
  try {
    if (shouldSeed(config.seed, database.kind) && (await database.isEmpty())) {
      try {
        await database.seed(await buildSeedRows())
        logger.info('seeded the demo data', { database: database.kind })
      } catch (error) {
        // Replicas starting together all find the database empty; the seed decides again, under a lock.
        if (!(error instanceof DatabaseNotEmpty)) throw error
        logger.info('another process seeded the demo data first', { database: database.kind })
      }
    }
    // Before the first request: every write that notifies writes its jobs through the queue.
    await queue.start(database)
    const deps: ApiDeps = {
      store: database.store,
      identity:
        options.identity ??
        createFirebaseIdentity({
          projectId: config.firebaseProjectId,
          emulatorHost: config.firebaseAuthEmulatorHost,
          // A bad token is the caller's problem; anything else (no credentials for the
          // revocation lookup, Firebase unreachable) refuses every sign-in and is ours.
          onRejected: (reason) => {
            const code = (reason as { code?: unknown } | null)?.code
            const ours = !(typeof code === 'string' && code.startsWith('auth/'))
            logger[ours ? 'warn' : 'debug']('ID token refused', { reason: describeError(reason) })
          },
        }),
      now: () => new Date(),
      appTokenTtlSeconds: config.appTokenTtlSeconds,
      maxFileBytes: config.maxFileBytes,
      pushHosts: config.pushHosts,
      mailEnabled: config.mail !== undefined,
      // An app hosted on its own origin is the one CORS lets in first: calendar events link back to it.
      ...(config.appDistDir || config.corsOrigins.length === 0 ? {} : { appOrigin: config.corsOrigins[0] }),
    }
    // Push and mail go as jobs written with each change (./jobs/), not from here after the commit.
    if (config.vapid) deps.pushPublicKey = config.vapid.publicKey
    else logger.info('push disabled: VAPID_PUBLIC_KEY, VAPID_PRIVATE_KEY and VAPID_SUBJECT are not set')
    if (!config.mail) logger.info('mail disabled: SMTP_URL is not set')
    remindNow = async () => (await remindClassesStartingSoon(deps)).length
    const app = createApp(deps, {
      config,
      logger,
      ping: () => database.ping(),
      databaseStatus: database.status,
      routes: options.routes,
    })
    if (database.folder) backups = await answerOnlineBackups(database.folder, logger)

    const answer = async (request: Request, env: unknown): Promise<Response> => {
      const response = await app.fetch(request, env)
      // While stopping, each answer ends its connection, so a keep-alive
      // client cannot hold the server open past its last request.
      if (draining) {
        try {
          response.headers.set('Connection', 'close')
        } catch {
          // Immutable headers: Node still closes the socket once the server has closed.
        }
      }
      return response
    }
    server = await new Promise<Server>((resolve, reject) => {
      const created = serve(
        {
          hostname: config.host,
          port: config.port,
          // Numbered as they arrive: the embedded database serves the oldest request's queries first.
          fetch: (request, env) => inArrivalOrder(() => answer(request, env)),
        },
        () => resolve(created as Server),
      ) as Server
      created.once('error', reject)
      // Node answers `Expect: 100-continue` with 100 Continue before any of our
      // code runs, inviting the body. Here the invitation goes out only when a
      // route starts reading the body, so a request refused on its headers (no
      // token, a role that may not upload, too large) is answered before its
      // body is sent at all.
      created.on('checkContinue', (request: IncomingMessage, response: ServerResponse) => {
        const read = request._read.bind(request)
        request._read = (size) => {
          request._read = read
          response.writeContinue()
          read(size)
        }
        created.emit('request', request, response)
      })
    })
    listening = server
    // Links in mail: the public address when it is set, this server's own otherwise (a local try-out).
    const apiOrigin = config.publicUrl ?? urlOf(server.address() as AddressInfo)
    workers = await workDeliveries(queue, database, config, {
      origins: { apiOrigin, appOrigin: deps.appOrigin ?? apiOrigin },
      logger,
    })
  } catch (error) {
    const opened = listening
    await new Promise<void>((resolve) => (opened ? opened.close(() => resolve()) : resolve()))
    workers?.close()
    await queue.stop(0)
    await backups?.close()
    await database.close()
    throw error
  }

  const address = server.address() as AddressInfo
  const url = urlOf(address)
  if (database.kind === 'pglite' && !config.dataDirSync) {
    logger.warn('DATA_DIR_SYNC=false: commits are not synced to disk; a power cut can lose acknowledged writes', {
      dataDir: config.dataDir,
    })
  }
  logger.info('listening', {
    url,
    database: database.kind,
    files: fileStorage.kind === 's3' ? `s3://${fileStorage.bucket}` : 'postgres',
    firebaseProject: config.firebaseProjectId,
  })

  // Every process runs the scheduler; each reminder is written once all the
  // same (a unique index per booking), so no process has to be the leader.
  const reminders =
    config.reminderIntervalSeconds > 0
      ? setInterval(() => {
          remindNow().catch((error: unknown) => logger.warn('reminders failed', { error: describeError(error) }))
        }, config.reminderIntervalSeconds * 1000)
      : undefined
  reminders?.unref()

  let closing: Promise<void> | undefined
  const close = () =>
    (closing ??= (async () => {
      clearInterval(reminders)
      draining = true
      await new Promise<void>((resolve) => {
        const deadline = setTimeout(() => {
          logger.warn('grace period over: closing the connections still open', { graceMs: config.shutdownGraceMs })
          server.closeAllConnections()
        }, config.shutdownGraceMs)
        deadline.unref()
        server.close(() => {
          clearTimeout(deadline)
          resolve()
        })
        server.closeIdleConnections()
      })
      // Jobs running finish within the grace period too; one cut off is tried again after a restart.
      await queue.stop(config.shutdownGraceMs)
      workers?.close()
      await backups?.close()
      await database.close()
      logger.info('stopped')
    })())

  return { url, close, remindNow: () => remindNow(), deliveriesDone: (ms) => queue.drained(ms) }
}

async function main(): Promise<void> {
  let config: Config
  try {
    config = loadConfig()
  } catch (error) {
    if (!(error instanceof ConfigError)) throw error
    process.stderr.write(`${error.message}\n`)
    process.exit(1)
  }
  const logger = createLogger({ level: config.logLevel })
  let running: RunningServer
  try {
    running = await startServer(config, { logger })
  } catch (error) {
    logger.error('could not start', { error: describeError(error) })
    process.exit(1)
  }

  const stop = (signal: NodeJS.Signals) => {
    logger.info('stopping', { signal })
    // A second signal means "now": skip the grace period.
    process.once(signal, () => process.exit(1))
    running.close().then(
      () => process.exit(0),
      (error: unknown) => {
        logger.error('stopping failed', { error: describeError(error) })
        process.exit(1)
      },
    )
  }
  process.once('SIGTERM', stop)
  process.once('SIGINT', stop)
}

if (isEntryPoint(import.meta.url)) await main()
