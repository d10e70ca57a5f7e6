// The notes outbox (docs/decisions/0062-one-outbox-for-notes-and-cancels.md):
// every note write is stored on the device first, in the app database
// (src/shared/db/app-db.ts), as a 'note' entry of the one outbox
// (src/shared/offline/outbox.ts, docs/decisions/0062) whose subject is the
// note, and sent later by the sync engine (src/shared/offline/outbox-sync.ts)
// with the notes' kind (./note-sync.ts).
//
// What lives where: `notes` holds each note as this device knows it (the
// server's copy, or the local version while a write is unsent, marked
// `pending`, with the server's refusal in `error`); `outbox` holds the unsent
// writes in order (`seq`), each with the Idempotency-Key it is sent with, so a
// retry after a lost answer is never applied twice. A write and its outbox
// entry are stored in ONE transaction: there is never a local change that
// will not be sent, nor an entry without the change it sends.
//
// Rules for an entry that has never reached the server (never attempted, or
// refused by it): an edit merges into it (a create stays one create with the
// new text), and deleting a note whose create never reached the server
// cancels the create and everything after it. An entry that was attempted may
// have reached the server (the answer can be lost), so later writes are new
// entries after it.
import type { Note } from '#contract/entities'
import { appDb, type OutboxEntry } from '#shared/db/app-db'
import { storageRead, storageWrite } from '#shared/db/storage-faults'
import { neverReachedServer } from '#shared/offline/outbox'
import {
  NOTE_KIND,
  type LocalNote,
  type NoteOutboxEntry,
  type NotesDb,
  type NoteWrite,
  type OutboxOperation,
} from '../db/note-tables'

/** The app database, with the notes' table. */
export const notesDb = appDb as NotesDb

export interface NoteText {
  title: string
  description: string
}

function uuid(): string {
  return crypto.randomUUID()
}

/** The strongest unsent operation on a note, which is what its mark says. */
function pendingOf(entries: NoteOutboxEntry[]): OutboxOperation | undefined {
  if (entries.some((e) => e.payload.op === 'delete')) return 'delete'
  if (entries.some((e) => e.payload.op === 'create')) return 'create'
  return entries.length > 0 ? 'update' : undefined
}

export const isNoteEntry = (entry: OutboxEntry): entry is NoteOutboxEntry => entry.kind === NOTE_KIND

/** A new entry of the note's, for `db.outbox.add`. */
export function noteEntry(email: string, noteId: string, payload: NoteWrite, now: number): NoteOutboxEntry {
  return {
    kind: NOTE_KIND,
    subject: noteId,
    payload,
    email,
    idempotencyKey: uuid(),
    createdAt: now,
    attempts: 0,
  }
}

/** A note's unsent writes, in the order they were made. */
export async function entriesOf(db: NotesDb, noteId: string): Promise<NoteOutboxEntry[]> {
  const entries = await db.outbox.where('[kind+subject]').equals([NOTE_KIND, noteId]).toArray()
  return entries.filter(isNoteEntry).sort((a, b) => a.seq! - b.seq!)
}

/** Re-derives a note's mark and error from its remaining entries (the note must exist). */
export async function refreshMark(db: NotesDb, noteId: string): Promise<void> {
  const rest = await entriesOf(db, noteId)
  const failed = rest.find((e) => e.error !== undefined)
  await db.notes.update(noteId, { pending: pendingOf(rest), error: failed?.error })
}

class NoteGoneError extends Error {
  constructor() {
    super('This note is no longer on this device.')
    this.name = 'NoteGoneError'
  }
}

/** A note changed on two devices takes no new write until the student has chosen what to keep. */
class NoteInConflictError extends Error {
  constructor() {
    super('This note was changed on another device. Choose which version to keep first.')
    this.name = 'NoteInConflictError'
  }
}

/** An edit, inside a transaction: merged into the note's last unsent create or edit, else a new entry. */
async function storeEdit(db: NotesDb, email: string, noteId: string, text: NoteText, now: number): Promise<LocalNote> {
  const note = await db.notes.get(noteId)
  if (!note || note.email !== email || note.pending === 'delete') throw new NoteGoneError()
  if (note.conflict) throw new NoteInConflictError()
  const entries = await entriesOf(db, noteId)
  const last = entries.at(-1)
  if (last && last.payload.op !== 'delete' && neverReachedServer(last)) {
    // A refused entry edited by the user is a new attempt: the reason no longer applies.
    await db.outbox.put({
      ...last,
      payload: { ...last.payload, body: { ...last.payload.body, title: text.title, description: text.description } },
      error: undefined,
    })
  } else {
    await db.outbox.add(
      noteEntry(email, noteId, { op: 'update', body: { title: text.title, description: text.description } }, now),
    )
  }
  await db.notes.update(noteId, {
    title: text.title,
    description: text.description,
    updatedAt: new Date(now).toISOString(),
  })
  await refreshMark(db, noteId)
  return (await db.notes.get(noteId))!
}

/** A new note's id: minted once per draft, so every submit of the draft is the same note. */
export function newNoteId(): string {
  return uuid()
}

/**
 * Stores a new note written on this device, with its create entry, and
 * returns it. `text.id` is the draft's note id (a new one if absent): when an earlier submit of the same
 * draft was stored after all (a slow write that outlived its timeout), this
 * is that note again, with the text brought up to date, never a second note.
 */
export function queueCreate(
  email: string,
  { id = newNoteId(), ...text }: NoteText & { id?: string },
  db: NotesDb = notesDb,
  now = Date.now(),
): Promise<LocalNote> {
  return storageWrite(() =>
    db.transaction('rw', db.notes, db.outbox, async () => {
      const stored = await db.notes.get(id)
      if (stored) {
        if (stored.email !== email || stored.pending === 'delete') throw new NoteGoneError()
        if (stored.title === text.title && stored.description === text.description) return stored
        return storeEdit(db, email, id, text, now)
      }
      return storeNew(db, email, id, text, now)
    }),
  )
}

/** A new note and its create entry, inside a transaction on notes and outbox. */
export async function storeNew(
  db: NotesDb,
  email: string,
  id: string,
  text: NoteText,
  now: number,
): Promise<LocalNote> {
  const note: LocalNote = {
    _id: id,
    email,
    title: text.title,
    description: text.description,
    createdAt: new Date(now).toISOString(),
    pending: 'create',
  }
  await db.notes.add(note)
  await db.outbox.add(
    noteEntry(email, id, { op: 'create', body: { email, title: text.title, description: text.description } }, now),
  )
  return note
}

/** Stores an edit: merged into the note's last unsent create or edit, else a new entry. */
export function queueUpdate(
  email: string,
  noteId: string,
  text: NoteText,
  db: NotesDb = notesDb,
  now = Date.now(),
): Promise<void> {
  return storageWrite(() =>
    db.transaction('rw', db.notes, db.outbox, async () => {
      await storeEdit(db, email, noteId, text, now)
    }),
  )
}

/** What a delete took away, for its Undo: the note as it was, the entries it dropped, the one it added. */
export interface DeleteUndo {
  note: LocalNote
  dropped: NoteOutboxEntry[]
  /** The delete's own entry (`seq`); none when the server never had the note. */
  added?: number
}

/**
 * Stores a delete: cancels a create that never reached the server, else
 * queues a delete, not sent before `holdUntil` when given (its Undo's time).
 * Resolves to what Undo needs to put the note back, or undefined when there
 * was nothing to delete.
 */
export function queueDelete(
  email: string,
  noteId: string,
  db: NotesDb = notesDb,
  now = Date.now(),
  holdUntil?: number,
): Promise<DeleteUndo | undefined> {
  return storageWrite(() =>
    db.transaction('rw', db.notes, db.outbox, async () => {
      const note = await db.notes.get(noteId)
      if (!note || note.email !== email) return undefined
      if (note.conflict) throw new NoteInConflictError()
      const entries = await entriesOf(db, noteId)
      const create = entries.find((e) => e.payload.op === 'create')
      if (create && neverReachedServer(create)) {
        // The server never saw this note: nothing to send, nothing to keep.
        await db.outbox.bulkDelete(entries.map((e) => e.seq!))
        await db.notes.delete(noteId)
        return { note, dropped: entries }
      }
      if (entries.some((e) => e.payload.op === 'delete')) return undefined
      // Unsent edits are moot once the note is deleted.
      const moot = entries.filter((e) => e.payload.op === 'update' && neverReachedServer(e))
      await db.outbox.bulkDelete(moot.map((e) => e.seq!))
      const entry = noteEntry(email, noteId, { op: 'delete', body: {} }, now)
      const added = await db.outbox.add(holdUntil === undefined ? entry : { ...entry, holdUntil })
      await refreshMark(db, noteId)
      return { note, dropped: moot, added }
    }),
  )
}

/**
 * Undo of a delete: the note and the writes the delete dropped come back as
 * they were, while the delete itself has not reached the server. False, and
 * nothing changed, once it has gone out.
 */
export function undoDelete(undo: DeleteUndo, db: NotesDb = notesDb): Promise<boolean> {
  return storageWrite(() =>
    db.transaction('rw', db.notes, db.outbox, async () => {
      if (undo.added !== undefined) {
        const entry = await db.outbox.get(undo.added)
        if (!entry || !neverReachedServer(entry)) return false
        await db.outbox.delete(undo.added)
      }
      // Their own `seq`: back in their place in the order.
      await db.outbox.bulkPut(undo.dropped)
      await db.notes.put(undo.note)
      await refreshMark(db, undo.note._id)
      return true
    }),
  )
}

/** The server confirmed the entry: drop it and settle the note at the `revision` the server gave it. */
export function confirmEntry(entry: NoteOutboxEntry, db: NotesDb = notesDb, revision?: number): Promise<void> {
  return storageWrite(() =>
    db.transaction('rw', db.notes, db.outbox, async () => {
      await db.outbox.delete(entry.seq!)
      if (entry.payload.op === 'delete') {
        const rest = await entriesOf(db, entry.subject)
        if (rest.length === 0) await db.notes.delete(entry.subject)
        return
      }
      // update() is a no-op when the note is gone (discarded, or cleared at logout).
      if (revision !== undefined) await db.notes.update(entry.subject, { revision })
      await refreshMark(db, entry.subject)
    }),
  )
}

/** The server refused the entry: keep it, with the reason, until the user retries or discards it. */
export function refuseEntry(entry: NoteOutboxEntry, reason: string, db: NotesDb = notesDb): Promise<void> {
  return storageWrite(() =>
    db.transaction('rw', db.notes, db.outbox, async () => {
      if (!(await db.outbox.get(entry.seq!))) return
      await db.outbox.update(entry.seq!, { error: reason })
      await db.notes.update(entry.subject, { error: reason })
    }),
  )
}

/** The user asks to send a refused note's writes again. */
export function retryNote(noteId: string, db: NotesDb = notesDb): Promise<void> {
  return storageWrite(() =>
    db.transaction('rw', db.notes, db.outbox, async () => {
      for (const entry of await entriesOf(db, noteId)) {
        if (entry.error !== undefined) await db.outbox.update(entry.seq!, { error: undefined })
      }
      await db.notes.update(noteId, { error: undefined })
    }),
  )
}

/**
 * The user gives up a note's unsent writes. A note the server never had goes
 * away; otherwise the local row is put back to `server` (its copy there) when
 * given, else just unmarked until the next refresh brings the server's copy.
 */
export function discardNote(noteId: string, server?: Note, db: NotesDb = notesDb): Promise<void> {
  return storageWrite(() =>
    db.transaction('rw', db.notes, db.outbox, async () => {
      const entries = await entriesOf(db, noteId)
      const create = entries.find((e) => e.payload.op === 'create')
      await db.outbox.bulkDelete(entries.map((e) => e.seq!))
      if (create && neverReachedServer(create)) await db.notes.delete(noteId)
      else if (server) await db.notes.put(server)
      else await db.notes.update(noteId, { pending: undefined, error: undefined })
    }),
  )
}

/**
 * Brings the server's list into the local table. Notes with unsent writes keep
 * their local version; any other local note the server no longer has is gone.
 */
export function applyServerNotes(email: string, server: Note[], db: NotesDb = notesDb): Promise<void> {
  return storageWrite(() =>
    db.transaction('rw', db.notes, db.outbox, async () => {
      const unsent = new Set(
        (await db.outbox.where('email').equals(email).toArray()).filter(isNoteEntry).map((e) => e.subject),
      )
      const local = await db.notes.where('email').equals(email).toArray()
      // A conflict is the student's to settle, and a list fetched before this
      // device's last write was confirmed must not take the note back a revision.
      const revisionOf = new Map(local.map((n) => [n._id, n.revision ?? 0]))
      for (const n of local) if (n.conflict) unsent.add(n._id)
      const onServer = new Set(server.map((n) => n._id))
      const gone = local.filter((n) => !unsent.has(n._id) && !onServer.has(n._id)).map((n) => n._id)
      await db.notes.bulkDelete(gone)
      await db.notes.bulkPut(
        server.filter((n) => !unsent.has(n._id) && (n.revision ?? 0) >= (revisionOf.get(n._id) ?? 0)),
      )
    }),
  )
}

/** How many note writes of this user have not reached the server, conflicts included (warned about at logout). */
export async function unsentCount(email: string, db: NotesDb = notesDb): Promise<number> {
  return storageRead(async () => {
    const queued = (await db.outbox.where('email').equals(email).toArray()).filter(isNoteEntry).length
    const notes = await db.notes.where('email').equals(email).toArray()
    return queued + notes.filter((n) => n.conflict).length
  })
}

/** The notes this device shows for `email`, newest first, without those being deleted. */
export async function readLocalNotes(email: string, db: NotesDb = notesDb): Promise<LocalNote[]> {
  const rows = await storageRead(() => db.notes.where('email').equals(email).toArray())
  return rows
    .filter((n) => n.pending !== 'delete' || n.error !== undefined)
    .sort((a, b) => (a.createdAt < b.createdAt ? 1 : a.createdAt > b.createdAt ? -1 : 0))
}

/**
 * Logging out (the app's wipe calls every owner's `forget` in turn): every
 * note goes but those of someone else's unsent writes, whose session ended
 * without their asking (a dead token). Those belong to them alone, are never
 * shown to or sent for anyone else (both go by the entry's email), and go out
 * at their next sign-in. The outbox's entries, of every kind, are forgotten by
 * their own owner (src/shared/offline/outbox.ts).
 */
export function forget(email: string, db: NotesDb = notesDb): Promise<void> {
  return storageWrite(() =>
    db.transaction('rw', [db.outbox, db.notes], async () => {
      const othersUnsent = await db.outbox.where('email').notEqual(email).toArray()
      const kept = new Set(othersUnsent.filter(isNoteEntry).map((entry) => entry.subject))
      await db.notes.filter((note) => !kept.has(note._id)).delete()
    }),
  )
}
