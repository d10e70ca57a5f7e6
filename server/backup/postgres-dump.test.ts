// @vitest-environment node
// With DATABASE_URL, backups are PostgreSQL's own pg_dump and pg_restore, as
// docs/deploy.md ("Backups") gives them. This runs the very lines of that
// document (read from it, so the document cannot drift from what is tested)
// against a throwaway PostgreSQL 15 cluster on loopback, seeded with the demo
// data and an uploaded binary file, restores into a new database, and
// compares every table and file byte for byte.
import { execFileSync } from 'node:child_process'
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import pg from 'pg'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { targetsFromEnv } from '../../tests/conformance/harness/conformance-env'
import { startPostgresCluster, type PostgresCluster } from '../../tests/conformance/services/postgres-cluster'
import { openDatabase } from '../db/open-database'
import { expectSameData, fileBytes, seedWithUpload, snapshotTables, type SeededData } from './backup-fixtures'

const DEPLOY_DOC = fileURLToPath(new URL('../../docs/deploy.md', import.meta.url))
const POSTGRES_BIN = '/usr/lib/postgresql/15/bin'

/** The one line of the document that starts with `command `. */
function documented(command: 'pg_dump' | 'pg_restore'): string {
  const lines = readFileSync(DEPLOY_DOC, 'utf8')
    .split('\n')
    .filter((line) => line.startsWith(`${command} `))
  expect(lines, `docs/deploy.md gives one ${command} line`).toHaveLength(1)
  return lines[0]!
}

async function withClient<T>(url: string, work: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: url })
  await client.connect()
  try {
    return await work(client)
  } finally {
    await client.end()
  }
}

// CONFORMANCE_TARGETS without `postgres` says this machine has no PostgreSQL 15 to start.
const withPostgres = targetsFromEnv(process.env.CONFORMANCE_TARGETS).includes('postgres')

describe.skipIf(!withPostgres)('pg_dump and pg_restore as docs/deploy.md gives them', () => {
  let cluster: PostgresCluster | undefined
  let work = ''
  let seeded: SeededData

  beforeAll(async () => {
    cluster = await startPostgresCluster()
    work = mkdtempSync(join(tmpdir(), 'studyhub-pg-dump-'))
    const db = await openDatabase({ databaseUrl: cluster.url })
    try {
      seeded = await seedWithUpload(db)
    } finally {
      await db.close()
    }
  }, 180_000)
  afterAll(() => {
    cluster?.stop()
    if (work) rmSync(work, { recursive: true, force: true })
  })

  it('backs up with pg_dump and restores with pg_restore into a new database, identical', async () => {
    const url = cluster!.url
    const restoreUrl = Object.assign(new URL(url), { pathname: '/studyhub_restored' }).href
    const shell = (line: string, env: Record<string, string>) =>
      execFileSync('bash', ['-euo', 'pipefail', '-c', line], {
        cwd: work,
        env: { ...process.env, PATH: `${POSTGRES_BIN}:${process.env.PATH ?? ''}`, ...env },
        stdio: ['ignore', 'pipe', 'pipe'],
      })

    shell(documented('pg_dump'), { DATABASE_URL: url })
    const dumps = readdirSync(work)
    expect(dumps).toEqual([expect.stringMatching(/^studyhub-\d{4}-\d\d-\d\dT\d\d-\d\d-\d\dZ\.dump$/)])

    // The document's restore goes into a new, empty database.
    await withClient(url, (client) => client.query('create database studyhub_restored template template0'))
    shell(documented('pg_restore'), { RESTORE_URL: restoreUrl, BACKUP_FILE: dumps[0]! })

    const before = await withClient(url, snapshotTables)
    const { after, files } = await withClient(restoreUrl, async (client) => ({
      after: await snapshotTables(client),
      files: await fileBytes(client),
    }))
    expectSameData(before, after, files, seeded)

    // The server starts on the restored database and serves the file: its migrations are all there.
    const restored = await openDatabase({ databaseUrl: restoreUrl })
    try {
      const file = await restored.store.files.get(seeded.uploadId)
      expect(Buffer.from(file!.data as Uint8Array).equals(seeded.upload)).toBe(true)
    } finally {
      await restored.close()
    }
  }, 180_000)
})
