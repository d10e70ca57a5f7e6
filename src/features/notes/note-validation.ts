import type { FieldProblem } from '#shared/ui/field-problems'
import type { NoteInput } from './api/note-mutations'

export const CREATE_NOTE_REQUIRED = 'Please provide title and description'
export const EDIT_NOTE_REQUIRED = 'Both fields are required'

/** The trimmed note, or null when either field is blank (docs/product.md#validation). */
export function cleanNote(input: NoteInput): NoteInput | null {
  const title = input.title.trim()
  const description = input.description.trim()
  return title && description ? { title, description } : null
}

/** The blank fields of a note, with the form's message (shown under the first of them). */
export function noteProblems(input: NoteInput, message: string): FieldProblem<'title' | 'description'>[] {
  const blank = (['title', 'description'] as const).filter((field) => !input[field].trim())
  return blank.length > 0 ? [{ message, fields: blank }] : []
}
