/// <reference lib="webworker" />
// The app shell's precache, fetched a few files at a time. Workbox's own
// install (precacheAndRoute) fetches one file after the other, to spare the
// memory of precaches made of many large files. This one is about 75 small
// files (under 2 MB), and one after the other the first install costs a round
// trip per file: on a phone's network, seconds before the worker takes the
// page, and in a demo build the demo server answers nothing until it has. Each
// file is fetched and stored as Workbox would (its strategy, cache keys,
// integrity and cache modes), only FILES_AT_ONCE at a time; answering from the
// precache and cleaning it up on activation are Workbox's own.
import { PrecacheController, PrecacheRoute, type PrecacheEntry } from 'workbox-precaching'
import { registerRoute } from 'workbox-routing'

declare const self: ServiceWorkerGlobalScope

/** As many as a browser opens to one HTTP/1.1 host: more would only queue. */
const FILES_AT_ONCE = 6

/** Workbox marks the cache key of a file without a hash in its name with its revision. */
const REVISION_PARAM = '__WB_REVISION__'

async function install(controller: PrecacheController, event: ExtendableEvent): Promise<void> {
  const files = [...controller.getURLsToCacheKeys()]
  for (let i = 0; i < files.length; i += FILES_AT_ONCE) {
    await Promise.all(
      files.slice(i, i + FILES_AT_ONCE).map(([url, cacheKey]) => {
        const request = new Request(url, {
          integrity: controller.getIntegrityForCacheKey(cacheKey),
          // A file named without its hash may be stale in the HTTP cache: Workbox reloads it.
          cache: new URL(cacheKey).searchParams.has(REVISION_PARAM) ? 'reload' : undefined,
          credentials: 'same-origin',
        })
        return Promise.all(controller.strategy.handleAll({ params: { cacheKey }, request, event }))
      }),
    )
  }
}

/** Precaches `entries` and answers their URLs from the precache; the controller for handlers bound to one. */
export function precacheInParallel(entries: (PrecacheEntry | string)[]): PrecacheController {
  const controller = new PrecacheController()
  controller.addToCacheList(entries)
  self.addEventListener('install', (event) => event.waitUntil(install(controller, event)))
  // Deletes what an earlier version precached and this one does not (it calls waitUntil itself).
  self.addEventListener('activate', (event) => void controller.activate(event))
  registerRoute(new PrecacheRoute(controller))
  return controller
}
