// `npm run server:make-admin -- someone@school.edu`: makes a user who has
// already signed up an admin. It is the only way an admin comes to exist: the
// API never grants the role (the Store port has no method for it, on purpose),
// so whoever runs the server decides who administers it.
//
// It opens the database the way the server does (same DATABASE_URL/DATA_DIR),
// and the embedded database's folder lock makes it refuse while a server is
// running on that folder: stop the server, run this, start it again. With
// PostgreSQL it can run beside the server; the next request re-reads the role.
import { PGlite } from '@electric-sql/pglite'
import { eq } from 'drizzle-orm'
import { drizzle as drizzleNodePg } from 'drizzle-orm/node-postgres'
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite'
import { existsSync } from 'node:fs'
import { join, resolve } from 'node:path'
import pg from 'pg'
import { loadConfig, type Config } from './config'
import { lockFolder } from './db/folder-lock'
import type { PgDb } from './db/pg-store'
import { endCredentials, nextGeneration } from './db/pg-store/users'
import { users } from './db/schema'
import { isEntryPoint } from './entry-point'

export class MakeAdminError extends Error {
  constructor(message: string) {
    super(message)
    this.name = 'MakeAdminError'
  }
}

export interface MakeAdminResult {
  email: string
  name: string
  /** The role before; 'admin' means nothing changed. */
  previousRole: string
}

const UNDEFINED_TABLE = '42P01'

/** The PostgreSQL error code inside whatever wrapped it (drizzle wraps driver errors in `cause`). */
function sqlState(error: unknown): unknown {
  for (let current = error, depth = 0; current && typeof current === 'object' && depth < 8; depth++) {
    const { code, cause } = current as { code?: unknown; cause?: unknown }
    if (typeof code === 'string') return code
    current = cause
  }
  return undefined
}

async function withDatabase<T>(config: Pick<Config, 'databaseUrl' | 'dataDir'>, work: (db: PgDb) => Promise<T>) {
  if (config.databaseUrl) {
    const client = new pg.Client({ connectionString: config.databaseUrl })
    await client.connect()
    try {
      return await work(drizzleNodePg({ client }))
    } finally {
      await client.end()
    }
  }
  const dir = resolve(config.dataDir)
  // PGlite would create an empty database here; there is nobody to promote in one.
  if (!existsSync(join(dir, 'PG_VERSION'))) {
    throw new MakeAdminError(`No database in ${dir}: start the server once (npm run server) and sign up first.`)
  }
  const lock = lockFolder(dir)
  try {
    const client = new PGlite(dir)
    try {
      return await work(drizzlePglite({ client }))
    } finally {
      await client.close()
    }
  } finally {
    lock.release()
  }
}

/** Gives the admin role to the user with `email`; throws MakeAdminError when there is no such user. */
export async function makeAdmin(
  config: Pick<Config, 'databaseUrl' | 'dataDir'>,
  rawEmail: string,
): Promise<MakeAdminResult> {
  // Emails are stored lowercase.
  const email = rawEmail.trim().toLowerCase()
  if (!/^[^\s@]+@[^\s@]+$/.test(email)) throw new MakeAdminError(`"${rawEmail}" is not an email address.`)
  try {
    return await withDatabase(config, async (db) =>
      db.transaction(async (tx) => {
        const [user] = await tx
          .select({ name: users.name, role: users.role, uid: users.uid, emailVerified: users.emailVerified })
          .from(users)
          .where(eq(users.email, email))
          .for('update')
        if (!user) {
          throw new MakeAdminError(
            `No user with the email ${email}. They must sign up in the app first; then run this again.`,
          )
        }
        // Whoever signed up first with an email holds it until its owner proves it: promoting
        // an unproven holder would hand the role to anyone who typed the address. An unbound
        // (seeded) record is safe: only a verified identity can claim it.
        if (user.role !== 'admin' && user.uid && !user.emailVerified) {
          throw new MakeAdminError(
            `${email} has not verified their email with the sign-in provider. They must verify it (or sign in with Google) and sign in again; then run this again.`,
          )
        }
        if (user.role !== 'admin') {
          // A role change, as the API makes one: what the user was given under the old role ends with it.
          await tx
            .update(users)
            .set({ role: 'admin', credentialGeneration: nextGeneration })
            .where(eq(users.email, email))
          await endCredentials(tx, email)
        }
        return { email, name: user.name, previousRole: user.role }
      }),
    )
  } catch (error) {
    if (sqlState(error) === UNDEFINED_TABLE) {
      throw new MakeAdminError('The database has no tables yet: start the server once and sign up first.')
    }
    throw error
  }
}

async function main(): Promise<number> {
  const email = process.argv[2]
  if (!email || process.argv.length > 3) {
    process.stderr.write('Usage: npm run server:make-admin -- someone@school.edu\n')
    return 2
  }
  try {
    const result = await makeAdmin(loadConfig(), email)
    process.stdout.write(
      result.previousRole === 'admin'
        ? `${result.email} (${result.name}) is already an admin: nothing changed.\n`
        : `${result.email} (${result.name}) is now an admin (was ${result.previousRole}). Their app tokens of the old role have ended; the app gets a new one by itself and shows the admin pages after a reload.\n`,
    )
    return 0
  } catch (error) {
    // A bad configuration, a missing user, a folder in use: the message says what to do.
    process.stderr.write(`${error instanceof Error ? error.message : String(error)}\n`)
    return 1
  }
}

if (isEntryPoint(import.meta.url)) process.exitCode = await main()
