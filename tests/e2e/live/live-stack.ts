// What the `live` browser tests run against, started by playwright.config.ts
// as that project's web server (`node --import tsx tests/e2e/live/live-stack.ts`):
//
// 1. the Firebase Auth emulator, on free loopback ports of its own, so it never
//    meets the conformance suite's emulators or a developer's on 9099;
// 2. a live build of the app (VITE_API_URL=/api: the API on the app's own
//    origin), built after the emulator is up because the build carries its
//    address (VITE_FIREBASE_AUTH_EMULATOR), as a live build carries its
//    project's settings;
// 3. the seeded demo accounts as password accounts in the emulator, with
//    verified emails, so the API server binds them to the seeded users at
//    their first sign-in as it would after a real provider verified them;
// 4. one API server process (`server/main.ts`) on an embedded PGlite database
//    in a temporary folder, seeded with the demo data, serving the build
//    (APP_DIST_DIR) on E2E_LIVE_PORT, and mailing through the SMTP server on
//    E2E_LIVE_SMTP_PORT of loopback, which the mail spec runs (./mail.spec.ts;
//    while none listens, a mail waits in the server's queue and is tried again).
//
// Every test of the project shares this one server and database, as users of
// one deployment do. Playwright ends the run with SIGTERM to the process
// group: each piece stops and the build and database folders are removed.
import { spawn, type ChildProcess } from 'node:child_process'
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { dirname, join, resolve } from 'node:path'
import { fileURLToPath } from 'node:url'
import { startAuthEmulator, type AuthEmulator } from '../../conformance/services/auth-emulator-process'
import { addDemoAccounts } from './emulator-accounts'
import { LIVE_FIREBASE_PROJECT_ID, liveBuildEnv } from './live-build-env'

const root = fileURLToPath(new URL('../../../', import.meta.url))
const port = Number(process.env.E2E_LIVE_PORT)
const smtpPort = Number(process.env.E2E_LIVE_SMTP_PORT)
const outDir = resolve(root, process.env.E2E_LIVE_OUT_DIR ?? `node_modules/.cache/e2e-live-dist-${port}`)
const SERVER_READY_MS = 120_000
/** What the API server process gets from the shell; its settings are all given here. */
const SHELL_VARIABLES = ['PATH', 'HOME', 'TMPDIR', 'LANG', 'TZ']

function exited(child: ChildProcess): Promise<void> {
  return new Promise((done) => {
    if (child.exitCode !== null || child.signalCode !== null) done()
    else child.once('exit', () => done())
  })
}

function run(command: string, args: string[], env: NodeJS.ProcessEnv): Promise<void> {
  return new Promise((done, fail) => {
    const child = spawn(command, args, { cwd: root, env, stdio: ['ignore', 'ignore', 'inherit'] })
    child.once('error', fail)
    child.once('exit', (code, signal) =>
      code === 0 ? done() : fail(new Error(`${args.join(' ')} ended with ${signal ?? `exit code ${code}`}`)),
    )
  })
}

async function answers(url: string): Promise<boolean> {
  try {
    return (await fetch(url)).ok
  } catch {
    return false
  }
}

/** Says so on stderr (in the test output) if the emulator stops answering: every sign-in would fail after it. */
function watchEmulator(host: string): void {
  const timer = setInterval(() => {
    void answers(`http://${host}/`).then((up) => {
      if (up || stopping) return
      clearInterval(timer)
      process.stderr.write(`The Auth emulator at ${host} stopped answering while the tests ran.\n`)
    })
  }, 5_000)
  timer.unref()
}

let emulator: AuthEmulator | undefined
let server: ChildProcess | undefined
let dataDir: string | undefined
let stopping: Promise<void> | undefined

function stop(): Promise<void> {
  return (stopping ??= (async () => {
    const running = server
    if (running && running.exitCode === null && running.signalCode === null) {
      // When Playwright stops the run, its signal to the process group has
      // reached the server already, and a second one would make it skip its
      // graceful stop: it gets a moment first.
      const gone = await Promise.race([exited(running).then(() => true), sleep(3_000).then(() => false)])
      if (!gone) running.kill('SIGTERM')
      const killer = setTimeout(() => running.kill('SIGKILL'), 10_000)
      await exited(running)
      clearTimeout(killer)
    }
    await emulator?.stop()
    if (dataDir) rmSync(dirname(dataDir), { recursive: true, force: true })
    rmSync(outDir, { recursive: true, force: true })
  })())
}

function sleep(ms: number): Promise<void> {
  return new Promise((done) => setTimeout(done, ms))
}

async function start(): Promise<void> {
  if (!Number.isInteger(port) || port <= 0) throw new Error('E2E_LIVE_PORT must name the port to serve the app on.')
  if (!Number.isInteger(smtpPort) || smtpPort <= 0) throw new Error('E2E_LIVE_SMTP_PORT must name the port to mail to.')
  emulator = await startAuthEmulator()
  const emulatorUrl = `http://${emulator.host}`

  await Promise.all([
    run(
      process.execPath,
      ['node_modules/vite/bin/vite.js', 'build', '--outDir', outDir, '--emptyOutDir', '--logLevel', 'warn'],
      { ...process.env, ...liveBuildEnv(emulatorUrl) },
    ),
    addDemoAccounts(emulator.host),
  ])

  // A folder inside a temporary one: the token key file the server makes beside it goes with it.
  dataDir = join(mkdtempSync(join(tmpdir(), 'studyhub-e2e-live-')), 'data')
  server = spawn(process.execPath, ['--import', 'tsx', 'server/main.ts'], {
    cwd: root,
    stdio: ['ignore', 'ignore', 'inherit'],
    env: {
      // Nothing else from the shell: a DATABASE_URL or S3 setting there must
      // not point this throwaway, seeded server at someone's real data.
      ...Object.fromEntries(SHELL_VARIABLES.flatMap((name) => (process.env[name] ? [[name, process.env[name]]] : []))),
      HOST: '127.0.0.1',
      PORT: String(port),
      DATA_DIR: dataDir,
      SEED: 'always',
      FIREBASE_PROJECT_ID: LIVE_FIREBASE_PROJECT_ID,
      FIREBASE_AUTH_EMULATOR_HOST: emulator.host,
      APP_DIST_DIR: outDir,
      // One browser on one loopback address plays every user of the run: the
      // per-client limits would count all of them as one client.
      RATE_LIMIT_SIGN_IN: '0',
      RATE_LIMIT_WRITES: '0',
      LOG_LEVEL: 'warn',
      SMTP_URL: `smtp://127.0.0.1:${smtpPort}`,
      MAIL_FROM: 'StudyHub <noreply@studyhub.test>',
    },
  })
  const deadline = Date.now() + SERVER_READY_MS
  while (!(await answers(`http://127.0.0.1:${port}/healthz`))) {
    if (server.exitCode !== null) throw new Error(`The API server exited with code ${server.exitCode}.`)
    if (Date.now() > deadline) throw new Error(`The API server did not answer within ${SERVER_READY_MS} ms.`)
    await sleep(250)
  }
  // The server dying mid-run would leave the tests talking to nothing: end the stack with it.
  server.once('exit', (code) => {
    if (stopping) return
    process.stderr.write(`The API server exited (code ${code}) while the tests ran.\n`)
    void stop().then(() => process.exit(1))
  })
  watchEmulator(emulator.host)
  process.stdout.write(`live stack ready: app and API on http://127.0.0.1:${port}, Auth emulator on ${emulatorUrl}\n`)
}

for (const signal of ['SIGTERM', 'SIGINT'] as const) {
  process.once(signal, () => void stop().then(() => process.exit(0)))
}

try {
  await start()
} catch (error) {
  process.stderr.write(`The live stack did not start: ${error instanceof Error ? error.message : String(error)}\n`)
  await stop()
  process.exit(1)
}
