// GET /api/files/:id: a material's file, only for those who may read the
// material: its tutor and admins always; a student when the material is
// approved and their booking of its session is approved. Never anonymously.
// Served with its true type, `nosniff` and a Content-Disposition; anything a
// browser cannot show safely is an attachment, and everything but a PDF also
// gets `CSP: sandbox` (Chromium will not render a PDF in a sandboxed document,
// and its viewer runs no page script on our origin anyway).
import type { ApiDeps } from '../api-deps'
import { bearerToken, errorResponse, forbidden, notFound, unauthorized } from '../http-errors'
import { FILE_ID_PATTERN } from '../ids'
import type { Principal } from '../permissions'
import { resolvePrincipal } from '../pipeline'
import type { MaterialRow, Store } from '../store'

/** Types a browser may show inline; anything else is a download. */
const INLINE_TYPES = /^(application\/pdf|image\/(png|jpeg|gif|webp)|text\/plain)$/

async function mayRead(store: Store, who: Principal, material: MaterialRow): Promise<boolean> {
  if (who.role === 'admin' || material.tutorEmail === who.email) return true
  if (who.role !== 'student' || material.status !== 'approved') return false
  const booking = await store.bookings.of(who.email, material.sessionId)
  return booking?.status === 'approved'
}

export async function serveFile(request: Request, id: string, deps: ApiDeps): Promise<Response> {
  try {
    const token = bearerToken(request)
    const who = token ? await resolvePrincipal(deps, token, ['app']) : null
    if (!who) throw unauthorized(token ? 'Invalid or expired token.' : undefined)
    const file = FILE_ID_PATTERN.test(id) ? await deps.store.files.get(id) : undefined
    const material = file ? await deps.store.materials.get(file.materialId) : undefined
    if (!file || !material) throw notFound('File not found.')
    if (!(await mayRead(deps.store, who, material))) throw forbidden('You may not open this file.')
    const inline = INLINE_TYPES.test(file.type)
    const ascii = file.name.replace(/[^\x20-\x7e]/g, '_').replace(/"/g, '_')
    const headers: Record<string, string> = {
      'Content-Type': file.type,
      'Content-Disposition': `${inline ? 'inline' : 'attachment'}; filename="${ascii}"; filename*=UTF-8''${encodeURIComponent(file.name)}`,
      'X-Content-Type-Options': 'nosniff',
      'Cache-Control': 'private, no-store',
    }
    if (file.type !== 'application/pdf') headers['Content-Security-Policy'] = 'sandbox'
    const body = file.data instanceof Uint8Array ? (file.data as Uint8Array<ArrayBuffer>) : file.data
    return new Response(body, { status: 200, headers })
  } catch (error) {
    return errorResponse(error)
  }
}
