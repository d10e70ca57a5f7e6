// Which materials are kept on the phone, and keeping them.
//
// Policy (what a student on a phone expects: the materials are simply there
// on the train, without managing downloads): when My Study Materials or a
// booked session's materials are open online, each approved material whose
// file the viewer can show (PDF, image, text) and that is at most
// AUTO_KEEP_MAX_FILE_BYTES is kept automatically, while the student's kept
// files stay within AUTO_KEEP_TOTAL_BYTES. Larger files, and files the
// student removed, get a "Keep offline" button instead: removing a file is
// remembered, so it is not downloaded again behind the student's back.
// Download-only types are never kept. Materials the server no longer lists
// for the student are forgotten.
//
// Files are fetched and checked exactly as the viewer does (../verified-file.ts)
// before they are stored. The first file kept asks the browser for
// persistent storage.
import type { Material } from '#contract/entities'
import { isStudyHubUrl } from '#shared/safety/safe-url'
import { requestPersistentStorage } from '#shared/db/storage-persistence'
import { fetchVerifiedFile, materialFileUrl, materialMode } from '../verified-file'
import type { KeptFileInfo, KeptRecord } from './kept-materials-store'
import { errorMessage } from '#shared/api/api-error'

export const AUTO_KEEP_MAX_FILE_BYTES = 5 * 1000 * 1000
const AUTO_KEEP_TOTAL_BYTES = 50 * 1000 * 1000
export const AUTO_KEEP_MAX_FILE_LABEL = '5 MB'
export const AUTO_KEEP_TOTAL_LABEL = '50 MB'

export interface KeptState {
  records: KeptRecord[]
  files: KeptFileInfo[]
}

/** Whether this material's file can be kept at all (served by StudyHub, a type the viewer shows). */
export function canKeep(material: Material): boolean {
  return isStudyHubUrl(materialFileUrl(material)) && materialMode(material) !== 'download'
}

/**
 * The materials to keep automatically now, in list order, within the caps.
 * A file of unknown size is tried; keepMaterial refuses it if it is too big.
 */
export function planAutoKeep(materials: Material[], kept: KeptState): Material[] {
  const withFile = new Set(kept.files.map((f) => f.materialId))
  const optedOut = new Set(kept.records.filter((r) => r.optedOut).map((r) => r._id))
  let total = kept.files.reduce((sum, f) => sum + f.size, 0)
  const plan: Material[] = []
  for (const material of materials) {
    if (withFile.has(material._id) || optedOut.has(material._id) || !canKeep(material)) continue
    const size = material.fileSize ?? 0
    if (size > AUTO_KEEP_MAX_FILE_BYTES || total + size > AUTO_KEEP_TOTAL_BYTES) continue
    total += size
    plan.push(material)
  }
  return plan
}

class TooLargeToKeepError extends Error {
  override readonly name = 'TooLargeToKeepError'
}

/**
 * Downloads, checks and stores one material's file for the student. Resolves
 * only once it is stored; rejects with the reason otherwise (a storage fault
 * is also reported to the layout by storageWrite).
 */
export async function keepMaterial(
  email: string,
  material: Material,
  options: { maxBytes?: number; signal?: AbortSignal } = {},
): Promise<KeptFileInfo> {
  const store = await import('./kept-materials-store')
  const { blob, type } = await fetchVerifiedFile(material, options.signal)
  if (options.maxBytes !== undefined && blob.size > options.maxBytes) {
    throw new TooLargeToKeepError('This file is too large to keep automatically.')
  }
  const before = await store.readKeptMaterials(email).catch(() => undefined)
  const info = await store.saveKeptMaterial(email, material, { blob, type })
  if (!before || before.files.length === 0) void requestPersistentStorage()
  return info
}

/**
 * Brings the student's kept materials in line with what the server listed
 * (`sessionId`: a list of one session only), then keeps what the policy
 * allows. Resolves with the ids that could not be kept and why.
 */
export async function syncKeptMaterials(
  email: string,
  materials: Material[],
  options: {
    sessionId?: string
    signal?: AbortSignal
    /** The materials about to be downloaded. */
    onPlan?: (plan: Material[]) => void
    onKept?: (info: KeptFileInfo) => void
  } = {},
): Promise<Map<string, string>> {
  const store = await import('./kept-materials-store')
  const failed = new Map<string, string>()
  await store.pruneKeptMaterials(email, materials, options.sessionId)
  await store.refreshKeptRecords(email, materials)
  const kept = await store.readKeptMaterials(email)
  const plan = planAutoKeep(materials, kept)
  options.onPlan?.(plan)
  for (const material of plan) {
    if (options.signal?.aborted) break
    try {
      // Awaited on its own line: `onKept?.(await …)` would skip the keeping when there is no onKept.
      const info = await keepMaterial(email, material, { maxBytes: AUTO_KEEP_MAX_FILE_BYTES, signal: options.signal })
      options.onKept?.(info)
    } catch (error) {
      if (options.signal?.aborted) break
      failed.set(material._id, errorMessage(error, String(error)))
      // A full disk or a lost database fails every later write too.
      if (error instanceof Error && error.name === 'StorageFaultError') break
    }
  }
  return failed
}
