// Fetches a material's file from StudyHub (this origin or the API's) and checks it before anything
// shows or keeps it (see the safety notes in components/material-viewer.tsx):
// the file must be served with a type that the viewer shows in the same mode
// as the type its record declares, and the Blob the app makes of it is typed
// by the app (a PDF is always application/pdf, text always text/plain), never
// by the server. Shared by the viewer and by keeping files offline.
import type { Material } from '#contract/entities'
import { typeFromName, viewerMode, type ViewerMode } from '#shared/safety/file-safety'
import { isStudyHubUrl, safeApiUrl } from '#shared/safety/safe-url'
import { fetchFile } from '#shared/api/file-fetch'
import { describeFile } from '#shared/format/file-size'

export type ShownMode = Exclude<ViewerMode, 'download'>

const RENDER_TYPE: Record<ShownMode, (served: string) => string> = {
  pdf: () => 'application/pdf',
  image: (served) => served,
  text: () => 'text/plain',
}

/** The type the app gives a file shown in `mode`, from the type it was served (or stored) with. */
export function renderType(mode: ShownMode, served: string): string {
  return RENDER_TYPE[mode](served)
}

/** The material's file as an absolute, safe URL: a path from the server is on the API's origin. */
export function materialFileUrl(material: Pick<Material, 'fileUrl'>): string | null {
  return safeApiUrl(material.fileUrl)
}

export function materialFileType(material: Material): string | undefined {
  return material.fileType ?? typeFromName(material.fileName)
}

/** What a material's file is, as a card says it ("PDF, 1 KB"); null when it has none. */
export function fileSummary(material: Material): string | null {
  if (!materialFileUrl(material)) return null
  return describeFile({ type: materialFileType(material), name: material.fileName, size: material.fileSize })
}

/** How the viewer shows this material's file: its declared type decides. */
export function materialMode(material: Material): ViewerMode {
  return materialFileUrl(material) ? viewerMode(materialFileType(material)) : 'download'
}

/** The Content-Type without parameters, lower case. */
function servedType(response: Response): string {
  return (response.headers.get('Content-Type') ?? '').split(';')[0]!.trim().toLowerCase()
}

class UnverifiedFileError extends Error {
  override readonly name = 'UnverifiedFileError'
}

/**
 * The file at a StudyHub URL (this origin or the API's), checked against the mode it is to be shown
 * in, as a Blob typed by the app.
 */
export async function fetchVerifiedUrl(
  url: string,
  mode: ShownMode,
  signal?: AbortSignal,
): Promise<{ blob: Blob; type: string }> {
  const response = await fetchFile(url, signal)
  const served = servedType(response)
  if (!response.ok) throw new UnverifiedFileError(`The file could not be fetched (${response.status}).`)
  if (viewerMode(served) !== mode)
    throw new UnverifiedFileError(`The file was served as ${served || 'an unknown type'}.`)
  const type = renderType(mode, served)
  const bytes = await response.arrayBuffer()
  return { blob: new Blob([bytes], { type }), type }
}

/**
 * The file of a material served by StudyHub, as a Blob typed by the app.
 * Rejects when the file is on neither this origin nor the API's, is of a type that is never shown, or was
 * served as something other than what its record declares.
 */
export async function fetchVerifiedFile(
  material: Material,
  signal?: AbortSignal,
): Promise<{ blob: Blob; type: string; mode: ShownMode }> {
  const url = materialFileUrl(material)
  if (!url || !isStudyHubUrl(url)) throw new UnverifiedFileError('Only files served by StudyHub can be kept here.')
  const mode = materialMode(material)
  if (mode === 'download') throw new UnverifiedFileError('This type of file can only be downloaded.')
  return { ...(await fetchVerifiedUrl(url, mode, signal)), mode }
}
