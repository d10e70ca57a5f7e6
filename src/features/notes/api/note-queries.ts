// The notes read path. The server's list is fetched through noteQueries and,
// once it arrives, written into the device's notes table (without touching
// notes that have unsent writes); screens show that table (../db), so My
// Notes reads the same whether online or not.
import { queryOptions } from '@tanstack/react-query'
import { api } from '../../../shared/api/http-client'
import { queryKeys } from '../../../shared/api/query-keys'

export const noteQueries = {
  byStudent: (email: string) =>
    queryOptions({
      queryKey: queryKeys.notes.ofStudent(email),
      queryFn: async ({ signal }) => {
        const notes = await api('listStudentNotes', { params: { email }, signal })
        const { applyServerNotes } = await import('../offline/note-outbox')
        // A storage fault is reported by storageWrite and shown by the layout;
        // the server's answer is still good for this render.
        await applyServerNotes(email, notes).catch(() => undefined)
        return notes
      },
      enabled: Boolean(email),
    }),
}
