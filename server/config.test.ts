// @vitest-environment node
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { ConfigError, loadConfig } from './config'

function problemsOf(env: Record<string, string>): readonly string[] {
  try {
    loadConfig(env)
  } catch (error) {
    if (error instanceof ConfigError) return error.problems
    throw error
  }
  throw new Error('expected a ConfigError')
}

describe('loadConfig', () => {
  let dist = ''
  let emptyDir = ''
  beforeAll(() => {
    dist = mkdtempSync(join(tmpdir(), 'studyhub-config-'))
    writeFileSync(join(dist, 'index.html'), '<!doctype html>')
    emptyDir = join(dist, 'empty')
    mkdirSync(emptyDir)
  })
  afterAll(() => rmSync(dist, { recursive: true, force: true }))

  it('has a default for every variable', () => {
    expect(loadConfig({})).toEqual({
      port: 8787,
      host: '127.0.0.1',
      dataDir: '.data',
      dataDirSync: true,
      databaseUrl: undefined,
      seed: 'auto',
      firebaseProjectId: 'demo-studyhub',
      firebaseAuthEmulatorHost: undefined,
      appTokenTtlSeconds: 900,
      maxFileBytes: 10_485_760,
      maxJsonBytes: 262_144,
      corsOrigins: [],
      trustProxy: false,
      rateLimitSignIn: 20,
      rateLimitWrites: 120,
      logLevel: 'info',
      shutdownGraceMs: 10_000,
      appDistDir: undefined,
      fileStorage: { kind: 'postgres' },
      vapid: undefined,
      reminderIntervalSeconds: 300,
      publicUrl: undefined,
      pushHosts: [
        'fcm.googleapis.com',
        'updates.push.services.mozilla.com',
        '*.push.services.mozilla.com',
        '*.push.apple.com',
        '*.notify.windows.com',
      ],
      tokenSecret: undefined,
      mail: undefined,
    })
  })

  it('reads every variable', () => {
    const config = loadConfig({
      PORT: '3000',
      HOST: '0.0.0.0',
      DATA_DIR: '/var/lib/studyhub',
      DATA_DIR_SYNC: 'false',
      DATABASE_URL: 'postgresql://studyhub:secret@db.internal:5432/studyhub',
      SEED: 'never',
      FIREBASE_PROJECT_ID: 'studyhub-prod',
      APP_TOKEN_TTL_SECONDS: '600',
      MAX_FILE_BYTES: '5000000',
      MAX_JSON_BYTES: '100000',
      CORS_ORIGINS: 'https://studyhub.example.com, http://localhost:5173',
      TRUST_PROXY: 'true',
      RATE_LIMIT_SIGN_IN: '5',
      RATE_LIMIT_WRITES: '0',
      LOG_LEVEL: 'warn',
      SHUTDOWN_GRACE_MS: '2500',
      APP_DIST_DIR: dist,
      PUBLIC_URL: 'https://studyhub.example.com/',
      PUSH_HOSTS: 'push.school.example, *.Push.Example.org',
      TOKEN_SECRET: 'q8Jx2m7Zr0Tn4Vb6Ld9Kc1Hs5Wf3Yp8Ga2Ue7Ro4Ni',
      SMTP_URL: 'smtps://mailer:p%40ss@smtp.school.example:465',
      MAIL_FROM: 'StudyHub <noreply@school.example>',
    })
    expect(config).toEqual({
      port: 3000,
      host: '0.0.0.0',
      dataDir: '/var/lib/studyhub',
      dataDirSync: false,
      databaseUrl: 'postgresql://studyhub:secret@db.internal:5432/studyhub',
      seed: 'never',
      firebaseProjectId: 'studyhub-prod',
      firebaseAuthEmulatorHost: undefined,
      appTokenTtlSeconds: 600,
      maxFileBytes: 5_000_000,
      maxJsonBytes: 100_000,
      corsOrigins: ['https://studyhub.example.com', 'http://localhost:5173'],
      trustProxy: { hops: 1 },
      rateLimitSignIn: 5,
      rateLimitWrites: 0,
      logLevel: 'warn',
      shutdownGraceMs: 2500,
      appDistDir: dist,
      fileStorage: { kind: 'postgres' },
      vapid: undefined,
      reminderIntervalSeconds: 300,
      publicUrl: 'https://studyhub.example.com',
      pushHosts: ['push.school.example', '*.push.example.org'],
      tokenSecret: 'q8Jx2m7Zr0Tn4Vb6Ld9Kc1Hs5Wf3Yp8Ga2Ue7Ro4Ni',
      mail: { smtpUrl: 'smtps://mailer:p%40ss@smtp.school.example:465', from: 'StudyHub <noreply@school.example>' },
    })
  })

  it('wants MAIL_FROM with SMTP_URL, an smtp:// or smtps:// URL it never echoes, and one From address', () => {
    expect(problemsOf({ SMTP_URL: 'smtp://mail.school.example:587' })).toEqual([
      'MAIL_FROM must be set when SMTP_URL is set: the address mail is sent from',
    ])
    expect(problemsOf({ SMTP_URL: 'https://user:hunter2@mail.school.example', MAIL_FROM: 'noreply' })).toEqual([
      'SMTP_URL must be an smtp:// or smtps:// URL, such as smtp://user:password@mail.example.com:587',
      'MAIL_FROM must be an email address, or a name and one: StudyHub <noreply@example.com> (got "noreply")',
    ])
    expect(loadConfig({ MAIL_FROM: 'noreply@school.example' }).mail).toBeUndefined()
    expect(loadConfig({ SMTP_URL: 'smtp://127.0.0.1:2525', MAIL_FROM: 'noreply@school.example' }).mail).toEqual({
      smtpUrl: 'smtp://127.0.0.1:2525',
      from: 'noreply@school.example',
    })
  })

  it('maps each SEED spelling, in any case', () => {
    const seed = (SEED: string) => loadConfig({ SEED }).seed
    expect([seed('auto'), seed('always'), seed('TRUE'), seed('never'), seed('False')]).toEqual([
      'auto',
      'always',
      'always',
      'never',
      'never',
    ])
  })

  it('treats an empty variable as unset', () => {
    const config = loadConfig({ PORT: '', DATABASE_URL: '  ', CORS_ORIGINS: '', SEED: '' })
    expect([config.port, config.databaseUrl, config.corsOrigins, config.seed]).toEqual([8787, undefined, [], 'auto'])
  })

  it('accepts the emulator host for a demo- project', () => {
    const config = loadConfig({ FIREBASE_AUTH_EMULATOR_HOST: '127.0.0.1:9099', FIREBASE_PROJECT_ID: 'demo-studyhub' })
    expect(config.firebaseAuthEmulatorHost).toBe('127.0.0.1:9099')
  })

  it('refuses the emulator host for a real project, so unsigned tokens can never be accepted there', () => {
    expect(problemsOf({ FIREBASE_AUTH_EMULATOR_HOST: 'localhost:9099', FIREBASE_PROJECT_ID: 'studyhub-prod' })).toEqual(
      [
        'FIREBASE_AUTH_EMULATOR_HOST is allowed only with a demo project (FIREBASE_PROJECT_ID starting with "demo-", got "studyhub-prod")',
      ],
    )
  })

  it.each([
    ['PORT', 'abc', 'PORT must be an integer 1-65535 (got "abc")'],
    ['PORT', '70000', 'PORT must be an integer 1-65535 (got "70000")'],
    ['PORT', '0', 'PORT must be an integer 1-65535 (got "0")'],
    ['DATABASE_URL', 'mysql://root:pw@db/app', 'DATABASE_URL must be a postgres:// URL'],
    ['SEED', 'sometimes', 'SEED must be one of auto, always, true, never, false (got "sometimes")'],
    [
      'FIREBASE_PROJECT_ID',
      'My Project',
      'FIREBASE_PROJECT_ID must be a Firebase project id (6-30 lowercase letters, digits or hyphens) (got "My Project")',
    ],
    [
      'FIREBASE_AUTH_EMULATOR_HOST',
      'http://localhost:9099',
      'FIREBASE_AUTH_EMULATOR_HOST must be host:port, e.g. 127.0.0.1:9099 (got "http://localhost:9099")',
    ],
    ['APP_TOKEN_TTL_SECONDS', '5', 'APP_TOKEN_TTL_SECONDS must be an integer 30-86400 (seconds) (got "5")'],
    ['MAX_FILE_BYTES', '-1', 'MAX_FILE_BYTES must be an integer 1-1073741824 (bytes) (got "-1")'],
    ['MAX_JSON_BYTES', '1.5', 'MAX_JSON_BYTES must be an integer 1024-262144 (bytes) (got "1.5")'],
    ['MAX_JSON_BYTES', '300000', 'MAX_JSON_BYTES must be an integer 1024-262144 (bytes) (got "300000")'],
    [
      'CORS_ORIGINS',
      'https://ok.example.com,https://bad.example.com/app',
      'CORS_ORIGINS must be comma-separated origins such as https://app.example.com (scheme, host and port only) (not an origin: "https://bad.example.com/app")',
    ],
    [
      'TRUST_PROXY',
      'sometimes',
      'TRUST_PROXY must be false, true (one proxy), the number of proxies in front (1-10), or their comma-separated IP addresses (got "sometimes")',
    ],
    [
      'TRUST_PROXY',
      '10.0.0.1, proxy.local',
      'TRUST_PROXY must be false, true (one proxy), the number of proxies in front (1-10), or their comma-separated IP addresses (got "10.0.0.1, proxy.local")',
    ],
    [
      'RATE_LIMIT_SIGN_IN',
      'many',
      'RATE_LIMIT_SIGN_IN must be an integer 0-100000 (requests per minute; 0 turns it off) (got "many")',
    ],
    [
      'RATE_LIMIT_WRITES',
      '-5',
      'RATE_LIMIT_WRITES must be an integer 0-100000 (requests per minute; 0 turns it off) (got "-5")',
    ],
    ['LOG_LEVEL', 'verbose', 'LOG_LEVEL must be one of debug, info, warn, error (got "verbose")'],
    ['SHUTDOWN_GRACE_MS', 'soon', 'SHUTDOWN_GRACE_MS must be an integer 0-600000 (milliseconds) (got "soon")'],
    ['FILE_STORAGE', 'disk', 'FILE_STORAGE must be one of postgres, s3 (got "disk")'],
    [
      'S3_BUCKET',
      'My_Bucket',
      'S3_BUCKET must be a bucket name (3-63 lowercase letters, digits, dots or hyphens, starting and ending with a letter or digit) (got "My_Bucket")',
    ],
    [
      'S3_ENDPOINT',
      'https://key:secret@minio.internal:9000',
      'S3_ENDPOINT must be an http:// or https:// URL without credentials, query or fragment',
    ],
    [
      'S3_ENDPOINT',
      'minio.internal:9000',
      'S3_ENDPOINT must be an http:// or https:// URL without credentials, query or fragment',
    ],
    [
      'S3_REGION',
      'EU West',
      'S3_REGION must be a region name such as us-east-1 (lowercase letters, digits and hyphens) (got "EU West")',
    ],
    [
      'PUBLIC_URL',
      'https://studyhub.example.com/app',
      'PUBLIC_URL must be the origin clients reach the server at, such as https://studyhub.example.com (scheme, host and port only) (got "https://studyhub.example.com/app")',
    ],
    [
      'PUBLIC_URL',
      'studyhub.example.com',
      'PUBLIC_URL must be the origin clients reach the server at, such as https://studyhub.example.com (scheme, host and port only) (got "studyhub.example.com")',
    ],
    [
      'PUSH_HOSTS',
      'fcm.googleapis.com, https://push.example',
      'PUSH_HOSTS must be comma-separated host names, each may start with *. for any of its subdomains (got "fcm.googleapis.com, https://push.example")',
    ],
    [
      'PUSH_HOSTS',
      '*',
      'PUSH_HOSTS must be comma-separated host names, each may start with *. for any of its subdomains (got "*")',
    ],
    ['S3_FORCE_PATH_STYLE', 'maybe', 'S3_FORCE_PATH_STYLE must be true or false (got "maybe")'],
    ['DATA_DIR_SYNC', 'sometimes', 'DATA_DIR_SYNC must be true or false (got "sometimes")'],
  ])('names a bad %s and what it expects', (name, value, message) => {
    expect(problemsOf({ [name]: value })).toEqual([message])
  })

  it.each([
    ['no', false],
    ['yes', { hops: 1 }],
    ['2', { hops: 2 }],
    ['10.0.0.1, ::1', { proxies: ['10.0.0.1', '::1'] }],
  ])('reads TRUST_PROXY=%s', (value, expected) => {
    expect(loadConfig({ TRUST_PROXY: value }).trustProxy).toEqual(expected)
  })

  it('refuses a production start without a real Firebase project, or with the demo data', () => {
    const TOKEN_SECRET = 'q8Jx2m7Zr0Tn4Vb6Ld9Kc1Hs5Wf3Yp8Ga2Ue7Ro4Ni'
    expect(problemsOf({ NODE_ENV: 'production', TOKEN_SECRET })).toEqual([
      'FIREBASE_PROJECT_ID must name the real Firebase project when NODE_ENV is production (got nothing)',
    ])
    expect(
      problemsOf({ NODE_ENV: 'production', FIREBASE_PROJECT_ID: 'demo-studyhub', SEED: 'auto', TOKEN_SECRET }),
    ).toEqual([
      'FIREBASE_PROJECT_ID must name the real Firebase project when NODE_ENV is production (got "demo-studyhub")',
      'SEED must be never when NODE_ENV is production: the demo data has an unclaimed admin (got "auto")',
    ])
    // With a real project it starts, and seeds nothing even on the embedded database.
    expect(loadConfig({ NODE_ENV: 'production', FIREBASE_PROJECT_ID: 'studyhub-school', TOKEN_SECRET }).seed).toBe(
      'never',
    )
  })

  it('wants TOKEN_SECRET, the key kept outside the database, in production and with DATABASE_URL', () => {
    const needed = (when: string) =>
      `TOKEN_SECRET must be set when ${when}: the same value for every process, kept outside the database (make one with \`openssl rand -base64 32\`)`
    expect(problemsOf({ NODE_ENV: 'production', FIREBASE_PROJECT_ID: 'studyhub-school' })).toEqual([
      needed('NODE_ENV is production'),
    ])
    expect(problemsOf({ DATABASE_URL: 'postgres://studyhub@db.internal/studyhub' })).toEqual([
      needed('DATABASE_URL is set'),
    ])
    // A local embedded database makes its own key file beside the data folder.
    expect(loadConfig({}).tokenSecret).toBeUndefined()
    // Too short to be a key, and never quoted back.
    expect(problemsOf({ TOKEN_SECRET: 'hunter2' })).toEqual([
      'TOKEN_SECRET must be at least 32 characters without spaces (e.g. `openssl rand -base64 32`)',
    ])
  })

  it('refuses an APP_DIST_DIR without index.html', () => {
    expect(problemsOf({ APP_DIST_DIR: emptyDir })).toEqual([
      `APP_DIST_DIR must be a folder that holds index.html (a built app) (got ${JSON.stringify(emptyDir)})`,
    ])
  })

  it('lists every problem in one message, and never echoes the database password', () => {
    let message = ''
    try {
      loadConfig({ PORT: 'abc', DATABASE_URL: 'mysql://root:hunter2@db/app', LOG_LEVEL: 'loud' })
    } catch (error) {
      message = (error as Error).message
    }
    expect(message).toBe(
      'Invalid configuration: PORT must be an integer 1-65535 (got "abc"); DATABASE_URL must be a postgres:// URL; LOG_LEVEL must be one of debug, info, warn, error (got "loud")',
    )
    expect(message).not.toContain('hunter2')
  })

  describe('file storage', () => {
    const s3 = {
      FILE_STORAGE: 's3',
      S3_BUCKET: 'studyhub-files',
      S3_ACCESS_KEY_ID: 'AKIAEXAMPLE',
      S3_SECRET_ACCESS_KEY: 'wJalr/K7+x',
    }

    it('keeps files in PostgreSQL unless told otherwise, whatever S3 variables are set', () => {
      expect(loadConfig({ S3_BUCKET: 'studyhub-files' }).fileStorage).toEqual({ kind: 'postgres' })
      expect(loadConfig({ ...s3, FILE_STORAGE: 'Postgres' }).fileStorage).toEqual({ kind: 'postgres' })
    })

    it("defaults to AWS's endpoint of us-east-1 with virtual-hosted addressing", () => {
      expect(loadConfig(s3).fileStorage).toEqual({
        kind: 's3',
        bucket: 'studyhub-files',
        endpoint: undefined,
        region: 'us-east-1',
        accessKeyId: 'AKIAEXAMPLE',
        secretAccessKey: 'wJalr/K7+x',
        forcePathStyle: false,
      })
    })

    it('uses path-style addressing with an endpoint, unless S3_FORCE_PATH_STYLE says otherwise', () => {
      const minio = loadConfig({ ...s3, FILE_STORAGE: 'S3', S3_ENDPOINT: 'http://127.0.0.1:9000', S3_REGION: 'eu-1' })
      expect(minio.fileStorage).toEqual({
        kind: 's3',
        bucket: 'studyhub-files',
        endpoint: 'http://127.0.0.1:9000',
        region: 'eu-1',
        accessKeyId: 'AKIAEXAMPLE',
        secretAccessKey: 'wJalr/K7+x',
        forcePathStyle: true,
      })
      const r2 = loadConfig({
        ...s3,
        S3_ENDPOINT: 'https://acct.r2.cloudflarestorage.com',
        S3_REGION: 'auto',
        S3_FORCE_PATH_STYLE: 'false',
      })
      expect(r2.fileStorage).toMatchObject({ region: 'auto', forcePathStyle: false })
      expect(loadConfig({ ...s3, S3_FORCE_PATH_STYLE: 'true' }).fileStorage).toMatchObject({ forcePathStyle: true })
    })

    it('names every variable that s3 needs and is missing', () => {
      expect(problemsOf({ FILE_STORAGE: 's3' })).toEqual([
        'S3_BUCKET must be set when FILE_STORAGE is s3',
        'S3_ACCESS_KEY_ID must be set when FILE_STORAGE is s3',
        'S3_SECRET_ACCESS_KEY must be set when FILE_STORAGE is s3',
      ])
      expect(problemsOf({ ...s3, S3_ACCESS_KEY_ID: ' ' })).toEqual([
        'S3_ACCESS_KEY_ID must be set when FILE_STORAGE is s3',
      ])
    })

    it('never echoes the keys back', () => {
      let message = ''
      try {
        loadConfig({ ...s3, S3_ACCESS_KEY_ID: 'AKIA SPACE', S3_SECRET_ACCESS_KEY: 'hunter2 hunter3' })
      } catch (error) {
        message = (error as Error).message
      }
      expect(message).toBe(
        'Invalid configuration: S3_ACCESS_KEY_ID must be an access key id (no spaces); S3_SECRET_ACCESS_KEY must be a secret access key (no spaces)',
      )
    })
  })
})
