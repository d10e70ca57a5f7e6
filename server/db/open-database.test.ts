// @vitest-environment node
// Opening the embedded database: migrations at every start, seeding, and the
// folder lock that keeps a second process (or a second open) off a folder in use.
import { spawn, spawnSync, type ChildProcess } from 'node:child_process'
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import { buildSeedRows } from '#core/seed/seed-data'
import { newId } from '#core/ids'
import { LOCK_FILE_NAME } from './folder-lock'
import { openDatabase, type Database } from './open-database'

const SLOW = 120_000

describe('openDatabase in memory', () => {
  let database: Database
  beforeAll(async () => {
    database = await openDatabase({ inMemory: true })
  }, SLOW)
  afterAll(() => database?.close())
  beforeEach(() => database.truncateAll())

  it('answers a ping and reports its kind', async () => {
    expect(database.kind).toBe('pglite')
    await expect(database.ping()).resolves.toBeUndefined()
  })

  it("runs the job queue's statements on its one session, and a failed block leaves no failed transaction on it", async () => {
    const { jobDatabase } = database
    if (jobDatabase.kind !== 'pglite') throw new Error('An embedded database was opened.')
    expect(await jobDatabase.run('select $1::int as n', [7])).toMatchObject({ rows: [{ n: 7 }] })
    // Several statements: each one's rows, as pg-boss reads a block's.
    expect(await jobDatabase.run('select 1 as a; select 2 as b')).toMatchObject([
      { rows: [{ a: 1 }] },
      { rows: [{ b: 2 }] },
    ])
    // pg-boss's maintenance is BEGIN; …; COMMIT: one that fails must not leave the session in its transaction.
    await expect(jobDatabase.run('begin; create table half_made (id int); select 1/0; commit;')).rejects.toThrow(
      'division by zero',
    )
    await expect(database.ping()).resolves.toBeUndefined()
    expect(await database.store.users.count()).toBe(0)
    await expect(jobDatabase.run('select 1 from half_made')).rejects.toThrow('half_made')
  })

  it(
    'seeds 10,000 sessions with their rows in one go, in a few seconds',
    async () => {
      const rows = await buildSeedRows({ sessions: 10_000 })
      expect(await database.isEmpty()).toBe(true)
      const started = performance.now()
      await database.seed(rows)
      const seconds = (performance.now() - started) / 1000
      // A few seconds on a developer machine; the margin is for a busy CI runner.
      expect(seconds).toBeLessThan(20)

      const { store } = database
      expect(await database.isEmpty()).toBe(false)
      expect(await store.sessions.counts()).toMatchObject({ total: 10_000 })
      expect(await store.users.count()).toBe(rows.users.length)
      expect((await store.bookings.list(undefined, { page: 1, limit: 1 })).total).toBe(rows.bookings.length)
      expect((await store.reviews.list({ page: 1, limit: 1 })).total).toBe(rows.reviews.length)
      expect(await store.materials.count()).toBe(rows.materials.length)
      const file = rows.files[0]!
      const stored = (await store.files.get(file._id))!
      const original = file.data instanceof Uint8Array ? file.data : new Uint8Array(await file.data.arrayBuffer())
      expect(stored.data).toEqual(original)
      // The seed's newest session is the first of a newest-first page.
      const newest = [...rows.sessions].sort((a, b) => (a.createdAt < b.createdAt ? 1 : -1))[0]!
      expect((await store.sessions.list({}, { page: 1, limit: 1 })).rows[0]).toEqual(newest)
    },
    SLOW,
  )

  it('seeds nothing when one row is refused', async () => {
    const rows = await buildSeedRows({ sessions: 3 })
    const broken = { ...rows, notes: [...rows.notes, { ...rows.notes[0]!, _id: newId(), email: 'nobody@x.org' }] }
    await expect(database.seed(broken)).rejects.toThrow('missing reference: user')
    expect(await database.isEmpty()).toBe(true)
  })

  it('empties every table, token secret and idempotency keys included', async () => {
    await database.seed(await buildSeedRows({ sessions: 3 }))
    const secret = await database.store.meta.tokenSecret()
    await database.store.idempotency.claim({
      id: 'k',
      requestHash: 'h',
      state: 'running',
      createdAt: new Date().toISOString(),
    })
    await database.truncateAll()
    expect(await database.isEmpty()).toBe(true)
    expect(await database.store.idempotency.get('k')).toBeUndefined()
    expect(await database.store.meta.tokenSecret()).not.toBe(secret)
  })
})

/** Runs openDatabase on `dataDir` in another Node process, which prints "ready" once open and then holds it. */
function holdInAnotherProcess(dataDir: string): Promise<ChildProcess> {
  const module = fileURLToPath(new URL('./open-database.ts', import.meta.url))
  const script = `
    const { openDatabase } = await import(${JSON.stringify(module)})
    await openDatabase({ dataDir: ${JSON.stringify(dataDir)} })
    process.stdout.write('ready\\n')
    setInterval(() => {}, 60_000)
  `
  const child = spawn(process.execPath, ['--import', 'tsx', '--input-type=module', '-e', script], {
    cwd: process.cwd(),
    stdio: ['ignore', 'pipe', 'pipe'],
  })
  return new Promise((resolve, reject) => {
    let stderr = ''
    child.stderr!.on('data', (chunk: Buffer) => (stderr += chunk.toString()))
    child.stdout!.on('data', (chunk: Buffer) => {
      if (chunk.toString().includes('ready')) resolve(child)
    })
    child.on('exit', (code) => reject(new Error(`the holder exited (${code}): ${stderr}`)))
  })
}

function exited(child: ChildProcess): Promise<void> {
  return new Promise((resolve) => {
    if (child.exitCode !== null || child.signalCode !== null) resolve()
    else child.on('exit', () => resolve())
  })
}

describe('openDatabase on a folder', () => {
  let dir: string
  let child: ChildProcess | undefined
  beforeEach(() => {
    dir = mkdtempSync(path.join(tmpdir(), 'studyhub-db-'))
  })
  afterEach(async () => {
    if (child && child.exitCode === null && child.signalCode === null) {
      child.kill('SIGKILL')
      await exited(child)
    }
    child = undefined
    rmSync(dir, { recursive: true, force: true })
  })

  const lockFile = () => path.join(dir, LOCK_FILE_NAME)
  /** The lock's first line: its holder's pid. */
  const holderPid = () => readFileSync(lockFile(), 'utf8').split('\n')[0]

  it(
    'keeps data across opens, runs migrations again without harm, and refuses a second open while one is open',
    async () => {
      const first = await openDatabase({ dataDir: dir })
      expect(holderPid()).toBe(String(process.pid))
      const user = {
        _id: newId(),
        name: 'Ada',
        email: 'ada@example.com',
        photo: '',
        role: 'student' as const,
        created_at: new Date().toISOString(),
        last_log_in: new Date().toISOString(),
      }
      await first.store.users.insert(user)
      await expect(openDatabase({ dataDir: dir })).rejects.toThrow(
        `The database folder ${dir} is in use by this process (pid ${process.pid})`,
      )
      await first.close()
      await first.close()

      const second = await openDatabase({ dataDir: dir })
      try {
        expect(await second.store.users.get(user._id)).toEqual(user)
      } finally {
        await second.close()
      }
    },
    SLOW,
  )

  it(
    'refuses a folder another process has open, naming its pid, and takes the folder over once it died',
    async () => {
      child = await holdInAnotherProcess(dir)
      expect(holderPid()).toBe(String(child.pid))
      await expect(openDatabase({ dataDir: dir })).rejects.toThrow(
        `The database folder ${dir} is in use by another process (pid ${child.pid})`,
      )

      // Killed without closing: the lock file stays behind, naming a dead process.
      child.kill('SIGKILL')
      await exited(child)
      expect(holderPid()).toBe(String(child.pid))

      const database = await openDatabase({ dataDir: dir })
      try {
        expect(holderPid()).toBe(String(process.pid))
        expect(await database.isEmpty()).toBe(true)
      } finally {
        await database.close()
      }
    },
    SLOW,
  )

  it(
    'takes over a lock file whose process is gone',
    async () => {
      const gone = spawnSync(process.execPath, ['-e', ''])
      writeFileSync(lockFile(), `${gone.pid}\n`)
      const database = await openDatabase({ dataDir: dir })
      await database.close()
      // Released on close: the next start needs no takeover.
      expect(() => readFileSync(lockFile())).toThrow()
    },
    SLOW,
  )
})
