// @vitest-environment node
// The embedded database's folder syncs what PostgreSQL syncs: each commit's
// write-ahead log before the commit returns; nothing when syncs are off.
import { PGlite } from '@electric-sql/pglite'
import { mkdtempSync, readdirSync, readlinkSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest'
import { DataFolderFS, SYNCED_START_PARAMS, syncFolder } from './pglite-file-system'

const WRITES = 20
const SLOW = 120_000

/** What each sync call was given, as the path of the file or folder it synced. */
function recordingSyncs() {
  const files: string[] = []
  const folders: string[] = []
  const pathOf = (fd: number) => readlinkSync(`/proc/self/fd/${fd}`)
  return {
    files,
    folders,
    sync: { file: (fd: number) => files.push(pathOf(fd)), folder: (fd: number) => folders.push(pathOf(fd)) },
  }
}

describe("the embedded database's folder", () => {
  let dir = ''
  const clients: PGlite[] = []
  // One new folder for both (PostgreSQL's initdb is the slow part of a first open).
  beforeAll(async () => {
    dir = mkdtempSync(path.join(tmpdir(), 'studyhub-fs-'))
    const client = new PGlite(dir)
    await client.exec('create table notes (id serial primary key, text text not null)')
    await client.close()
  }, SLOW)
  afterEach(async () => {
    await Promise.all(clients.splice(0).map((client) => client.close()))
  })
  afterAll(() => rmSync(dir, { recursive: true, force: true }))

  async function open(syncToDisk: boolean) {
    const syncs = recordingSyncs()
    const failures: unknown[] = []
    const client = new PGlite({
      fs: new DataFolderFS(dir, {
        syncToDisk,
        onLogWriteFailure: (failure) => failures.push(failure),
        sync: syncs.sync,
      }),
      ...(syncToDisk ? { startParams: [...SYNCED_START_PARAMS] } : {}),
    })
    clients.push(client)
    await client.waitReady
    return { client, syncs, failures }
  }

  it(
    "syncs the write-ahead log before each write's commit returns, and nothing for a read",
    async () => {
      const { client, syncs, failures } = await open(true)
      expect((await client.query('show fsync')).rows).toEqual([{ fsync: 'on' }])
      for (let i = 0; i < WRITES; i++) {
        const before = syncs.files.length
        await client.query('insert into notes (text) values ($1)', [`note ${i}`])
        // Synced by the time the insert answered: the log segment under pg_wal, in this folder.
        const synced = syncs.files.slice(before)
        expect(synced.length).toBeGreaterThanOrEqual(1)
        expect(synced.every((file) => file.startsWith(path.join(dir, 'pg_wal') + path.sep))).toBe(true)
      }
      const before = syncs.files.length
      expect((await client.query('select count(*)::int as n from notes')).rows).toEqual([{ n: WRITES }])
      expect(syncs.files.length).toBe(before)
      await client.query('delete from notes')

      // Closing checkpoints: the data files and the folders are synced too.
      await client.close()
      clients.splice(0)
      expect(syncs.files.some((file) => file.includes(`${path.sep}base${path.sep}`))).toBe(true)
      expect(syncs.folders.length).toBeGreaterThan(0)
      expect(failures).toEqual([])
    },
    SLOW,
  )

  it(
    'syncs nothing when syncs are off',
    async () => {
      const { client, syncs } = await open(false)
      for (let i = 0; i < WRITES; i++) await client.query('insert into notes (text) values ($1)', [`note ${i}`])
      await client.close()
      clients.splice(0)
      expect([syncs.files, syncs.folders]).toEqual([[], []])
    },
    SLOW,
  )

  it('syncs every file and folder of a new database, which PGlite made without a sync', () => {
    const { files, folders, sync } = recordingSyncs()
    syncFolder(dir, sync)
    const entries = readdirSync(dir, { recursive: true, withFileTypes: true })
    const expectedFiles = entries
      .filter((entry) => entry.isFile())
      .map((entry) => path.join(entry.parentPath, entry.name))
    const expectedFolders = entries
      .filter((entry) => entry.isDirectory())
      .map((entry) => path.join(entry.parentPath, entry.name))
    expect(files.sort()).toEqual(expectedFiles.sort())
    expect(folders.sort()).toEqual([dir, ...expectedFolders].sort())
    expect(files).toContain(path.join(dir, 'PG_VERSION'))
  })
})
