// Sizes and kinds of files as people say them: "PDF, 1 KB", never "795 bytes"
// or a MIME type. One formatter for every size the app shows (kept files, the
// storage this device keeps, a material's file).
import { baseType, extensionOf, UPLOAD_TYPES } from '#contract/uploads'

const UNITS = ['KB', 'MB', 'GB', 'TB'] as const

/** "1 KB" (anything under a kilobyte but nothing), "340 KB", "1.2 MB", "12 MB", "10.7 GB": decimal units, as phones count. */
export function formatFileSize(bytes: number): string {
  if (!(bytes > 0)) return '0 KB'
  let value = bytes / 1000
  let unit = 0
  while (value >= 999.5 && unit < UNITS.length - 1) {
    value /= 1000
    unit += 1
  }
  // Under 1 KB counts as 1 KB: a file is never "0 KB".
  if (unit === 0) return `${Math.max(1, Math.round(value))} KB`
  const shown = value < 9.95 ? value.toFixed(1).replace(/\.0$/, '') : String(Math.round(value))
  return `${shown} ${UNITS[unit]}`
}

const KIND: Record<string, string> = {
  'application/pdf': 'PDF',
  'image/png': 'PNG image',
  'image/jpeg': 'JPEG image',
  'image/webp': 'WebP image',
  'image/gif': 'GIF image',
  'text/plain': 'Text',
  'application/msword': 'Word',
  'application/vnd.openxmlformats-officedocument.wordprocessingml.document': 'Word',
  'application/vnd.ms-powerpoint': 'PowerPoint',
  'application/vnd.openxmlformats-officedocument.presentationml.presentation': 'PowerPoint',
  'application/vnd.ms-excel': 'Excel',
  'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet': 'Excel',
  'application/vnd.oasis.opendocument.text': 'OpenDocument text',
  'application/vnd.oasis.opendocument.presentation': 'OpenDocument slides',
  'application/vnd.oasis.opendocument.spreadsheet': 'OpenDocument sheet',
}

/** What kind of file: from its type, else from its name's extension; "File" when neither says. */
export function fileKind(type?: string, name?: string): string {
  const byType = KIND[baseType(type)]
  if (byType) return byType
  const ext = extensionOf(name ?? '')
  const named = Object.entries(UPLOAD_TYPES).find(([, exts]) => exts.includes(ext))?.[0]
  return (named && KIND[named]) ?? 'File'
}

/** "PDF, 1 KB"; the kind alone when the size is not known. */
export function describeFile({ type, name, size }: { type?: string; name?: string; size?: number }): string {
  return size === undefined ? fileKind(type, name) : `${fileKind(type, name)}, ${formatFileSize(size)}`
}
