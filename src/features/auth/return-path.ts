// The way back after logging in: a guard sends a visitor to /login?from=<path>
// and the login screen returns there. `from` comes from the address bar, so
// anyone can craft it; only a path on this app's own origin is followed.
// Resolving against the origin catches what string checks miss:
// `//evil.example` and `/\evil.example` both resolve to another host.

export const RETURN_PARAM = 'from'

export function safeReturnPath(from: string | null | undefined, origin: string = globalThis.location.origin): string {
  if (!from) return '/'
  let url: URL
  try {
    url = new URL(from, origin)
  } catch {
    return '/'
  }
  if (url.origin !== origin) return '/'
  if (url.pathname === '/login' || url.pathname === '/register') return '/'
  return `${url.pathname}${url.search}${url.hash}`
}

/** /login with the current place remembered. */
export function loginPathFor(location: { pathname: string; search: string; hash: string }): string {
  const from = `${location.pathname}${location.search}${location.hash}`
  return `/login?${new URLSearchParams({ [RETURN_PARAM]: from }).toString()}`
}
