// /notes: a student's own notes; nobody else reads them, admins included. A
// note written offline brings the id the device gave it, so its later edits
// need no id mapping; an id used twice is refused, never merged.
import { newId } from '../ids'
import type { RouteImpl } from '../pipeline'
import { deleted, inserted, isoNow, modified } from './answers'

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
  })
  return inserted(_id)
}

export const updateNote: RouteImpl<'updateNote'> = async ({ deps, store, body, record }) => {
  const changed = await store.notes.update(record._id, {
    title: body.title,
    description: body.description,
    updatedAt: isoNow(deps.now()),
  })
  return modified(changed ? 1 : 0)
}

export const deleteNote: RouteImpl<'deleteNote'> = async ({ store, record }) => {
  return deleted((await store.notes.delete(record._id)) ? 1 : 0)
}
