// @vitest-environment node
// The Store with files in a bucket: PGlite in memory for the rows and a real
// S3-compatible server on loopback for the bytes. What it must show: bytes go
// to the bucket and never to PostgreSQL, every delete (a material, a session's
// cascade, a user's cascade) removes exactly the objects of the files it
// takes, a refused upload leaves neither rows nor objects, and rows written
// before the switch (bytes in PostgreSQL) are still served. Uploads racing
// those cascades on a real PostgreSQL: pg-store-bucket-postgres.test.ts.
import { PGlite } from '@electric-sql/pglite'
import { eq, getTableName, isNotNull, sql } from 'drizzle-orm'
import { drizzle } from 'drizzle-orm/pglite'
import { migrate } from 'drizzle-orm/pglite/migrator'
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import { newFileId, newId } from '#core/ids'
import {
  CheckViolation,
  MissingReference,
  type MaterialRow,
  type SessionRow,
  type Store,
  type StoredFile,
} from '#core/store'
import { startLocalS3, type LocalS3 } from '../files/local-s3-server'
import { createS3Objects, materialObjectKey, type BucketObjects } from '../files/s3-objects'
import { memoryLogger } from '../logger'
import { openDatabase } from './open-database'
import { createPgStore } from './pg-store'
import * as schema from './schema'
import { material, MIGRATIONS, session, user } from './pg-store-bucket-fixtures'

const TUTOR = 'tutor@example.com'
const TUTOR2 = 'tutor2@example.com'
const STUDENT = 'student@example.com'

const keyOf = (m: { file: StoredFile }) => materialObjectKey(m.file._id)

/** Resolves to the error a promise rejects with (fails the test if it resolves). */
async function failure(promise: Promise<unknown>): Promise<unknown> {
  return promise.then(
    () => expect.unreachable('expected the write to be refused'),
    (error: unknown) => error,
  )
}

describe('pg-store with files in a bucket', () => {
  let s3: LocalS3
  let client: PGlite
  let db: ReturnType<typeof drizzle>
  let store: Store
  let logger: ReturnType<typeof memoryLogger>
  let good: BucketObjects
  /** The bucket as the store sees it: the server's, or one that refuses this client (a wrong secret). */
  let current: BucketObjects

  beforeAll(async () => {
    s3 = await startLocalS3()
    good = createS3Objects(s3.settings)
    client = new PGlite()
    db = drizzle({ client })
    await migrate(db, { migrationsFolder: MIGRATIONS })
    const objects: BucketObjects = {
      put: (key, bytes, type) => current.put(key, bytes, type),
      get: (key) => current.get(key),
      delete: (key) => current.delete(key),
    }
    logger = memoryLogger()
    store = createPgStore(db, { objects, logger })
  }, 120_000)
  afterAll(async () => {
    await client?.close()
    await s3?.close()
  })
  beforeEach(async () => {
    current = good
    logger.records.length = 0
    const tables = schema.allTables.map((t) => `"${getTableName(t)}"`).join(', ')
    await db.execute(sql.raw(`truncate table ${tables}`))
    for (const key of await s3.keys()) await good.delete(key)
  })

  /** A tutor with one approved session. */
  async function tutorWithSession(email = TUTOR) {
    await store.users.insert(user(email, 'tutor'))
    const s = session(email)
    await store.sessions.insert(s)
    return s
  }

  async function upload(s: SessionRow, overrides: Partial<MaterialRow> = {}) {
    const m = material(s, overrides)
    await store.materials.insertWithFile(m.row, m.file)
    return m
  }

  const bytesInPostgres = async () => db.$count(schema.files, isNotNull(schema.files.data))

  it('puts an upload in the bucket, not in PostgreSQL, and serves it from there', async () => {
    const s = await tutorWithSession()
    const m = await upload(s)

    expect(await s3.keys()).toEqual([keyOf(m)])
    expect(await good.get(keyOf(m))).toEqual(m.file.data)
    const [row] = await db.select().from(schema.files).where(eq(schema.files._id, m.file._id))
    expect(row).toEqual({ ...m.file, data: null })
    expect(await bytesInPostgres()).toBe(0)

    expect(await store.files.get(m.file._id)).toEqual(m.file)
    expect(await store.materials.get(m.row._id)).toEqual(m.row)
    expect(await store.files.get(newFileId())).toBeUndefined()
  })

  it('answers no file when its object is gone (a delete that committed between the two reads)', async () => {
    const m = await upload(await tutorWithSession())
    await good.delete(keyOf(m))
    expect(await store.files.get(m.file._id)).toBeUndefined()
  })

  it('deletes the object with its material', async () => {
    const s = await tutorWithSession()
    const kept = await upload(s)
    const gone = await upload(s)

    expect(await store.materials.deleteWithFile(gone.row._id)).toBe(true)
    expect(await s3.keys()).toEqual([keyOf(kept)])
    expect(await store.files.get(gone.file._id)).toBeUndefined()
    expect(await store.files.get(kept.file._id)).toEqual(kept.file)
    expect(await store.materials.deleteWithFile(gone.row._id)).toBe(false)
    expect(logger.records).toEqual([])
  })

  it("deletes the objects of a session's files with the session, and only those", async () => {
    const s1 = await tutorWithSession()
    const s2 = session(TUTOR)
    await store.sessions.insert(s2)
    const inS1 = [await upload(s1), await upload(s1)]
    const inS2 = await upload(s2)

    await store.sessions.deleteWithOwned([s1._id])
    expect(await s3.keys()).toEqual([keyOf(inS2)])
    for (const m of inS1) expect(await store.files.get(m.file._id)).toBeUndefined()
    expect(await store.files.get(inS2.file._id)).toEqual(inS2.file)

    await store.sessions.deleteWithOwned([s2._id, newId()])
    expect(await s3.keys()).toEqual([])
    expect(logger.records).toEqual([])
  })

  it("deletes the objects of every file a user's cascade takes, and only those", async () => {
    const s1 = await tutorWithSession(TUTOR)
    const s2 = session(TUTOR)
    await store.sessions.insert(s2)
    const other = await tutorWithSession(TUTOR2)
    await store.users.insert(user(STUDENT, 'student'))
    const theirs = [await upload(s1), await upload(s2)]
    // A material bearing their email in another tutor's session goes by users.email too.
    const theirsElsewhere = await upload(other, { tutorEmail: TUTOR })
    const notTheirs = await upload(other)

    const student = (await store.users.byEmail(STUDENT))!
    await store.users.deleteWithOwned(student)
    expect(await s3.keys()).toHaveLength(4)

    await store.users.deleteWithOwned((await store.users.byEmail(TUTOR))!)
    expect(await s3.keys()).toEqual([keyOf(notTheirs)])
    for (const m of [...theirs, theirsElsewhere]) expect(await store.files.get(m.file._id)).toBeUndefined()
    expect(await store.files.get(notTheirs.file._id)).toEqual(notTheirs.file)
    expect(logger.records).toEqual([])
  })

  it('removes the objects a delete in a transaction takes once it commits, and keeps them when it rolls back', async () => {
    const s = await tutorWithSession()
    const kept = await upload(s)
    const gone = await upload(s)
    const rolledBack = new Error('the rest of the request failed')
    const outcome = await store.transaction!(async (tx) => {
      expect(await tx.materials.deleteWithFile(kept.row._id)).toBe(true)
      // Not yet committed: its bytes must still be there should it roll back.
      expect(await s3.keys()).toHaveLength(2)
      throw rolledBack
    }).catch((error: unknown) => error)
    expect(outcome).toBe(rolledBack)
    expect(await store.files.get(kept.file._id)).toEqual(kept.file)

    await store.transaction!(async (tx) => {
      expect(await tx.materials.deleteWithFile(gone.row._id)).toBe(true)
      expect(await s3.keys()).toHaveLength(2)
    })
    expect(await s3.keys()).toEqual([keyOf(kept)])
    expect(logger.records).toEqual([])
  })

  it('leaves no object behind when the rows are refused', async () => {
    const s = await tutorWithSession()
    const noSession = material({ ...s, _id: newId() })
    expect(await failure(store.materials.insertWithFile(noSession.row, noSession.file))).toBeInstanceOf(
      MissingReference,
    )
    const tooLong = material(s, { title: 'x'.repeat(500) })
    expect(await failure(store.materials.insertWithFile(tooLong.row, tooLong.file))).toBeInstanceOf(CheckViolation)

    expect(await s3.keys()).toEqual([])
    expect(await store.materials.count()).toBe(0)
    expect(logger.records).toEqual([])
  })

  it('writes no rows when the bucket refuses the upload', async () => {
    const s = await tutorWithSession()
    current = createS3Objects({ ...s3.settings, secretAccessKey: 'not-the-secret' })
    const m = material(s)
    expect(await failure(store.materials.insertWithFile(m.row, m.file))).toMatchObject({
      name: 'ObjectStorageError',
      status: 403,
    })
    current = good
    expect(await store.materials.count()).toBe(0)
    expect(await s3.keys()).toEqual([])
  })

  it('keeps a delete that committed when an object delete fails, and logs the object left behind', async () => {
    const s = await tutorWithSession()
    const m = await upload(s)
    current = createS3Objects({ ...s3.settings, secretAccessKey: 'not-the-secret' })

    expect(await store.materials.deleteWithFile(m.row._id)).toBe(true)
    current = good
    expect(await store.materials.get(m.row._id)).toBeUndefined()
    expect(await s3.keys()).toEqual([keyOf(m)])
    expect(logger.records).toMatchObject([
      {
        level: 'warn',
        msg: 'file object left in the bucket: its delete failed',
        key: keyOf(m),
        error: { name: 'ObjectStorageError' },
      },
    ])
  })

  it('still serves, and deletes, a file written to PostgreSQL before the switch', async () => {
    const s = await tutorWithSession()
    const before = material(s)
    await db.insert(schema.materials).values(before.row)
    await db.insert(schema.files).values({ ...before.file, data: before.file.data as Uint8Array })

    expect(await store.files.get(before.file._id)).toEqual(before.file)
    const after = await upload(s)
    expect(await s3.keys()).toEqual([keyOf(after)])
    expect(await bytesInPostgres()).toBe(1)

    await store.sessions.deleteWithOwned([s._id])
    expect(await bytesInPostgres()).toBe(0)
    expect(await s3.keys()).toEqual([])
    // The old row had no object: nothing to delete, nothing to report.
    expect(logger.records).toEqual([])
  })
})

describe('openDatabase with a bucket, switched on and off', () => {
  let s3: LocalS3
  let dataDir: string
  beforeAll(async () => {
    s3 = await startLocalS3()
    dataDir = mkdtempSync(path.join(tmpdir(), 'studyhub-bucket-db-'))
  })
  afterAll(async () => {
    await s3?.close()
    rmSync(dataDir, { recursive: true, force: true })
  })

  it('loses no file when the storage is switched, and names what a switch back cannot serve', async () => {
    const objects = createS3Objects(s3.settings)
    const logger = memoryLogger()

    // PostgreSQL only.
    let database = await openDatabase({ dataDir })
    const { store } = database
    await store.users.insert(user(TUTOR, 'tutor'))
    const s = session(TUTOR)
    await store.sessions.insert(s)
    const inRow = material(s)
    await store.materials.insertWithFile(inRow.row, inRow.file)
    await database.close()
    expect(await s3.keys()).toEqual([])

    // Switched to the bucket: the old file is served from its row, a new one goes to the bucket.
    database = await openDatabase({ dataDir, objects, logger })
    expect(await database.store.files.get(inRow.file._id)).toEqual(inRow.file)
    const inBucket = material(s)
    await database.store.materials.insertWithFile(inBucket.row, inBucket.file)
    expect(await s3.keys()).toEqual([keyOf(inBucket)])
    expect(await database.store.files.get(inBucket.file._id)).toEqual(inBucket.file)
    await database.close()

    // Switched back without moving the objects: the row's file is still served; the bucket's is an error, never empty bytes.
    database = await openDatabase({ dataDir, logger })
    try {
      expect(await database.store.files.get(inRow.file._id)).toEqual(inRow.file)
      await expect(database.store.files.get(inBucket.file._id)).rejects.toThrow(
        `File ${inBucket.file._id} is kept in a bucket, and no bucket is configured.`,
      )
      expect(await database.store.materials.deleteWithFile(inBucket.row._id)).toBe(true)
      expect(logger.records).toMatchObject([
        { level: 'warn', msg: 'file objects left in the bucket: no bucket is configured', keys: [keyOf(inBucket)] },
      ])
    } finally {
      await database.close()
    }
  }, 180_000)
})
