// What a tutor may upload as a study material: one list for the upload form
// (checked before sending), and both servers (checked again on the bytes,
// since a client can claim any type). docs/rules/materials.md.
import { MAX_FILE_BYTES } from './limits'

/** Shown in the app's viewer. */
const VIEWABLE_TYPES: Readonly<Record<string, readonly string[]>> = {
  'application/pdf': ['.pdf'],
  'image/png': ['.png'],
  'image/jpeg': ['.jpg', '.jpeg'],
  'image/webp': ['.webp'],
  'image/gif': ['.gif'],
  'text/plain': ['.txt'],
}

/** Slides, documents and sheets: stored and offered as downloads, never opened in the app. */
const DOWNLOAD_ONLY_TYPES: Readonly<Record<string, readonly string[]>> = {
  'application/msword': ['.doc'],
  'application/vnd.openxmlformats-officedocument.wordprocessingml.document': ['.docx'],
  'application/vnd.ms-powerpoint': ['.ppt'],
  'application/vnd.openxmlformats-officedocument.presentationml.presentation': ['.pptx'],
  'application/vnd.ms-excel': ['.xls'],
  'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet': ['.xlsx'],
  'application/vnd.oasis.opendocument.text': ['.odt'],
  'application/vnd.oasis.opendocument.presentation': ['.odp'],
  'application/vnd.oasis.opendocument.spreadsheet': ['.ods'],
}

export const UPLOAD_TYPES: Readonly<Record<string, readonly string[]>> = { ...VIEWABLE_TYPES, ...DOWNLOAD_ONLY_TYPES }

export const MAX_UPLOAD_LABEL = `${MAX_FILE_BYTES / (1024 * 1024)} MB`
const VIEWABLE_TYPES_LABEL = 'PDF, PNG, JPEG, WebP, GIF or plain text'
const DOWNLOAD_ONLY_LABEL = 'Word, PowerPoint, Excel or OpenDocument'
export const ALLOWED_TYPES_LABEL = `${VIEWABLE_TYPES_LABEL} (open in the app), or ${DOWNLOAD_ONLY_LABEL} (download only)`
export const FILE_TOO_LARGE_MESSAGE = `This file is too large. The limit is ${MAX_UPLOAD_LABEL}.`
export const FILE_TYPE_MESSAGE = `This type of file cannot be shared safely. Upload a ${VIEWABLE_TYPES_LABEL} file, or a ${DOWNLOAD_ONLY_LABEL} file.`
export const FILE_EMPTY_MESSAGE = 'This file is empty.'
export const FILE_CONTENT_MESSAGE = 'The file’s content does not match its type.'

export function extensionOf(name: string): string {
  const dot = name.lastIndexOf('.')
  return dot < 0 ? '' : name.slice(dot).toLowerCase()
}

export function baseType(type: string | null | undefined): string {
  return (type ?? '').toLowerCase().split(';')[0]?.trim() ?? ''
}

/**
 * Why a file may not be uploaded, or null when it may. Both the type the
 * browser reports and the name's extension must be allowed and agree, so an
 * `.html` renamed `.txt` or an HTML file labelled text/plain is refused.
 */
export function uploadProblem(file: { name: string; type: string; size: number }): string | null {
  const extensions = UPLOAD_TYPES[uploadType(file)]
  if (!extensions || !extensions.includes(extensionOf(file.name))) return FILE_TYPE_MESSAGE
  if (file.size > MAX_FILE_BYTES) return FILE_TOO_LARGE_MESSAGE
  if (file.size === 0) return FILE_EMPTY_MESSAGE
  return null
}

/**
 * The type an upload is taken as: the one the browser reports, or, when it
 * reports none (common for office files), the one its extension names.
 */
export function uploadType(file: { name: string; type: string }): string {
  const reported = baseType(file.type)
  if (reported && reported !== 'application/octet-stream') return reported
  const ext = extensionOf(file.name)
  return Object.entries(UPLOAD_TYPES).find(([, exts]) => exts.includes(ext))?.[0] ?? reported
}

const startsWith = (bytes: Uint8Array, signature: readonly number[], at = 0) =>
  signature.every((b, i) => bytes[at + i] === b)
const ascii = (text: string) => Array.from(text, (c) => c.charCodeAt(0))

/** Whether the first bytes are what the type says: the servers' own check, whatever the client claimed. */
export function contentMatchesType(bytes: Uint8Array, declared: string): boolean {
  switch (baseType(declared)) {
    case 'application/pdf':
      return startsWith(bytes, ascii('%PDF-'))
    case 'image/png':
      return startsWith(bytes, [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])
    case 'image/jpeg':
      return startsWith(bytes, [0xff, 0xd8, 0xff])
    case 'image/gif':
      return startsWith(bytes, ascii('GIF87a')) || startsWith(bytes, ascii('GIF89a'))
    case 'image/webp':
      return startsWith(bytes, ascii('RIFF')) && startsWith(bytes, ascii('WEBP'), 8)
    case 'text/plain': {
      // Text is valid UTF-8 without NUL bytes, and is not markup in disguise.
      if (bytes.includes(0)) return false
      try {
        const head = new TextDecoder('utf-8', { fatal: true }).decode(bytes.subarray(0, 4096)).trimStart()
        return !/^<(!doctype|html|script|svg|\?xml)/i.test(head)
      } catch {
        // A multi-byte character cut at 4096 bytes is still text.
        return bytes.length > 4096
      }
    }
    default: {
      const type = baseType(declared)
      if (!(type in DOWNLOAD_ONLY_TYPES)) return false
      // Office Open XML and OpenDocument files are ZIP archives; the older Office formats are OLE2 compound files.
      return (
        startsWith(bytes, [0x50, 0x4b, 0x03, 0x04]) ||
        startsWith(bytes, [0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1])
      )
    }
  }
}
