// @vitest-environment node
// Two API server processes on one PostgreSQL, as two replicas behind a load
// balancer would run: started at the same moment on an empty database with
// SEED=always, then sent the same writes at once, each with an
// Idempotency-Key and replayed on both. Nothing a process keeps in memory
// may decide an outcome: the database must seed once, every key must run
// once, and every replay must answer the first run's answer, whichever
// process ran it; a session's seats go to exactly as many bookings as it has. Everything is on loopback: a throwaway PostgreSQL 15
// cluster, one Firebase Auth emulator, two `node --import tsx server/main.ts`.
import { randomBytes } from 'node:crypto'
import pg from 'pg'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { Session } from '#contract/entities'
import { targetsFromEnv } from '../tests/conformance/harness/conformance-env'
import { EMULATOR_PROJECT_ID, FirebaseAuthEmulator } from '../tests/conformance/harness/firebase-emulator'
import { startAuthEmulator, type AuthEmulator } from '../tests/conformance/services/auth-emulator-process'
import { startPostgresCluster, type PostgresCluster } from '../tests/conformance/services/postgres-cluster'
import { startApiServerProcess, type ApiServerProcess } from '../tests/server-process/api-server-process'
import { SEED_ADMIN, SEED_STUDENTS, SEED_TUTORS, DEFAULT_SEED_SESSIONS } from '#core/seed/seed-data'
import { CLIENT_HEADER, CLIENT_HEADER_VALUE } from '#contract/routes'

const NOTES = 20
const DISTINCT_BOOKINGS = 12
const RACING_BOOKINGS = 10
const SEEDED_USERS = 1 + SEED_TUTORS.length + SEED_STUDENTS.length
const NOTE_WRITER = SEED_STUDENTS[0]!.email
const BOOKER = 'replica.booker@school.test'
const SEATS = 3
const SEAT_RACERS = 10
const CLASS_RACERS = 6

interface Answer {
  status: number
  body: string
  replayed: boolean
}

// CONFORMANCE_TARGETS without `postgres` says this machine has no PostgreSQL 15 to start.
const withPostgres = targetsFromEnv(process.env.CONFORMANCE_TARGETS).includes('postgres')

describe.skipIf(!withPostgres)('two API server processes on one PostgreSQL', () => {
  let postgres: PostgresCluster | undefined
  let auth: AuthEmulator | undefined
  let sql: pg.Client
  let servers: ApiServerProcess[] = []
  let a: ApiServerProcess
  let b: ApiServerProcess
  const tokens = new Map<string, string>()

  beforeAll(async () => {
    const [cluster, emulator] = await Promise.allSettled([startPostgresCluster(), startAuthEmulator()])
    if (cluster.status === 'fulfilled') postgres = cluster.value
    if (emulator.status === 'fulfilled') auth = emulator.value
    if (cluster.status === 'rejected') throw cluster.reason
    if (emulator.status === 'rejected') throw emulator.reason
    sql = new pg.Client({ connectionString: postgres!.url })
    await sql.connect()

    const env = {
      DATABASE_URL: postgres!.url,
      // The key kept outside the database, the same for both: a token one signs, the other accepts.
      TOKEN_SECRET: randomBytes(32).toString('base64url'),
      SEED: 'always',
      FIREBASE_PROJECT_ID: EMULATOR_PROJECT_ID,
      FIREBASE_AUTH_EMULATOR_HOST: auth!.host,
      // One test client sends every write: the per-client limits would only count the test.
      RATE_LIMIT_WRITES: '0',
      RATE_LIMIT_SIGN_IN: '0',
      LOG_LEVEL: 'info',
      // Both processes run the reminder scheduler every second, so their runs overlap again and again.
      REMINDER_INTERVAL_SECONDS: '1',
    }
    // Both at once, on an empty database: each migrates, finds it empty and would seed.
    const started = await Promise.allSettled([startApiServerProcess(env), startApiServerProcess(env)])
    servers = started.flatMap((s) => (s.status === 'fulfilled' ? [s.value] : []))
    const failed = started.find((s): s is PromiseRejectedResult => s.status === 'rejected')
    if (failed) throw failed.reason
    ;[a, b] = servers as [ApiServerProcess, ApiServerProcess]
  })

  afterAll(async () => {
    await Promise.all(servers.map((s) => s.stop()))
    await sql?.end()
    await auth?.stop()
    postgres?.stop()
  })

  const count = async (query: string, values: unknown[] = []) =>
    Number((await sql.query<{ n: string }>(`select count(*) as n from (${query}) as q`, values)).rows[0]!.n)

  async function call(server: ApiServerProcess, method: string, path: string, init: RequestInit = {}) {
    const headers = { [CLIENT_HEADER]: CLIENT_HEADER_VALUE, ...(init.headers as Record<string, string> | undefined) }
    const response = await fetch(`${server.origin}/api${path}`, { method, ...init, headers })
    const body = await response.text()
    return { status: response.status, body, replayed: response.headers.get('Idempotent-Replayed') === 'true' }
  }

  /** ID token → POST /jwt on `server`; a new email first gets its student record with POST /users. */
  async function signIn(server: ApiServerProcess, email: string, create: boolean): Promise<string> {
    const idToken = await new FirebaseAuthEmulator(auth!.host).verifiedIdToken(email)
    const headers = { Authorization: `Bearer ${idToken}`, 'Content-Type': 'application/json' }
    if (create) {
      const made = await call(server, 'POST', '/users', { headers, body: JSON.stringify({ email, name: 'Replica' }) })
      expect(made.status, made.body).toBe(201)
    }
    const issued = await call(server, 'POST', '/jwt', { headers, body: JSON.stringify({ email }) })
    expect(issued.status, issued.body).toBe(200)
    return (JSON.parse(issued.body) as { token: string }).token
  }

  function write(server: ApiServerProcess, path: string, as: string, key: string, body: unknown): Promise<Answer> {
    return call(server, 'POST', path, {
      headers: {
        Authorization: `Bearer ${tokens.get(as)}`,
        'Content-Type': 'application/json',
        'Idempotency-Key': key,
      },
      body: JSON.stringify(body),
    })
  }

  /** The key sent to A and B at the same moment, then once more (to either) after both answered. */
  async function sentThreeTimes(i: number, path: string, as: string, key: string, body: unknown): Promise<Answer[]> {
    const both = await Promise.all([write(a, path, as, key, body), write(b, path, as, key, body)])
    return [...both, await write(i % 2 === 0 ? a : b, path, as, key, body)]
  }

  /** One run (201, no replay header), two replays of the very same answer. */
  function expectOneRunTwoReplays(answers: Answer[], key: string) {
    expect(
      answers.map((x) => x.status),
      key,
    ).toEqual([201, 201, 201])
    expect(new Set(answers.map((x) => x.body)).size, `${key}: one body for every replay`).toBe(1)
    expect(answers.filter((x) => !x.replayed).length, `${key}: exactly one first run`).toBe(1)
  }

  it('seeds the empty database once although both processes started on it at once', async () => {
    expect(await count('select 1 from users')).toBe(SEEDED_USERS)
    expect(await count('select 1 from sessions')).toBe(DEFAULT_SEED_SESSIONS)
    expect(await count('select 1 from users where email = $1', [SEED_ADMIN.email])).toBe(1)
    const seeders = servers.filter((s) => s.logs().some((line) => line.msg === 'seeded the demo data'))
    expect(seeders.length, servers.map((s) => s.output()).join('\n---\n')).toBe(1)
  })

  it('accepts an app token of one process on the other (one signing secret in the database)', async () => {
    tokens.set(NOTE_WRITER, await signIn(a, NOTE_WRITER, false))
    tokens.set(BOOKER, await signIn(b, BOOKER, true))
    for (const [email, token] of tokens) {
      for (const server of servers) {
        const mine = await call(server, 'GET', `/notes/student/${encodeURIComponent(email)}`, {
          headers: { Authorization: `Bearer ${token}` },
        })
        expect(mine.status, `${email} on ${server.origin}`).toBe(200)
      }
    }
  })

  it('writes each note once for keys sent to both processes at once and replayed', async () => {
    const keys = Array.from({ length: NOTES }, (_, i) => `note-${i}`)
    const answers = await Promise.all(
      keys.map((key, i) =>
        sentThreeTimes(i, '/notes', NOTE_WRITER, key, {
          email: NOTE_WRITER,
          title: `Replica note ${i}`,
          description: `Written through two processes, key ${key}.`,
        }),
      ),
    )
    answers.forEach((three, i) => expectOneRunTwoReplays(three, keys[i]!))

    const ids = answers.map((three) => (JSON.parse(three[0]!.body) as { insertedId: string }).insertedId)
    expect(new Set(ids).size, 'a note id per key').toBe(NOTES)
    // No lost write: every key's note is there; no duplicate: nothing else was written.
    expect(await count('select 1 from notes where id = any($1::text[])', [ids])).toBe(NOTES)
    expect(await count("select 1 from notes where email = $1 and title like 'Replica note %'", [NOTE_WRITER])).toBe(
      NOTES,
    )
    expect(
      await count("select 1 from idempotency_keys where id like '% POST /api/notes note-%' and state = 'done'"),
    ).toBe(NOTES)
  })

  let open: Session[] = []

  it('books each distinct session once for keys sent to both processes at once and replayed', async () => {
    const listed = await call(a, 'GET', '/sessions?status=approved')
    expect(listed.status).toBe(200)
    const now = Date.now()
    open = (JSON.parse(listed.body) as Session[]).filter(
      (s) => Date.parse(s.registrationStart) <= now && now <= Date.parse(s.registrationEnd),
    )
    expect(open.length).toBeGreaterThan(DISTINCT_BOOKINGS)

    const targets = open.slice(0, DISTINCT_BOOKINGS)
    const answers = await Promise.all(
      targets.map((session, i) =>
        sentThreeTimes(i, '/bookings', BOOKER, `booking-${session._id}`, {
          sessionId: session._id,
          studentEmail: BOOKER,
          tutorEmail: session.tutorEmail,
        }),
      ),
    )
    answers.forEach((three, i) => expectOneRunTwoReplays(three, `booking of ${targets[i]!._id}`))

    const ids = answers.map((three) => (JSON.parse(three[0]!.body) as { insertedId: string }).insertedId)
    expect(await count('select 1 from bookings where id = any($1::text[])', [ids])).toBe(DISTINCT_BOOKINGS)
    expect(await count('select 1 from bookings where student_email = $1', [BOOKER])).toBe(DISTINCT_BOOKINGS)
    expect(
      await count('select 1 from bookings group by student_email, session_id having count(*) > 1'),
      'one booking per student and session',
    ).toBe(0)
  })

  it(`lets one of ${RACING_BOOKINGS} parallel bookings of one session, split over both processes, win`, async () => {
    const session = open[DISTINCT_BOOKINGS]!
    const body = { sessionId: session._id, studentEmail: BOOKER, tutorEmail: session.tutorEmail }
    // Each its own key: these are ten different attempts, not replays of one.
    const answers = await Promise.all(
      Array.from({ length: RACING_BOOKINGS }, (_, i) =>
        write(i % 2 === 0 ? a : b, '/bookings', BOOKER, `race-${i}`, body),
      ),
    )
    const won = answers.flatMap((x, i) => (x.status === 201 ? [i] : []))
    expect(won.length, answers.map((x) => `${x.status} ${x.body}`).join('\n')).toBe(1)
    for (const lost of answers.filter((x) => x.status !== 201)) {
      expect(lost.status).toBe(409)
      expect(JSON.parse(lost.body)).toMatchObject({ success: false })
    }
    expect(
      await count('select 1 from bookings where student_email = $1 and session_id = $2', [BOOKER, session._id]),
    ).toBe(1)

    // The winner's key replays its answer on both processes; the refused keys were released, not kept.
    const winner = won[0]!
    for (const server of servers) {
      const again = await write(server, '/bookings', BOOKER, `race-${winner}`, body)
      expect(again).toEqual({ ...answers[winner]!, replayed: true })
    }
    expect(await count("select 1 from idempotency_keys where id like '% POST /api/bookings race-%'")).toBe(1)
    expect(await count("select 1 from idempotency_keys where state = 'running'"), 'no claim left running').toBe(0)
  })

  /** A JSON call as `as`, with a key of its own. */
  function send(server: ApiServerProcess, method: string, path: string, as: string, body?: unknown) {
    return call(server, method, path, {
      headers: {
        Authorization: `Bearer ${tokens.get(as)}`,
        'Content-Type': 'application/json',
        'Idempotency-Key': `call-${Math.random().toString(36).slice(2)}`,
      },
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
    })
  }

  it(`takes exactly ${SEATS} of ${SEAT_RACERS} parallel bookings of a session with ${SEATS} seats, split over both processes`, async () => {
    const admin = SEED_ADMIN.email
    const tutor = SEED_TUTORS[0]!.email
    tokens.set(admin, await signIn(a, admin, false))
    tokens.set(tutor, await signIn(b, tutor, false))
    const racers = Array.from({ length: SEAT_RACERS }, (_, i) => `seat.racer${i}@school.test`)
    for (const [i, racer] of racers.entries()) tokens.set(racer, await signIn(i % 2 ? a : b, racer, true))

    const now = Date.now()
    const iso = (ms: number) => new Date(ms).toISOString()
    const created = await send(a, 'POST', '/sessions', tutor, {
      title: 'Seats for three',
      subject: 'Concurrency',
      registrationStart: iso(now - 3_600_000),
      registrationEnd: iso(now + 7 * 86_400_000),
      classStart: iso(now + 10 * 86_400_000),
      classEnd: iso(now + 11 * 86_400_000),
      duration: 2,
      registrationFee: 0,
      tutorEmail: tutor,
      seats: SEATS,
    })
    expect(created.status, created.body).toBe(201)
    const sessionId = (JSON.parse(created.body) as { insertedId: string }).insertedId
    expect((await send(b, 'PATCH', `/sessions/${sessionId}/approve`, admin, { fee: 0, type: 'Free' })).status).toBe(200)

    const answers = await Promise.all(
      racers.map((racer, i) =>
        send(i % 2 ? a : b, 'POST', '/bookings', racer, { sessionId, studentEmail: racer, tutorEmail: tutor }),
      ),
    )
    for (const answer of answers) expect(answer.status, answer.body).toBe(201)
    const outcomes = answers.map((x) => JSON.parse(x.body) as { status: string; waitlistPosition?: number })
    expect(outcomes.filter((o) => o.status === 'pending')).toHaveLength(SEATS)
    const places = outcomes.flatMap((o) => (o.status === 'waitlisted' ? [o.waitlistPosition!] : []))
    expect(places.sort((x, y) => x - y)).toEqual(Array.from({ length: SEAT_RACERS - SEATS }, (_, i) => i + 1))

    const inStatus = (status: string) =>
      count('select 1 from bookings where session_id = $1 and status = $2', [sessionId, status])
    expect(await inStatus('pending')).toBe(SEATS)
    expect(await inStatus('waitlisted')).toBe(SEAT_RACERS - SEATS)
    expect(
      await count(
        'select 1 from bookings where session_id = $1 and waitlist_seq is not null group by waitlist_seq having count(*) > 1',
        [sessionId],
      ),
      'each place in line given once',
    ).toBe(0)

    // One cancel with the others waiting moves exactly one up; then two at once, one on each process, move two.
    const holders = (
      await sql.query<{ id: string; student_email: string }>(
        "select id, student_email from bookings where session_id = $1 and status = 'pending' order by id",
        [sessionId],
      )
    ).rows
    const [first, second, third] = holders as [(typeof holders)[0], (typeof holders)[0], (typeof holders)[0]]
    const one = await send(a, 'PATCH', `/bookings/${first.id}/cancel`, first.student_email)
    expect(one.status, one.body).toBe(200)
    const promoted = () =>
      count('select 1 from bookings where session_id = $1 and promoted_at is not null', [sessionId])
    expect(await promoted()).toBe(1)
    expect(await inStatus('pending')).toBe(SEATS)
    expect(await inStatus('waitlisted')).toBe(SEAT_RACERS - SEATS - 1)
    const two = await Promise.all([
      send(a, 'PATCH', `/bookings/${second.id}/cancel`, second.student_email),
      send(b, 'PATCH', `/bookings/${third.id}/cancel`, third.student_email),
    ])
    expect(two.map((x) => x.status)).toEqual([200, 200])
    expect(await promoted()).toBe(3)
    expect(await inStatus('pending')).toBe(SEATS)
    expect(await inStatus('cancelled')).toBe(3)
    expect(await inStatus('waitlisted')).toBe(SEAT_RACERS - SEATS - 3)
    // The line as answered has no gaps: places 1 to what is left.
    const listed = await send(b, 'GET', '/bookings?status=waitlisted', admin)
    const line = (JSON.parse(listed.body) as { sessionId: string; waitlistPosition: number }[])
      .filter((x) => x.sessionId === sessionId)
      .map((x) => x.waitlistPosition)
      .sort((x, y) => x - y)
    expect(line).toEqual(Array.from({ length: SEAT_RACERS - SEATS - 3 }, (_, i) => i + 1))
  })

  it('writes each reminder of a course’s meetings within a day exactly once, though both processes run the scheduler', async () => {
    const session = `reminder-${Date.now().toString(16)}`
    const hour = 3_600_000
    const now = Date.now()
    const iso = (ms: number) => new Date(now + ms).toISOString()
    const tutor = SEED_TUTORS[0]!
    // Daily three times from two hours on, the second and third moved to 5 and 8 hours on: three meetings within a day.
    const moved = [
      [26, 5],
      [50, 8],
    ]
    const schedule = {
      timeZone: 'UTC',
      rrule: 'FREQ=DAILY;COUNT=3',
      moved: moved.map(([from, to]) => ({ from: iso(from! * hour), to: iso(to! * hour) })),
    }
    await sql.query(
      `insert into sessions (id, title, subject, description, registration_start, registration_end, class_start,
         class_end, duration, registration_fee, tutor_name, tutor_email, status, created_at, schedule, schedule_start)
       values ($1, 'Starts soon', 'Maths', '', $2, $3, $4, $5, 2, 0, $6, $7, 'approved', $2, $8, $4)`,
      [session, iso(-48 * hour), iso(-hour), iso(2 * hour), iso(10 * hour), tutor.name, tutor.email, schedule],
    )
    // As the store writes them with the session (session_meetings).
    for (const [from, to] of [[2, 2], ...moved]) {
      await sql.query(
        `insert into session_meetings (session_id, start, "end", original_start) values ($1, $2, $3, $4)`,
        [session, iso(to! * hour), iso((to! + 2) * hour), iso(from! * hour)],
      )
    }
    const students = SEED_STUDENTS.slice(0, 6).map((s) => s.email)
    for (const [i, email] of students.entries()) {
      await sql.query(
        `insert into bookings (id, session_id, student_email, tutor_email, status, booked_at)
         values ($1, $2, $3, $4, 'approved', $5)`,
        [`${session}-${i}`, session, email, tutor.email, iso(-hour)],
      )
    }
    const reminders = async () =>
      (
        await sql.query<{ booking_id: string; n: number }>(
          `select booking_id, meeting_start, count(*)::int as n from notifications
           where kind = 'class-reminder' and booking_id like $1 group by booking_id, meeting_start`,
          [`${session}-%`],
        )
      ).rows
    await expect.poll(async () => (await reminders()).length, { timeout: 15_000 }).toBe(students.length * 3)
    // Several more runs of each process: still one reminder per booking and meeting, each to its student.
    await new Promise((resolve) => setTimeout(resolve, 3_000))
    expect((await reminders()).map((r) => r.n)).toEqual(students.flatMap(() => [1, 1, 1]))
    const told = await sql.query<{ recipient_email: string }>(
      `select recipient_email from notifications where booking_id like $1 order by recipient_email`,
      [`${session}-%`],
    )
    expect(told.rows.map((r) => r.recipient_email)).toEqual([...students].sort().flatMap((e) => [e, e, e]))
    for (const server of servers) expect(server.logs().filter((l) => l.msg === 'reminders failed')).toEqual([])
  })

  it('moves and cancels a class during parallel bookings on both processes: every booking live then is told, no seat twice', async () => {
    const admin = SEED_ADMIN.email
    const tutor = SEED_TUTORS[0]!.email
    tokens.set(admin, await signIn(a, admin, false))
    tokens.set(tutor, await signIn(b, tutor, false))
    const racers = Array.from({ length: 2 * CLASS_RACERS }, (_, i) => `class.racer${i}@school.test`)
    for (const [i, racer] of racers.entries()) tokens.set(racer, await signIn(i % 2 ? a : b, racer, true))
    const now = Date.now()
    const iso = (ms: number) => new Date(ms).toISOString()
    const created = await send(a, 'POST', '/sessions', tutor, {
      title: 'Moved and cancelled',
      subject: 'Concurrency',
      registrationStart: iso(now - 3_600_000),
      registrationEnd: iso(now + 7 * 86_400_000),
      classStart: iso(now + 10 * 86_400_000),
      classEnd: iso(now + 11 * 86_400_000),
      duration: 2,
      registrationFee: 0,
      tutorEmail: tutor,
      // One seat: the seat's holder and then the line's places are the order the bookings took the session's lock.
      seats: 1,
    })
    expect(created.status, created.body).toBe(201)
    const sessionId = (JSON.parse(created.body) as { insertedId: string }).insertedId
    expect((await send(b, 'PATCH', `/sessions/${sessionId}/approve`, admin, { fee: 0, type: 'Free' })).status).toBe(200)
    const bookAll = (students: string[]) =>
      students.map((racer, i) =>
        send(i % 2 ? a : b, 'POST', '/bookings', racer, { sessionId, studentEmail: racer, tutorEmail: tutor }),
      )
    const toldOf = async (kind: string) =>
      (
        await sql.query<{ booking_id: string; n: number }>(
          `select booking_id, count(*)::int as n from notifications n join bookings b on b.id = n.booking_id
           where b.session_id = $1 and n.kind = $2 group by booking_id`,
          [sessionId, kind],
        )
      ).rows

    // A move in the middle of the first half's bookings.
    const first = bookAll(racers.slice(0, CLASS_RACERS))
    const move = send(a, 'PATCH', `/sessions/${sessionId}/class`, tutor, {
      classStart: iso(now + 12 * 86_400_000),
      classEnd: iso(now + 13 * 86_400_000),
    })
    const [moved, ...booked] = await Promise.all([move, ...first])
    expect(moved!.status, moved!.body).toBe(200)
    for (const answer of booked) expect(answer.status, answer.body).toBe(201)
    // In the order they took the lock: the bookings before the move are each told once, those after it none.
    const inOrder = (
      await sql.query<{ id: string }>(
        `select id from bookings where session_id = $1 order by (status = 'waitlisted'), waitlist_seq`,
        [sessionId],
      )
    ).rows.map((r) => r.id)
    expect(inOrder).toHaveLength(CLASS_RACERS)
    const movedTold = new Map((await toldOf('session-moved')).map((r) => [r.booking_id, r.n]))
    expect([...movedTold.values()].every((n) => n === 1)).toBe(true)
    const flags = inOrder.map((id) => movedTold.has(id))
    expect(flags, 'the told ones are the first in lock order').toEqual(flags.map((_, i) => i < movedTold.size))
    expect(await count("select 1 from bookings where session_id = $1 and status = 'pending'", [sessionId])).toBe(1)

    // A cancel in the middle of the second half's: every booking it found is cancelled and told; later ones are refused.
    const second = bookAll(racers.slice(CLASS_RACERS))
    const cancel = send(b, 'POST', `/sessions/${sessionId}/cancel`, tutor, { reason: 'Both processes at once.' })
    const [cancelled, ...late] = await Promise.all([cancel, ...second])
    expect(cancelled!.status, cancelled!.body).toBe(200)
    for (const answer of late) expect([201, 409], answer.body).toContain(answer.status)
    const made = late
      .filter((x) => x.status === 201)
      .map((x) => (JSON.parse(x.body) as { insertedId: string }).insertedId)
    const all = (
      await sql.query<{ id: string; status: string; cancelled_by: string; cancel_reason: string }>(
        'select id, status, cancelled_by, cancel_reason from bookings where session_id = $1',
        [sessionId],
      )
    ).rows
    expect(all).toHaveLength(CLASS_RACERS + made.length)
    expect(JSON.parse(cancelled!.body)).toMatchObject({ cancelledBookings: all.length })
    for (const row of all)
      expect(row).toMatchObject({ status: 'cancelled', cancelled_by: tutor, cancel_reason: 'Both processes at once.' })
    const cancelTold = await toldOf('session-cancelled')
    expect(cancelTold.map((r) => r.booking_id).sort()).toEqual(all.map((r) => r.id).sort())
    expect(cancelTold.every((r) => r.n === 1)).toBe(true)
    for (const refused of late.filter((x) => x.status === 409)) expect(refused.body).toMatch(/cancelled/)
  })

  it('stops both processes on SIGTERM with exit code 0', async () => {
    const exits = await Promise.all(servers.map((s) => s.stop()))
    expect(exits).toEqual([
      { code: 0, signal: null },
      { code: 0, signal: null },
    ])
    for (const server of servers) expect(server.logs().at(-1)).toMatchObject({ msg: 'stopped' })
  })
})
