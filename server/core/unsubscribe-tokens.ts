// Unsubscribe links. Every mail carries a link that turns off email of its
// kind for its recipient with one click and no sign-in (RFC 8058): the token
// in the path is the proof, an HMAC-SHA256 over a purpose line, the recipient
// and the kind with the server's token secret. The purpose line keeps a token
// from standing for a JWT or a file link. A token does not expire and
// survives a sign-out everywhere: a mail read months later still unsubscribes,
// and it can do nothing else. The route marks the token secret, so no log
// writes it (docs/decisions/0080-mail-and-jobs.md).
import type { NotificationKind } from '#contract/entities'
import { NOTIFICATION_KINDS } from '#contract/entities'
import { fromBase64Url, hmacKey, toBase64Url } from './jwt'

const PURPOSE = 'studyhub-unsubscribe'
const encoder = new TextEncoder()
const decoder = new TextDecoder()

export interface UnsubscribeSubject {
  email: string
  kind: NotificationKind
}

const signedText = ({ email, kind }: UnsubscribeSubject) => encoder.encode(`${PURPOSE}\n${email}\n${kind}`)

/** `<base64url of "kind\nemail">.<base64url of the mac>`: opaque to its holder, short enough for a URL. */
export async function signUnsubscribeToken(secret: string, subject: UnsubscribeSubject): Promise<string> {
  const mac = await crypto.subtle.sign('HMAC', await hmacKey(secret), signedText(subject))
  const body = toBase64Url(encoder.encode(`${subject.kind}\n${subject.email}`))
  return `${body}.${toBase64Url(new Uint8Array(mac))}`
}

/** Whom and what a token unsubscribes; null for anything that is not a token this server signed. */
export async function verifyUnsubscribeToken(secret: string, token: string): Promise<UnsubscribeSubject | null> {
  const match = /^([A-Za-z0-9_-]{1,400})\.([A-Za-z0-9_-]{43})$/.exec(token)
  if (!match) return null
  let text: string
  try {
    text = decoder.decode(fromBase64Url(match[1]!))
  } catch {
    return null
  }
  const newline = text.indexOf('\n')
  const kind = text.slice(0, newline) as NotificationKind
  const email = text.slice(newline + 1)
  if (newline < 0 || !NOTIFICATION_KINDS.includes(kind) || email === '') return null
  const ok = await crypto.subtle.verify(
    'HMAC',
    await hmacKey(secret),
    fromBase64Url(match[2]!),
    signedText({ email, kind }),
  )
  return ok ? { email, kind } : null
}

/** "j***@example.com": enough for its owner to know it, little for anyone the link was forwarded to. */
export function maskedEmail(email: string): string {
  const at = email.lastIndexOf('@')
  if (at <= 0) return '***'
  return `${email[0]}***${email.slice(at)}`
}
