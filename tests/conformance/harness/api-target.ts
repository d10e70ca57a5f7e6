// The API server as a conformance target, in this process: the Hono app of
// server/app.ts over PGlite in memory (`pglite`) or a PostgreSQL server
// (`postgres`), served by @hono/node-server on a free port of 127.0.0.1. Its
// identity provider is Firebase Auth, played by the Auth emulator the global
// setup started for this target.
//
// Its mail goes, by the server's own job queue, to an SMTP server in this
// process (../services/smtp-capture.ts): sentMail() waits until no delivery
// is queued, then answers what that server received since the last reset.
//
// Seeded users have no provider account until they first sign in; the harness
// makes one and has the provider vouch for its email (as following the
// verification link would), since the server binds an unbound record only to
// an identity with a verified email. Accounts made with signUpNew stay
// unverified, like a fresh password sign-up.
import { serve, type ServerType } from '@hono/node-server'
import type { AddressInfo } from 'node:net'
import { createApp } from '../../../server/app'
import { loadConfig } from '../../../server/config'
import type { ApiDeps } from '#core/api-deps'
import { buildSeedRows } from '#core/seed/seed-data'
import { openDatabase, type Database } from '../../../server/db/open-database'
import { createFirebaseIdentity } from '../../../server/identity/firebase-identity'
import { createDeliveryQueue, type DeliveryQueue } from '../../../server/jobs/delivery-queue'
import { workDeliveries, type DeliveryWorkers } from '../../../server/jobs/delivery-workers'
import { createLogger } from '../../../server/logger'
import { startSmtpCapture, type SmtpCapture } from '../services/smtp-capture'
import { EMULATOR_PROJECT_ID, FirebaseAuthEmulator } from './firebase-emulator'
import type { Target } from './target'

export interface ApiTargetOptions {
  name: 'pglite' | 'postgres'
  /** postgres://… for the `postgres` target; PGlite in memory without it. */
  databaseUrl?: string
  /** host:port of this target's Auth emulator. */
  authEmulatorHost: string
}

/** The API server's target, with every line its logger wrote since it started. */
export type ApiTarget = Target & { readonly logLines: readonly string[] }

export function createApiTarget(options: ApiTargetOptions): ApiTarget {
  const emulator = new FirebaseAuthEmulator(options.authEmulatorHost)
  let database: Database | undefined
  let server: ServerType | undefined
  let smtp: SmtpCapture | undefined
  let queue: DeliveryQueue | undefined
  let workers: DeliveryWorkers | undefined
  let handler: ((request: Request) => Response | Promise<Response>) | undefined
  let seededEmails = new Set<string>()
  const idTokens = new Map<string, Promise<string>>()
  const logLines: string[] = []

  const target: ApiTarget = {
    logLines,
    name: options.name,
    baseUrl: '',
    origin: '',
    seededUsersHaveIdentities: false,

    async start() {
      smtp = await startSmtpCapture()
      // What the server's own configuration would say; limits on sign-ins and
      // writes per minute are off, since the whole suite is one client.
      const config = loadConfig({
        SMTP_URL: smtp.url,
        MAIL_FROM: 'StudyHub <noreply@studyhub.test>',
        HOST: '127.0.0.1',
        FIREBASE_PROJECT_ID: EMULATOR_PROJECT_ID,
        FIREBASE_AUTH_EMULATOR_HOST: options.authEmulatorHost,
        RATE_LIMIT_SIGN_IN: '0',
        RATE_LIMIT_WRITES: '0',
        LOG_LEVEL: 'error',
        SEED: 'never',
      })
      // Every line is kept, for the test that no secret reaches the logs. A
      // failed request (a 500) is logged at error level: that line also goes
      // to console.error, which fails the test that caused it.
      const logger = createLogger({
        level: 'debug',
        write: (line) => {
          logLines.push(line)
          if ((JSON.parse(line) as { level?: unknown }).level === 'error') console.error(line)
        },
      })
      queue = createDeliveryQueue(logger)
      const deliveries = { mailEnabled: true, pushEnabled: false, jobs: queue.jobs }
      database = await openDatabase(
        options.databaseUrl ? { databaseUrl: options.databaseUrl, deliveries } : { inMemory: true, deliveries },
      )
      const db = database
      await queue.start(db)
      const deps: ApiDeps = {
        store: db.store,
        identity: createFirebaseIdentity({
          projectId: config.firebaseProjectId,
          emulatorHost: config.firebaseAuthEmulatorHost,
        }),
        now: () => new Date(),
        appTokenTtlSeconds: config.appTokenTtlSeconds,
        maxFileBytes: config.maxFileBytes,
        mailEnabled: true,
      }
      const app = createApp(deps, { config, logger, ping: () => db.ping() })
      handler = (request) => app.fetch(request)
      const port = await new Promise<number>((resolve, reject) => {
        const created = serve({ fetch: app.fetch, hostname: '127.0.0.1', port: 0 }, (info: AddressInfo) =>
          resolve(info.port),
        )
        created.once('error', reject)
        server = created
      })
      target.origin = `http://127.0.0.1:${port}`
      target.baseUrl = `${target.origin}/api`
      const origins = { appOrigin: target.origin, apiOrigin: target.origin }
      workers = await workDeliveries(queue, db, config, { origins, logger })
    },

    async handleExactly(request) {
      if (!handler) throw new Error('The API server target has not started.')
      return handler(request)
    },

    store() {
      if (!database) throw new Error('The API server target has not started.')
      return database.store
    },

    async sentMail() {
      if (!queue || !smtp) throw new Error('The API server target has not started.')
      await queue.drained()
      return smtp.received()
    },

    async stop() {
      await new Promise<void>((resolve) => (server ? server.close(() => resolve()) : resolve()))
      await queue?.stop(1000)
      workers?.close()
      await database?.close()
      await smtp?.close()
    },

    async reset() {
      // What the last test set going is sent first, so none of it arrives after the capture is emptied.
      await queue!.drained().catch(() => {})
      smtp!.clear()
      idTokens.clear()
      const rows = await buildSeedRows()
      seededEmails = new Set(rows.users.map((u) => u.email))
      await emulator.wipe()
      await database!.truncateAll()
      await database!.seed(rows)
    },

    idTokenFor(email) {
      return idTokens.get(email.toLowerCase()) ?? target.signInAgain(email)
    },

    signInAgain(email) {
      const key = email.toLowerCase()
      const token = seededEmails.has(key)
        ? emulator.verifiedIdToken(key)
        : emulator.signIn(key).then((account) => account.idToken)
      idTokens.set(key, token)
      token.catch(() => idTokens.delete(key))
      return token
    },

    async verifyEmail(email) {
      await emulator.markVerified((await emulator.signIn(email)).localId)
      idTokens.delete(email.toLowerCase())
      return (await emulator.signIn(email)).idToken
    },

    async replaceWithVerified(email) {
      await emulator.deleteAccount((await emulator.signIn(email)).localId)
      idTokens.delete(email.toLowerCase())
      return emulator.verifiedIdToken(email)
    },

    async disable(email) {
      await emulator.disable((await emulator.signIn(email)).localId)
      idTokens.delete(email.toLowerCase())
    },

    async signUpNew(email, name) {
      const account = await emulator.signUp(email, name)
      // A later idTokenFor(email) must not reuse a token of an account made before this one.
      idTokens.delete(email.toLowerCase())
      return { idToken: account.idToken }
    },
  }
  return target
}
