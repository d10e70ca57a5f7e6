// @vitest-environment node
// Mail through API server processes as a deployment runs them
// (`node --import tsx server/main.ts`, ../tests/server-process/), to a real
// SMTP server in this process:
// - killed (SIGKILL) after an approval committed and while its mail was at
//   the SMTP server, unanswered (the server held it): nothing of the mail was
//   accepted, and after a restart it goes out exactly once: the restarted
//   process puts the cut-off try back at once (on the embedded database the
//   folder is its alone; on PostgreSQL the try names a process of this
//   machine that is gone).
// - two processes on one PostgreSQL, approvals sent to both at once: each
//   mail goes out exactly once, whichever process worked it.
import { randomBytes } from 'node:crypto'
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { targetsFromEnv } from '../tests/conformance/harness/conformance-env'
import { startPostgresCluster, type PostgresCluster } from '../tests/conformance/services/postgres-cluster'
import { startSmtpCapture, type SmtpCapture } from '../tests/conformance/services/smtp-capture'
import { startApiServerProcess, type ApiServerProcess } from '../tests/server-process/api-server-process'
import { openDatabase } from './db/open-database'
import { tokenKeyOf } from './db/token-key'
import { book, call, MAIL_FROM, prepareWorld, readMail, type MailWorld } from './jobs/mail-fixtures'

// CONFORMANCE_TARGETS without `postgres` says this machine has no PostgreSQL 15 to start.
const withPostgres = targetsFromEnv(process.env.CONFORMANCE_TARGETS).includes('postgres')
const KILLED = 'killed.student@school.test'
/**
 * How soon a restarted process sends the cut-off mail: it puts the try back as
 * it starts. Waiting instead for the job's heartbeat to lapse (10 s) and the
 * supervisor to notice would take longer than this.
 */
const PUT_BACK_MS = 8_000
const REPLICA_STUDENTS = Array.from({ length: 8 }, (_, i) => `replica${i}@school.test`)

let smtp: SmtpCapture
beforeAll(async () => {
  smtp = await startSmtpCapture()
})
afterAll(() => smtp?.close())

/** What every process gets: the test's SMTP server, and no limits or timers of its own in the way. */
const mailEnv = () => ({
  SMTP_URL: smtp.url,
  MAIL_FROM,
  SEED: 'never',
  REMINDER_INTERVAL_SECONDS: '0',
  RATE_LIMIT_WRITES: '0',
  LOG_LEVEL: 'warn',
})

/** Polls `read` until it answers `wanted`, for up to `ms`. */
async function until<T>(read: () => Promise<T> | T, wanted: T, ms: number): Promise<void> {
  await expect.poll(read, { timeout: ms, interval: 50 }).toEqual(wanted)
}

/** The email delivery states of `student`'s notifications, newest first, as their inbox answers them. */
async function mailStates(server: ApiServerProcess, world: MailWorld, student: string): Promise<string[]> {
  const inbox = await call(server.origin, world, student, 'GET', '/notifications')
  return (inbox.body as unknown as { deliveries: { channel: string; state: string }[] }[]).flatMap((n) =>
    n.deliveries.filter((d) => d.channel === 'email').map((d) => d.state),
  )
}

/**
 * Approves `student`'s booking on a process, kills it while the SMTP server
 * holds that mail unanswered, starts another, and checks the mail arrived once.
 */
async function killedMidSend(env: Record<string, string>, world: MailWorld): Promise<void> {
  smtp.clear()
  smtp.behaviour = 'hold'
  const first = await startApiServerProcess(env)
  let second: ApiServerProcess | undefined
  try {
    const booking = await book(first.origin, world, KILLED)
    expect(
      (await call(first.origin, world, world.admin, 'PATCH', `/bookings/${booking}`, { status: 'approved' })).status,
    ).toBe(200)
    // Committed, and the mail is at the SMTP server, which has not answered: not sent yet.
    await until(() => smtp.attempts(), 1, 20_000)
    await first.kill()
    smtp.behaviour = 'accept'
    second = await startApiServerProcess(env)
    await until(() => mailStates(second!, world, KILLED), ['sent'], PUT_BACK_MS)
    // Sent is final: no later try can start. One mail accepted, the held one never was.
    const mails = await Promise.all(smtp.received().map(readMail))
    expect(mails.map((m) => [m.to, m.invite?.method])).toEqual([[KILLED, 'REQUEST']])
    expect(smtp.attempts()).toBe(2)
  } finally {
    smtp.behaviour = 'accept'
    await first.kill()
    await second?.stop()
  }
}

describe('mail through a process killed between the commit and the send, on the embedded database', () => {
  let root = ''
  let world: MailWorld
  let env: Record<string, string>

  beforeAll(async () => {
    root = mkdtempSync(join(tmpdir(), 'studyhub-mail-crash-'))
    const dataDir = join(root, 'data')
    const database = await openDatabase({ dataDir, tokenKey: tokenKeyOf({ tokenSecret: undefined, dataDir }) })
    world = await prepareWorld(database.store, [KILLED]).finally(() => database.close())
    env = { ...mailEnv(), DATA_DIR: dataDir, DATA_DIR_SYNC: 'false' }
  }, 60_000)
  afterAll(() => rmSync(root, { recursive: true, force: true }))

  it('goes out exactly once after the restart', () => killedMidSend(env, world), 90_000)
})

describe.skipIf(!withPostgres)('mail on PostgreSQL', () => {
  let postgres: PostgresCluster | undefined
  let world: MailWorld
  let env: Record<string, string>

  beforeAll(async () => {
    postgres = await startPostgresCluster()
    const tokenSecret = randomBytes(32).toString('base64url')
    const database = await openDatabase({ databaseUrl: postgres.url, tokenKey: tokenSecret })
    world = await prepareWorld(database.store, [KILLED, ...REPLICA_STUDENTS]).finally(() => database.close())
    env = { ...mailEnv(), DATABASE_URL: postgres.url, TOKEN_SECRET: tokenSecret }
  }, 60_000)
  afterAll(() => postgres?.stop())

  it('goes out exactly once after a process killed mid-send is restarted', () => killedMidSend(env, world), 90_000)

  it('goes out exactly once per approval from two processes, whichever works it', async () => {
    smtp.clear()
    const servers = await Promise.all([startApiServerProcess(env), startApiServerProcess(env)])
    try {
      // Each student books on one process and is approved on the other, all at once.
      const bookings = await Promise.all(
        REPLICA_STUDENTS.map((student, i) => book(servers[i % 2]!.origin, world, student)),
      )
      const approved = await Promise.all(
        bookings.map((id, i) =>
          call(servers[(i + 1) % 2]!.origin, world, world.admin, 'PATCH', `/bookings/${id}`, { status: 'approved' }),
        ),
      )
      expect(approved.map((a) => a.status)).toEqual(REPLICA_STUDENTS.map(() => 200))
      for (const student of REPLICA_STUDENTS)
        await until(() => mailStates(servers[0]!, world, student), ['sent'], 20_000)
      const mails = await Promise.all(smtp.received().map(readMail))
      expect(mails.map((m) => m.to).sort()).toEqual([...REPLICA_STUDENTS].sort())
      expect(new Set(mails.map((m) => m.parsed.messageId)).size).toBe(REPLICA_STUDENTS.length)
      expect(smtp.attempts()).toBe(REPLICA_STUDENTS.length)
    } finally {
      await Promise.all(servers.map((s) => s.stop()))
    }
  }, 90_000)
})
