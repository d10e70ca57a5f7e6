import type { NoteInput } from './api/note-mutations'

export const CREATE_NOTE_REQUIRED = 'Please provide title and description'
export const EDIT_NOTE_REQUIRED = 'Both fields are required'

/** The trimmed note, or null when either field is blank (docs/product.md#validation). */
export function cleanNote(input: NoteInput): NoteInput | null {
  const title = input.title.trim()
  const description = input.description.trim()
  return title && description ? { title, description } : null
}
