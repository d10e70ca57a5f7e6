// The materials feature's tables in the app database (src/shared/db/app-db.ts):
// the materials a student keeps on this device and their files. Declared
// here, registered by the app at its start (src/app/device-tables.ts); read
// and written by ../offline/kept-materials-store.ts.
import type { EntityTable } from 'dexie'
import type { Material } from '#contract/entities'
import type { AppDb } from '#shared/db/app-db'
import type { DeviceTables } from '#shared/db/device-tables'

/**
 * A material's record as the server last sent it, with whose copy it is and
 * when it was kept. `optedOut` marks one whose file the student removed, so
 * it is not downloaded again by itself.
 */
export type KeptRecord = Material & { email: string; savedAt: number; optedOut?: boolean }

/** A kept material's file: its bytes, verified type and size. */
export interface MaterialFile {
  materialId: string
  email: string
  blob: Blob
  type: string
  size: number
  savedAt: number
}

export type MaterialsDb = AppDb & {
  materials: EntityTable<KeptRecord, '_id'>
  materialFiles: EntityTable<MaterialFile, 'materialId'>
}

export const materialTables: DeviceTables = {
  versions: { 6: { materials: '_id, email, sessionId', materialFiles: 'materialId, email' } },
}
