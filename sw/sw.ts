/// <reference lib="webworker" />
// StudyHub's one service worker (docs/decisions/0002-demo-server-in-the-service-worker.md): it precaches the
// app shell and, in a demo build, hosts the demo server that answers /api.
import './local-storage-shim'
import { demoServer } from '#demo-server'
import { cleanupOutdatedCaches } from 'workbox-precaching'
import { NavigationRoute, registerRoute } from 'workbox-routing'
import { STUDY_SESSIONS_PAGE } from '#contract/first-paint'
import { keptHomePage, type KeptHomePage } from './kept-home-page'
import { listenForNotifications } from './notifications'
import { precacheInParallel } from './precache-in-parallel'
import { isStudySessionsAddress, studySessionsPage } from './study-sessions-page'

declare const self: ServiceWorkerGlobalScope

const API_PREFIX = '/api/'

listenForNotifications()

// Registered before Workbox's routes so /api never meets the navigation fallback.
self.addEventListener('fetch', (event) => {
  const url = new URL(event.request.url)
  if (!demoServer || url.origin !== self.location.origin || !url.pathname.startsWith(API_PREFIX)) return
  event.respondWith(answerFromDemoServer(event.request))
})

async function answerFromDemoServer(request: Request): Promise<Response> {
  const server = demoServer
  if (!server) return fetch(request)
  // The demo server stands in for a remote one: with no network the app must
  // get no answer, as it would from a real server, so its offline paths
  // (data from the phone, notes waiting to sync) are the ones that run.
  if (self.navigator.onLine === false) return Response.error()
  try {
    const response = await server.handle(request)
    return (
      response ??
      Response.json({ message: `No route for ${request.method} ${new URL(request.url).pathname}` }, { status: 404 })
    )
  } catch (error) {
    // A fault inside the demo server (its database full or closed) is a
    // server error with a reason, as a real server would send, not a dropped
    // connection that the app would take for being offline.
    const reason = error instanceof Error ? error.message : String(error)
    return Response.json({ message: `The demo server failed: ${reason}` }, { status: 500 })
  }
}

const precache = self.__WB_MANIFEST

// A live build's "/" as the API server last rendered it, with its cards
// (./kept-home-page.ts); a demo build's precached index.html has them already.
// Registered before the precache's routes, which would answer "/" with index.html.
const indexEntry = precache.find((entry) => typeof entry !== 'string' && entry.url === 'index.html')
const home: KeptHomePage | undefined = demoServer
  ? undefined
  : keptHomePage(typeof indexEntry === 'object' ? (indexEntry.revision ?? 'unversioned') : 'unversioned')
if (home) {
  registerRoute(
    ({ request, url }) => request.mode === 'navigate' && url.pathname === '/' && url.search === '',
    async (options) => {
      const kept = await home.match()
      // The next start gets a fresh page; this one does not wait for it.
      options.event.waitUntil(home.refresh(options.request))
      return kept ?? precachedIndex(options)
    },
  )
}

// A demo build's /study-sessions with its cards (./study-sessions-page.ts):
// the prerendered first page, or index.html with the address's list from the
// demo server. Before the precache's routes, which would answer the bare
// address with study-sessions.html too, but a search with nothing (it is not a precached URL).
const server = demoServer
const studySessionsPrecached = precache.some(
  (entry) => (typeof entry === 'string' ? entry : entry.url) === STUDY_SESSIONS_PAGE,
)
if (server && studySessionsPrecached) {
  registerRoute(
    ({ request, url }) => request.mode === 'navigate' && isStudySessionsAddress(url),
    async (options) =>
      studySessionsPage(
        server,
        options.url,
        () => precachedStudySessions!(options),
        () => precachedIndex(options),
      ),
  )
}

const precacheController = precacheInParallel(precache)
cleanupOutdatedCaches()
const precachedIndex = precacheController.createHandlerBoundToURL('index.html')
// Only a demo build has the page (a handler for a file not precached throws when made).
const precachedStudySessions = studySessionsPrecached
  ? precacheController.createHandlerBoundToURL(STUDY_SESSIONS_PAGE)
  : undefined
registerRoute(new NavigationRoute(precachedIndex, { denylist: [/^\/api\//] }))

self.addEventListener('install', () => {
  // The first install takes over at once; later versions wait for the
  // update prompt (SKIP_WAITING below).
  if (!self.registration.active) void self.skipWaiting()
})

self.addEventListener('activate', (event) => {
  // The first kept "/" is fetched now, so even the first start from the home screen has its cards.
  event.waitUntil(Promise.all([self.clients.claim(), home?.dropOthers().then(() => home.refresh())]))
})

self.addEventListener('message', (event) => {
  const data = event.data as { type?: string } | null
  if (data?.type === 'SKIP_WAITING') void self.skipWaiting()
  // After a hard reload the page is not controlled; it asks to be claimed.
  if (data?.type === 'CLAIM') event.waitUntil(self.clients.claim())
  // In a demo build, who is signed in on this device: their notifications are shown here.
  if (data?.type === 'DEVICE_USER' && demoServer) {
    const email = (data as { email?: unknown }).email
    event.waitUntil(demoServer.setDeviceUser(typeof email === 'string' ? email : null))
  }
})
