// Which user-supplied URLs the app may render as a link, image or frame.
// Materials (fileUrl, image, link, driveLink) and users' photos come from other
// people; an href or src of `javascript:` or `data:` would run or show content
// the user never chose (React 19 neutralises `javascript:` but not `data:`).
// Only http(s), a path on this origin (the demo server's /api/files/...) and a
// blob: URL this origin created pass. Everything is judged after the URL
// parser has normalised it (tabs, newlines, case), and the normalised href is
// what callers render, so what was checked is exactly what is used.

function currentOrigin(): string {
  return globalThis.location?.origin ?? 'http://localhost'
}

/** The URL to render, or null when it must not be rendered at all. */
export function safeUrl(raw: string | null | undefined, origin: string = currentOrigin()): string | null {
  if (typeof raw !== 'string') return null
  const trimmed = raw.trim()
  if (trimmed === '') return null
  let url: URL
  try {
    url = new URL(trimmed, origin)
  } catch {
    return null
  }
  if (url.protocol === 'http:' || url.protocol === 'https:') return url.href
  // A blob: URL carries its creator's origin; only our own may be shown.
  if (url.protocol === 'blob:') return url.origin === origin ? url.href : null
  return null
}

/** True when the URL is safe and served by this origin (or a blob of it). */
export function isSameOriginUrl(raw: string | null | undefined, origin: string = currentOrigin()): boolean {
  const safe = safeUrl(raw, origin)
  return safe !== null && new URL(safe).origin === origin
}
