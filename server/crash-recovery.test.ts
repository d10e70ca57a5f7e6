// @vitest-environment node
// Keyed writes cut off by the end of an API server process (SIGKILL: a crash,
// an out-of-memory kill, a pulled plug) or by a PostgreSQL restart, then sent
// again as the app's outbox does: in order, each with its key, until it has an
// answer (a cut connection, a 503 or a 409 "still being processed" all mean:
// try again). Every write must end applied exactly once, as its answer says,
// no key may be left claimed ("running"), and the seats and waiting line of a
// session with few seats must add up.
// - Random kills: students' devices write notes, book and cancel while one
//   process is killed at moments drawn from a seeded generator (CRASH_SEED,
//   named in every failure message) and started again: on the embedded
//   database (one process), and on PostgreSQL (two processes, as behind a load
//   balancer, one of them killed while the other keeps answering).
// - On PostgreSQL, two cuts at a chosen moment: a lock the test holds stops a
//   keyed booking in the middle of its run (claimed, not yet written), then the
//   process is killed, or PostgreSQL restarts under it.
import { PGlite } from '@electric-sql/pglite'
import { randomBytes } from 'node:crypto'
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import pg from 'pg'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { CLIENT_HEADER, CLIENT_HEADER_VALUE } from '#contract/routes'
import { APP_TOKEN, signJwt } from '#core/jwt'
import { seededRandom } from '#core/seed/seed-data'
import { targetsFromEnv } from '../tests/conformance/harness/conformance-env'
import { startPostgresCluster, type PostgresCluster } from '../tests/conformance/services/postgres-cluster'
import { startApiServerProcess, type ApiServerProcess } from '../tests/server-process/api-server-process'
import { openDatabase, type Database } from './db/open-database'
import { tokenKeyOf } from './db/token-key'
import { session, user } from './db/pg-store-fixtures'

const SEED = Number(process.env.CRASH_SEED ?? 20_261_127)
const STUDENTS = 16
const SEATS = 2
/** Each kill and restart costs seconds (a process starts in 2 to 8 on a busy machine): three fit in the minute. */
const KILLS = 3
/** Students 0, 2, 4, …: cancel their booking later on, which moves the waiting line. */
const cancels = (student: number) => student % 2 === 0
/** Each `it` ends within a minute, checks included. */
const RUN_MS = 60_000
/** Writes still unanswered this long before the end are reported, not waited for. */
const CHECKS_MS = 8_000
/** How long a device waits before it sends again after a 503 or a 409 "still being processed". */
const RETRY_MS = 100
const HOUR = 3_600_000

const between = (random: () => number, low: number, high: number) => low + Math.floor(random() * (high - low + 1))
const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms))

interface Student {
  email: string
  token: string
}

interface World {
  tutorEmail: string
  /** The session with few seats the devices book. */
  sessionId: string
  students: Student[]
  /** A session and students of its own for the writes stopped at a chosen moment. */
  heldSessionId: string
  held: Student[]
}

/** The students, their tutor and two sessions, written before any server runs; app tokens signed with the database's secret. */
async function prepare(database: Database): Promise<World> {
  const { store } = database
  const tutor = user('crash.tutor@school.test', { role: 'tutor' })
  await store.users.insert(tutor)
  const now = Date.now()
  const iso = (ms: number) => new Date(now + ms).toISOString()
  const open = { registrationStart: iso(-HOUR), registrationEnd: iso(24 * HOUR), classStart: iso(48 * HOUR) }
  const limited = session(tutor.email, { ...open, classEnd: iso(50 * HOUR), seats: SEATS })
  const held = session(tutor.email, { ...open, classEnd: iso(50 * HOUR), title: 'Held mid-write' })
  await store.sessions.insert(limited)
  await store.sessions.insert(held)
  const secret = await store.meta.tokenSecret()
  const studentNamed = async (email: string): Promise<Student> => {
    const row = user(email)
    await store.users.insert(row)
    return {
      email,
      token: await signJwt(secret, APP_TOKEN, { sub: row._id, email, gen: 0 }, HOUR, Math.floor(now / 1000)),
    }
  }
  const students: Student[] = []
  for (let i = 0; i < STUDENTS; i++) students.push(await studentNamed(`crash.student${i}@school.test`))
  const heldStudents = [await studentNamed('held.one@school.test'), await studentNamed('held.two@school.test')]
  return { tutorEmail: tutor.email, sessionId: limited._id, students, heldSessionId: held._id, held: heldStudents }
}

/** The servers answering right now, as a load balancer sees them, and how many answers they gave. */
class Fleet {
  private readonly live: ApiServerProcess[] = []
  private waiting: (() => void)[] = []
  private answers = 0
  private counting: { at: number; reached: () => void }[] = []

  add(server: ApiServerProcess) {
    this.live.push(server)
    for (const wake of this.waiting.splice(0)) wake()
  }

  remove(server: ApiServerProcess) {
    this.live.splice(this.live.indexOf(server), 1)
  }

  all(): readonly ApiServerProcess[] {
    return this.live
  }

  /** One of the live servers (drawn by `random`), once there is one. */
  async any(random: () => number): Promise<ApiServerProcess> {
    while (this.live.length === 0) await new Promise<void>((resolve) => this.waiting.push(resolve))
    return this.live[Math.floor(random() * this.live.length)]!
  }

  /** Counts one answer to a device. */
  answered() {
    this.answers += 1
    for (const { reached } of this.counting.filter(({ at }) => this.answers >= at)) reached()
    this.counting = this.counting.filter(({ at }) => this.answers < at)
  }

  /** Resolves once `more` (at least 1) answers have been given from now on. */
  after(more: number): Promise<void> {
    return new Promise<void>((reached) => this.counting.push({ at: this.answers + more, reached }))
  }
}

interface Answer {
  status: number
  body: Record<string, unknown>
  replayed: boolean
  retryAfter: string | null
}

/** One keyed JSON write to `server`, as the app sends it; throws when the connection fails. */
async function send(
  server: ApiServerProcess,
  as: Student,
  write: { method: string; path: string; key: string; body?: unknown },
  signal?: AbortSignal,
): Promise<Answer> {
  const response = await fetch(`${server.origin}/api${write.path}`, {
    method: write.method,
    headers: {
      [CLIENT_HEADER]: CLIENT_HEADER_VALUE,
      Authorization: `Bearer ${as.token}`,
      'Content-Type': 'application/json',
      'Idempotency-Key': write.key,
    },
    ...(write.body === undefined ? {} : { body: JSON.stringify(write.body) }),
    signal,
  })
  return {
    status: response.status,
    body: (await response.json()) as Record<string, unknown>,
    replayed: response.headers.get('Idempotent-Replayed') === 'true',
    retryAfter: response.headers.get('Retry-After'),
  }
}

interface Write {
  kind: 'note' | 'booking' | 'cancel'
  key: string
  student: number
  method: 'POST' | 'PATCH'
  path: string
  body?: Record<string, unknown>
  /** Sends the kill cut off: the request went out, no answer came back. */
  cutOff: number
  answer?: Answer
}

/** Whether fetch failed before the request went out (nothing listening): not a write cut off. */
function refused(error: unknown): boolean {
  return (error as { cause?: { code?: string } }).cause?.code === 'ECONNREFUSED'
}

/** Sends `write` until it has an answer other than "try again", or until `until`. */
async function deliver(write: Write, world: World, fleet: Fleet, random: () => number, until: number) {
  while (Date.now() < until) {
    const server = await fleet.any(random)
    let answer: Answer
    try {
      answer = await send(server, world.students[write.student]!, write, AbortSignal.timeout(until - Date.now()))
    } catch (error) {
      if (!refused(error)) write.cutOff += 1
      // Sent again once the fleet has noticed the kill: to a server still (or again) up.
      await pause(RETRY_MS)
      continue
    }
    fleet.answered()
    const { status, body } = answer
    if (status === 503 || (status === 409 && /still being processed/i.test(String(body.message)))) {
      await pause(RETRY_MS)
      continue
    }
    write.answer = answer
    return
  }
}

/**
 * One student's device: notes, with the booking and (for some) its cancel at
 * random places in between, each sent only once the one before is answered,
 * as the outbox sends them; notes go on until the kills are over.
 */
async function device(
  student: number,
  world: World,
  fleet: Fleet,
  random: () => number,
  chaosOver: () => boolean,
  until: number,
): Promise<Write[]> {
  const { email } = world.students[student]!
  const writes: Write[] = []
  const bookAfter = between(random, 0, 6)
  const cancelAfter = bookAfter + between(random, 2, 10)
  let notes = 0
  let booking: Write | undefined
  let cancel: Write | undefined
  while (Date.now() < until) {
    let next: Write
    if (!booking && notes >= bookAfter) {
      booking = {
        kind: 'booking',
        key: `booking-${student}`,
        student,
        method: 'POST',
        path: '/bookings',
        body: { sessionId: world.sessionId, studentEmail: email, tutorEmail: world.tutorEmail },
        cutOff: 0,
      }
      next = booking
    } else if (booking && !cancel && cancels(student) && notes >= cancelAfter) {
      const path = `/bookings/${String(booking.answer!.body.insertedId)}/cancel`
      cancel = { kind: 'cancel', key: `cancel-${student}`, student, method: 'PATCH', path, cutOff: 0 }
      next = cancel
    } else if (chaosOver() && booking && (cancel || !cancels(student))) {
      break
    } else {
      next = {
        kind: 'note',
        key: `note-${student}-${notes}`,
        student,
        method: 'POST',
        path: '/notes',
        body: { email, title: `Crash note ${student}-${notes}`, description: `Note ${notes} of student ${student}.` },
        cutOff: 0,
      }
      notes += 1
    }
    writes.push(next)
    await deliver(next, world, fleet, random, until)
    if (!next.answer) break
  }
  return writes
}

/**
 * Kills one of the fleet's servers `kills` times, starting a new one each
 * time. A kill comes at a random moment once the servers have answered a
 * random number of writes, so the devices' next writes are on their way and
 * each server has had its turn, however slow the machine.
 */
async function chaos(
  fleet: Fleet,
  victim: () => ApiServerProcess,
  start: () => Promise<ApiServerProcess>,
  random: () => number,
) {
  for (let k = 0; k < KILLS; k++) {
    await fleet.after(between(random, 10, 60))
    await pause(between(random, 0, 25))
    const server = victim()
    fleet.remove(server)
    await server.kill()
    fleet.add(await start())
  }
}

/**
 * The devices and the kills together, until the kills are over and every
 * device has booked (and cancelled), or until `until`.
 */
async function writeThroughKills(
  world: World,
  fleet: Fleet,
  kill: (random: () => number) => Promise<void>,
  until: number,
) {
  let over = false
  const devices = world.students.map((_, i) => device(i, world, fleet, seededRandom(SEED + i + 1), () => over, until))
  await kill(seededRandom(SEED)).finally(() => {
    over = true
  })
  return (await Promise.all(devices)).flat()
}

type Sql = (text: string, values?: unknown[]) => Promise<Record<string, unknown>[]>

const subjectsOf = (students: Student[]) => students.map((s) => `app:${s.email}`)
const keysOf = `from idempotency_keys where split_part(id, ' ', 1) = any($1::text[])`

/** Every write answered 2xx and applied exactly once; no key left running; seats and line exact. */
async function expectExactlyOnce(world: World, writes: Write[], sql: Sql, what: string) {
  const cutOff = writes.filter((w) => w.cutOff > 0)
  const context = `${what}, CRASH_SEED=${SEED}: ${writes.length} writes, ${cutOff.length} cut off by a kill`
  const subjects = subjectsOf(world.students)
  const running = await sql(`select id ${keysOf} and state = 'running'`, [subjects])
  expect(
    {
      unanswered: writes.filter((w) => !w.answer).map((w) => w.key),
      failed: writes
        .filter((w) => w.answer && (w.answer.status < 200 || w.answer.status > 299))
        .map((w) => `${w.key}: ${w.answer!.status} ${JSON.stringify(w.answer!.body)}`),
      running: running.map((r) => r.id),
    },
    `${context}: writes never answered, answered with an error, and keys left running`,
  ).toEqual({ unanswered: [], failed: [], running: [] })
  // Writes were cut off, or the test proved nothing.
  expect(cutOff.length, context).toBeGreaterThan(0)

  const emails = world.students.map((s) => s.email)
  const notes = await sql('select id, title from notes where email = any($1::text[])', [emails])
  const noteWrites = writes.filter((w) => w.kind === 'note')
  expect(notes.length, `${context}: one note per note written`).toBe(noteWrites.length)
  const titled = new Map(notes.map((n) => [n.title, n.id]))
  for (const w of noteWrites) expect(titled.get(w.body!.title), `${context}: ${w.key}`).toBe(w.answer!.body.insertedId)

  const bookings = await sql('select id, student_email, status, waitlist_seq from bookings where session_id = $1', [
    world.sessionId,
  ])
  for (const w of writes.filter((x) => x.kind === 'booking')) {
    const mine = bookings.filter((b) => b.student_email === world.students[w.student]!.email)
    expect(
      mine.map((b) => ({ id: b.id, cancelled: b.status === 'cancelled' })),
      `${context}: ${w.key}`,
    ).toEqual([{ id: w.answer!.body.insertedId, cancelled: writes.some((x) => x.key === `cancel-${w.student}`) }])
  }
  const holding = bookings.filter((b) => b.status === 'pending' || b.status === 'approved').length
  const waiting = bookings.filter((b) => b.status === 'waitlisted')
  const active = holding + waiting.length
  expect({ holding, waiting: waiting.length }, `${context}: seats taken, and the rest in line`).toEqual({
    holding: Math.min(SEATS, active),
    waiting: active - Math.min(SEATS, active),
  })
  expect(new Set(waiting.map((b) => b.waitlist_seq)).size, `${context}: each place in line once`).toBe(waiting.length)

  const done = await sql(`select count(*)::int as n ${keysOf} and state = 'done'`, [subjects])
  expect(done[0]!.n, `${context}: one answer kept per key`).toBe(writes.length)
}

/** Starts API server processes with `env`, each remembered so that none outlives the tests. */
function processes(env: Record<string, string>) {
  const started: ApiServerProcess[] = []
  return {
    async start() {
      const server = await startApiServerProcess({
        SEED: 'never',
        RATE_LIMIT_WRITES: '0',
        REMINDER_INTERVAL_SECONDS: '0',
        LOG_LEVEL: 'error',
        ...env,
      })
      started.push(server)
      return server
    },
    killAll: () => Promise.all(started.map((s) => s.kill())),
  }
}

describe('on the embedded database', () => {
  // A folder inside a temporary one: the token key file beside it (./db/token-key.ts) goes with it.
  const parent = mkdtempSync(join(tmpdir(), 'studyhub-crash-'))
  const dir = join(parent, 'data')
  const servers = processes({ DATA_DIR: dir })
  afterAll(async () => {
    await servers.killAll()
    rmSync(parent, { recursive: true, force: true })
  })

  it(
    `applies each keyed write exactly once though its one process is killed ${KILLS} times mid-write`,
    async () => {
      const until = Date.now() + RUN_MS - CHECKS_MS
      const database = await openDatabase({
        dataDir: dir,
        tokenKey: tokenKeyOf({ tokenSecret: undefined, dataDir: dir }),
      })
      const world = await prepare(database).finally(() => database.close())
      const fleet = new Fleet()
      fleet.add(await servers.start())
      const writes = await writeThroughKills(
        world,
        fleet,
        (random) => chaos(fleet, () => fleet.all()[0]!, servers.start, random),
        until,
      )
      // Read as the next start would: after the end of the process, whatever it was doing.
      await servers.killAll()

      const embedded = new PGlite(dir)
      try {
        const sql: Sql = async (text, values) => (await embedded.query<Record<string, unknown>>(text, values)).rows
        await expectExactlyOnce(world, writes, sql, `PGlite, one process killed ${KILLS} times`)
      } finally {
        await embedded.close()
      }
    },
    RUN_MS,
  )
})

// CONFORMANCE_TARGETS without `postgres` says this machine has no PostgreSQL 15 to start.
const withPostgres = targetsFromEnv(process.env.CONFORMANCE_TARGETS).includes('postgres')

describe.skipIf(!withPostgres)('on PostgreSQL', () => {
  let postgres: PostgresCluster | undefined
  let pool: pg.Pool
  let sql: Sql
  let world: World
  let servers: ReturnType<typeof processes>
  let a: ApiServerProcess
  let b: ApiServerProcess

  beforeAll(async () => {
    postgres = await startPostgresCluster()
    const tokenSecret = randomBytes(32).toString('base64url')
    const database = await openDatabase({ databaseUrl: postgres.url, tokenKey: tokenSecret })
    world = await prepare(database).finally(() => database.close())
    // A pool: its connections come back after the restart the tests cause.
    pool = new pg.Pool({ connectionString: postgres.url })
    pool.on('error', () => {})
    sql = async (text, values) => (await pool.query<Record<string, unknown>>(text, values)).rows
    servers = processes({ DATABASE_URL: postgres.url, TOKEN_SECRET: tokenSecret })
    ;[a, b] = await Promise.all([servers.start(), servers.start()])
  })

  afterAll(async () => {
    await servers?.killAll()
    await pool?.end()
    postgres?.stop()
  })

  /**
   * Holds the held session's row lock in a transaction of the test's own, so
   * a booking of that session stops in the middle of its run: claimed, not
   * yet written. Answers once the booking waits for the lock; then `release`.
   */
  async function holdBookings(): Promise<{ waiting: () => Promise<void>; release: () => Promise<void> }> {
    const holder = new pg.Client({ connectionString: postgres!.url })
    // A restart ends this session too: its error is expected, not a failure.
    holder.on('error', () => {})
    await holder.connect()
    await holder.query('begin')
    await holder.query('select id from sessions where id = $1 for update', [world.heldSessionId])
    return {
      waiting: () =>
        expect
          .poll(
            async () =>
              (await sql("select count(*)::int as n from pg_stat_activity where wait_event_type = 'Lock'"))[0]!.n,
          )
          .toBe(1),
      release: async () => {
        await holder.query('commit').catch(() => undefined)
        await holder.end().catch(() => undefined)
      },
    }
  }

  const heldBooking = (student: Student, key: string) => ({
    method: 'POST',
    path: '/bookings',
    key,
    body: { sessionId: world.heldSessionId, studentEmail: student.email, tutorEmail: world.tutorEmail },
  })

  async function expectBookedOnce(student: Student, key: string, answer: Answer) {
    expect(answer.status, JSON.stringify(answer.body)).toBe(201)
    const rows = await sql('select id from bookings where session_id = $1 and student_email = $2', [
      world.heldSessionId,
      student.email,
    ])
    expect(rows.map((r) => r.id)).toEqual([answer.body.insertedId])
    const keys = await sql('select state from idempotency_keys where id = $1', [
      `app:${student.email} POST /api/bookings ${key}`,
    ])
    expect(keys).toEqual([{ state: 'done' }])
  }

  it('applies a keyed write once when its process was killed between the claim and the answer', async () => {
    const [student] = world.held as [Student]
    const write = heldBooking(student, 'killed-mid-write')
    const held = await holdBookings()
    try {
      const cut = send(a, student, write).then(
        () => 'answered',
        () => 'cut off',
      )
      await held.waiting()
      await a.kill()
      expect(await cut).toBe('cut off')
    } finally {
      await held.release()
    }
    // Sent again through the other process, as a load balancer would: the first run left nothing behind.
    const again = await send(b, student, write)
    expect(again.replayed).toBe(false)
    await expectBookedOnce(student, 'killed-mid-write', again)
    expect((await send(b, student, write)).replayed).toBe(true)
  })

  it('answers 503 with Retry-After while PostgreSQL restarts, and applies a keyed write it cut off once', async () => {
    const [, student] = world.held as [Student, Student]
    const write = heldBooking(student, 'cut-by-a-restart')
    const held = await holdBookings()
    try {
      const pending = send(b, student, write)
      await held.waiting()
      postgres!.down()
      try {
        const cut = await pending
        expect({ status: cut.status, retryAfter: cut.retryAfter }, JSON.stringify(cut.body)).toEqual({
          status: 503,
          retryAfter: '5',
        })
        const health = await fetch(`${b.origin}/healthz`)
        expect({ status: health.status, retryAfter: health.headers.get('Retry-After') }).toEqual({
          status: 503,
          retryAfter: '5',
        })
        // A write that arrives while the database is down: 503 too, never 500.
        const meanwhile = await send(b, student, { ...write, key: 'sent-while-down' })
        expect({ status: meanwhile.status, retryAfter: meanwhile.retryAfter }).toEqual({
          status: 503,
          retryAfter: '5',
        })
      } finally {
        postgres!.up()
      }
    } finally {
      await held.release()
    }
    await expectBookedOnce(student, 'cut-by-a-restart', await send(b, student, write))
    expect((await fetch(`${b.origin}/healthz`)).status).toBe(200)
  })

  it(
    `applies each keyed write exactly once with two processes, one killed ${KILLS} times mid-write`,
    async () => {
      const until = Date.now() + RUN_MS - CHECKS_MS
      const fleet = new Fleet()
      // The process killed before, started again.
      if (
        !(await fetch(`${a.origin}/healthz`).then(
          (r) => r.ok,
          () => false,
        ))
      )
        a = await servers.start()
      fleet.add(a)
      fleet.add(b)
      // B keeps answering; A, and each process started in its place, is killed.
      const writes = await writeThroughKills(
        world,
        fleet,
        (random) => chaos(fleet, () => fleet.all().find((s) => s !== b)!, servers.start, random),
        until,
      )
      await expectExactlyOnce(world, writes, sql, `PostgreSQL, two processes, one killed ${KILLS} times`)
    },
    RUN_MS,
  )
})
