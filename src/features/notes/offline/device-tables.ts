// The notes feature's table on the device (`notes`), as logging out sees it:
// how many of a user's note writes are unsent, and `forget`. The app's wipe
// (src/app/device-data.ts) calls every owner's `forget` in turn; this one
// knows only the notes (the outbox's entries, of every kind, are forgotten by
// its own owner, src/shared/offline/outbox.ts). Loaded on demand (Dexie
// stays out of the first page).
//
// One thing stays: the notes of someone else's unsent writes, whose session
// ended without their asking (a dead token). Those belong to them alone, are
// never shown to or sent for anyone else (both go by the entry's email), and
// go out at their next sign-in.
import { storageWrite } from '#shared/db/storage-faults'
import type { NotesDb } from '../db/note-tables'
import { isNoteEntry, notesDb, unsentCount } from './note-outbox'

/** How many note writes of this user have not reached the server. */
export function unsentNoteWrites(email: string, db: NotesDb = notesDb): Promise<number> {
  return unsentCount(email, db)
}

/** Removes every note but those of someone else's unsent writes (`email` is logging out). */
export function forget(email: string, db: NotesDb = notesDb): Promise<void> {
  return storageWrite(() =>
    db.transaction('rw', [db.outbox, db.notes], async () => {
      const othersUnsent = await db.outbox.where('email').notEqual(email).toArray()
      const kept = new Set(othersUnsent.filter(isNoteEntry).map((entry) => entry.subject))
      await db.notes.filter((note) => !kept.has(note._id)).delete()
    }),
  )
}
