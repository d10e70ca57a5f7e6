// Tutors' materials, each with at most one file: an upload writes both rows in
// one transaction (its bytes into the bucket first, when there is one), and a
// delete takes the file with it by cascade.
import { desc, eq } from 'drizzle-orm'
import type { Status } from '#contract/entities'
import type { MaterialRow, Store } from '#core/store'
import { materialObjectKey, type BucketObjects } from '../../files/s3-objects'
import { files, materials } from '../schema'
import { bucketFileIds, bytesOf, type RemoveObjects } from './files'
import { listed } from './paging'
import { withNotices, type Notices } from './notifications'
import { guarded } from './pg-errors'
import { inList, present, whileStatus, type PgDb } from './shared'

const toMaterial = (row: typeof materials.$inferSelect): MaterialRow => present(row)

/**
 * `discardObjects` removes an upload's object whose rows failed, at once;
 * `removeObjects` those of deleted rows, once the delete has committed.
 */
export function materialsStore(
  db: PgDb,
  objects: BucketObjects | undefined,
  discardObjects: RemoveObjects,
  removeObjects: RemoveObjects,
  writer: Notices,
): Store['materials'] {
  const materialOrder = [desc(materials.createdAt), desc(materials._id)]
  return {
    async get(id) {
      const [row] = await db.select().from(materials).where(eq(materials._id, id))
      return row && toMaterial(row)
    },
    list(paging) {
      return listed(db, { table: materials, time: materials.createdAt, id: materials._id }, paging, toMaterial)
    },
    async byStatus(status: Status) {
      const rows = await db
        .select()
        .from(materials)
        .where(eq(materials.status, status))
        .orderBy(...materialOrder)
      return rows.map(toMaterial)
    },
    async ofTutor(email) {
      const rows = await db
        .select()
        .from(materials)
        .where(eq(materials.tutorEmail, email))
        .orderBy(...materialOrder)
      return rows.map(toMaterial)
    },
    async ofSessions(sessionIds) {
      if (sessionIds.length === 0) return []
      const rows = await db
        .select()
        .from(materials)
        .where(inList(materials.sessionId, sessionIds))
        .orderBy(...materialOrder)
      return rows.map(toMaterial)
    },
    async insertWithFile(row, file, notices) {
      if (!file) {
        await withNotices(db, writer, notices, async (tx) => {
          await tx.insert(materials).values(row)
          return true
        })
        return
      }
      const data = await bytesOf(file.data)
      const insertRows = (stored: Uint8Array | null) =>
        guarded(() =>
          db.transaction(async (tx) => {
            // The file references its material, so the material goes first.
            await tx.insert(materials).values(row)
            await tx.insert(files).values({ ...file, data: stored })
            await writer.insert(tx, notices)
          }),
        )
      if (!objects) {
        await insertRows(data)
        return
      }
      // Each upload has a new file id, so the key is this upload's alone: removing the
      // object when the rows fail cannot take another file's bytes.
      await objects.put(materialObjectKey(file._id), data, file.type)
      try {
        await insertRows(null)
      } catch (error) {
        await discardObjects([file._id])
        throw error
      }
    },
    setStatus(id, status, expected, notices) {
      return withNotices(db, writer, notices, async (tx) => {
        const changed = await guarded(() =>
          tx
            .update(materials)
            .set({ status })
            .where(whileStatus(materials, id, expected))
            .returning({ id: materials._id }),
        )
        return changed.length > 0
      })
    },
    async deleteWithFile(id) {
      // A file is only ever added with its material, so none can join between the read and the delete.
      const { gone, fileIds } = await db.transaction(async (tx) => {
        const held = await bucketFileIds(tx, eq(files.materialId, id))
        // The file goes by ON DELETE CASCADE, in this one statement.
        const deleted = await tx.delete(materials).where(eq(materials._id, id)).returning({ id: materials._id })
        return { gone: deleted.length > 0, fileIds: held }
      })
      await removeObjects(fileIds)
      return gone
    },
    count() {
      return db.$count(materials)
    },
    countOfTutor(email) {
      return db.$count(materials, eq(materials.tutorEmail, email))
    },
  }
}
