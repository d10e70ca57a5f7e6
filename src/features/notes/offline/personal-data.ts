// What logging out removes from the device: the notes outbox and notes, the
// downloaded materials and their files, and the approved sessions and reviews
// kept for offline reading, so the next person on this device sees nothing of
// the last one's and no write of theirs is ever sent under another token.
// Loaded on demand by the auth session (Dexie stays out of the first page).
import { appDb, type AppDb } from '../../../shared/db/app-db'
import { clearApprovedSessions } from '../../../shared/db/approved-sessions'
import { storageWrite } from '../../../shared/db/storage-faults'
import { forgetDrafts } from '../../../shared/drafts/form-draft'
import { unsentCount } from './note-outbox'

/** How many note writes of this user have not reached the server. */
export function unsentNoteWrites(email: string, db: AppDb = appDb): Promise<number> {
  return unsentCount(email, db)
}

/** Removes every user's personal data from this device. */
export async function forgetPersonalData(db: AppDb = appDb): Promise<void> {
  // Form drafts in this tab's session storage are personal too.
  forgetDrafts()
  await storageWrite(() =>
    db.transaction('rw', [db.outbox, db.notes, db.materials, db.materialFiles], async () => {
      await db.outbox.clear()
      await db.notes.clear()
      await db.materials.clear()
      await db.materialFiles.clear()
    }),
  )
  await clearApprovedSessions(db)
}
