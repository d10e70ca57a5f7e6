// The notes write path. Every write is stored on the device first, with its
// outbox entry, then sent by the sync engine (../offline): a write made
// offline is never lost, and a screen never waits for the network to show it.
// A hook resolves once the write is stored on the device (or rejects with the
// storage fault), not when the server has it.
import { mutationOptions } from '@tanstack/react-query'
import { queryKeys } from '#shared/api/query-keys'
import type { LocalNote } from '../db/note-tables'
import { resolveConflict, type Resolution } from '../offline/note-conflicts'
import { UNDO_HOLD_MS } from '#shared/offline/undo-time'
import {
  discardNote,
  queueCreate,
  queueDelete,
  queueUpdate,
  retryNote,
  undoDelete,
  type DeleteUndo,
} from '../offline/note-outbox'
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

/** Deletes on the device; held back from the server while its toast offers Undo. Resolves to what Undo needs. */
async function deleteNote({ id, email }: { id: string; email: string }): Promise<DeleteUndo | undefined> {
  const now = Date.now()
  const undo = await queueDelete(email, id, undefined, now, now + UNDO_HOLD_MS)
  void requestNoteSync(email)
  return undo
}

/** Puts a deleted note back while its delete has not gone out; false once it has. */
async function undoNoteDelete({ undo, email }: { undo: DeleteUndo; email: string }): Promise<boolean> {
  const done = await undoDelete(undo)
  // A create or edit it put back waits to be sent again.
  if (done) void requestNoteSync(email)
  return done
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
  undoRemove: () => mutationOptions({ mutationFn: undoNoteDelete, networkMode: 'always' }),
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
