// What a tutor may upload as a study material, and how the viewer may show a
// file of a given type. The viewer's rule: nothing uploaded ever runs script in
// the app's origin. Images and text are shown in a frame with `sandbox=""`
// (an opaque origin, no script), so even a file served with the wrong type is
// harmless; PDFs need an unsandboxed frame (see pdfFrameSource in
// src/features/materials); every other type is offered as a download only.

/** Stated in the upload form; checked before anything is sent. */
export const MAX_UPLOAD_BYTES = 10 * 1024 * 1024
export const MAX_UPLOAD_LABEL = '10 MB'

const ALLOWED: Readonly<Record<string, readonly string[]>> = {
  'application/pdf': ['.pdf'],
  'image/png': ['.png'],
  'image/jpeg': ['.jpg', '.jpeg'],
  'image/webp': ['.webp'],
  'image/gif': ['.gif'],
  'text/plain': ['.txt'],
}

/** For the file input's `accept`, so the picker offers only what will pass. */
export const UPLOAD_ACCEPT = Object.entries(ALLOWED)
  .flatMap(([type, extensions]) => [type, ...extensions])
  .join(',')

export const ALLOWED_TYPES_LABEL = 'PDF, PNG, JPEG, WebP, GIF or plain text'

export const FILE_TOO_LARGE_MESSAGE = `This file is too large. The limit is ${MAX_UPLOAD_LABEL}.`
export const FILE_TYPE_MESSAGE = `This type of file cannot be shown safely. Upload a ${ALLOWED_TYPES_LABEL} file.`
export const FILE_EMPTY_MESSAGE = 'This file is empty.'

function extensionOf(name: string): string {
  const dot = name.lastIndexOf('.')
  return dot < 0 ? '' : name.slice(dot).toLowerCase()
}

/**
 * Why a file may not be uploaded, or null when it may. Both the type the
 * browser reports and the name's extension must be allowed and agree, so an
 * `.html` renamed `.txt` or an HTML file labelled text/plain is refused.
 */
export function uploadProblem(file: { name: string; type: string; size: number }): string | null {
  const type = file.type.toLowerCase().split(';')[0]?.trim() ?? ''
  const extensions = ALLOWED[type]
  if (!extensions || !extensions.includes(extensionOf(file.name))) return FILE_TYPE_MESSAGE
  if (file.size > MAX_UPLOAD_BYTES) return FILE_TOO_LARGE_MESSAGE
  if (file.size === 0) return FILE_EMPTY_MESSAGE
  return null
}

export type ViewerMode = 'pdf' | 'image' | 'text' | 'download'

/** How the viewer shows a file of this (served or declared) type. */
export function viewerMode(type: string | null | undefined): ViewerMode {
  const t = (type ?? '').toLowerCase().split(';')[0]?.trim() ?? ''
  if (t === 'application/pdf') return 'pdf'
  if (t === 'image/png' || t === 'image/jpeg' || t === 'image/webp' || t === 'image/gif') return 'image'
  if (t === 'text/plain') return 'text'
  // HTML, SVG, scripts, archives, unknown: never displayed, only downloaded.
  return 'download'
}

/** A type for a file name when the record does not say (older records). */
export function typeFromName(name: string | null | undefined): string | undefined {
  const ext = extensionOf(name ?? '')
  return Object.entries(ALLOWED).find(([, exts]) => exts.includes(ext))?.[0]
}

export function formatBytes(bytes: number): string {
  if (bytes < 1024) return `${bytes} B`
  if (bytes < 1024 * 1024) return `${(bytes / 1024).toFixed(1)} KB`
  return `${(bytes / (1024 * 1024)).toFixed(1)} MB`
}
