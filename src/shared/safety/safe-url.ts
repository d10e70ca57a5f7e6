// Which user-supplied URLs the app may render as a link, image or frame.
// Materials (fileUrl, image, link, driveLink) and users' photos come from other
// people; an href or src of `javascript:` or `data:` would run or show content
// the user never chose (React 19 neutralises `javascript:` but not `data:`).
// Only http(s), a path on this origin (the demo server's /api/files/...) and a
// blob: URL this origin created pass. Everything is judged after the URL
// parser has normalised it (tabs, newlines, case), and the normalised href is
// what callers render, so what was checked is exactly what is used.
//
// Files the API serves (a material's fileUrl, `/api/files/...`) are named by
// the server as paths on its own origin, which in a live build may not be the
// app's (VITE_API_URL on another host): `safeApiUrl` resolves them against the
// API, and `isStudyHubUrl` trusts both origins, so the viewer, the download
// and the offline copy fetch them with the app token wherever the API is.
import { apiBaseUrl } from '../config/env'

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

/** The API's origin: this origin in a demo build or when VITE_API_URL is a path, else VITE_API_URL's. */
export function apiOrigin(apiBase: string = apiBaseUrl(), origin: string = currentOrigin()): string {
  return new URL(apiBase, origin).origin
}

/**
 * A URL the API gave for something it serves (a material's fileUrl): a path
 * is resolved against the API, not against the page. Null when unsafe.
 */
export function safeApiUrl(
  raw: string | null | undefined,
  apiBase: string = apiBaseUrl(),
  origin: string = currentOrigin(),
): string | null {
  const safe = safeUrl(raw, apiOrigin(apiBase, origin))
  // A blob: URL is the page's own, never the API's.
  return safe && !safe.startsWith('blob:') ? safe : null
}

/** True when the URL is safe and served by StudyHub: this origin or the API's. */
export function isStudyHubUrl(
  raw: string | null | undefined,
  apiBase: string = apiBaseUrl(),
  origin: string = currentOrigin(),
): boolean {
  return isSameOriginUrl(raw, origin) || isSameOriginUrl(raw, apiOrigin(apiBase, origin))
}

/**
 * Someone's link to another site (a material's, a class's meeting), as an external link: https only, after the
 * URL parser normalised it, with no user name or password (which would let `https://school.edu@evil.example` pass
 * for the school's). Its host is written out beside it; null when it must not be shown.
 */
export function externalLink(raw: string | undefined): { href: string; host: string } | null {
  const href = safeUrl(raw)
  if (!href) return null
  const url = new URL(href)
  return url.protocol === 'https:' && !url.username && !url.password ? { href, host: url.host } : null
}
