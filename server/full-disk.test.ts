// @vitest-environment node
// The API server on the embedded database when its disk fills up, as a
// deployment runs it (a child process, stopped with SIGTERM), on a small disk
// of its own that the test mounts (tmpfs, or a loop-mounted image: both need
// root, as CI has).
//
// The write-ahead log is brought to 4.5 MB before the end of its 16 MB
// segment before the server starts (not closer: from 75% on, PostgreSQL makes
// the next segment ahead of time when it starts), and the disk filled to 10 MB
// free: the notes written next fill the segment, and the next segment cannot
// be made. PostgreSQL then stops (a PANIC), which made PGlite spin for ever
// on the server's one thread. Here the server answers 507 with Retry-After,
// /healthz answers 503 within 3 s, the database is reopened once there is
// room again, SIGTERM stops the server within 10 s, and after a restart every
// note that was acknowledged is there.
import { PGlite } from '@electric-sql/pglite'
import { execFileSync } from 'node:child_process'
import { randomBytes } from 'node:crypto'
import { mkdtempSync, readdirSync, rmSync, statfsSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { CLIENT_HEADER, CLIENT_HEADER_VALUE } from '#contract/routes'
import { APP_TOKEN, signJwt } from '#core/jwt'
import { buildSeedRows, SEED_STUDENTS } from '#core/seed/seed-data'
import { startApiServerProcess, type ApiServerProcess } from '../tests/server-process/api-server-process'
import { openDatabase } from './db/open-database'
import { tokenKeyOf } from './db/token-key'

const DISK_MB = 128
const SEGMENT_BYTES = 16 * 1024 * 1024
/** How much of the log's segment is left when the server starts: about 240 of the notes below. */
const LOG_LEFT_BYTES = 4.5 * 1024 * 1024
const NEAR = 64 * 1024
/** Free space once the disk is filled: room for those notes' rows, not for a new 16 MB segment. */
const DISK_LEFT_BYTES = 10 * 1024 * 1024
const MAX_NOTES = 600
const STEP = 60_000

const student = SEED_STUDENTS[0]!.email

function reason(error: unknown): string {
  const stderr = (error as { stderr?: Buffer }).stderr?.toString().trim()
  return stderr || (error as Error).message
}

/** Mounts a DISK_MB disk on `dir`: tmpfs, else an ext4 image on a loop device. Throws, saying why, if neither can be. */
function mountSmallDisk(dir: string): () => void {
  const tried: string[] = []
  try {
    execFileSync('mount', ['-t', 'tmpfs', '-o', `size=${DISK_MB}m`, 'tmpfs', dir], { stdio: 'pipe' })
    return () => execFileSync('umount', ['-l', dir], { stdio: 'pipe' })
  } catch (error) {
    tried.push(`tmpfs: ${reason(error)}`)
  }
  const image = `${dir}.img`
  try {
    execFileSync('truncate', ['-s', `${DISK_MB}M`, image], { stdio: 'pipe' })
    execFileSync('mkfs.ext4', ['-q', '-F', image], { stdio: 'pipe' })
    execFileSync('mount', ['-o', 'loop', image, dir], { stdio: 'pipe' })
    return () => {
      execFileSync('umount', ['-l', dir], { stdio: 'pipe' })
      rmSync(image, { force: true })
    }
  } catch (error) {
    rmSync(image, { force: true })
    tried.push(`loop-mounted image: ${reason(error)}`)
  }
  throw new Error(
    `This test needs a small disk of its own and could not mount one (it must run as root, as CI does): ${tried.join('; ')}`,
  )
}

/** The log's insert position, in bytes. */
async function logPosition(client: PGlite): Promise<number> {
  const [{ lsn }] = (await client.query<{ lsn: string }>('select pg_current_wal_insert_lsn()::text as lsn')).rows as [
    { lsn: string },
  ]
  const [high, low] = lsn.split('/').map((part) => Number.parseInt(part, 16)) as [number, number]
  return high * 2 ** 32 + low
}

/**
 * Writes log records (and nothing else) until LOG_LEFT_BYTES are left in the
 * current segment, and removes any segment PostgreSQL made ahead of time (a
 * checkpoint recycles old ones as future ones): the next segment must be
 * made anew, on the full disk.
 */
async function bringLogNearSegmentEnd(dataDir: string): Promise<void> {
  const client = new PGlite(dataDir)
  let current: string
  try {
    for (;;) {
      const left = SEGMENT_BYTES - ((await logPosition(client)) % SEGMENT_BYTES)
      if (Math.abs(left - LOG_LEFT_BYTES) <= NEAR) break
      const pad = left > LOG_LEFT_BYTES ? left - LOG_LEFT_BYTES : left + SEGMENT_BYTES - LOG_LEFT_BYTES
      await client.query(`select pg_logical_emit_message(false, 'pad', repeat('x', $1))`, [Math.min(pad, 1024 * 1024)])
    }
    const [row] = (await client.query<{ name: string }>('select pg_walfile_name(pg_current_wal_insert_lsn()) as name'))
      .rows
    current = row!.name
  } finally {
    await client.close()
  }
  const logDir = path.join(dataDir, 'pg_wal')
  for (const name of readdirSync(logDir)) {
    if (/^[0-9A-F]{24}$/.test(name) && name > current) rmSync(path.join(logDir, name))
  }
}

const freeBytes = (dir: string) => {
  const stats = statfsSync(dir)
  return stats.bavail * stats.bsize
}

describe('the API server on the embedded database, when its disk fills up', () => {
  let disk = ''
  let unmount: (() => void) | undefined
  let dataDir = ''
  let filler = ''
  let token = ''
  let server: ApiServerProcess | undefined
  const acknowledged: string[] = []
  const env = () => ({
    DATA_DIR: dataDir,
    SEED: 'never',
    RATE_LIMIT_WRITES: '0',
    RATE_LIMIT_SIGN_IN: '0',
    REMINDER_INTERVAL_SECONDS: '0',
    LOG_LEVEL: 'warn',
  })

  beforeAll(async () => {
    disk = mkdtempSync(path.join(tmpdir(), 'studyhub-full-disk-'))
    unmount = mountSmallDisk(disk)
    dataDir = path.join(disk, 'data')
    filler = path.join(disk, 'filler')
    // The key beside the folder, as the server will read it (./db/token-key.ts).
    const database = await openDatabase({ dataDir, tokenKey: tokenKeyOf({ tokenSecret: undefined, dataDir }) })
    try {
      await database.seed(await buildSeedRows())
      const user = (await database.store.users.byEmail(student))!
      const secret = await database.store.meta.tokenSecret()
      token = await signJwt(
        secret,
        APP_TOKEN,
        { sub: user._id, email: student, gen: 0 },
        3600,
        Math.floor(Date.now() / 1000),
      )
    } finally {
      await database.close()
    }
    await bringLogNearSegmentEnd(dataDir)
    server = await startApiServerProcess(env())
  }, STEP)

  afterAll(async () => {
    await server?.stop()
    try {
      unmount?.()
    } finally {
      rmSync(disk, { recursive: true, force: true })
    }
  })

  const call = (method: string, url: string, body?: unknown) =>
    fetch(`${server!.origin}${url}`, {
      method,
      headers: {
        Authorization: `Bearer ${token}`,
        'Content-Type': 'application/json',
        [CLIENT_HEADER]: CLIENT_HEADER_VALUE,
      },
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
    })
  /** A note of 16,000 characters that do not compress, as much again in the log. */
  const writeNote = (i: number) =>
    call('POST', '/api/notes', {
      email: student,
      title: `Note ${i}`,
      description: randomBytes(12_000).toString('base64'),
    })

  /** Writes notes until one is refused; answers the refusal. */
  async function writeUntilRefused(): Promise<Response> {
    for (let i = 0; i < MAX_NOTES; i++) {
      const answer = await writeNote(i)
      if (answer.status !== 201) return answer
      acknowledged.push(((await answer.json()) as { insertedId: string }).insertedId)
    }
    throw new Error(`${MAX_NOTES} notes were all saved: the disk never filled`)
  }

  it(
    'answers 507 once the log cannot grow, /healthz 503 within 3 s, and reopens the database when there is room',
    async () => {
      writeFileSync(filler, Buffer.alloc(freeBytes(disk) - DISK_LEFT_BYTES))
      const refused = await writeUntilRefused()
      expect(acknowledged.length).toBeGreaterThan(0)
      expect(refused.status).toBe(507)
      expect(Number(refused.headers.get('Retry-After'))).toBeGreaterThanOrEqual(1)
      expect(((await refused.json()) as { message: string }).message).toMatch(/disk is full/)

      const asked = performance.now()
      const health = await fetch(`${server!.origin}/healthz`)
      expect(health.status).toBe(503)
      expect(performance.now() - asked).toBeLessThan(3_000)
      const read = await call('GET', `/api/notes/student/${student}`)
      expect([read.status, Number(read.headers.get('Retry-After')) >= 1]).toEqual([503, true])

      // Room again: the database is reopened (PostgreSQL recovers from its log) without a restart.
      rmSync(filler)
      const deadline = performance.now() + 40_000
      while ((await fetch(`${server!.origin}/healthz`)).status !== 200) {
        if (performance.now() > deadline) throw new Error(`not reopened:\n${server!.output().slice(-3000)}`)
        await new Promise((resolve) => setTimeout(resolve, 200))
      }
      const again = await writeNote(MAX_NOTES)
      expect(again.status).toBe(201)
      acknowledged.push(((await again.json()) as { insertedId: string }).insertedId)
    },
    STEP,
  )

  it(
    'stops within 10 s of SIGTERM with the disk full, and after a restart every acknowledged note is there',
    async () => {
      writeFileSync(filler, Buffer.alloc(freeBytes(disk)))
      const refused = await writeUntilRefused()
      expect(refused.status).toBe(507)

      const asked = performance.now()
      const exit = await server!.stop()
      expect(performance.now() - asked).toBeLessThan(10_000)
      expect(exit).toEqual({ code: 0, signal: null })

      rmSync(filler)
      server = await startApiServerProcess(env())
      const listed = await call('GET', `/api/notes/student/${student}`)
      expect(listed.status).toBe(200)
      const ids = new Set(((await listed.json()) as { _id: string }[]).map((note) => note._id))
      expect(acknowledged.filter((id) => !ids.has(id))).toEqual([])
    },
    STEP,
  )
})
