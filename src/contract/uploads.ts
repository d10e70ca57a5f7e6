// What a tutor may upload as a study material: one list for the upload form
// (checked before sending), and both servers (checked again on the bytes,
// since a client can claim any type). docs/rules/materials.md.
import { MAX_FILE_BYTES } from './limits'

export const UPLOAD_TYPES: Readonly<Record<string, readonly string[]>> = {
  'application/pdf': ['.pdf'],
  'image/png': ['.png'],
  'image/jpeg': ['.jpg', '.jpeg'],
  'image/webp': ['.webp'],
  'image/gif': ['.gif'],
  'text/plain': ['.txt'],
}

export const MAX_UPLOAD_LABEL = `${MAX_FILE_BYTES / (1024 * 1024)} MB`
export const ALLOWED_TYPES_LABEL = 'PDF, PNG, JPEG, WebP, GIF or plain text'
export const FILE_TOO_LARGE_MESSAGE = `This file is too large. The limit is ${MAX_UPLOAD_LABEL}.`
export const FILE_TYPE_MESSAGE = `This type of file cannot be shown safely. Upload a ${ALLOWED_TYPES_LABEL} file.`
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
  const extensions = UPLOAD_TYPES[baseType(file.type)]
  if (!extensions || !extensions.includes(extensionOf(file.name))) return FILE_TYPE_MESSAGE
  if (file.size > MAX_FILE_BYTES) return FILE_TOO_LARGE_MESSAGE
  if (file.size === 0) return FILE_EMPTY_MESSAGE
  return null
}

const startsWith = (bytes: Uint8Array, signature: readonly number[], at = 0) =>
  signature.every((b, i) => bytes[at + i] === b)
const ascii = (text: string) => Array.from(text, (c) => c.charCodeAt(0))

/** Whether the first bytes are what the type says: the servers' own check, whatever the client claimed. */
export function contentMatchesType(bytes: Uint8Array, type: string): boolean {
  switch (baseType(type)) {
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
    default:
      return false
  }
}
