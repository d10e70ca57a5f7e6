// Where a page's server-rendered markup and data go in index.html, one way for
// both places that do it (docs/decisions/0043-cards-rendered-on-the-server.md):
// the build, which prerenders "/" into the built index.html
// (scripts/prerender/) and /study-sessions' first page into study-sessions.html,
// and the API server of a live build, which renders "/" and /study-sessions'
// addresses per request into that built page through the SSR bundle of
// ./prerender-entry.tsx.
//
// The root says which page its markup is (data-page). index.html is also the
// navigation fallback of every other route (vite preview, the service worker),
// and study-sessions.html a static host's answer to any /study-sessions address,
// so an inline script that runs before the first paint empties the root when
// the markup is not the current page's; main.tsx then renders instead of
// hydrating. The script is the same text on every page, so the
// Content-Security-Policy's hash of it holds for each.
// With its extension: the build's config (scripts/prerender/) loads this file through Node.
import { FIRST_PAINT_ELEMENT_ID, firstPaintElement, type FirstPaintData } from '../contract/first-paint.ts'

const EMPTY_ROOT = '<div id="root"></div>'
const ROOT_START = '<div id="root"'
const SEPARATOR = '\n    '
const DATA_START = `<script type="application/json" id="${FIRST_PAINT_ELEMENT_ID}">`

/**
 * Empties the root before the first paint unless its markup is this address's
 * page: its path and its query, since /study-sessions?q=… is another list than
 * /study-sessions, and a static host answers both with study-sessions.html.
 */
export const KEEP_ONLY_ON_ITS_PAGE =
  `<script>var r=document.getElementById('root');` +
  `if(r.getAttribute('data-page')!==location.pathname+location.search)r.replaceChildren()</script>`

const escapeAttribute = (value: string) => value.replace(/&/g, '&amp;').replace(/"/g, '&quot;')

interface PageMarkup {
  /** The address the markup is the page of, path and query ("/", "/study-sessions", "/study-sessions?q=chem"). */
  path: string
  /** What goes inside <div id="root">. */
  markup: string
  /** The data the markup was rendered from, carried for the app to hydrate with. */
  firstPaint?: FirstPaintData
}

/**
 * `page` with its root holding `markup`: either the source index.html (an
 * empty root) or a built one, whose prerendered markup and data it replaces.
 */
export function withPageMarkup(page: string, { path, markup, firstPaint }: PageMarkup): string {
  const from = page.indexOf(ROOT_START)
  let to: number
  if (page.startsWith(EMPTY_ROOT, from)) {
    to = from + EMPTY_ROOT.length
  } else {
    const script = page.indexOf(KEEP_ONLY_ON_ITS_PAGE, from)
    if (from < 0 || script < 0) throw new Error('index.html has neither an empty root nor a prerendered one')
    to = script + KEEP_ONLY_ON_ITS_PAGE.length
    // The data the old markup came with goes with it (JSON in it has no "<": see firstPaintElement).
    if (page.startsWith(SEPARATOR + DATA_START, to)) to = page.indexOf('</script>', to) + '</script>'.length
  }
  const block =
    `<div id="root" data-page="${escapeAttribute(path)}">${markup}</div>${SEPARATOR}${KEEP_ONLY_ON_ITS_PAGE}` +
    (firstPaint ? SEPARATOR + firstPaintElement({ ...firstPaint, inMarkup: true }) : '')
  return page.slice(0, from) + block + page.slice(to)
}
