// @vitest-environment node
// PGlite on a thread of its own: queries, transactions and errors as PGlite's
// own; a thread that stops answering is ended, its calls fail at once, and
// the folder is reopened with what was committed.
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { memoryLogger } from '../logger'
import { DatabaseUnavailable, openPgliteWorker, type PgliteWorkerClient } from './pglite-worker-client'

const SLOW = 120_000
const STUCK_AFTER_MS = 500

async function until(check: () => boolean, ms: number): Promise<void> {
  const deadline = performance.now() + ms
  while (!check()) {
    if (performance.now() > deadline) throw new Error(`not within ${ms} ms`)
    await new Promise((resolve) => setTimeout(resolve, 50))
  }
}

describe('openPgliteWorker in memory', () => {
  let client: PgliteWorkerClient
  beforeAll(async () => {
    client = await openPgliteWorker({ dataDir: null, syncToDisk: false })
    await client.exec('create table items (id int primary key, at timestamptz, data bytea)')
  }, SLOW)
  afterAll(() => client?.close())

  it('answers queries with their rows and fields, in either row mode', async () => {
    const bytes = new Uint8Array([1, 2, 255])
    await client.query('insert into items values ($1, $2, $3)', [1, '2026-11-27 10:00:00+00', bytes])
    const read = await client.query<{ id: number; at: string; data: Uint8Array }>('select * from items')
    expect(read.rows).toEqual([{ id: 1, at: expect.any(String), data: bytes }])
    expect(read.fields.map((field) => field.name)).toEqual(['id', 'at', 'data'])
    const arrays = await client.query('select id from items', [], { rowMode: 'array' })
    expect(arrays.rows).toEqual([[1]])
  })

  it('keeps a transaction whole: committed when its work ends, rolled back when it throws', async () => {
    await client.transaction(async (tx) => {
      await tx.query('insert into items (id) values (2)')
      await tx.query('insert into items (id) values (3)')
    })
    await expect(
      client.transaction(async (tx) => {
        await tx.query('insert into items (id) values (4)')
        throw new Error('changed my mind')
      }),
    ).rejects.toThrow('changed my mind')
    const ids = await client.query<{ id: number }>('select id from items order by id')
    expect(ids.rows.map((row) => row.id)).toEqual([1, 2, 3])
  })

  it("fails a query with PostgreSQL's error: its message, SQLSTATE and constraint", async () => {
    const error = await client.query('insert into items (id) values (1)').catch((caught: unknown) => caught)
    expect(error).toBeInstanceOf(Error)
    expect(error).toMatchObject({
      message: expect.stringContaining('duplicate key'),
      code: '23505',
      constraint: 'items_pkey',
    })
    expect(client.outage()).toBeUndefined()
  })
})

describe('openPgliteWorker on a folder, when its thread stops answering', () => {
  let dir = ''
  beforeAll(() => {
    dir = mkdtempSync(path.join(tmpdir(), 'studyhub-worker-'))
  })
  afterAll(() => rmSync(dir, { recursive: true, force: true }))

  it(
    'ends the thread, fails every call at once, and reopens the folder with what was committed',
    async () => {
      const logger = memoryLogger()
      const client = await openPgliteWorker({ dataDir: dir, syncToDisk: true, stuckAfterMs: STUCK_AFTER_MS, logger })
      try {
        await client.exec('create table kept (id int primary key)')
        await client.query('insert into kept values (1)')

        // A query that holds the thread and touches no file: as PGlite spinning does.
        const started = performance.now()
        const stuck = client.query('select pg_sleep(60)').catch((error: unknown) => error)
        expect(await stuck).toBeInstanceOf(DatabaseUnavailable)
        expect(performance.now() - started).toBeLessThan(STUCK_AFTER_MS + 5_000)
        expect(client.outage()).toMatchObject({ reason: 'stuck', retryAfterSeconds: expect.any(Number) })
        await expect(client.query('select 1')).rejects.toBeInstanceOf(DatabaseUnavailable)

        await until(() => client.outage() === undefined, 60_000)
        expect((await client.query('select id from kept')).rows).toEqual([{ id: 1 }])
        expect(logger.records.map((record) => record.msg)).toEqual([
          'embedded database stopped',
          'embedded database reopened',
        ])
      } finally {
        await client.close()
      }
    },
    SLOW,
  )

  it(
    'counts no call stuck while it waits for an open transaction whose holder is busy elsewhere',
    async () => {
      const client = await openPgliteWorker({ dataDir: dir, syncToDisk: true, stuckAfterMs: STUCK_AFTER_MS })
      try {
        await client.exec('create table if not exists held (id int primary key)')
        let waited: Promise<unknown> | undefined
        await client.transaction(async (tx) => {
          await tx.query('insert into held values (1) on conflict do nothing')
          // Sent while the transaction is open: PGlite answers it once the transaction has ended.
          waited = client.query<{ n: number }>('select count(*)::int as n from held')
          // The holder does something else (an online backup copies the folder) for longer than the bound.
          await new Promise((resolve) => setTimeout(resolve, STUCK_AFTER_MS * 5))
        })
        expect(((await waited) as { rows: { n: number }[] }).rows).toEqual([{ n: 1 }])
        expect(client.outage()).toBeUndefined()
      } finally {
        await client.close()
      }
    },
    SLOW,
  )

  it(
    'closes within seconds while a call does not answer',
    async () => {
      const client = await openPgliteWorker({ dataDir: dir, syncToDisk: true, stuckAfterMs: 60_000 })
      const stuck = client.query('select pg_sleep(60)').catch((error: unknown) => error)
      const started = performance.now()
      await client.close()
      expect(performance.now() - started).toBeLessThan(8_000)
      expect(await stuck).toBeInstanceOf(Error)
    },
    SLOW,
  )
})
