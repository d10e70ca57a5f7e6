// The notes feature's tables on the device (`notes`, `outbox`), as logging out
// sees them: how many of a user's writes are unsent, and `forget`. The app's
// wipe (src/app/device-data.ts) calls every owner's `forget` in turn; this one
// knows only the notes. Loaded on demand (Dexie stays out of the first page).
//
// One thing stays: the unsent note writes of someone else, whose session
// ended without their asking (a dead token). Those belong to them alone, are
// never shown to or sent for anyone else (both go by the entry's email), and
// go out at their next sign-in.
import { appDb, type AppDb } from '#shared/db/app-db'
import { storageWrite } from '#shared/db/storage-faults'
import { unsentCount } from './note-outbox'

/** How many note writes of this user have not reached the server. */
export function unsentNoteWrites(email: string, db: AppDb = appDb): Promise<number> {
  return unsentCount(email, db)
}

/** Removes the notes and outbox entries of `email` (who is logging out), and every note not someone else's unsent write. */
export function forget(email: string, db: AppDb = appDb): Promise<void> {
  return storageWrite(() =>
    db.transaction('rw', [db.outbox, db.notes], async () => {
      const othersUnsent = await db.outbox.where('email').notEqual(email).toArray()
      const kept = new Set(othersUnsent.map((entry) => entry.noteId))
      await db.outbox.where('email').equals(email).delete()
      await db.notes.filter((note) => !kept.has(note._id)).delete()
    }),
  )
}
