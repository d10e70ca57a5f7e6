// @vitest-environment node
// The container image cannot be built here (no docker), so this runs its
// steps outside a container: the production build of the server, the runtime
// dependencies it needs (all of them `dependencies`, since the image installs
// with --omit=dev), then the image's own CMD and HEALTHCHECK, read from the
// Dockerfile, against a temporary data folder on loopback; a mail through
// the SMTP server its environment names (SMTP_URL, MAIL_FROM), sent by its job
// queue; a backup through the image's command while it runs, restored;
// SIGTERM must stop it cleanly and free the folder.
import { spawn, spawnSync } from 'node:child_process'
import { randomBytes } from 'node:crypto'
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs'
import { createServer } from 'node:net'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { afterAll, expect, it } from 'vitest'
// @ts-expect-error: a plain .mjs build script, typed by what this test uses
import { buildServer } from '../scripts/build-server/build-server.mjs'
import { startSmtpCapture } from '../tests/conformance/services/smtp-capture'
import { openDatabase } from './db/open-database'
import { book, call, MAIL_FROM, prepareWorld, readMail } from './jobs/mail-fixtures'

const root = fileURLToPath(new URL('..', import.meta.url))
const dockerfile = readFileSync(join(root, 'Dockerfile'), 'utf8')
const dataDir = mkdtempSync(join(tmpdir(), 'studyhub-image-'))
const backups = mkdtempSync(join(tmpdir(), 'studyhub-image-backups-'))
// Inside the repo, so node_modules resolves from the bundle as it does in the image's /app.
const outdir = join(root, 'node_modules/.tmp/image-steps/dist-server')

afterAll(() => {
  rmSync(dataDir, { recursive: true, force: true })
  rmSync(backups, { recursive: true, force: true })
  rmSync(outdir, { recursive: true, force: true })
})

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer()
    probe.once('error', reject)
    probe.listen(0, '127.0.0.1', () => {
      const { port } = probe.address() as { port: number }
      probe.close(() => resolve(port))
    })
  })
}

async function waitForHealth(url: string, exited: () => boolean): Promise<void> {
  for (let i = 0; i < 300 && !exited(); i++) {
    const ok = await fetch(`${url}/healthz`).then(
      (r) => r.ok,
      () => false,
    )
    if (ok) return
    await new Promise((r) => setTimeout(r, 100))
  }
  throw new Error('the server did not become healthy')
}

it('builds, runs and stops as the container image does', { timeout: 120_000 }, async () => {
  const { packages } = (await buildServer(outdir)) as { packages: string[] }
  const pkg = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8')) as { dependencies: Record<string, string> }
  // `npm ci --omit=dev` in the image installs only these.
  expect(packages.filter((name) => !(name in pkg.dependencies))).toEqual([])
  expect(existsSync(join(outdir, 'migrations'))).toBe(true)

  const cmd = JSON.parse(/^CMD (\[.*\])$/m.exec(dockerfile)![1]!) as string[]
  const healthcheck = /HEALTHCHECK[^\n]*\\\n\s+CMD (node -e "(.*)")$/m.exec(dockerfile)![2]!
  expect(cmd).toEqual(['node', 'dist-server/main.mjs'])

  const port = await freePort()
  let backupFile: string | undefined
  const smtp = await startSmtpCapture()
  const env = {
    ...process.env,
    NODE_ENV: 'production',
    FIREBASE_PROJECT_ID: 'studyhub-school',
    TOKEN_SECRET: randomBytes(32).toString('base64url'),
    HOST: '127.0.0.1',
    PORT: String(port),
    DATA_DIR: dataDir,
    SMTP_URL: smtp.url,
    MAIL_FROM,
  }
  // A school's data there before the start: a session and a student to book it.
  const student = 'image.student@school.test'
  const database = await openDatabase({ dataDir, tokenKey: env.TOKEN_SECRET })
  const world = await prepareWorld(database.store, [student]).finally(() => database.close())
  const server = spawn(cmd[0]!, [join(outdir, 'main.mjs')], { env, stdio: ['ignore', 'pipe', 'pipe'] })
  let output = ''
  server.stdout.on('data', (d: Buffer) => (output += d))
  server.stderr.on('data', (d: Buffer) => (output += d))
  const exit = new Promise<number | null>((resolve) => server.once('exit', (code) => resolve(code)))
  let exited = false
  void exit.then(() => (exited = true))
  try {
    const url = `http://127.0.0.1:${port}`
    await waitForHealth(url, () => exited)
    const sessions = await fetch(`${url}/api/sessions?status=approved`)
    expect(sessions.status).toBe(200)
    // A production start has no demo data: only the school's own session, and no admin for anyone to claim.
    expect((await sessions.json()) as unknown[]).toEqual([expect.objectContaining({ _id: world.session._id })])
    // The student's approved booking is mailed to them.
    const booking = await book(url, world, student)
    expect((await call(url, world, world.admin, 'PATCH', `/bookings/${booking}`, { status: 'approved' })).status).toBe(
      200,
    )
    const [mail] = await Promise.all((await smtp.waitFor(1)).map(readMail))
    expect([mail!.to, mail!.invite?.method]).toEqual([student, 'REQUEST'])
    const probe = spawnSync('node', ['-e', healthcheck.replaceAll('\\"', '"')], { env, encoding: 'utf8' })
    expect(probe.status).toBe(0)
    // The image carries the backup commands (docs/deploy.md): a backup taken while the server runs.
    const backup = spawnSync('node', [join(outdir, 'backup.mjs'), backups], { env, encoding: 'utf8' })
    expect(backup.status, backup.stderr).toBe(0)
    expect(backup.stdout).toContain('copied by the server running on it')
    backupFile = /to (\S+\.tar\.gz)/.exec(backup.stdout)?.[1]
  } finally {
    server.kill('SIGTERM')
    await smtp.close()
  }
  expect(await exit, output).toBe(0)
  expect(existsSync(join(dataDir, 'studyhub.lock'))).toBe(false)

  // Restored into a new folder.
  expect(backupFile).toBeDefined()
  const restored = join(backups, 'restored')
  const restore = spawnSync('node', [join(outdir, 'restore.mjs'), backupFile!], {
    env: { ...env, DATA_DIR: restored },
    encoding: 'utf8',
  })
  expect(restore.status, restore.stderr).toBe(0)
  expect(existsSync(join(restored, 'PG_VERSION'))).toBe(true)
})
