// The notes write path. Every write is stored on the device first, with its
// outbox entry, then sent by the sync engine (../offline): a write made
// offline is never lost, and a screen never waits for the network to show it.
// A hook resolves once the write is stored on the device (or rejects with the
// storage fault), not when the server has it.
import { useMutation, useQueryClient } from '@tanstack/react-query'
import type { LocalNote } from '../../../shared/db/app-db'
import { discardNote, queueCreate, queueDelete, queueUpdate, retryNote } from '../offline/note-outbox'
import { requestNoteSync } from '../offline/note-sync'
import { noteQueries } from './note-queries'

export interface NoteInput {
  title: string
  description: string
}

/** Stores a new note; `id` is the draft's note id, the same for every submit of one draft. */
async function createNote(input: NoteInput & { email: string; id: string }): Promise<LocalNote> {
  const note = await queueCreate(input.email, { id: input.id, title: input.title, description: input.description })
  void requestNoteSync(input.email)
  return note
}

async function updateNote({ id, email, ...text }: NoteInput & { id: string; email: string }): Promise<void> {
  await queueUpdate(email, id, text)
  void requestNoteSync(email)
}

async function deleteNote({ id, email }: { id: string; email: string }): Promise<void> {
  await queueDelete(email, id)
  void requestNoteSync(email)
}

/** Sends a refused note's writes again. */
async function retryNoteWrites({ id, email }: { id: string; email: string }): Promise<void> {
  await retryNote(id)
  await requestNoteSync(email)
}

function useInvalidateNotes() {
  const queryClient = useQueryClient()
  return () => queryClient.invalidateQueries({ queryKey: noteQueries.all() })
}

export function useCreateNote() {
  return useMutation({ mutationFn: createNote, networkMode: 'always' })
}

export function useUpdateNote() {
  return useMutation({ mutationFn: updateNote, networkMode: 'always' })
}

export function useDeleteNote() {
  return useMutation({ mutationFn: deleteNote, networkMode: 'always' })
}

export function useRetryNote() {
  const invalidate = useInvalidateNotes()
  return useMutation({ mutationFn: retryNoteWrites, onSettled: invalidate, networkMode: 'always' })
}

/** Gives up a note's unsent writes; the server's list then brings back its copy there. */
export function useDiscardNote() {
  const invalidate = useInvalidateNotes()
  return useMutation({
    mutationFn: ({ id }: { id: string }) => discardNote(id),
    onSettled: invalidate,
    networkMode: 'always',
  })
}
