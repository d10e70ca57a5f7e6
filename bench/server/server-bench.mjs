// `npm run bench:server`: the API server under load, on loopback, once on each
// database it runs on: the embedded PGlite (a temp DATA_DIR) and a throwaway
// PostgreSQL 15 cluster (tests/conformance/services). For each:
//
//  1. seeds 10,000 sessions (the demo data scaled up, plus a few bench
//     students) through openDatabase().seed, before the server starts. On
//     PostgreSQL it then runs VACUUM ANALYZE, as autovacuum would within a
//     minute of the load, so the plans measured are a running server's; PGlite
//     runs no autovacuum, so it is measured as it would really run: without
//     planner statistics;
//  2. starts `server/main.ts` in its own process with SEED=never, signs in a
//     student, a tutor and the bench students through the Firebase Auth
//     emulator (the rate limits are off: one client sends everything);
//  3. loads each endpoint from 50 connections for a fixed time after a short
//     warm-up: /healthz (the floor: routing, a `select 1`), the approved list's
//     first page, its last page and page 1000 (past the end: OFFSET still walks
//     every approved row), a session's details, a tutor's own list (an
//     authenticated read), a booking (each request a NEW student+session pair
//     from a list made beforehand, so a 409 means the list ran out) and a note;
//     and finding sessions (docs/rules/search.md): words with prefixes, which
//     PostgreSQL looks up in the GIN index of the sessions' words, and words
//     with a filter and a sort of their own. Search p99 ÷ page 1 p99 is the
//     figure held to at most 3× on PostgreSQL (issue 30).
//
// Every figure is also given as a ratio to the floor of the same server in the
// same run, which is what stays comparable on a busy or different machine.
// The load generator runs in this process, on the same cores as the server.
//
//   npm run bench:server -- [--duration 8] [--warmup 1] [--connections 50] [--sessions 10000] [--only pglite|postgres]
//     [--endpoints <words>] [--server-node-options <flags>] [--server-output <file>]
//
// --endpoints keeps the floor and the endpoints whose names contain any of the
// comma-separated words (a shorter run while working on a few of them);
// --server-node-options goes to the server process as NODE_OPTIONS (e.g.
// "--cpu-prof --cpu-prof-dir=/tmp/prof" to see where its time goes);
// --server-output writes everything the server printed to that file.
//
// Results: a markdown table on stdout and bench/results/server-latest.json.
import { randomBytes } from 'node:crypto'
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises'
import { cpus, loadavg, tmpdir } from 'node:os'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import pg from 'pg'
import { newId } from '../../server/core/ids.ts'
import { buildSeedRows } from '../../server/core/seed/seed-data.ts'
import { openDatabase } from '../../server/db/open-database.ts'
import { EMULATOR_PROJECT_ID, FirebaseAuthEmulator } from '../../tests/conformance/harness/firebase-emulator.ts'
import { startAuthEmulator } from '../../tests/conformance/services/auth-emulator-process.ts'
import { startPostgresCluster } from '../../tests/conformance/services/postgres-cluster.ts'
import { startApiServerProcess } from '../../tests/server-process/api-server-process.ts'
import { measure } from './load.mjs'

const root = fileURLToPath(new URL('../..', import.meta.url))
const resultsDir = join(root, 'bench/results')

const args = process.argv.slice(2)
const option = (name, fallback) => {
  const i = args.indexOf(`--${name}`)
  return i >= 0 && args[i + 1] !== undefined ? args[i + 1] : fallback
}
const DURATION = Number(option('duration', 8))
const WARMUP = Number(option('warmup', 1))
const CONNECTIONS = Number(option('connections', 50))
const SESSIONS = Number(option('sessions', 10_000))
const ONLY = option('only', null)
const ENDPOINTS = option('endpoints', null)
  ?.split(',')
  .map((word) => word.trim())
  .filter(Boolean)
const SERVER_NODE_OPTIONS = option('server-node-options', null)
const SERVER_OUTPUT = option('server-output', null)
const PAGE_SIZE = 8
const DEEP_PAGE = 1000
/** Students who have booked nothing: with ~4,400 open sessions each, enough new bookings for any run here. */
const BENCH_STUDENTS = 8
const STUDENT = 'student@studyhub.demo'
const TUTOR = 'tutor@studyhub.demo'

/** The search whose p99 is compared with page 1's. */
const SEARCH = 'search "organic chem", page 1'

const log = (message) => process.stdout.write(`${message}\n`)

/** The demo data with SESSIONS sessions and the bench's own students. */
async function seedRows() {
  const rows = await buildSeedRows({ sessions: SESSIONS })
  const now = new Date().toISOString()
  const benchStudents = Array.from({ length: BENCH_STUDENTS }, (_, i) => ({
    _id: newId(),
    name: `Bench Student ${i + 1}`,
    email: `bench.student.${i + 1}@studyhub.demo`,
    photo: '',
    role: 'student',
    created_at: now,
    last_log_in: now,
  }))
  rows.users.push(...benchStudents)
  return { rows, benchStudents: benchStudents.map((s) => s.email) }
}

// The header the app sends on writes: the API server takes writes only with a same-origin signal.
const APP_WRITE = { 'X-StudyHub-Client': 'app' }

async function signIn(origin, emulator, email) {
  const idToken = await emulator.verifiedIdToken(email)
  const response = await fetch(`${origin}/api/jwt`, {
    method: 'POST',
    headers: { Authorization: `Bearer ${idToken}`, 'Content-Type': 'application/json', ...APP_WRITE },
    body: JSON.stringify({ email }),
  })
  const body = await response.json()
  if (response.status !== 200 || !body.token) throw new Error(`Sign-in of ${email} failed: ${response.status}`)
  return body.token
}

async function getJson(url, headers = {}) {
  const response = await fetch(url, { headers })
  if (!response.ok) throw new Error(`GET ${url} answered ${response.status}`)
  return { body: await response.json(), headers: response.headers }
}

/** The endpoints to load, in order; the first is the floor. */
async function scenarios(origin, rows, benchStudents, emulator) {
  const json = (token) => ({ Authorization: `Bearer ${token}`, 'Content-Type': 'application/json', ...APP_WRITE })
  const student = await signIn(origin, emulator, STUDENT)
  const tutor = await signIn(origin, emulator, TUTOR)
  const bookers = []
  for (const email of benchStudents) bookers.push({ email, token: await signIn(origin, emulator, email) })

  const list = `/api/sessions?status=approved&limit=${PAGE_SIZE}`
  const first = await getJson(`${origin}${list}&page=1`)
  const approvedTotal = Number(first.headers.get('X-Total-Count'))
  const lastPage = Math.max(1, Math.ceil(approvedTotal / PAGE_SIZE))
  const detailsId = first.body[0]._id

  // Every (bench student, open session) pair, students alternating, so each request books something new.
  const now = Date.now()
  const open = rows.sessions.filter(
    (s) => s.status === 'approved' && Date.parse(s.registrationStart) <= now && now <= Date.parse(s.registrationEnd),
  )
  let nextBooking = 0
  let nextNote = 0
  const bookable = open.length * bookers.length

  return {
    approvedTotal,
    lastPage,
    bookable,
    list: [
      { name: '/healthz (floor)', requests: [{ method: 'GET', path: '/healthz' }] },
      { name: 'approved list, page 1', requests: [{ method: 'GET', path: `${list}&page=1` }] },
      {
        name: `approved list, last page (${lastPage})`,
        requests: [{ method: 'GET', path: `${list}&page=${lastPage}` }],
      },
      {
        name: `approved list, page ${DEEP_PAGE}${DEEP_PAGE > lastPage ? ' (past the end)' : ''}`,
        requests: [{ method: 'GET', path: `${list}&page=${DEEP_PAGE}` }],
      },
      { name: "a session's details", requests: [{ method: 'GET', path: `/api/sessions/${detailsId}` }] },
      { name: SEARCH, requests: [{ method: 'GET', path: `${list}&q=organic+chem&page=1` }] },
      {
        name: 'search "data", paid, open now, soonest first, page 1',
        requests: [{ method: 'GET', path: `${list}&q=data&fee=paid&open=1&sort=soonest&page=1` }],
      },
      {
        name: "tutor's own list, page 1 (signed in)",
        requests: [
          {
            method: 'GET',
            path: `/api/sessions?tutorEmail=${encodeURIComponent(TUTOR)}&page=1&limit=${PAGE_SIZE}`,
            headers: { Authorization: `Bearer ${tutor}` },
          },
        ],
      },
      {
        name: 'POST /bookings (each a new booking)',
        requests: [
          {
            method: 'POST',
            path: '/api/bookings',
            setupRequest: (request) => {
              const i = nextBooking++
              const booker = bookers[i % bookers.length]
              // Past the list the pairs repeat: those answer 409 and count as non-2xx.
              const session = open[Math.floor(i / bookers.length) % open.length]
              return {
                ...request,
                headers: json(booker.token),
                body: JSON.stringify({
                  sessionId: session._id,
                  studentEmail: booker.email,
                  tutorEmail: session.tutorEmail,
                }),
              }
            },
          },
        ],
      },
      {
        name: 'POST /notes',
        requests: [
          {
            method: 'POST',
            path: '/api/notes',
            setupRequest: (request) => {
              const i = nextNote++
              return {
                ...request,
                headers: json(student),
                body: JSON.stringify({ email: STUDENT, title: `Bench note ${i}`, description: 'Written under load.' }),
              }
            },
          },
        ],
      },
    ],
  }
}

async function benchDatabase(kind, { postgresUrl, emulatorHost }) {
  log(`\n== ${kind} ==`)
  const dataDir = kind === 'pglite' ? await mkdtemp(join(tmpdir(), 'studyhub-bench-pglite-')) : null
  try {
    const { rows, benchStudents } = await seedRows()
    const seedStarted = performance.now()
    const database = await openDatabase(kind === 'pglite' ? { dataDir } : { databaseUrl: postgresUrl })
    try {
      await database.seed(rows)
    } finally {
      await database.close()
    }
    const seedMs = Math.round(performance.now() - seedStarted)
    if (kind === 'postgres') {
      const client = new pg.Client({ connectionString: postgresUrl })
      await client.connect()
      try {
        await client.query('vacuum analyze')
      } finally {
        await client.end()
      }
    }
    log(`seeded ${rows.sessions.length} sessions, ${rows.bookings.length} bookings in ${seedMs} ms`)

    const server = await startApiServerProcess({
      ...(kind === 'pglite' ? { DATA_DIR: dataDir } : { DATABASE_URL: postgresUrl }),
      // The key kept outside the database: required with DATABASE_URL, and no key file left beside the folder.
      TOKEN_SECRET: randomBytes(32).toString('base64url'),
      SEED: 'never',
      FIREBASE_PROJECT_ID: EMULATOR_PROJECT_ID,
      FIREBASE_AUTH_EMULATOR_HOST: emulatorHost,
      RATE_LIMIT_WRITES: '0',
      RATE_LIMIT_SIGN_IN: '0',
      ...(SERVER_NODE_OPTIONS ? { NODE_OPTIONS: SERVER_NODE_OPTIONS } : {}),
    })
    let exit
    const results = []
    let plan
    try {
      plan = await scenarios(server.origin, rows, benchStudents, new FirebaseAuthEmulator(emulatorHost))
      log(
        `${plan.approvedTotal} approved sessions (${plan.lastPage} pages of ${PAGE_SIZE}), ${plan.bookable} new bookings to make`,
      )
      const chosen = plan.list.filter(
        (scenario, i) => i === 0 || !ENDPOINTS || ENDPOINTS.some((word) => scenario.name.includes(word)),
      )
      for (const scenario of chosen) {
        const measured = await measure({
          origin: server.origin,
          requests: scenario.requests,
          connections: CONNECTIONS,
          durationSeconds: DURATION,
          warmupSeconds: WARMUP,
        })
        results.push({ name: scenario.name, ...measured })
        log(
          `  ${scenario.name}: ${measured.reqPerSec} req/s, p50 ${measured.p50Ms} ms, p95 ${measured.p95Ms} ms,` +
            ` p99 ${measured.p99Ms} ms, non-2xx ${measured.non2xx}`,
        )
      }
    } finally {
      exit = await server.stop()
      if (SERVER_OUTPUT) await writeFile(SERVER_OUTPUT, server.output())
    }
    if (exit.code !== 0)
      throw new Error(`The ${kind} server exited with ${exit.code ?? exit.signal}:\n${server.output().slice(-2000)}`)

    const floor = results[0]
    for (const r of results) {
      r.vsFloor = {
        reqPerSec: ratio(r.reqPerSec, floor.reqPerSec),
        p50: ratio(r.p50Ms, floor.p50Ms),
        p95: ratio(r.p95Ms, floor.p95Ms),
        p99: ratio(r.p99Ms, floor.p99Ms),
      }
    }
    const page1 = results.find((r) => r.name === 'approved list, page 1')
    const deepest = results.find((r) => r.name.startsWith('approved list, last page'))
    const search = results.find((r) => r.name === SEARCH)
    return {
      seedMs,
      sessions: rows.sessions.length,
      approvedSessions: plan.approvedTotal,
      lastPage: plan.lastPage,
      newBookingsAvailable: plan.bookable,
      results,
      lastPageToPage1: {
        p50: ratio(deepest?.p50Ms ?? null, page1?.p50Ms ?? null),
        reqPerSec: ratio(deepest?.reqPerSec ?? null, page1?.reqPerSec ?? null),
      },
      searchToPage1: {
        p99: ratio(search?.p99Ms ?? null, page1?.p99Ms ?? null),
        p50: ratio(search?.p50Ms ?? null, page1?.p50Ms ?? null),
      },
    }
  } finally {
    if (dataDir) await rm(dataDir, { recursive: true, force: true })
  }
}

function ratio(a, b) {
  return a === null || b === null || b === 0 ? null : Math.round((a / b) * 100) / 100
}

function table(kind, report) {
  const lines = [
    `### ${kind}: ${report.sessions} sessions (${report.approvedSessions} approved), ${CONNECTIONS} connections, ${DURATION} s each`,
    '',
    '| Endpoint | req/s | p50 ms | p95 ms | p99 ms | non-2xx | req/s ÷ floor | p50 × floor | p99 × floor |',
    '| --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: |',
  ]
  for (const r of report.results) {
    const codes = Object.entries(r.statusCodes)
      .filter(([code]) => !code.startsWith('2'))
      .map(([code, n]) => `${n}×${code}`)
    const non2xx =
      r.non2xx + r.errors > 0
        ? `${r.non2xx}${codes.length ? ` (${codes.join(', ')})` : ''}${r.errors ? `, ${r.errors} errors` : ''}`
        : '0'
    lines.push(
      `| ${r.name} | ${r.reqPerSec} | ${r.p50Ms} | ${r.p95Ms} | ${r.p99Ms} | ${non2xx} | ${r.vsFloor.reqPerSec} | ${r.vsFloor.p50} | ${r.vsFloor.p99} |`,
    )
  }
  return lines.join('\n')
}

const started = Date.now()
const kinds = ['pglite', 'postgres'].filter((k) => !ONLY || k === ONLY)
const services = await Promise.allSettled([
  startAuthEmulator(),
  kinds.includes('postgres') ? startPostgresCluster() : Promise.resolve(null),
])
const [emulatorResult, postgresResult] = services
const emulator = emulatorResult.status === 'fulfilled' ? emulatorResult.value : null
const postgres = postgresResult.status === 'fulfilled' ? postgresResult.value : null
try {
  const failed = services.find((s) => s.status === 'rejected')
  if (failed) throw failed.reason
  if (postgres) log(`Services: ${postgres.version}, Firebase Auth emulator ${emulator.version}`)
  const databases = {}
  for (const kind of kinds) {
    databases[kind] = await benchDatabase(kind, { postgresUrl: postgres?.url, emulatorHost: emulator.host })
  }
  const report = {
    bench: 'api-server-load',
    date: new Date().toISOString(),
    runtime: `node ${process.version}`,
    machine: {
      cpus: cpus().length,
      cpuModel: cpus()[0]?.model ?? null,
      loadavgAtEnd: loadavg().map((n) => Math.round(n * 100) / 100),
    },
    settings: {
      connections: CONNECTIONS,
      durationSeconds: DURATION,
      warmupSeconds: WARMUP,
      sessions: SESSIONS,
      pageSize: PAGE_SIZE,
      endpoints: ENDPOINTS,
    },
    totalSeconds: Math.round((Date.now() - started) / 1000),
    databases,
  }
  await mkdir(resultsDir, { recursive: true })
  // A run of some endpoints only does not replace the last whole run.
  const resultsFile = ENDPOINTS ? 'server-partial.json' : 'server-latest.json'
  await writeFile(join(resultsDir, resultsFile), `${JSON.stringify(report, null, 2)}\n`)
  log('')
  for (const [kind, r] of Object.entries(databases)) {
    log(table(kind, r))
    log(`\nLast page ÷ page 1: p50 ×${r.lastPageToPage1.p50}, req/s ×${r.lastPageToPage1.reqPerSec}`)
    log(`Search ÷ page 1: p99 ×${r.searchToPage1.p99} (at most 3 on PostgreSQL), p50 ×${r.searchToPage1.p50}\n`)
  }
  log(`Whole run: ${report.totalSeconds} s. Written to bench/results/${resultsFile}`)
} finally {
  await emulator?.stop()
  postgres?.stop()
}
