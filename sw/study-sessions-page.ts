/// <reference lib="webworker" />
// A demo build's /study-sessions comes with its cards
// (docs/decisions/0066-every-study-sessions-address-comes-with-its-cards.md):
//
// - the first page, as the build prerendered it (study-sessions.html,
//   precached), online and offline, as "/" is index.html;
// - any other address (a search, a filter, a sort, a page, a tutor): a static
//   host cannot compute that list, but this worker hosts the demo server, so it
//   answers the navigation with index.html and the list's first-paint data
//   inlined (data, no markup): the app seeds it before its first render, and
//   the cards come in that render instead of after one more round trip. The
//   list is read from the address as the screen reads it
//   (src/contract/session-filters.ts), in the visitor's own time zone (the
//   worker's), days included. Offline, or if the demo server fails or is slow,
//   the page goes out without it and the app asks (offline: its device copy).
import { CLIENT_HEADER, CLIENT_HEADER_VALUE } from '#contract/routes'
import { readFirstPaintList, withFirstPaint } from '#contract/first-paint'
import { listOfAddress } from '#contract/session-filters'

declare const self: ServiceWorkerGlobalScope

/** As the app asks the demo server: from this origin, as the app's client. */
const DEMO_SERVER_REQUEST = { origin: self.location.origin, headers: { [CLIENT_HEADER]: CLIENT_HEADER_VALUE } }

const PATH = '/study-sessions'

interface DemoServer {
  handle(request: Request): Promise<Response | undefined>
}

/** Whether this navigation is a /study-sessions address this module answers. */
export const isStudySessionsAddress = (url: URL) => url.origin === self.location.origin && url.pathname === PATH

/**
 * The answer to a navigation to a /study-sessions address: the prerendered
 * first page for the bare address; else `index()` with the address's list.
 */
export async function studySessionsPage(
  server: DemoServer,
  url: URL,
  prerendered: () => Promise<Response>,
  index: () => Promise<Response>,
): Promise<Response> {
  if (url.search === '') return prerendered()
  // The demo server stands in for a remote one: offline it answers nothing (sw.ts).
  if (self.navigator.onLine === false) return index()
  const [page, data] = await Promise.all([
    index(),
    readFirstPaintList(
      (request) => server.handle(request),
      DEMO_SERVER_REQUEST,
      listOfAddress(url.searchParams),
      Date.now(),
    ),
  ])
  if (!data || !page.ok) return page
  const headers = new Headers(page.headers)
  // The body changes length; the precache's headers still describe the page.
  headers.delete('Content-Length')
  return new Response(withFirstPaint(await page.text(), data), { status: 200, headers })
}
