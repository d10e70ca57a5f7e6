// The data a first paint needs, carried inside index.html
// (docs/decisions/0041-data-in-the-first-paint.md): a demo build writes it at
// build time from the seed for / and /study-sessions' first page; the API
// server of a live build on each request for / and any /study-sessions address
// whose list it can read as the visitor's device would; the demo build's worker
// for a /study-sessions address with a search. It travels as a non-executing
// <script type="application/json">: nothing runs, a Content-Security-Policy's
// script-src does not apply to it, and the app reads it with JSON.parse before
// its first render.
import type { Session } from './entities'
import { TOTAL_COUNT_HEADER } from './headers'
import type { SessionListAddress } from './session-filters'

export const FIRST_PAINT_ELEMENT_ID = 'first-paint-data'

/** How many approved sessions each page shows first (docs/product.md#constants). */
export const FIRST_PAGE_LIMITS = { home: 6, studySessions: 8 } as const

/** A page of approved sessions, as GET /sessions?status=approved&page=N&limit=8 (and the list's search) answers it. */
interface FirstPaintPage {
  items: Session[]
  /** X-Total-Count. */
  total: number
}

export interface FirstPaintData {
  /** When the data was read, in ms since the epoch. */
  at: number
  /**
   * The dates are relative to `at` (a demo build's seed, which the demo server
   * seeds again, dated from its own start): the app moves them to its clock.
   */
  relative?: true
  /**
   * The page's prerendered markup was rendered from this data (a demo build's
   * home page), so the app must have it in its first render to hydrate that
   * markup. Otherwise (the API server's) the markup says "Loading sessions…"
   * and the app puts the data in just after hydrating.
   */
  inMarkup?: true
  /**
   * Which /study-sessions list `studySessions` is, as its address asks for it
   * (src/contract/session-filters.ts listOfAddress). Absent: page 1 of the
   * plain list, as every page carried before searches came with the page.
   */
  list?: SessionListAddress
  /** That list's page; page 1 of the plain list's first FIRST_PAGE_LIMITS.home sessions are the home page's. */
  studySessions: FirstPaintPage
}

/** GET /sessions' query for a first paint's list (page 1 of the plain list without one). */
export function firstPaintQuery(list: SessionListAddress = { page: 1 }): URLSearchParams {
  const { page, tutorEmail, search } = list
  return new URLSearchParams({
    status: 'approved',
    page: String(page),
    limit: String(FIRST_PAGE_LIMITS.studySessions),
    ...(tutorEmail ? { tutorEmail } : {}),
    ...search,
  })
}

/** Longest a navigation waits for its list before the page goes out without it (API server and demo worker). */
export const FIRST_PAINT_WAIT_MS = 500

const isPlainFirstPage = ({ page, tutorEmail, search }: SessionListAddress) => page === 1 && !tutorEmail && !search

/**
 * A first paint's list, read through the API's own GET /sessions handler
 * (`handle`: the API server's route, or the demo server in the worker) as the
 * visitor's screen would ask for it. Undefined if the read fails or takes
 * longer than FIRST_PAINT_WAIT_MS: the page then goes out without it and the
 * app asks as usual.
 */
export async function readFirstPaintList(
  handle: (request: Request) => Promise<Response | undefined>,
  request: { origin: string; headers?: Record<string, string> },
  list: SessionListAddress,
  at: number,
): Promise<FirstPaintData | undefined> {
  const read = (async (): Promise<FirstPaintData | undefined> => {
    const url = new URL(`/api/sessions?${firstPaintQuery(list).toString()}`, request.origin)
    const response = await handle(new Request(url, { headers: request.headers }))
    if (!response?.ok) return undefined
    const items = (await response.json()) as Session[]
    const studySessions = { items, total: Number(response.headers.get(TOTAL_COUNT_HEADER) ?? items.length) }
    // Page 1 of the plain list says nothing of itself, as before lists came with the page.
    return isPlainFirstPage(list) ? { at, studySessions } : { at, list, studySessions }
  })()
  let timer: ReturnType<typeof setTimeout> | undefined
  const late = new Promise<undefined>((resolve) => (timer = setTimeout(resolve, FIRST_PAINT_WAIT_MS, undefined)))
  try {
    return await Promise.race([read.catch(() => undefined), late])
  } finally {
    clearTimeout(timer)
  }
}

/**
 * The element to put into the page. Every `<` is escaped (as are the two line
 * separators JSON allows and HTML tooling may not), so no text in the data can
 * close the element, open a comment or start another tag.
 */
export function firstPaintElement(data: FirstPaintData): string {
  const json = JSON.stringify(data)
    .replace(/</g, '\\u003c')
    .replace(/\u2028/g, '\\u2028')
    .replace(/\u2029/g, '\\u2029')
  return `<script type="application/json" id="${FIRST_PAINT_ELEMENT_ID}">${json}</script>`
}

/**
 * `html` (a page) with this data in it, data alone, no markup rendered from
 * it: in place of the data it carried (a demo build's index.html carries the
 * home page's; its markup, not this address's page, is emptied before the
 * first paint), else just before </body>.
 */
export function withFirstPaint(html: string, data: FirstPaintData): string {
  const element = firstPaintElement(data)
  const start = `<script type="application/json" id="${FIRST_PAINT_ELEMENT_ID}">`
  const from = html.indexOf(start)
  // The JSON in it has no "<": the element ends at the first </script>.
  if (from >= 0) {
    const to = html.indexOf('</script>', from) + '</script>'.length
    return html.slice(0, from) + element + html.slice(to)
  }
  const at = html.lastIndexOf('</body>')
  return at < 0 ? html + element : `${html.slice(0, at)}${element}\n  ${html.slice(at)}`
}

/**
 * A demo build's /study-sessions, prerendered with its first page's cards as
 * its own file of the build: a static host answers /study-sessions with it,
 * and the worker precaches it and answers that navigation with it.
 */
export const STUDY_SESSIONS_PAGE = 'study-sessions.html'

/**
 * A live build's server renderer (docs/decisions/0043-cards-rendered-on-the-server.md):
 * the SSR bundle of src/app/prerender-entry.tsx, written into the build at
 * this path, which the API server loads by path (it never imports app code).
 */
export const PAGE_RENDERER_PATH = 'server-render/prerender-entry.mjs'

/**
 * What the bundle's `renderPage` does: the built index.html (`page`) with the
 * markup of the page at `url` rendered from `data`, and the data beside it;
 * undefined for a URL it does not render.
 */
export type RenderPage = (page: string, url: string, data: FirstPaintData) => Promise<string | undefined>
