// Conflicts (docs/decisions/0060-note-revisions-and-conflicts.md): an edit
// sent with the revision it was made on meets a newer one from another device
// (409), or finds the note deleted there (404). Nothing is sent again and
// neither text is dropped: the note keeps this device's text and the server's
// copy beside it (`conflict.theirs`), until the student keeps one, keeps both
// as two notes, or writes a merge. A delete that meets a newer edit gives way
// to the edit: the note comes back with the other device's text.
import type { Note } from '#contract/entities'
import { storageWrite } from '#shared/db/storage-faults'
import type { NoteOutboxEntry, NotesDb } from '../db/note-tables'
import { entriesOf, newNoteId, noteEntry, notesDb, refreshMark, storeNew, type NoteText } from './note-outbox'

export type Resolution = { keep: 'mine' } | { keep: 'theirs' } | { keep: 'both' } | { keep: 'merged'; text: NoteText }

/**
 * The server refused `entry` because the note moved on (`theirs`, its copy
 * now) or is gone (null). The note's unsent writes are dropped, never resent:
 * what they wrote is the note's own text, kept as this device's side.
 */
export function recordConflict(entry: NoteOutboxEntry, theirs: Note | null, db: NotesDb = notesDb): Promise<void> {
  return storageWrite(() =>
    db.transaction('rw', db.notes, db.outbox, async () => {
      const entries = await entriesOf(db, entry.subject)
      await db.outbox.bulkDelete(entries.map((e) => e.seq!))
      const note = await db.notes.get(entry.subject)
      if (!note) return
      if (entries.some((e) => e.payload.op === 'delete')) {
        // The student let this note go; the other device's newer text stays.
        if (theirs) await db.notes.put(theirs)
        else await db.notes.delete(note._id)
        return
      }
      await db.notes.put({ ...note, pending: undefined, error: undefined, conflict: { theirs } })
    }),
  )
}

/** Settles a conflict as the student chose; what is to reach the server goes into the outbox. */
export function resolveConflict(
  email: string,
  noteId: string,
  resolution: Resolution,
  db: NotesDb = notesDb,
  now = Date.now(),
): Promise<void> {
  return storageWrite(() =>
    db.transaction('rw', db.notes, db.outbox, async () => {
      const note = await db.notes.get(noteId)
      if (!note?.conflict || note.email !== email) return
      const { theirs } = note.conflict
      const mine: NoteText = { title: note.title, description: note.description }
      if (resolution.keep === 'theirs' || (resolution.keep === 'both' && theirs)) {
        if (theirs) await db.notes.put(theirs)
        else await db.notes.delete(noteId)
        if (resolution.keep === 'both') await storeNew(db, email, newNoteId(), mine, now)
        return
      }
      const text = resolution.keep === 'merged' ? resolution.text : mine
      if (!theirs) {
        // Deleted on the other device: this device's text becomes a new note.
        // A new id, because the server takes only a device's UUID as a
        // note's id, and a note made elsewhere has one of the server's.
        await db.notes.delete(noteId)
        await storeNew(db, email, newNoteId(), text, now)
        return
      }
      await db.notes.put({ ...theirs, ...text, updatedAt: new Date(now).toISOString() })
      // Made on the server's copy the student has just seen.
      await db.outbox.add(
        noteEntry(email, noteId, { op: 'update', body: { ...text }, baseRevision: theirs.revision }, now),
      )
      await refreshMark(db, noteId)
    }),
  )
}
