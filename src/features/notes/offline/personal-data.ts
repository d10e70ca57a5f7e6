// What logging out removes from the device: the notes outbox and notes, the
// downloaded materials and their files, and the approved sessions and reviews
// kept for offline reading, so the next person on this device sees nothing of
// the last one's and no write of theirs is ever sent under another token.
// Loaded on demand by the app (src/app/device-data.ts; Dexie stays out of the first page).
//
// One thing stays: the unsent note writes of someone else, whose session
// ended without their asking (a dead token). Those belong to them alone, are
// never shown to or sent for anyone else (both go by the entry's email), and
// go out at their next sign-in.
import { appDb, type AppDb } from '../../../shared/db/app-db'
import { clearApprovedSessions } from '../../../shared/db/approved-sessions'
import { storageWrite } from '../../../shared/db/storage-faults'
import { forgetDrafts } from '../../../shared/drafts/form-draft'
import { unsentCount } from './note-outbox'

/** How many note writes of this user have not reached the server. */
export function unsentNoteWrites(email: string, db: AppDb = appDb): Promise<number> {
  return unsentCount(email, db)
}

/** Removes the personal data of `email` (who is logging out) from this device, and everything not someone else's unsent write. */
export async function forgetPersonalData(email: string, db: AppDb = appDb): Promise<void> {
  // Form drafts in this tab's session storage are personal too.
  forgetDrafts()
  await storageWrite(() =>
    db.transaction('rw', [db.outbox, db.notes, db.materials, db.materialFiles], async () => {
      const othersUnsent = await db.outbox.where('email').notEqual(email).toArray()
      const kept = new Set(othersUnsent.map((entry) => entry.noteId))
      await db.outbox.where('email').equals(email).delete()
      await db.notes.filter((note) => !kept.has(note._id)).delete()
      await db.materials.clear()
      await db.materialFiles.clear()
    }),
  )
  await clearApprovedSessions(db)
}
