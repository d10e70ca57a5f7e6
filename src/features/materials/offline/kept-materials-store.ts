// Materials kept on this device for offline reading: the approved materials
// of a student's booked sessions (the feature's tables `materials` and
// `materialFiles`, ../db/material-tables.ts), each with its file as a Blob.
//
// What lives where, and why:
// - materials: the material's record as the server last sent it, plus the
//   student's email (whose copy it is) and when it was kept. `optedOut` marks
//   a material whose file the student removed, so it is not downloaded again
//   by itself (they can keep it again by hand).
// - materialFiles: the file's bytes, its verified type and size. A record
//   with no file row is listed online but cannot be read offline.
// - One device, one student at a time: rows are keyed by the material's id,
//   every read is filtered by email (another user's rows are never returned),
//   and logging out clears both tables (forget).
//
// Every write goes through storageWrite, so a full disk or a hung write is
// reported and rejects: no caller can show "Saved offline" for a file that
// was not stored. This module brings the database: import it on demand.
import type { Material } from '#contract/entities'
import { appDb } from '#shared/db/app-db'
import { storageRead, storageWrite } from '#shared/db/storage-faults'
import type { KeptRecord, MaterialFile, MaterialsDb } from '../db/material-tables'

export type { KeptRecord }

const materialsDb = appDb as MaterialsDb

/** What the screens need to know about a kept file (not its bytes). */
export interface KeptFileInfo {
  materialId: string
  sessionId: string
  type: string
  size: number
  savedAt: number
}

// Real IndexedDB stores Blobs natively; fake-indexeddb under jsdom turns a
// jsdom Blob into {}, so there the bytes are stored instead.
const storesBlobs = typeof IDBFactory !== 'undefined' && IDBFactory.name === 'IDBFactory'

async function toStored(blob: Blob): Promise<Blob> {
  return storesBlobs ? blob : ((await blob.arrayBuffer()) as unknown as Blob)
}

function fromStored(row: MaterialFile): Blob {
  const body = row.blob as Blob | ArrayBuffer
  // Not `instanceof ArrayBuffer`: a structured clone may come from another realm.
  return body instanceof Blob ? body : new Blob([body], { type: row.type })
}

function stripRecord(row: KeptRecord): Material {
  const { email: _email, savedAt: _savedAt, optedOut: _optedOut, ...material } = row
  return material
}

/** Stores a material's record and its verified file in one transaction. */
export function saveKeptMaterial(
  email: string,
  material: Material,
  file: { blob: Blob; type: string },
  db: MaterialsDb = materialsDb,
  now = Date.now(),
): Promise<KeptFileInfo> {
  return storageWrite(async () => {
    const body = await toStored(file.blob)
    await db.transaction('rw', db.materials, db.materialFiles, async () => {
      const record: KeptRecord = { ...material, email, savedAt: now }
      await db.materials.put(record)
      await db.materialFiles.put({
        materialId: material._id,
        email,
        blob: body,
        type: file.type,
        size: file.blob.size,
        savedAt: now,
      })
    })
    return {
      materialId: material._id,
      sessionId: material.sessionId,
      type: file.type,
      size: file.blob.size,
      savedAt: now,
    }
  })
}

/** Refreshes the records of kept materials from a newer server answer (files untouched). */
export function refreshKeptRecords(email: string, materials: Material[], db: MaterialsDb = materialsDb): Promise<void> {
  return storageWrite(() =>
    db.transaction('rw', db.materials, async () => {
      for (const material of materials) {
        const stored = await db.materials.get(material._id)
        if (!stored || stored.email !== email) continue
        await db.materials.put({ ...stored, ...material, email, savedAt: stored.savedAt })
      }
    }),
  )
}

/**
 * Forgets the student's kept materials the server no longer lists (no longer
 * approved, booking withdrawn): `current` is the whole list, or one session's
 * list when `sessionId` is given.
 */
export function pruneKeptMaterials(
  email: string,
  current: Material[],
  sessionId?: string,
  db: MaterialsDb = materialsDb,
): Promise<number> {
  const keep = new Set(current.map((m) => m._id))
  return storageWrite(() =>
    db.transaction('rw', db.materials, db.materialFiles, async () => {
      const rows = await db.materials.where('email').equals(email).toArray()
      const gone = rows.filter((r) => !keep.has(r._id) && (sessionId === undefined || r.sessionId === sessionId))
      const ids = gone.map((r) => r._id)
      await db.materials.bulkDelete(ids)
      await db.materialFiles.bulkDelete(ids)
      return ids.length
    }),
  )
}

/** The student's kept materials (records only), with whether each file is stored. */
export async function readKeptMaterials(
  email: string,
  db: MaterialsDb = materialsDb,
): Promise<{ records: KeptRecord[]; files: KeptFileInfo[] }> {
  return storageRead(() =>
    db.transaction('r', db.materials, db.materialFiles, async () => {
      const records = await db.materials.where('email').equals(email).toArray()
      const rows = await db.materialFiles.where('email').equals(email).toArray()
      const sessionOf = new Map(records.map((r) => [r._id, r.sessionId]))
      const files = rows
        .filter((r) => sessionOf.has(r.materialId))
        .map((r) => ({
          materialId: r.materialId,
          sessionId: sessionOf.get(r.materialId)!,
          type: r.type,
          size: r.size,
          savedAt: r.savedAt,
        }))
      return { records, files }
    }),
  )
}

/**
 * Materials the student can read offline (records whose file is stored,
 * optionally of one session), dated by the oldest of them: 0 when there are
 * none, as nothing of the server's is shown then.
 */
export async function readOfflineAnswer(
  email: string,
  sessionId?: string,
  db: MaterialsDb = materialsDb,
): Promise<{ data: Material[]; savedAt: number }> {
  const { records, files } = await readKeptMaterials(email, db)
  const withFile = new Set(files.map((f) => f.materialId))
  const readable = records.filter((r) => withFile.has(r._id) && (sessionId === undefined || r.sessionId === sessionId))
  const savedAt = readable.length > 0 ? Math.min(...readable.map((r) => r.savedAt)) : 0
  return { data: readable.map(stripRecord), savedAt }
}

/** The stored file of a material, only for the student who kept it. */
export async function readKeptFile(
  email: string,
  materialId: string,
  db: MaterialsDb = materialsDb,
): Promise<{ blob: Blob; type: string; size: number } | undefined> {
  const row = await storageRead(() => db.materialFiles.get(materialId))
  if (!row || row.email !== email) return undefined
  return { blob: fromStored(row), type: row.type, size: row.size }
}

/**
 * Removes a kept file. The record stays, marked opted out, so the automatic
 * keeping leaves it alone until the student keeps it again by hand.
 */
export function removeKeptFile(email: string, materialId: string, db: MaterialsDb = materialsDb): Promise<void> {
  return storageWrite(() =>
    db.transaction('rw', db.materials, db.materialFiles, async () => {
      const file = await db.materialFiles.get(materialId)
      if (file && file.email === email) await db.materialFiles.delete(materialId)
      const record = await db.materials.get(materialId)
      if (record && record.email === email) await db.materials.put({ ...record, optedOut: true })
    }),
  )
}

/** Removes every file the student kept; their records stay, opted out. */
export function removeAllKeptFiles(email: string, db: MaterialsDb = materialsDb): Promise<void> {
  return storageWrite(() =>
    db.transaction('rw', db.materials, db.materialFiles, async () => {
      await db.materialFiles.where('email').equals(email).delete()
      const records = await db.materials.where('email').equals(email).toArray()
      await db.materials.bulkPut(records.map((r) => ({ ...r, optedOut: true })))
    }),
  )
}

/**
 * Forgets every kept material and file on this device, whoever kept them.
 * Called at logout, so one user's files are never left for the next.
 */
export function clearOfflineMaterials(db: MaterialsDb = materialsDb): Promise<void> {
  return storageWrite(() =>
    db.transaction('rw', db.materials, db.materialFiles, async () => {
      await db.materials.clear()
      await db.materialFiles.clear()
    }),
  )
}

/**
 * The materials feature's part of logging out (the app's wipe calls each
 * owner's `forget`): every kept material and file goes, whoever kept them,
 * since one student at a time keeps files on a device.
 */
export function forget(_email: string, db: MaterialsDb = materialsDb): Promise<void> {
  return clearOfflineMaterials(db)
}
