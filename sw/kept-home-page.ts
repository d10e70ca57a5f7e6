/// <reference lib="webworker" />
// A live build's start from the home screen paints the home page's cards at
// once (docs/decisions/0043-cards-rendered-on-the-server.md): the precached
// index.html has no cards (the API server renders them per request), so the
// worker keeps the last server-rendered "/" and answers a start with it,
// online or offline, while it fetches a fresh one for the next start.
//
// - Only public data: the API server renders "/" the same for everyone (who is
//   signed in is never part of its render), so a kept page shows one user
//   nothing of another's.
// - Kept per release: the page names the release's asset files, which a newer
//   worker's precache no longer holds, so a new worker drops the old page.
// - The data is as old as the last start; the app asks for it again at once
//   (the page's data is seeded stale, src/app/first-paint-data.ts).

declare const self: ServiceWorkerGlobalScope

const CACHE_PREFIX = 'studyhub-home-page-'
const HOME = '/'

export interface KeptHomePage {
  /** The kept page, if any. */
  match(): Promise<Response | undefined>
  /** Fetches "/" (the navigation itself, or a request of its own) and keeps it if the server rendered it. */
  refresh(request?: Request): Promise<void>
  /** Drops the pages other releases kept. */
  dropOthers(): Promise<void>
}

export function keptHomePage(release: string): KeptHomePage {
  const cacheName = CACHE_PREFIX + release
  return {
    async match() {
      return (await caches.open(cacheName)).match(HOME)
    },
    async refresh(request) {
      try {
        // The server renders a page for a request that asks for HTML (server/http/static-app.ts).
        const response = await fetch(request ?? new Request(HOME, { headers: { Accept: 'text/html' } }))
        const html = (response.headers.get('Content-Type') ?? '').startsWith('text/html')
        if (response.ok && response.type === 'basic' && html) await (await caches.open(cacheName)).put(HOME, response)
      } catch {
        // Offline or unreachable: the kept page stays as it was.
      }
    },
    async dropOthers() {
      const names = await self.caches.keys()
      await Promise.all(
        names.filter((name) => name.startsWith(CACHE_PREFIX) && name !== cacheName).map((name) => caches.delete(name)),
      )
    },
  }
}
