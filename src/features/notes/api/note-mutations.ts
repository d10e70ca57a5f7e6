// The notes write path. Every write is stored on the device first, with its
// outbox entry, then sent by the sync engine (../offline): a write made
// offline is never lost, and a screen never waits for the network to show it.
// A hook resolves once the write is stored on the device (or rejects with the
// storage fault), not when the server has it.
import { mutationOptions } from '@tanstack/react-query'
import { queryKeys } from '#shared/api/query-keys'
import type { LocalNote } from '../db/note-tables'
import { resolveConflict, type Resolution } from '../offline/note-conflicts'
import { discardNote, queueCreate, queueDelete, queueUpdate, retryNote } from '../offline/note-outbox'
import { requestNoteSync } from '../offline/note-sync'

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

/** Settles a note changed on two devices as the student chose, and sends what that needs. */
async function resolveNote({ id, email, resolution }: { id: string; email: string; resolution: Resolution }) {
  await resolveConflict(email, id, resolution)
  void requestNoteSync(email)
}

// Local writes: they never wait for the network. A retry or a discard changes
// what the server's list should show, so that list is fetched again.
export const noteMutations = {
  create: () => mutationOptions({ mutationFn: createNote, networkMode: 'always' }),
  update: () => mutationOptions({ mutationFn: updateNote, networkMode: 'always' }),
  remove: () => mutationOptions({ mutationFn: deleteNote, networkMode: 'always' }),
  retry: () =>
    mutationOptions({
      mutationFn: retryNoteWrites,
      networkMode: 'always',
      meta: { invalidates: [queryKeys.notes.all] },
    }),
  resolve: () => mutationOptions({ mutationFn: resolveNote, networkMode: 'always' }),
  /** Gives up a note's unsent writes; the server's list then brings back its copy there. */
  discard: () =>
    mutationOptions({
      mutationFn: ({ id }: { id: string }) => discardNote(id),
      networkMode: 'always',
      meta: { invalidates: [queryKeys.notes.all] },
    }),
}
