// @vitest-environment node
// `npm run server:backup` while the server runs and writes go on: the server
// copies its database between two transactions, and the backup is of that
// instant. A writer adds materials with their files, one transaction at a
// time (two rows in two tables each), before, during and after the backup.
// Restored, the backup must hold exactly the writes of some moment: every
// write acknowledged before the backup started, then an unbroken run of the
// later ones, each with both of its rows, and every table otherwise equal to
// the source's, row by row. And the server kept answering while it was taken.
import { spawn } from 'node:child_process'
import { existsSync, lstatSync, mkdirSync, mkdtempSync, readdirSync, rmdirSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { newFileId, newId } from '#core/ids'
import { buildSeedRows } from '#core/seed/seed-data'
import type { SessionRow } from '#core/store'
import { loadConfig } from '../config'
import { BACKUP_SOCKET_NAME } from '../db/folder-lock'
import { openDatabase, type Database } from '../db/open-database'
import { memoryLogger } from '../logger'
import { startServer, type RunningServer } from '../main'
import { captured, snapshotTables, withPglite } from './backup-fixtures'
import { connectToRunningServer } from './online-backup'
import { restoreCommand } from './restore-command'

const ROOT = fileURLToPath(new URL('../../', import.meta.url))

describe('an online backup of the embedded database', () => {
  let root = ''
  let dataDir = ''
  let database: Database
  let running: RunningServer | undefined
  let session: SessionRow
  const logger = memoryLogger()

  /** `npm run server:backup -- <out>` in a process of its own, as an operator runs it. */
  const runBackupCommand = (out: string) =>
    new Promise<{ status: number | null; stdout: string; stderr: string }>((resolve, reject) => {
      const child = spawn(process.execPath, ['--import', 'tsx', 'server/backup/backup-command.ts', out], {
        cwd: ROOT,
        env: { PATH: process.env.PATH ?? '', DATA_DIR: dataDir },
        stdio: ['ignore', 'pipe', 'pipe'],
      })
      let stdout = ''
      let stderr = ''
      child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString()))
      child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()))
      child.once('error', reject)
      child.once('close', (status) => resolve({ status, stdout, stderr }))
    })

  beforeAll(async () => {
    root = mkdtempSync(join(tmpdir(), 'studyhub-online-backup-'))
    dataDir = join(root, 'data')
    database = await openDatabase({ dataDir })
    const rows = await buildSeedRows({ sessions: 12 })
    await database.seed(rows)
    session = rows.sessions.find((s) => s.status === 'approved')!
    running = await startServer(
      { ...loadConfig({ DATA_DIR: dataDir, SEED: 'never', REMINDER_INTERVAL_SECONDS: '0' }), port: 0 },
      { database, identity: { verify: async () => null }, logger },
    )
  }, 120_000)
  afterAll(async () => {
    await running?.close()
    rmSync(root, { recursive: true, force: true })
  })

  it('is a consistent copy of one moment, taken while writes go on', async () => {
    // One write: a material and its file in one transaction, acknowledged once the store answers.
    const written: { material: string; file: string }[] = []
    const write = async () => {
      const ids = { material: newId(), file: newFileId() }
      const data = Buffer.from(`bytes of write ${written.length}`)
      await database.store.materials.insertWithFile(
        {
          _id: ids.material,
          sessionId: session._id,
          title: `Write ${written.length}`,
          description: 'Written during an online backup',
          tutorEmail: session.tutorEmail,
          status: 'approved',
          fileUrl: `/api/files/${ids.file}`,
          fileName: 'write.txt',
          fileType: 'text/plain',
          fileSize: data.length,
          createdAt: new Date().toISOString(),
          fileId: ids.file,
        },
        {
          _id: ids.file,
          materialId: ids.material,
          sessionId: session._id,
          type: 'text/plain',
          name: 'write.txt',
          data,
        },
      )
      written.push(ids)
    }
    let stop = false
    const waiting: { count: number; resolve: () => void }[] = []
    /** Resolves once the writer has had `count` writes acknowledged. */
    const acknowledged = (count: number) =>
      new Promise<void>((resolve) => (written.length >= count ? resolve() : waiting.push({ count, resolve })))
    const writer = (async () => {
      while (!stop) {
        await write()
        for (const w of waiting.filter((w) => w.count <= written.length)) w.resolve()
      }
    })()

    await acknowledged(5)
    const before = written.length
    const backups = join(root, 'backups')
    // The command as it is run: a process of its own beside the server's.
    const backup = await runBackupCommand(backups)
    const exit = backup.status
    const during = written.length - before
    // A few more after it, then the writer stops.
    await acknowledged(written.length + 5)
    stop = true
    await writer
    expect(backup.stderr).toBe('')
    expect(exit).toBe(0)
    expect(backup.stdout).toContain('copied by the server running on it')
    // The server answered writes while the backup was taken: it was not stopped.
    expect(during).toBeGreaterThan(0)

    // Only the archive is left beside it (the copy it was made from is gone), its owner's alone.
    const files = readdirSync(backups)
    expect(files).toEqual([expect.stringMatching(/^studyhub-backup-.*\.tar\.gz$/)])
    expect(lstatSync(backups).mode & 0o777).toBe(0o700)
    expect(lstatSync(join(backups, files[0]!)).mode & 0o777).toBe(0o600)

    await running!.close()
    running = undefined
    // The server took its socket with it.
    expect(existsSync(join(dataDir, BACKUP_SOCKET_NAME))).toBe(false)
    const source = await withPglite(dataDir, snapshotTables)

    const restored = join(root, 'restored')
    const restore = captured()
    expect(await restoreCommand([join(backups, files[0]!)], { DATA_DIR: restored }, restore.output)).toBe(0)
    const copy = await withPglite(restored, snapshotTables)

    // Which writes the backup holds: by material, and by file, each in write order.
    const held = (table: string, id: (w: (typeof written)[number]) => string) =>
      written.map((w) => copy[table]!.some((row) => row.includes(id(w))))
    const materials = held('public.materials', (w) => w.material)
    const kept = materials.indexOf(false) === -1 ? materials.length : materials.indexOf(false)
    // Every write acknowledged before the backup began, then an unbroken run: no later write without an earlier one.
    expect(kept).toBeGreaterThanOrEqual(before)
    expect(materials).toEqual(written.map((_, i) => i < kept))
    // Each write whole or not at all: a material's file with it.
    expect(held('public.files', (w) => w.file)).toEqual(materials)

    // Every table equal to the source's, row by row, once the writes after the backup's moment are left out.
    // The job queue's own bookkeeping (pg-boss's schema: its instance, its queues' last checks) goes on
    // after the copy without any write of the test's; its tables are there, and no job was in them.
    const later = written.slice(kept).flatMap((w) => [w.material, w.file])
    const atTheMoment = Object.fromEntries(
      Object.entries(source).map(([table, rows]) => [
        table,
        rows.filter((row) => !later.some((id) => row.includes(id))),
      ]),
    )
    expect(Object.keys(copy)).toEqual(Object.keys(source))
    expect(copy['pgboss.job']).toEqual([])
    for (const table of Object.keys(source).filter((name) => !name.startsWith('pgboss.'))) {
      expect(copy[table], table).toEqual(atTheMoment[table])
    }
    expect(copy['public.materials']!.length).toBeGreaterThan(before)
  }, 60_000)

  it('copies only into an empty folder outside the data folder, whoever asks', async () => {
    running ??= await startServer(
      { ...loadConfig({ DATA_DIR: dataDir, SEED: 'never', REMINDER_INTERVAL_SECONDS: '0' }), port: 0 },
      { identity: { verify: async () => null }, logger: memoryLogger() },
    )
    const refusal = async (into: string) => {
      const server = await connectToRunningServer(dataDir)
      if ('unreachable' in server) throw new Error(server.unreachable)
      try {
        return await server.copyInto(into).then(
          () => 'copied',
          (error: unknown) => (error as Error).message,
        )
      } finally {
        server.close()
      }
    }
    const inside = join(dataDir, 'empty-inside')
    mkdirSync(inside)
    expect(await refusal(inside)).toBe(`${inside} overlaps the data folder ${dataDir}.`)
    rmdirSync(inside)
    expect(await refusal(root)).toBe(`${root} overlaps the data folder ${dataDir}.`)
    expect(await refusal(join(root, 'backups'))).toBe(`${join(root, 'backups')} is not empty.`)
    expect(await refusal(join(root, 'missing'))).toBe(`${join(root, 'missing')} does not exist.`)
  }, 60_000)
})
