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
import { CLIENT_HEADER, CLIENT_HEADER_VALUE, TOTAL_COUNT_HEADER } from '#contract/routes'
import { firstPaintQuery, withFirstPaint, type FirstPaintData } from '#contract/first-paint'
import type { Session } from '#contract/entities'
import { listOfAddress } from '#contract/session-filters'

declare const self: ServiceWorkerGlobalScope

/** Longest a navigation waits for the list before the page goes out without it (as the API server's). */
const FIRST_PAINT_WAIT_MS = 500

const PATH = '/study-sessions'

interface DemoServer {
  handle(request: Request): Promise<Response | undefined>
}

/** Whether this navigation is a /study-sessions address this module answers. */
export const isStudySessionsAddress = (url: URL) => url.origin === self.location.origin && url.pathname === PATH

async function readList(server: DemoServer, url: URL): Promise<FirstPaintData | undefined> {
  const list = listOfAddress(url.searchParams)
  const at = Date.now()
  const request = new Request(new URL(`/api/sessions?${firstPaintQuery(list).toString()}`, self.location.origin), {
    headers: { [CLIENT_HEADER]: CLIENT_HEADER_VALUE },
  })
  const response = await server.handle(request)
  if (!response?.ok) return undefined
  const items = (await response.json()) as Session[]
  return { at, list, studySessions: { items, total: Number(response.headers.get(TOTAL_COUNT_HEADER) ?? items.length) } }
}

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
  let timer: ReturnType<typeof setTimeout> | undefined
  const late = new Promise<undefined>((resolve) => (timer = setTimeout(resolve, FIRST_PAINT_WAIT_MS, undefined)))
  const [page, data] = await Promise.all([
    index(),
    Promise.race([readList(server, url).catch(() => undefined), late]).finally(() => clearTimeout(timer)),
  ])
  if (!data || !page.ok) return page
  const headers = new Headers(page.headers)
  // The body changes length; the precache's headers still describe the page.
  headers.delete('Content-Length')
  return new Response(withFirstPaint(await page.text(), data), { status: 200, headers })
}
