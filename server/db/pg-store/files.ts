// Files' bytes, in files.data or in a bucket: reading a file, and the bucket
// steps the material, session and user deletes share (which files a delete
// takes, and removing their objects once it has committed).
import { and, eq, isNull, type SQL } from 'drizzle-orm'
import type { Store, StoredFile } from '#core/store'
import { materialObjectKey, type BucketObjects } from '../../files/s3-objects'
import { describeError, type Logger } from '../../logger'
import { files } from '../schema'
import type { PgDb } from './shared'

/** Object deletes at once after a cascade: a tutor's account may take hundreds of files with it. */
const OBJECT_DELETES_AT_ONCE = 8

export async function bytesOf(data: Blob | Uint8Array): Promise<Uint8Array> {
  return data instanceof Uint8Array ? data : new Uint8Array(await data.arrayBuffer())
}

/** The ids of the files matching `where` whose bytes are in the bucket (data NULL). */
export async function bucketFileIds(tx: PgDb, where: SQL | undefined): Promise<string[]> {
  const rows = await tx
    .select({ id: files._id })
    .from(files)
    .where(and(isNull(files.data), where))
  return rows.map((r) => r.id)
}

/** Deletes the objects of files whose rows are gone (committed): a failure is logged, never thrown. */
export type RemoveObjects = (fileIds: readonly string[]) => Promise<void>

export function objectRemover(objects: BucketObjects | undefined, logger: Pick<Logger, 'warn'>): RemoveObjects {
  return async function removeObjects(fileIds) {
    if (fileIds.length === 0) return
    if (!objects) {
      // Rows written while a bucket was configured, deleted after a switch back to PostgreSQL.
      logger.warn('file objects left in the bucket: no bucket is configured', {
        keys: fileIds.map(materialObjectKey),
      })
      return
    }
    const queue = [...fileIds]
    const worker = async () => {
      for (let id = queue.shift(); id !== undefined; id = queue.shift()) {
        const key = materialObjectKey(id)
        try {
          await objects.delete(key)
        } catch (error) {
          logger.warn('file object left in the bucket: its delete failed', { key, error: describeError(error) })
        }
      }
    }
    await Promise.all(Array.from({ length: Math.min(OBJECT_DELETES_AT_ONCE, queue.length) }, worker))
  }
}

export function filesStore(db: PgDb, objects: BucketObjects | undefined): Store['files'] {
  return {
    async get(id): Promise<StoredFile | undefined> {
      const [row] = await db.select().from(files).where(eq(files._id, id))
      if (!row) return undefined
      // Written with no bucket configured (before a switch to one): the bytes are in the row.
      if (row.data !== null) return { ...row, data: row.data }
      if (!objects) throw new Error(`File ${id} is kept in a bucket, and no bucket is configured.`)
      const data = await objects.get(materialObjectKey(id))
      // No object: a delete committed between the two reads, and the file is gone.
      return data && { ...row, data }
    },
  }
}
