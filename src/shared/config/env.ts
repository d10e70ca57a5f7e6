// Build-time configuration. Demo or live is decided when the app is built
// (README, "Demo and live builds"): with no VITE_API_URL the build is a demo
// build whose API is the demo server in the app's own service worker.
// `__DEMO__` is a compile-time constant so a live build drops every demo
// branch and never loads demo code.

export const IS_DEMO: boolean = __DEMO__

/** Where the REST API lives: `/api` on this origin in a demo build, VITE_API_URL in a live one. */
export function apiBaseUrl(): string {
  if (IS_DEMO) return new URL('/api', globalThis.location.origin).href
  return String(import.meta.env.VITE_API_URL).replace(/\/+$/, '')
}
