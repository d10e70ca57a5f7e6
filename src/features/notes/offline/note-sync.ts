// The notes' kind of outbox entry
// (docs/decisions/0062-one-outbox-for-notes-and-cancels.md): how the shared
// sync engine (src/shared/offline/outbox-sync.ts) sends a note's create, edit
// or delete, and what the answer does to the note (./note-outbox.ts).
//
// An edit or delete is sent with the revision it was made on (If-Match),
// fixed when the entry is first claimed. When the server refuses it because
// the note moved on (409 with the note) or is gone (404 to an edit), the note
// keeps both texts as a conflict (./note-conflicts.ts); a delete of a note the
// server no longer has (404) is what was wanted. A 2xx confirms the entry and
// the note, at the revision the server answered.
import { api } from '#shared/api/http-client'
import type { ApiError } from '#shared/api/api-error'
import type { NoteOutboxEntry } from '#shared/db/app-db'
import type { OutboxKind } from '#shared/offline/outbox'
import {
  createOutboxSync,
  requestOutboxSync,
  type FlushResult,
  type OutboxSyncOptions,
} from '#shared/offline/outbox-sync'
import type { NoteConflict, Note } from '#contract/entities'
import { recordConflict } from './note-conflicts'
import { confirmEntry, refuseEntry } from './note-outbox'

/** Sends one note entry; rejects with ApiError as the HTTP client does. */
export type SendEntry = (entry: NoteOutboxEntry) => Promise<unknown>

export const sendEntry: SendEntry = (entry) => {
  const text = { title: entry.body.title ?? '', description: entry.body.description ?? '' }
  const idempotencyKey = entry.idempotencyKey
  switch (entry.op) {
    case 'create':
      return api('createNote', { body: { email: entry.email, ...text, _id: entry.noteId }, idempotencyKey })
    case 'update':
      return api('updateNote', {
        params: { id: entry.noteId },
        body: text,
        idempotencyKey,
        ifMatch: entry.baseRevision,
      })
    case 'delete':
      return api('deleteNote', { params: { id: entry.noteId }, idempotencyKey, ifMatch: entry.baseRevision })
  }
}

/**
 * The server's copy when `error` says another device got there first: the
 * note as it is now (409), or null when an edit found it deleted (404).
 * undefined when the error is something else.
 */
function theirsOf(entry: NoteOutboxEntry, error: ApiError): Note | null | undefined {
  if (entry.op === 'create') return undefined
  if (error.status === 404 && entry.op === 'update') return null
  const note = (error.data as Partial<NoteConflict> | undefined)?.note
  return error.status === 409 && note && typeof note === 'object' ? note : undefined
}

const revisionOf = (answer: unknown): number | undefined => {
  const revision = (answer as { revision?: unknown } | undefined)?.revision
  return typeof revision === 'number' ? revision : undefined
}

export const noteKind: OutboxKind<NoteOutboxEntry> = {
  subject: (entry) => entry.noteId,
  tables: ['notes'],
  // The note's earlier writes are all confirmed by now, so its revision is
  // the one this write was made on.
  claimed: async (entry, db) =>
    entry.op === 'create' || entry.baseRevision !== undefined
      ? entry
      : { ...entry, baseRevision: (await db.notes.get(entry.noteId))?.revision },
  send: sendEntry,
  async settle(entry, error, db) {
    const theirs = theirsOf(entry, error)
    if (theirs !== undefined) {
      await recordConflict(entry, theirs, db)
      return 'conflict'
    }
    // Deleting what the server no longer has is what was wanted.
    if (entry.op === 'delete' && error.status === 404) {
      await confirmEntry(entry, db)
      return 'sent'
    }
    return undefined
  },
  confirm: (entry, answer, db) => confirmEntry(entry, db, revisionOf(answer)),
  refuse: (entry, reason, db) => refuseEntry(entry, reason, db),
}

/** An engine that sends notes only, through `send` (tests play lost and doubled answers with it). */
export function createNoteSync({
  send = sendEntry,
  ...options
}: Omit<OutboxSyncOptions, 'kinds'> & { send?: SendEntry | undefined }) {
  return createOutboxSync({ ...options, kinds: { note: { ...noteKind, send } } })
}

/** Asks for a send now, right after a local write. */
export function requestNoteSync(email: string): Promise<FlushResult> {
  return requestOutboxSync(email, { note: noteKind })
}
