// A tutor's links on a material (`link`, `driveLink`): one check for the upload
// form (before sending) and both servers (again, on what arrives). A link is
// another site, shown to students as an external link with its host written
// out (docs/rules/materials.md): only a full https:// address, with no user
// name or password in it (which would let `https://school.edu@evil.example`
// pass for the school's), and at most TEXT_LIMITS.url characters.
import { TEXT_LIMITS } from './limits'

export const LINK_MESSAGE = 'must be a full https:// address (for example https://drive.google.com/…)'

/** Why this link is refused, or null when it may be kept. Blank means no link. */
export function linkProblem(raw: string): string | null {
  const value = raw.trim()
  if (value === '') return null
  if (value.length > TEXT_LIMITS.url) return `must be at most ${TEXT_LIMITS.url} characters`
  let url: URL
  try {
    url = new URL(value)
  } catch {
    return LINK_MESSAGE
  }
  if (url.protocol !== 'https:' || !url.hostname) return LINK_MESSAGE
  if (url.username || url.password) return 'must not carry a user name or password'
  return null
}

/** The link as kept and shown: what the URL parser made of it (what was checked is what is used). */
export function normalisedLink(raw: string): string | undefined {
  const value = raw.trim()
  return value === '' ? undefined : new URL(value).href
}
