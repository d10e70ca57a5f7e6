// @vitest-environment node
// The embedded database's folder is its owner's alone: what `ls -l` would
// show of every folder and file under it (fs.lstat's mode) has no bit for the
// group or for others, for a new folder (whose database PGlite's initdb
// writes at 0666), for files PostgreSQL makes while the server runs, and for a
// folder made before this rule, which is fixed when the server opens it.
import { PGlite } from '@electric-sql/pglite'
import { chmodSync, lstatSync, mkdtempSync, readdirSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { buildSeedRows } from '#core/seed/seed-data'
import { openDatabase } from './open-database'
import { notPrivate } from './private-folder-fixtures'

/** How many folders and files are under `dir`, so a check of their modes is known to have looked at some. */
function countAll(dir: string): number {
  return readdirSync(dir, { recursive: true }).length
}

describe('the data folder is its owner’s alone', () => {
  let root = ''
  beforeAll(() => {
    root = mkdtempSync(path.join(tmpdir(), 'studyhub-private-'))
  })
  afterAll(() => rmSync(root, { recursive: true, force: true }))

  it('a new folder is 0700 and every file in it 0600, those written while it runs too', async () => {
    const dataDir = path.join(root, 'fresh')
    const database = await openDatabase({ dataDir })
    try {
      // New files while it runs: emptying the tables gives each a new file, and the seed fills them.
      const before = new Set(readdirSync(dataDir, { recursive: true, encoding: 'utf8' }))
      await database.truncateAll()
      await database.seed(await buildSeedRows({ sessions: 2 }))
      const made = readdirSync(dataDir, { recursive: true, encoding: 'utf8' }).filter((name) => !before.has(name))
      expect(made.length).toBeGreaterThan(10)
      expect(notPrivate(dataDir)).toEqual([])
    } finally {
      await database.close()
    }
    expect(countAll(dataDir)).toBeGreaterThan(900)
    expect(notPrivate(dataDir)).toEqual([])
    expect(lstatSync(dataDir).mode & 0o777).toBe(0o700)
  })

  it('a folder from before (files 0666, folders 0777) is made private when the server opens it', async () => {
    const dataDir = path.join(root, 'older')
    // PGlite on its own writes the folder as every earlier version of the server left it.
    const older = new PGlite(dataDir)
    await older.query('select 1')
    await older.close()
    chmodSync(dataDir, 0o777)
    chmodSync(path.join(dataDir, 'base'), 0o777)
    expect(notPrivate(dataDir).length).toBeGreaterThan(900)
    expect(notPrivate(dataDir)).toContain('666 PG_VERSION')

    const database = await openDatabase({ dataDir })
    await database.close()
    expect(notPrivate(dataDir)).toEqual([])
  })
})
