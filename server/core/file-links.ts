// Signed file links. "Open file" opens a material's file in a new tab, and a
// navigation carries no bearer token, so the API issues a reader a link that
// proves itself: /api/files/<file>?user=<id>&gen=<n>&expires=<unix s>&signature=<mac>,
// the signature an HMAC-SHA256 over the file, the user, their credential
// generation and the expiry with the server's token secret. The purpose line
// in front makes the signed text unlike any JWT's (base64url with dots), so
// neither kind can stand for the other. A link works for its one file only,
// for a few minutes, and only while the user's credential generation is the
// one it was issued under; the file route still re-reads the user and asks
// the same question as for a token (docs/decisions/0051-signed-file-links.md).
import { fromBase64Url, hmacKey, toBase64Url } from './jwt'

/** How long a link opens its file: long enough to open it, short enough that a copied URL soon stops working. */
const FILE_LINK_TTL_SECONDS = 5 * 60

const PURPOSE = 'studyhub-file-link'
const encoder = new TextEncoder()

const signedText = (fileId: string, { userId, generation }: LinkHolder, expires: number) =>
  encoder.encode(`${PURPOSE}\n${fileId}\n${userId}\n${generation}\n${expires}`)

/** Whom a link was issued to: the user, and the credential generation of the token they asked with. */
export interface LinkHolder {
  userId: string
  generation: number
}

export interface FileLink {
  /** A path on the API's own origin. */
  url: string
  expiresAt: string
}

export async function signFileLink(
  secret: string,
  fileId: string,
  holder: LinkHolder,
  nowSeconds: number,
): Promise<FileLink> {
  const expires = nowSeconds + FILE_LINK_TTL_SECONDS
  const mac = await crypto.subtle.sign('HMAC', await hmacKey(secret), signedText(fileId, holder, expires))
  const query = new URLSearchParams({
    user: holder.userId,
    gen: String(holder.generation),
    expires: String(expires),
    signature: toBase64Url(new Uint8Array(mac)),
  })
  return { url: `/api/files/${fileId}?${query.toString()}`, expiresAt: new Date(expires * 1000).toISOString() }
}

/** True when the query carries a signature at all: such a request is judged by it alone. */
export const isSignedFileRequest = (query: URLSearchParams) => query.has('signature')

/** Whom a valid, unexpired link for this file was issued to; null for anything else. */
export async function verifyFileLink(
  secret: string,
  fileId: string,
  query: URLSearchParams,
  nowSeconds: number,
): Promise<LinkHolder | null> {
  const userId = query.get('user')
  const generationText = query.get('gen') ?? ''
  const expiresText = query.get('expires') ?? ''
  const signature = query.get('signature') ?? ''
  if (!userId || !/^\d{1,12}$/.test(generationText) || !/^\d{1,12}$/.test(expiresText)) return null
  if (!/^[A-Za-z0-9_-]{43}$/.test(signature)) return null
  const expires = Number(expiresText)
  if (expires <= nowSeconds) return null
  const holder = { userId, generation: Number(generationText) }
  const valid = await crypto.subtle.verify(
    'HMAC',
    await hmacKey(secret),
    fromBase64Url(signature),
    signedText(fileId, holder, expires),
  )
  return valid ? holder : null
}
