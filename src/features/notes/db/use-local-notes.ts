// The notes this device holds for a student, live: any write (this tab's,
// another tab's, the sync engine's) re-renders the screen. Reads only; the
// writes are in ../offline/note-outbox.ts.
import { useLiveQuery } from 'dexie-react-hooks'
import type { LocalNote } from '#shared/db/app-db'
import { readLocalNotes } from '../offline/note-outbox'

/** undefined until the first read has answered. */
export function useLocalNotes(email: string): LocalNote[] | undefined {
  return useLiveQuery(() => (email ? readLocalNotes(email) : []), [email])
}
