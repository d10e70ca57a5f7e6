// The notes feature's table in the app database (src/shared/db/app-db.ts),
// and its kind of outbox entry: what a note looks like on this device and
// what a note's unsent write carries. Declared here, registered by the app at
// its start (src/app/device-tables.ts); read and written by ../offline/.
import type { EntityTable } from 'dexie'
import type { Note } from '#contract/entities'
import type { AppDb, OutboxEntry } from '#shared/db/app-db'
import type { DeviceTables } from '#shared/db/device-tables'

/** A note as this device knows it; `pending` while a local write is unsent. */
export type LocalNote = Note & {
  pending?: OutboxOperation
  /** Why the server refused the last attempt; kept until retried or discarded. */
  error?: string
  /**
   * Set when this device's edit met a newer one from another device: the
   * note's own text is this device's, `theirs` the server's (null when the
   * other device deleted it). Kept, and nothing sent, until the student chooses.
   */
  conflict?: { theirs: Note | null }
}

export type OutboxOperation = 'create' | 'update' | 'delete'

/** The notes' kind of outbox entry. */
export const NOTE_KIND = 'note'

/** What a note's create, edit or delete sends; the entry's subject is the note's id. */
export interface NoteWrite {
  op: OutboxOperation
  body: { title?: string; description?: string; email?: string }
  /**
   * The note's revision this write is based on, fixed when it is first sent:
   * a retry after a lost answer names the same one.
   */
  baseRevision?: number
}

export type NoteOutboxEntry = OutboxEntry<NoteWrite> & { kind: typeof NOTE_KIND }

export type NotesDb = AppDb & { notes: EntityTable<LocalNote, '_id'> }

export const noteTables: DeviceTables = {
  versions: { 6: { notes: '_id, email, createdAt' } },
  // Before version 6 a note's write named its note in `noteId`; before version 4 every entry was a note's, with no kind.
  outboxKindsBefore6: [{ kind: NOTE_KIND, subjectField: 'noteId', withoutKind: true }],
}
