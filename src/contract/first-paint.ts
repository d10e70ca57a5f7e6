// The data a first paint needs, carried inside index.html
// (docs/decisions/0041-data-in-the-first-paint.md): a demo build writes it at
// build time from the seed, the API server of a live build on each request for
// / and /study-sessions. It travels as a non-executing
// <script type="application/json">: nothing runs, a Content-Security-Policy's
// script-src does not apply to it, and the app reads it with JSON.parse before
// its first render.
import type { Session } from './entities'

export const FIRST_PAINT_ELEMENT_ID = 'first-paint-data'

/** How many approved sessions each page shows first (docs/product.md#constants). */
export const FIRST_PAGE_LIMITS = { home: 6, studySessions: 8 } as const

/** Page 1 of the approved sessions, as GET /sessions?status=approved&page=1&limit=N answers it. */
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
  /** Page 1 of /study-sessions; its first FIRST_PAGE_LIMITS.home sessions are the home page's. */
  studySessions: FirstPaintPage
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
