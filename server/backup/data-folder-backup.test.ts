// @vitest-environment node
// `npm run server:backup` and `npm run server:restore` on the embedded
// database, through the commands themselves: a folder seeded with the demo
// data and an uploaded binary file is backed up, restored into a new folder,
// and every table and file must come back byte for byte, the backup and the
// restored folder their owner's alone; then the refusals (a holder of the
// folder that answers no online backup, folder not empty, DATABASE_URL, a
// cut-off or foreign archive), each of which must leave the folders as they
// were. The backup of a running server is ./online-backup.test.ts.
import {
  createReadStream,
  existsSync,
  lstatSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  writeFileSync,
} from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { pipeline } from 'node:stream/promises'
import { createGunzip, gzipSync } from 'node:zlib'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { LOCK_FILE_NAME } from '../db/folder-lock'
import { openDatabase } from '../db/open-database'
import { notPrivate } from '../db/private-folder-fixtures'
import { backupCommand } from './backup-command'
import { MANIFEST_NAME } from './data-folder-backup'
import { restoreCommand } from './restore-command'
import {
  captured,
  expectSameData,
  fileBytes,
  seedWithUpload,
  snapshotTables,
  withPglite,
  type SeededData,
} from './backup-fixtures'
import { packEntries, readEntries, type TarEntry } from './tar-archive'

async function archiveEntries(file: string): Promise<TarEntry[]> {
  const entries: TarEntry[] = []
  await pipeline(createReadStream(file), createGunzip(), async (source: AsyncIterable<Uint8Array>) => {
    for await (const { entry } of readEntries(source)) entries.push(entry)
  })
  return entries
}

describe('server:backup and server:restore on the embedded database', () => {
  let root = ''
  let dataDir = ''
  let backups = ''
  let seeded: SeededData
  let before: Record<string, string[]> = {}
  let backupFile = ''

  beforeAll(async () => {
    root = mkdtempSync(join(tmpdir(), 'studyhub-backup-'))
    dataDir = join(root, 'data')
    backups = join(root, 'backups')
    const db = await openDatabase({ dataDir })
    try {
      seeded = await seedWithUpload(db)
    } finally {
      await db.close()
    }
    expect(seeded.seededFiles.size).toBeGreaterThan(0)
    before = await withPglite(dataDir, snapshotTables)
  }, 180_000)
  afterAll(() => rmSync(root, { recursive: true, force: true }))

  it('backs up into a dated file and restores every table and file byte for byte into a new folder', async () => {
    const backup = captured()
    expect(await backupCommand([backups], { DATA_DIR: dataDir }, backup.output)).toBe(0)
    const written = readdirSync(backups)
    expect(written).toEqual([expect.stringMatching(/^studyhub-backup-\d{4}-\d\d-\d\dT\d\d-\d\d-\d\dZ\.tar\.gz$/)])
    backupFile = join(backups, written[0]!)
    expect(backup.lines.out).toContain(`to ${backupFile}`)
    expect(backup.lines.err).toBe('')
    // `ls -l`: drwx------ for the folder the command made, -rw------- for the backup.
    expect(lstatSync(backups).mode & 0o777).toBe(0o700)
    expect(lstatSync(backupFile).mode & 0o777).toBe(0o600)
    // The lock was the backup's own, and is gone with it; the archive never carries one.
    expect(existsSync(join(dataDir, LOCK_FILE_NAME))).toBe(false)
    const entries = await archiveEntries(backupFile)
    const names = entries.map((entry) => entry.name)
    // What `tar -tvzf` lists: -rw------- and drwx------ only.
    expect(entries.filter((entry) => (entry.mode & 0o077) !== 0).map((entry) => entry.name)).toEqual([])
    expect(names[0]).toBe(MANIFEST_NAME)
    expect(names).toContain('PG_VERSION')
    expect(names.filter((n) => n.startsWith(LOCK_FILE_NAME))).toEqual([])

    const restoredDir = join(root, 'restored')
    const restore = captured()
    expect(await restoreCommand([backupFile], { DATA_DIR: restoredDir }, restore.output)).toBe(0)
    expect(restore.lines.err).toBe('')
    expect(restore.lines.out).toContain(`into ${restoredDir}`)
    expect(existsSync(join(restoredDir, LOCK_FILE_NAME))).toBe(false)
    expect(notPrivate(restoredDir)).toEqual([])

    const { after, files } = await withPglite(restoredDir, async (client) => ({
      after: await snapshotTables(client),
      files: await fileBytes(client),
    }))
    expectSameData(before, after, files, seeded)
  }, 240_000)

  it('says which files it does not hold: those whose bytes are in a bucket', async () => {
    // A row as FILE_STORAGE=s3 writes it: the bytes went to the bucket, data is NULL.
    await withPglite(dataDir, (client) =>
      client.query(
        `insert into files (id, material_id, session_id, type, name, data)
         select 'in-the-bucket', material_id, session_id, type, name, null from files where id = $1`,
        [seeded.uploadId],
      ),
    )
    const env = {
      DATA_DIR: dataDir,
      FILE_STORAGE: 's3',
      S3_BUCKET: 'school-files',
      S3_ACCESS_KEY_ID: 'key',
      S3_SECRET_ACCESS_KEY: 'secret',
    }
    const backup = captured()
    expect(await backupCommand([join(root, 'bucket-backups')], env, backup.output)).toBe(0)
    expect(backup.lines.out).toContain('Not in it: the bytes of 1 uploaded file(s) kept in the bucket school-files')
    const [file] = readdirSync(join(root, 'bucket-backups'))
    const restore = captured()
    expect(
      await restoreCommand(
        [join(root, 'bucket-backups', file!)],
        { DATA_DIR: join(root, 'bucket-restored') },
        restore.output,
      ),
    ).toBe(0)
    expect(restore.lines.out).toContain('1 uploaded file(s) have their bytes in a bucket')
  }, 240_000)

  it('refuses while a process that answers no online backup holds the folder, and writes no file', async () => {
    // A live process other than this one holds the lock, as a server from before online backups does.
    writeFileSync(join(dataDir, LOCK_FILE_NAME), `${process.ppid}\n`)
    try {
      const out = join(root, 'refused-backups')
      const run = captured()
      expect(await backupCommand([out], { DATA_DIR: dataDir }, run.output)).toBe(1)
      expect(run.lines.err).toContain(`in use by another process (pid ${process.ppid})`)
      expect(run.lines.err).toContain('does not answer online backups')
      expect(run.lines.err).toContain('Stop the server, run this again, then start the server')
      expect(existsSync(out)).toBe(false)
      expect(readFileSync(join(dataDir, LOCK_FILE_NAME), 'utf8')).toBe(`${process.ppid}\n`)
    } finally {
      rmSync(join(dataDir, LOCK_FILE_NAME))
    }
  })

  it('refuses to restore into a folder that is not empty, and leaves it as it was', async () => {
    const target = join(root, 'occupied')
    mkdirSync(target)
    writeFileSync(join(target, 'notes.txt'), 'keep me')
    const anyFile = join(root, 'any.tar.gz')
    writeFileSync(anyFile, 'not looked at')
    const run = captured()
    expect(await restoreCommand([anyFile], { DATA_DIR: target }, run.output)).toBe(1)
    expect(run.lines.err).toContain(`${target} is not empty (it holds notes.txt)`)
    expect(run.lines.err).toContain('A restore goes only into an empty folder')
    expect(readdirSync(target)).toEqual(['notes.txt'])
    expect(readFileSync(join(target, 'notes.txt'), 'utf8')).toBe('keep me')
  })

  it('restores nothing from a cut-off backup, and leaves the folder empty again', async () => {
    expect(backupFile, 'made by the first test').not.toBe('')
    const whole = readFileSync(backupFile)
    const cut = join(root, 'cut.tar.gz')
    writeFileSync(cut, whole.subarray(0, Math.floor(whole.length * 0.9)))
    const target = join(root, 'empty-target')
    mkdirSync(target)
    const run = captured()
    expect(await restoreCommand([cut], { DATA_DIR: target }, run.output)).toBe(1)
    expect(run.lines.err).toContain(`Could not restore ${cut}`)
    expect(readdirSync(target)).toEqual([])

    // A folder that did not exist is not left behind either.
    const missing = join(root, 'never-made')
    expect(await restoreCommand([cut], { DATA_DIR: missing }, captured().output)).toBe(1)
    expect(existsSync(missing)).toBe(false)
  })

  it('refuses an archive that is not a StudyHub backup', async () => {
    const chunks: Uint8Array[] = []
    for await (const chunk of packEntries([
      {
        entry: { name: 'PG_VERSION', kind: 'file', mode: 0o600, mtime: new Date(), size: 3 },
        data: Buffer.from('18\n'),
      },
    ])) {
      chunks.push(chunk)
    }
    const foreign = join(root, 'foreign.tar.gz')
    writeFileSync(foreign, gzipSync(Buffer.concat(chunks)))
    const target = join(root, 'foreign-target')
    const run = captured()
    expect(await restoreCommand([foreign], { DATA_DIR: target }, run.output)).toBe(1)
    expect(run.lines.err).toContain(`is not a StudyHub backup (it does not start with ${MANIFEST_NAME})`)
    expect(existsSync(target)).toBe(false)
  })

  it('with DATABASE_URL, points to pg_dump and pg_restore instead', async () => {
    const env = {
      DATABASE_URL: 'postgres://studyhub@127.0.0.1:1/studyhub',
      TOKEN_SECRET: 'q8Jx2m7Zr0Tn4Vb6Ld9Kc1Hs5Wf3Yp8Ga2Ue7Ro4Ni',
      DATA_DIR: dataDir,
    }
    const backup = captured()
    expect(await backupCommand([join(root, 'pg-backups')], env, backup.output)).toBe(1)
    expect(backup.lines.err).toContain('pg_dump')
    expect(existsSync(join(root, 'pg-backups'))).toBe(false)
    const restore = captured()
    expect(await restoreCommand([backupFile || 'x.tar.gz'], env, restore.output)).toBe(1)
    expect(restore.lines.err).toContain('pg_restore')
  })

  it('refuses to put a backup inside the data folder', async () => {
    const run = captured()
    expect(await backupCommand([join(dataDir, 'backups')], { DATA_DIR: dataDir }, run.output)).toBe(1)
    expect(run.lines.err).toContain('Backups cannot go inside the data folder')
    expect(existsSync(join(dataDir, 'backups'))).toBe(false)
  })

  it('says how to call it', async () => {
    const backup = captured()
    expect(await backupCommand(['a', 'b'], { DATA_DIR: dataDir }, backup.output)).toBe(2)
    expect(backup.lines.err).toContain('Usage: npm run server:backup')
    const restore = captured()
    expect(await restoreCommand([], { DATA_DIR: dataDir }, restore.output)).toBe(2)
    expect(restore.lines.err).toContain('Usage: npm run server:restore FILE')
  })
})
