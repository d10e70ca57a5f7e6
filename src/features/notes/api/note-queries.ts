// The notes read path. My Notes shows the notes this device holds
// (../offline/note-outbox.ts), online or not, read through the query cache as
// every answer is (`onDevice`, a device query: any write to the notes, by
// this tab, another tab or the sync engine, refreshes it). It must be the
// device's, not the server's list: a note written or edited offline exists
// only there (with its outbox entry) until the server confirms it, and the
// screen must show it at once and after a reload.
//
// The server's list reaches the device through `byStudent`: its function
// fetches the list and merges it into the device's table (notes with unsent
// writes keep their local version), and hands the merged notes to `onDevice`
// before it answers, so the screen never shows the list between the two. Its
// state still says whether the server answered (the screen's "saved on this
// device" notice), and a merge that could not be stored fails it with the
// storage's reason. Its data is only how many notes the server listed.
import { queryOptions } from '@tanstack/react-query'
import { api } from '#shared/api/http-client'
import { queryKeys } from '#shared/api/query-keys'
import { deviceQuery } from '#shared/offline/device-query'

// The device's notes bring Dexie: loaded when first read.
const notesOnDevice = () => import('../offline/note-outbox')

export const noteQueries = {
  onDevice: (email: string) =>
    deviceQuery({
      queryKey: queryKeys.notes.onDevice(email),
      tables: ['notes'],
      read: async () => (await notesOnDevice()).readLocalNotes(email),
    }),
  byStudent: (email: string) =>
    queryOptions({
      queryKey: queryKeys.notes.ofStudent(email),
      queryFn: async ({ signal, client }): Promise<number> => {
        const notes = await api('listStudentNotes', { params: { email }, signal })
        const { applyServerNotes, readLocalNotes } = await notesOnDevice()
        await applyServerNotes(email, notes)
        client.setQueryData(queryKeys.notes.onDevice(email), await readLocalNotes(email))
        return notes.length
      },
      enabled: Boolean(email),
    }),
}
