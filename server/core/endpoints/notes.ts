// /notes: a student's own notes; nobody else reads them, admins included. A
// note written offline brings the id the device gave it, so its later edits
// need no id mapping; an id used twice is refused, never merged.
//
// Every write adds one to the note's revision. An edit or delete that names
// the revision it was based on (If-Match) applies only while the note still
// has it: otherwise the answer is 409 with the note as it is now, so a device
// that was offline never overwrites a newer edit from another device unseen
// (docs/decisions/0060-note-revisions-and-conflicts.md). Without If-Match the
// last writer wins, as for clients written before revisions.
import type { NoteConflict } from '#contract/entities'
import { IF_MATCH_HEADER, revisionOfTag } from '#contract/routes'
import { newId } from '../ids'
import type { RouteImpl } from '../pipeline'
import { badRequest, conflict, notFound } from '../http-errors'
import type { Store } from '../store'
import { deleted, isoNow, modified } from './answers'

const FIRST_REVISION = 1
const STALE_NOTE_MESSAGE = 'This note was changed on another device.'

function expectedRevision(request: Request): number | undefined {
  const revision = revisionOfTag(request.headers.get(IF_MATCH_HEADER))
  if (revision === null) throw badRequest(`${IF_MATCH_HEADER} must be a note revision, such as "3".`)
  return revision
}

/** Why a write based on a revision did nothing: the note moved on (409, with it), or it is gone (404). */
async function refusal(store: Store, id: string): Promise<Error> {
  const current = await store.notes.get(id)
  if (!current) return notFound('Note not found.')
  const body: Omit<NoteConflict, 'message'> = { note: current }
  return conflict(STALE_NOTE_MESSAGE, body)
}

export const listStudentNotes: RouteImpl<'listStudentNotes'> = async ({ store, params }) => {
  return { body: await store.notes.ofOwner(params.email) }
}

export const createNote: RouteImpl<'createNote'> = async ({ deps, store, body }) => {
  const _id = body._id ?? newId()
  await store.notes.insert({
    _id,
    email: body.email,
    title: body.title,
    description: body.description,
    createdAt: isoNow(deps.now()),
    revision: FIRST_REVISION,
  })
  return { status: 201, body: { acknowledged: true, insertedId: _id, revision: FIRST_REVISION } }
}

export const updateNote: RouteImpl<'updateNote'> = async ({ deps, store, body, record, request }) => {
  const expected = expectedRevision(request)
  const written = await store.notes.update(
    record._id,
    { title: body.title, description: body.description, updatedAt: isoNow(deps.now()) },
    expected,
  )
  if (written) return { body: { acknowledged: true, modifiedCount: 1, revision: written.revision } }
  if (expected === undefined) return modified(0)
  throw await refusal(store, record._id)
}

export const deleteNote: RouteImpl<'deleteNote'> = async ({ store, record, request }) => {
  const expected = expectedRevision(request)
  if (await store.notes.delete(record._id, expected)) return deleted(1)
  if (expected === undefined) return deleted(0)
  throw await refusal(store, record._id)
}
