// /materials: a tutor uploads a file, a link or a drive link (or several) for
// one of their approved sessions; it waits for an admin. A link-only material
// has no file and answers an empty fileUrl. Students see the approved materials of sessions where
// their booking is approved; tutors see their own; admins see all. The servers
// check the file's type from its bytes, whatever the client claimed
// (docs/rules/materials.md).
import type { Material } from '#contract/entities'
import { MAX_FILE_BYTES } from '#contract/limits'
import { contentMatchesType, FILE_CONTENT_MESSAGE, uploadProblem, uploadType } from '#contract/uploads'
import { signFileLink } from '../file-links'
import { badRequest, conflict, notFound } from '../http-errors'
import { newFileId, newId } from '../ids'
import { announce, materialAdded, materialDecided, materialToReview } from '../notifications'
import type { RouteImpl } from '../pipeline'
import type { MaterialRow, Store } from '../store'
import { deleted, isoNow, listAnswer, paging, publicMaterial } from './answers'

/** The approved materials of the sessions where this student's booking is approved. */
export async function approvedMaterialsFor(store: Store, studentEmail: string): Promise<Material[]> {
  const bookings = await store.bookings.ofStudent(studentEmail)
  const sessionIds = bookings.filter((b) => b.status === 'approved').map((b) => b.sessionId)
  if (sessionIds.length === 0) return []
  const rows = await store.materials.ofSessions(sessionIds)
  return rows.filter((m) => m.status === 'approved').map(publicMaterial)
}

export const listMaterials: RouteImpl<'listMaterials'> = async ({ store, query }) => {
  const listed = await store.materials.list(paging(query))
  return listAnswer({ ...listed, rows: listed.rows.map(publicMaterial) })
}

export const listPendingMaterials: RouteImpl<'listPendingMaterials'> = async ({ store }) => {
  return { body: (await store.materials.byStatus('pending')).map(publicMaterial) }
}

export const listApprovedMaterials: RouteImpl<'listApprovedMaterials'> = async ({ store, principal }) => {
  const who = principal!
  if (who.role === 'admin') return { body: (await store.materials.byStatus('approved')).map(publicMaterial) }
  if (who.role === 'tutor') {
    const own = await store.materials.ofTutor(who.email)
    return { body: own.filter((m) => m.status === 'approved').map(publicMaterial) }
  }
  return { body: await approvedMaterialsFor(store, who.email) }
}

export const listTutorMaterials: RouteImpl<'listTutorMaterials'> = async ({ store, params }) => {
  return { body: (await store.materials.ofTutor(params.email)).map(publicMaterial) }
}

export const listSessionMaterials: RouteImpl<'listSessionMaterials'> = async ({ store, record, principal }) => {
  const who = principal!
  const rows = await store.materials.ofSessions([record._id])
  // Students (admitted by an approved booking) see only approved materials.
  const visible =
    who.role === 'admin' || record.tutorEmail === who.email ? rows : rows.filter((m) => m.status === 'approved')
  return { body: visible.map(publicMaterial) }
}

const MATERIAL_NEEDS_CONTENT = 'file: a material needs a file, a link or a drive link'

/** The upload's file, its name made safe and its type checked on its bytes. */
async function checkedFile(upload: Blob & { name?: string }, maxFileBytes: number) {
  const name = (upload.name || 'material').replace(/[\r\n"\\/]/g, '_').slice(0, 200)
  const type = uploadType({ name, type: upload.type })
  const problem = uploadProblem({ name, type, size: upload.size })
  if (problem) throw badRequest(`file: ${problem}`)
  if (upload.size > Math.min(maxFileBytes, MAX_FILE_BYTES)) throw badRequest(`file: larger than allowed`)
  const data = new Uint8Array(await upload.arrayBuffer())
  if (!contentMatchesType(data, type)) throw badRequest(`file: ${FILE_CONTENT_MESSAGE}`)
  return { name, type, data }
}

export const uploadMaterial: RouteImpl<'uploadMaterial'> = async ({ deps, store, body, record }) => {
  if (record.status !== 'approved') {
    throw conflict('Materials can be uploaded only for approved sessions.', { success: false })
  }
  const { link, driveLink } = body
  if (!body.file && !link && !driveLink) throw badRequest(MATERIAL_NEEDS_CONTENT)
  const _id = newId()
  const row: MaterialRow = {
    _id,
    sessionId: record._id,
    title: body.title,
    description: body.description.trim(),
    tutorEmail: body.tutorEmail,
    status: 'pending',
    fileUrl: '',
    createdAt: isoNow(deps.now()),
    ...(link ? { link } : {}),
    ...(driveLink ? { driveLink } : {}),
  }
  const file = body.file ? await checkedFile(body.file, deps.maxFileBytes) : null
  const notices = materialToReview(deps.now(), row, await store.users.adminEmails())
  if (!file) await store.materials.insertWithFile(row, null, notices)
  else {
    const fileId = newFileId()
    const withFile = { ...row, fileUrl: `/api/files/${fileId}`, fileName: file.name, fileType: file.type }
    await store.materials.insertWithFile(
      { ...withFile, fileSize: file.data.length, fileId },
      { _id: fileId, materialId: _id, sessionId: record._id, ...file },
      notices,
    )
  }
  announce(deps, notices)
  return { status: 201, body: { success: true, message: 'Material uploaded.', insertedId: _id } }
}

export const approveMaterial: RouteImpl<'approveMaterial'> = async ({ deps, store, record }) => {
  const now = deps.now()
  const session = await store.sessions.get(record.sessionId)
  // Approved, it is "added" for the session's students: they may read it from now on.
  const students = session ? materialAdded(now, record, session, await store.bookings.ofSession(session._id)) : []
  const notices = [...materialDecided(now, record, 'approved'), ...students]
  if (!(await store.materials.setStatus(record._id, 'approved', 'pending', notices)))
    throw conflict('Only pending materials can be approved.', { success: false })
  announce(deps, notices)
  return { body: { success: true, message: 'Material approved.' } }
}

export const rejectMaterial: RouteImpl<'rejectMaterial'> = async ({ deps, store, record }) => {
  const notices = materialDecided(deps.now(), record, 'rejected')
  if (!(await store.materials.setStatus(record._id, 'rejected', 'pending', notices)))
    throw conflict('Only pending materials can be rejected.', { success: false })
  announce(deps, notices)
  return { body: { success: true, message: 'Material rejected.' } }
}

export const deleteMaterial: RouteImpl<'deleteMaterial'> = async ({ store, record }) => {
  return deleted((await store.materials.deleteWithFile(record._id)) ? 1 : 0)
}

/** A link that opens the file in a new tab (a navigation carries no token); the permission table admits only readers. */
export const getMaterialFileLink: RouteImpl<'getMaterialFileLink'> = async ({ deps, store, record, principal }) => {
  if (!record.fileId) throw notFound('This material has no file.')
  const nowSeconds = Math.floor(deps.now().getTime() / 1000)
  const holder = { userId: principal!.userId!, generation: principal!.generation! }
  const link = await signFileLink(await store.meta.tokenSecret(), record.fileId, holder, nowSeconds)
  return { body: link, headers: { 'Cache-Control': 'no-store' } }
}
