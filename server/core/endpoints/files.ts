// GET /api/files/:id: a material's file, only for those who may read the
// material (the permission table's materialReaders: its tutor and admins
// always; a student when the material is approved and their booking of its
// session is approved). Never anonymously: the caller proves who they are
// with an app token, or, when the file is opened by navigation ("Open file"
// in a new tab, which sends no token), with a signed link that
// GET /materials/:id/file-link issued to them (../file-links.ts).
// Served with its true type, `nosniff` and a Content-Disposition; anything a
// browser cannot show safely is an attachment, and everything but a PDF also
// gets `CSP: sandbox` (Chromium will not render a PDF in a sandboxed document,
// and its viewer runs no page script on our origin anyway).
import type { ApiDeps } from '../api-deps'
import { isSignedFileRequest, verifyFileLink } from '../file-links'
import { bearerToken, errorResponse, forbidden, invalidToken, notFound, unauthorized } from '../http-errors'
import { FILE_ID_PATTERN } from '../ids'
import { isAllowed, materialReaders, type Principal } from '../permissions'
import { resolvePrincipal } from '../pipeline'
import { credentialGeneration } from '../store'

/** Types a browser may show inline; anything else is a download. */
const INLINE_TYPES = /^(application\/pdf|image\/(png|jpeg|gif|webp)|text\/plain)$/

const LINK_REFUSED = 'This file link is not valid or has expired. Open the file from the app again.'

/** The caller: by their app token, or by the signed link in the query (checked against this file). */
async function caller(request: Request, fileId: string, deps: ApiDeps): Promise<Principal> {
  const query = new URL(request.url).searchParams
  if (isSignedFileRequest(query)) {
    const nowSeconds = Math.floor(deps.now().getTime() / 1000)
    const holder = await verifyFileLink(await deps.store.meta.tokenSecret(), fileId, query, nowSeconds)
    // The record is read now, as for a token: a deleted user's links stop working, and so do those
    // issued under an older credential generation (before a takeover, a role change or a sign-out everywhere).
    const user = holder ? await deps.store.users.get(holder.userId) : undefined
    if (!user || credentialGeneration(user) !== holder!.generation) throw forbidden(LINK_REFUSED)
    return {
      email: user.email,
      role: user.role,
      via: 'app',
      userId: user._id,
      generation: holder!.generation,
      identity: null,
    }
  }
  const token = bearerToken(request)
  const who = token ? await resolvePrincipal(deps, token, ['app']) : null
  if (!who) throw token ? invalidToken() : unauthorized()
  return who
}

export async function serveFile(request: Request, id: string, deps: ApiDeps): Promise<Response> {
  try {
    const who = await caller(request, id, deps)
    const file = FILE_ID_PATTERN.test(id) ? await deps.store.files.get(id) : undefined
    const material = file ? await deps.store.materials.get(file.materialId) : undefined
    if (!file || !material) throw notFound('File not found.')
    const reader = await isAllowed(
      { grants: materialReaders },
      {
        principal: who,
        params: {},
        query: {},
        body: {},
        record: material,
        hasApprovedBooking: async () =>
          (await deps.store.bookings.of(who.email, material.sessionId))?.status === 'approved',
      },
    )
    if (!reader) throw forbidden('You may not open this file.')
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
