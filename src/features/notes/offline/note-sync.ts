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
import type { AppDb } from '#shared/db/app-db'
import type { OutboxKind } from '#shared/offline/outbox'
import {
  createOutboxSync,
  requestOutboxSync,
  type FlushResult,
  type OutboxSyncOptions,
} from '#shared/offline/outbox-sync'
import type { NoteConflict, Note } from '#contract/entities'
import { NOTE_KIND, type NoteOutboxEntry, type NotesDb } from '../db/note-tables'
import { recordConflict } from './note-conflicts'
import { confirmEntry, refuseEntry } from './note-outbox'

/** Sends one note entry; rejects with ApiError as the HTTP client does. */
export type SendEntry = (entry: NoteOutboxEntry) => Promise<unknown>

export const sendEntry: SendEntry = ({ email, subject: id, payload, idempotencyKey }) => {
  const text = { title: payload.body.title ?? '', description: payload.body.description ?? '' }
  switch (payload.op) {
    case 'create':
      return api('createNote', { body: { email, ...text, _id: id }, idempotencyKey })
    case 'update':
      return api('updateNote', { params: { id }, body: text, idempotencyKey, ifMatch: payload.baseRevision })
    case 'delete':
      return api('deleteNote', { params: { id }, idempotencyKey, ifMatch: payload.baseRevision })
  }
}

/**
 * The server's copy when `error` says another device got there first: the
 * note as it is now (409), or null when an edit found it deleted (404).
 * undefined when the error is something else.
 */
function theirsOf({ payload }: NoteOutboxEntry, error: ApiError): Note | null | undefined {
  if (payload.op === 'create') return undefined
  if (error.status === 404 && payload.op === 'update') return null
  const note = (error.data as Partial<NoteConflict> | undefined)?.note
  return error.status === 409 && note && typeof note === 'object' ? note : undefined
}

const revisionOf = (answer: unknown): number | undefined => {
  const revision = (answer as { revision?: unknown } | undefined)?.revision
  return typeof revision === 'number' ? revision : undefined
}

/** The engine's database, with the notes' table the notes' kind reads and writes. */
const notesIn = (db: AppDb) => db as NotesDb

export const noteKind: OutboxKind<NoteOutboxEntry> = {
  tables: ['notes'],
  // The note's earlier writes are all confirmed by now, so its revision is
  // the one this write was made on.
  claimed: async (entry, db) =>
    entry.payload.op === 'create' || entry.payload.baseRevision !== undefined
      ? entry
      : {
          ...entry,
          payload: { ...entry.payload, baseRevision: (await notesIn(db).notes.get(entry.subject))?.revision },
        },
  send: sendEntry,
  async settle(entry, error, db) {
    const theirs = theirsOf(entry, error)
    if (theirs !== undefined) {
      await recordConflict(entry, theirs, notesIn(db))
      return 'conflict'
    }
    // Deleting what the server no longer has is what was wanted.
    if (entry.payload.op === 'delete' && error.status === 404) {
      await confirmEntry(entry, notesIn(db))
      return 'sent'
    }
    return undefined
  },
  confirm: (entry, answer, db) => confirmEntry(entry, notesIn(db), revisionOf(answer)),
  refuse: (entry, reason, db) => refuseEntry(entry, reason, notesIn(db)),
}

/** An engine that sends notes only, through `send` (tests play lost and doubled answers with it). */
export function createNoteSync({
  send = sendEntry,
  ...options
}: Omit<OutboxSyncOptions, 'kinds'> & { send?: SendEntry | undefined }) {
  return createOutboxSync({ ...options, kinds: { [NOTE_KIND]: { ...noteKind, send } } })
}

/** Asks for a send now, right after a local write. */
export function requestNoteSync(email: string): Promise<FlushResult> {
  return requestOutboxSync(email, { [NOTE_KIND]: noteKind })
}
