// @vitest-environment node
// The Store with files in a bucket on a real PostgreSQL (when
// TEST_DATABASE_URL names one, in a database of its own there) and a real
// S3-compatible server on loopback: uploads racing the cascades of a session
// and of a user leave no object without a row, nor a row without its object.
import { isNull } from 'drizzle-orm'
import { drizzle as drizzleNodePg } from 'drizzle-orm/node-postgres'
import { migrate as migrateNodePg } from 'drizzle-orm/node-postgres/migrator'
import { randomBytes } from 'node:crypto'
import pg from 'pg'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { MissingReference, type Store } from '#core/store'
import { startLocalS3, type LocalS3 } from '../files/local-s3-server'
import { createS3Objects, materialObjectKey } from '../files/s3-objects'
import { memoryLogger } from '../logger'
import { createPgStore } from './pg-store'
import * as schema from './schema'
import { material, MIGRATIONS, session, user } from './pg-store-bucket-fixtures'

const serverUrl = process.env.TEST_DATABASE_URL

describe.skipIf(!serverUrl)('pg-store with files in a bucket on PostgreSQL (TEST_DATABASE_URL)', () => {
  const name = `studyhub_bucket_${randomBytes(6).toString('hex')}`
  let admin: pg.Client
  let pool: pg.Pool
  let s3: LocalS3
  let db: ReturnType<typeof drizzleNodePg>
  let store: Store
  const logger = memoryLogger()

  beforeAll(async () => {
    s3 = await startLocalS3()
    admin = new pg.Client({ connectionString: serverUrl })
    await admin.connect()
    await admin.query(`create database ${name}`)
    const url = new URL(serverUrl!)
    url.pathname = `/${name}`
    pool = new pg.Pool({ connectionString: url.href, max: 12 })
    db = drizzleNodePg({ client: pool })
    await migrateNodePg(db, { migrationsFolder: MIGRATIONS })
    store = createPgStore(db, { objects: createS3Objects(s3.settings), logger })
  }, 120_000)
  afterAll(async () => {
    await pool?.end()
    await admin?.query(`drop database if exists ${name}`)
    await admin?.end()
    await s3?.close()
  })

  it('leaves no object without a row, nor a row without its object, when uploads race the cascades', async () => {
    const wait = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms))
    const postgresCode = (error: unknown) => (error as { cause?: { code?: string } }).cause?.code
    for (let round = 0; round < 30; round++) {
      const tutor = user(`tutor${round}@example.com`, 'tutor')
      await store.users.insert(tutor)
      const sessions = [session(tutor.email), session(tutor.email), session(tutor.email)]
      for (const s of sessions) await store.sessions.insert(s)
      const uploads = sessions.flatMap((s) => [0, 1, 2].map(() => material(s)))
      const results = await Promise.allSettled([
        ...uploads.map((m) => store.materials.insertWithFile(m.row, m.file)),
        // The deletes start while the uploads are on their way, some before their rows and some after.
        wait(Math.random() * 40).then(() => store.sessions.deleteWithOwned([sessions[0]!._id])),
        wait(Math.random() * 60).then(() => store.users.deleteWithOwned(tutor)),
      ])
      for (const [i, result] of results.entries()) {
        if (result.status === 'fulfilled') continue
        // An upload loses the race to a delete; either may lose a deadlock to the other (the cascade's own).
        if (postgresCode(result.reason) === '40P01') continue
        expect(i < uploads.length && result.reason instanceof MissingReference, String(result.reason)).toBe(true)
      }
    }
    const rows = await db.select({ id: schema.files._id }).from(schema.files).where(isNull(schema.files.data))
    expect(await s3.keys()).toEqual(rows.map((r) => materialObjectKey(r.id)).sort())
    expect(logger.records).toEqual([])
  }, 180_000)
})
