// The notes read path. My Notes has one read model: the device's notes table
// (../offline/note-outbox.ts, read live by ../db/use-local-notes.ts), online
// or not. It must be the device's, not the query cache's: a note written or
// edited offline exists only there (with its outbox entry) until the server
// confirms it, and the screen must show it at once and after a reload.
//
// So this query is how the server's list reaches that table, not a second
// copy of it: its function fetches the list and merges it into the table
// (notes with unsent writes keep their local version), and its data is only
// what the merge needs the screen to know, never the notes. Its state still
// says whether the server answered (the screen's "saved on this device"
// notice). Unlike the sessions' and materials' queries it is not
// device-backed: its answer never comes from the device, the screen reads the
// device directly (docs/architecture/data-on-the-device.md).
import { queryOptions } from '@tanstack/react-query'
import { api } from '#shared/api/http-client'
import { queryKeys } from '#shared/api/query-keys'

/** What a merge of the server's list tells the screen. */
interface NotesMerged {
  /** How many notes the server listed: with none yet in the table, the screen waits for the merge to show. */
  listed: number
}

export const noteQueries = {
  byStudent: (email: string) =>
    queryOptions({
      queryKey: queryKeys.notes.ofStudent(email),
      queryFn: async ({ signal }): Promise<NotesMerged> => {
        const notes = await api('listStudentNotes', { params: { email }, signal })
        const { applyServerNotes } = await import('../offline/note-outbox')
        // A storage fault is reported by storageWrite and shown by the layout;
        // the table then keeps what it had.
        await applyServerNotes(email, notes).catch(() => undefined)
        return { listed: notes.length }
      },
      enabled: Boolean(email),
    }),
}
