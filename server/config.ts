// The API server's configuration: read from the environment once, at start,
// and checked as a whole, so a wrong deployment stops at once with every
// problem named instead of failing later on the first request that needs the
// setting. Nothing else in server/ reads process.env (firebase-admin's
// emulator switch is set from here, see ./identity/firebase-identity.ts).
import { existsSync, statSync } from 'node:fs'
import { isIP } from 'node:net'
import { join, resolve } from 'node:path'
import { z } from 'zod'
import { MAX_FILE_BYTES, MAX_JSON_BODY_BYTES } from '#contract/limits'
import { DEFAULT_PUSH_HOSTS, isPushHostEntry } from '#core/push-services'
import type { S3Settings } from './files/s3-objects'

export type SeedMode = 'auto' | 'always' | 'never'
const LOG_LEVELS = ['debug', 'info', 'warn', 'error'] as const
export type LogLevel = (typeof LOG_LEVELS)[number]

/**
 * Which reverse proxies in front are trusted to append the client's address to
 * X-Forwarded-For: none, the last `hops` of them, or those at these addresses.
 */
export type TrustProxy = false | { hops: number } | { proxies: readonly string[] }

/** Where material files' bytes go: PostgreSQL's files.data, or an S3-compatible bucket. */
type FileStorage = { kind: 'postgres' } | ({ kind: 's3' } & S3Settings)

export interface Config {
  port: number
  host: string
  /** Where the embedded database (PGlite) keeps its folder; unused with DATABASE_URL. */
  dataDir: string
  /** Whether the embedded database syncs each commit to disk before acknowledging it. */
  dataDirSync: boolean
  databaseUrl: string | undefined
  seed: SeedMode
  firebaseProjectId: string
  firebaseAuthEmulatorHost: string | undefined
  appTokenTtlSeconds: number
  maxFileBytes: number
  maxJsonBytes: number
  corsOrigins: readonly string[]
  trustProxy: TrustProxy
  /**
   * The origin clients reach the server at (behind a proxy: the proxy's), for
   * the absolute addresses it hands out; unset, the forwarded one behind
   * TRUST_PROXY, or the request's own.
   */
  publicUrl: string | undefined
  /** Sign-in calls per minute per client; 0 turns the limit off. */
  rateLimitSignIn: number
  /** Writes per minute per client; 0 turns the limit off. */
  rateLimitWrites: number
  logLevel: LogLevel
  shutdownGraceMs: number
  /** Absolute path of a built app to serve from the same origin. */
  appDistDir: string | undefined
  fileStorage: FileStorage
  /** Web Push's VAPID keys; without them the server sends no push (the inbox still works). */
  vapid: { publicKey: string; privateKey: string; subject: string } | undefined
  /** The hosts a push subscription may be on: the browsers' push services unless PUSH_HOSTS names others. */
  pushHosts: readonly string[]
  /** How often each process writes the reminders of classes starting within a day; 0 turns it off. */
  reminderIntervalSeconds: number
  /**
   * The SMTP server mail goes through (smtp:// or smtps://, its TLS and login
   * as the URL says) and the From address; without SMTP_URL the server sends
   * no mail (the inbox and push still work).
   */
  mail: { smtpUrl: string; from: string } | undefined
  /**
   * The half of the token secret kept outside the database (./db/token-key.ts). Required with
   * DATABASE_URL and in production; otherwise a key file beside DATA_DIR is used.
   */
  tokenSecret: string | undefined
}

/** Every problem of one configuration, in one message. */
export class ConfigError extends Error {
  constructor(readonly problems: readonly string[]) {
    super(`Invalid configuration: ${problems.join('; ')}`)
    this.name = 'ConfigError'
  }
}

// An empty variable counts as unset: compose files and CI often write `NAME=`.
const unsetIfBlank = (value: unknown) => (typeof value === 'string' && value.trim() === '' ? undefined : value)

function integer(min: number, max: number, fallback: number) {
  return z.preprocess(
    unsetIfBlank,
    z.string().trim().regex(/^\d+$/).transform(Number).pipe(z.number().int().min(min).max(max)).default(fallback),
  )
}

/** One of a few spellings (any case), mapped to the value they mean; unset means `fallback`'s. */
function oneOf<T>(values: Readonly<Record<string, T>>, fallback: string) {
  return z.preprocess(
    (value) => unsetIfBlank(value) ?? fallback,
    z
      .string()
      .trim()
      .transform((v) => v.toLowerCase())
      .refine((v) => Object.hasOwn(values, v))
      .transform((v) => values[v] as T),
  )
}

const isOrigin = (value: string) => {
  try {
    const url = new URL(value)
    return (url.protocol === 'http:' || url.protocol === 'https:') && url.origin === value
  } catch {
    return false
  }
}

const isPostgresUrl = (value: string) => {
  try {
    const url = new URL(value)
    return (url.protocol === 'postgres:' || url.protocol === 'postgresql:') && url.hostname !== ''
  } catch {
    return false
  }
}

const isSmtpUrl = (value: string) => {
  try {
    const url = new URL(value)
    return (url.protocol === 'smtp:' || url.protocol === 'smtps:') && url.hostname !== ''
  } catch {
    return false
  }
}

/** `someone@example.com`, or `Name <someone@example.com>`: one address, as a From header holds it. */
const MAIL_FROM = /^(?:[^<>@\r\n]{1,200} <[^\s<>@]+@[^\s<>@]+\.[^\s<>@]+>|[^\s<>@]+@[^\s<>@]+\.[^\s<>@]+)$/

const HOST_PORT = /^(?:\[[0-9A-Fa-f:.]+\]|[A-Za-z0-9](?:[A-Za-z0-9.-]*[A-Za-z0-9])?):(\d{1,5})$/
// Firebase's own rule for project ids: 6-30 characters, lowercase letters, digits and hyphens.
const PROJECT_ID = /^[a-z][a-z0-9-]{4,28}[a-z0-9]$/

const isAppFolder = (dir: string) => {
  const root = resolve(dir)
  return existsSync(root) && statSync(root).isDirectory() && existsSync(join(root, 'index.html'))
}

const optionalText = (check: (value: string) => boolean) =>
  z.preprocess(unsetIfBlank, z.string().trim().refine(check).optional())

// S3's naming rule for new buckets, which also keeps a name usable as a host name label (virtual-hosted addressing).
const BUCKET_NAME = /^[a-z0-9][a-z0-9.-]{1,61}[a-z0-9]$/
// AWS regions, R2's `auto` and the names self-hosted services use; it becomes part of AWS's host name when no endpoint is set.
const REGION = /^[a-z0-9][a-z0-9-]{0,62}$/
const NO_SPACES = /^\S{1,1024}$/

const isEndpoint = (value: string) => {
  try {
    const url = new URL(value)
    return (
      (url.protocol === 'http:' || url.protocol === 'https:') &&
      url.hostname !== '' &&
      url.username === '' &&
      url.password === '' &&
      url.search === '' &&
      url.hash === '' &&
      !value.includes('?') &&
      !value.includes('#')
    )
  } catch {
    return false
  }
}

/** Needed only with FILE_STORAGE=s3; the error names each one missing. */
const S3_REQUIRED = ['S3_BUCKET', 'S3_ACCESS_KEY_ID', 'S3_SECRET_ACCESS_KEY'] as const
/** Never quoted back in an error: credentials, or a URL that may carry some. */
const NOT_ECHOED: ReadonlySet<string> = new Set([
  'DATABASE_URL',
  'SMTP_URL',
  'S3_ENDPOINT',
  'S3_ACCESS_KEY_ID',
  'S3_SECRET_ACCESS_KEY',
  'TOKEN_SECRET',
])

/** What each variable must be, as the error message says it. */
const EXPECTED = {
  PORT: 'must be an integer 1-65535',
  HOST: 'must be a host name or IP address to listen on',
  DATA_DIR: 'must be a folder path',
  DATA_DIR_SYNC: 'must be true or false',
  DATABASE_URL: 'must be a postgres:// URL',
  SEED: 'must be one of auto, always, true, never, false',
  FIREBASE_PROJECT_ID: 'must be a Firebase project id (6-30 lowercase letters, digits or hyphens)',
  FIREBASE_AUTH_EMULATOR_HOST: 'must be host:port, e.g. 127.0.0.1:9099',
  APP_TOKEN_TTL_SECONDS: 'must be an integer 30-86400 (seconds)',
  MAX_FILE_BYTES: 'must be an integer 1-1073741824 (bytes)',
  MAX_JSON_BYTES: `must be an integer 1024-${MAX_JSON_BODY_BYTES} (bytes)`,
  CORS_ORIGINS: 'must be comma-separated origins such as https://app.example.com (scheme, host and port only)',
  PUBLIC_URL:
    'must be the origin clients reach the server at, such as https://studyhub.example.com (scheme, host and port only)',
  TRUST_PROXY:
    'must be false, true (one proxy), the number of proxies in front (1-10), or their comma-separated IP addresses',
  RATE_LIMIT_SIGN_IN: 'must be an integer 0-100000 (requests per minute; 0 turns it off)',
  RATE_LIMIT_WRITES: 'must be an integer 0-100000 (requests per minute; 0 turns it off)',
  LOG_LEVEL: `must be one of ${LOG_LEVELS.join(', ')}`,
  SHUTDOWN_GRACE_MS: 'must be an integer 0-600000 (milliseconds)',
  APP_DIST_DIR: 'must be a folder that holds index.html (a built app)',
  FILE_STORAGE: 'must be one of postgres, s3',
  S3_BUCKET:
    'must be a bucket name (3-63 lowercase letters, digits, dots or hyphens, starting and ending with a letter or digit)',
  S3_ENDPOINT: 'must be an http:// or https:// URL without credentials, query or fragment',
  S3_REGION: 'must be a region name such as us-east-1 (lowercase letters, digits and hyphens)',
  S3_ACCESS_KEY_ID: 'must be an access key id (no spaces)',
  S3_SECRET_ACCESS_KEY: 'must be a secret access key (no spaces)',
  S3_FORCE_PATH_STYLE: 'must be true or false',
  VAPID_PUBLIC_KEY: 'must be the base64url public key `npm run server:vapid-keys` printed',
  VAPID_PRIVATE_KEY: 'must be the base64url private key `npm run server:vapid-keys` printed',
  VAPID_SUBJECT: 'must be a mailto: or https: address',
  REMINDER_INTERVAL_SECONDS: 'must be an integer 0-86400 (seconds; 0 turns reminders off)',
  PUSH_HOSTS: 'must be comma-separated host names, each may start with *. for any of its subdomains',
  TOKEN_SECRET: 'must be at least 32 characters without spaces (e.g. `openssl rand -base64 32`)',
  SMTP_URL: 'must be an smtp:// or smtps:// URL, such as smtp://user:password@mail.example.com:587',
  MAIL_FROM: 'must be an email address, or a name and one: StudyHub <noreply@example.com>',
} as const

type Variable = keyof typeof EXPECTED

const envSchema = z.object({
  PORT: integer(1, 65535, 8787),
  HOST: z.preprocess(unsetIfBlank, z.string().trim().default('127.0.0.1')),
  DATA_DIR: z.preprocess(unsetIfBlank, z.string().trim().default('.data')),
  DATA_DIR_SYNC: oneOf<boolean>({ true: true, '1': true, yes: true, false: false, '0': false, no: false }, 'true'),
  DATABASE_URL: optionalText(isPostgresUrl),
  SEED: oneOf<SeedMode>({ auto: 'auto', always: 'always', true: 'always', never: 'never', false: 'never' }, 'auto'),
  FIREBASE_PROJECT_ID: z.preprocess(unsetIfBlank, z.string().trim().regex(PROJECT_ID).default('demo-studyhub')),
  FIREBASE_AUTH_EMULATOR_HOST: optionalText((v) => {
    const port = HOST_PORT.exec(v)?.[1]
    return port !== undefined && Number(port) >= 1 && Number(port) <= 65535
  }),
  APP_TOKEN_TTL_SECONDS: integer(30, 86_400, 900),
  MAX_FILE_BYTES: integer(1, 1024 * 1024 * 1024, MAX_FILE_BYTES),
  // The shared pipeline reads no more than the contract's limit, so a higher cap would change nothing.
  MAX_JSON_BYTES: integer(1024, MAX_JSON_BODY_BYTES, MAX_JSON_BODY_BYTES),
  CORS_ORIGINS: z.preprocess(
    unsetIfBlank,
    z
      .string()
      .transform((v) =>
        v
          .split(',')
          .map((o) => o.trim())
          .filter(Boolean),
      )
      .refine((origins) => origins.every(isOrigin))
      .default([]),
  ),
  // A trailing slash is forgiven: it is how an address is often copied.
  PUBLIC_URL: z.preprocess(
    (value) => (typeof value === 'string' ? unsetIfBlank(value.trim().replace(/\/$/, '')) : value),
    z.string().refine(isOrigin).optional(),
  ),
  TRUST_PROXY: z.preprocess(
    (value) => unsetIfBlank(value) ?? 'false',
    z
      .string()
      .trim()
      .transform((v): TrustProxy | undefined => {
        const word = v.toLowerCase()
        if (['false', 'no', '0'].includes(word)) return false
        if (['true', 'yes'].includes(word)) return { hops: 1 }
        if (/^\d+$/.test(word)) return Number(word) <= 10 ? { hops: Number(word) } : undefined
        const proxies = word
          .split(',')
          .map((p) => p.trim())
          .filter(Boolean)
        return proxies.length > 0 && proxies.every((p) => isIP(p) !== 0) ? { proxies } : undefined
      })
      .refine((v) => v !== undefined)
      .transform((v) => v as TrustProxy),
  ),
  RATE_LIMIT_SIGN_IN: integer(0, 100_000, 20),
  RATE_LIMIT_WRITES: integer(0, 100_000, 120),
  LOG_LEVEL: oneOf<LogLevel>(Object.fromEntries(LOG_LEVELS.map((l) => [l, l])), 'info'),
  SHUTDOWN_GRACE_MS: integer(0, 600_000, 10_000),
  APP_DIST_DIR: optionalText(isAppFolder),
  FILE_STORAGE: oneOf<FileStorage['kind']>({ postgres: 'postgres', s3: 's3' }, 'postgres'),
  S3_BUCKET: optionalText((v) => BUCKET_NAME.test(v)),
  S3_ENDPOINT: optionalText(isEndpoint),
  S3_REGION: z.preprocess(unsetIfBlank, z.string().trim().regex(REGION).default('us-east-1')),
  S3_ACCESS_KEY_ID: optionalText((v) => NO_SPACES.test(v)),
  VAPID_PUBLIC_KEY: optionalText((v) => /^[A-Za-z0-9_-]{80,100}$/.test(v)),
  VAPID_PRIVATE_KEY: optionalText((v) => /^[A-Za-z0-9_-]{40,50}$/.test(v)),
  VAPID_SUBJECT: optionalText((v) => /^(mailto:\S+@\S+|https:\/\/\S+)$/.test(v)),
  REMINDER_INTERVAL_SECONDS: integer(0, 86_400, 300),
  PUSH_HOSTS: z.preprocess(
    unsetIfBlank,
    z
      .string()
      .transform((v) =>
        v
          .split(',')
          .map((h) => h.trim().toLowerCase())
          .filter(Boolean),
      )
      .refine((hosts) => hosts.length > 0 && hosts.every(isPushHostEntry))
      .default([...DEFAULT_PUSH_HOSTS]),
  ),
  TOKEN_SECRET: optionalText((v) => /^\S{32,1024}$/.test(v)),
  SMTP_URL: optionalText(isSmtpUrl),
  MAIL_FROM: optionalText((v) => MAIL_FROM.test(v)),
  S3_SECRET_ACCESS_KEY: optionalText((v) => NO_SPACES.test(v)),
  // Unset: path-style with a configured endpoint (MinIO and most self-hosted services), virtual-hosted on AWS.
  S3_FORCE_PATH_STYLE: z.preprocess(
    unsetIfBlank,
    z
      .string()
      .trim()
      .transform((v) => v.toLowerCase())
      .refine((v) => ['true', '1', 'yes', 'false', '0', 'no'].includes(v))
      .transform((v) => v === 'true' || v === '1' || v === 'yes')
      .optional(),
  ),
})

/** Quotes a bad value back, cut short, so the message stays one readable line. */
function got(value: string | undefined): string {
  if (value === undefined) return ''
  const shown = value.length > 60 ? `${value.slice(0, 57)}...` : value
  return ` (got ${JSON.stringify(shown)})`
}

function badOrigins(value: string | undefined): string {
  const bad = (value ?? '')
    .split(',')
    .map((o) => o.trim())
    .filter((o) => o && !isOrigin(o))
  return bad.length > 0 ? ` (not an origin: ${bad.map((o) => JSON.stringify(o)).join(', ')})` : ''
}

/**
 * The configuration in `env` (process.env by default), or a ConfigError that
 * names every wrong variable and what it expects.
 */
export function loadConfig(env: Record<string, string | undefined> = process.env): Config {
  const problems: string[] = []
  const parsed = envSchema.safeParse(env)
  if (!parsed.success) {
    const named = new Set<Variable>()
    for (const issue of parsed.error.issues) named.add(issue.path[0] as Variable)
    for (const name of Object.keys(EXPECTED) as Variable[]) {
      if (!named.has(name)) continue
      // DATABASE_URL and S3_ENDPOINT may carry a password, the S3 keys are one: never echo them back.
      const shown = NOT_ECHOED.has(name) ? '' : name === 'CORS_ORIGINS' ? badOrigins(env[name]) : got(env[name])
      problems.push(`${name} ${EXPECTED[name]}${shown}`)
    }
  }

  // Unsigned emulator tokens are acceptable only for a demo project, which
  // exists nowhere but in the emulator: a real project id with the emulator
  // host set would let anyone mint tokens for any email.
  const emulatorHost = unsetIfBlank(env.FIREBASE_AUTH_EMULATOR_HOST)
  const projectId = (unsetIfBlank(env.FIREBASE_PROJECT_ID) as string | undefined)?.trim() ?? 'demo-studyhub'
  if (emulatorHost !== undefined && !projectId.startsWith('demo-')) {
    problems.push(
      `FIREBASE_AUTH_EMULATOR_HOST is allowed only with a demo project (FIREBASE_PROJECT_ID starting with "demo-", got ${JSON.stringify(projectId)})`,
    )
  }

  // A production start (NODE_ENV=production, as the image sets) serves real
  // people: it must name the Firebase project whose users it accepts, and it
  // never fills the database with the demo data, whose admin nobody has claimed.
  const production = env.NODE_ENV === 'production'
  if (production && (unsetIfBlank(env.FIREBASE_PROJECT_ID) === undefined || projectId.startsWith('demo-'))) {
    problems.push(
      `FIREBASE_PROJECT_ID must name the real Firebase project when NODE_ENV is production (got ${unsetIfBlank(env.FIREBASE_PROJECT_ID) === undefined ? 'nothing' : JSON.stringify(projectId)})`,
    )
  }
  const seedMode = (unsetIfBlank(env.SEED) as string | undefined)?.trim().toLowerCase()
  if (production && seedMode !== undefined && !['never', 'false'].includes(seedMode)) {
    problems.push(
      `SEED must be never when NODE_ENV is production: the demo data has an unclaimed admin (got ${JSON.stringify(seedMode)})`,
    )
  }

  // Every process on one PostgreSQL must sign with the same key, and a production image's
  // own disk does not outlive it: neither can make the key on its own.
  const databaseUrl = unsetIfBlank(env.DATABASE_URL) as string | undefined
  const onServer = databaseUrl !== undefined && isPostgresUrl(databaseUrl.trim())
  if (unsetIfBlank(env.TOKEN_SECRET) === undefined && (production || onServer)) {
    problems.push(
      `TOKEN_SECRET must be set when ${production ? 'NODE_ENV is production' : 'DATABASE_URL is set'}: the same value for every process, kept outside the database (make one with \`openssl rand -base64 32\`)`,
    )
  }

  const storage = (unsetIfBlank(env.FILE_STORAGE) as string | undefined)?.trim().toLowerCase()
  if (storage === 's3') {
    for (const name of S3_REQUIRED) {
      if (unsetIfBlank(env[name]) === undefined) problems.push(`${name} must be set when FILE_STORAGE is s3`)
    }
  }

  const vapidSet = (['VAPID_PUBLIC_KEY', 'VAPID_PRIVATE_KEY', 'VAPID_SUBJECT'] as const).filter(
    (name) => unsetIfBlank(env[name]) !== undefined,
  )
  if (vapidSet.length > 0 && vapidSet.length < 3) {
    problems.push('VAPID_PUBLIC_KEY, VAPID_PRIVATE_KEY and VAPID_SUBJECT must be set together (or none, for no push)')
  }

  if (unsetIfBlank(env.SMTP_URL) !== undefined && unsetIfBlank(env.MAIL_FROM) === undefined) {
    problems.push('MAIL_FROM must be set when SMTP_URL is set: the address mail is sent from')
  }

  if (problems.length > 0 || !parsed.success) throw new ConfigError(problems)
  const v = parsed.data
  return {
    port: v.PORT,
    host: v.HOST,
    dataDir: v.DATA_DIR,
    dataDirSync: v.DATA_DIR_SYNC,
    databaseUrl: v.DATABASE_URL,
    seed: production ? 'never' : v.SEED,
    firebaseProjectId: v.FIREBASE_PROJECT_ID,
    firebaseAuthEmulatorHost: v.FIREBASE_AUTH_EMULATOR_HOST,
    appTokenTtlSeconds: v.APP_TOKEN_TTL_SECONDS,
    maxFileBytes: v.MAX_FILE_BYTES,
    maxJsonBytes: v.MAX_JSON_BYTES,
    corsOrigins: v.CORS_ORIGINS,
    trustProxy: v.TRUST_PROXY,
    publicUrl: v.PUBLIC_URL,
    rateLimitSignIn: v.RATE_LIMIT_SIGN_IN,
    rateLimitWrites: v.RATE_LIMIT_WRITES,
    logLevel: v.LOG_LEVEL,
    shutdownGraceMs: v.SHUTDOWN_GRACE_MS,
    appDistDir: v.APP_DIST_DIR === undefined ? undefined : resolve(v.APP_DIST_DIR),
    fileStorage:
      v.FILE_STORAGE === 's3'
        ? {
            kind: 's3',
            // Present: checked above.
            bucket: v.S3_BUCKET!,
            endpoint: v.S3_ENDPOINT,
            region: v.S3_REGION,
            accessKeyId: v.S3_ACCESS_KEY_ID!,
            secretAccessKey: v.S3_SECRET_ACCESS_KEY!,
            forcePathStyle: v.S3_FORCE_PATH_STYLE ?? v.S3_ENDPOINT !== undefined,
          }
        : { kind: 'postgres' },
    vapid:
      v.VAPID_PUBLIC_KEY && v.VAPID_PRIVATE_KEY && v.VAPID_SUBJECT
        ? { publicKey: v.VAPID_PUBLIC_KEY, privateKey: v.VAPID_PRIVATE_KEY, subject: v.VAPID_SUBJECT }
        : undefined,
    reminderIntervalSeconds: v.REMINDER_INTERVAL_SECONDS,
    pushHosts: v.PUSH_HOSTS,
    tokenSecret: v.TOKEN_SECRET,
    // Present together: checked above.
    mail: v.SMTP_URL ? { smtpUrl: v.SMTP_URL, from: v.MAIL_FROM! } : undefined,
  }
}
