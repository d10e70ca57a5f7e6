// Serving the built app (APP_DIST_DIR) from the API's own origin, so a
// deployment needs one host, no CORS entry and no second server. Everything
// outside /api is a file of the build; a navigation to any other path gets
// index.html, because the app routes on the client (/dashboard/..., /sessions/...).
//
// Caching: index.html and sw.js must be revalidated on every load, or a new
// release would wait behind the old one; files under /assets/ carry a content
// hash in their names, so they never change and may be cached for a year.
import { existsSync, readFileSync } from 'node:fs'
import { readFile } from 'node:fs/promises'
import { join } from 'node:path'
import { pathToFileURL } from 'node:url'
import { serveStatic } from '@hono/node-server/serve-static'
import type { Env, Hono, MiddlewareHandler } from 'hono'
import { compress } from 'hono/compress'
import { PAGE_RENDERER_PATH, withFirstPaint, type RenderPage } from '#contract/first-paint'
import { policyHeader, policyInPage } from './content-security-policy'
import { firstPaintListOf, type FirstPaintReader } from './first-paint'
import { setResponseHeaders } from './response-headers'

const REVALIDATE = new Set(['/', '/index.html', '/sw.js'])
const IMMUTABLE = 'public, max-age=31536000, immutable'

/** Headers every answer of this origin carries. */
export const SECURITY_HEADERS: Readonly<Record<string, string>> = {
  'X-Content-Type-Options': 'nosniff',
  'Referrer-Policy': 'strict-origin-when-cross-origin',
  // Google sign-in opens a popup that must be able to report back to this window.
  'Cross-Origin-Opener-Policy': 'same-origin-allow-popups',
}

const isApiPath = (path: string) => path === '/api' || path.startsWith('/api/')

type RequestHeaders = { header(name: string): string | undefined }

/** A browser navigation (as opposed to a script, image or fetch that should get a 404). */
function isNavigation(headers: RequestHeaders): boolean {
  const mode = headers.header('Sec-Fetch-Mode')
  if (mode !== undefined) return mode === 'navigate'
  return (headers.header('Accept') ?? '').includes('text/html')
}

/**
 * A request for a page: a navigation, or the service worker fetching "/" to
 * keep it for a start from the home screen (it asks for HTML).
 */
function asksForPage(headers: RequestHeaders): boolean {
  return isNavigation(headers) || (headers.header('Accept') ?? '').includes('text/html')
}

/**
 * The build's server renderer (a live build has one; a dev or demo build
 * does not), loaded by path when the app is mounted, so the first page does
 * not wait for it. One that fails to load leaves pages with their data alone.
 */
function pageRenderer(root: string): Promise<RenderPage | undefined> | undefined {
  const file = join(root, PAGE_RENDERER_PATH)
  if (!existsSync(file)) return undefined
  return import(pathToFileURL(file).href).then(
    (module: { renderPage: RenderPage }) => module.renderPage,
    () => undefined,
  )
}

/** The renderer's folder is code for this server, not a file of the app. */
const RENDERER_FOLDER = `/${PAGE_RENDERER_PATH.split('/')[0]}/`

const cacheHeaders: MiddlewareHandler = async (c, next) => {
  await next()
  if (c.res.status !== 200 && c.res.status !== 206 && c.res.status !== 304) return
  const path = c.req.path
  if (path.startsWith('/assets/')) setResponseHeaders(c, { 'Cache-Control': IMMUTABLE })
  else if (REVALIDATE.has(path) || (c.res.headers.get('Content-Type') ?? '').startsWith('text/html')) {
    setResponseHeaders(c, { 'Cache-Control': 'no-cache' })
  }
}

/**
 * The built page's Content-Security-Policy as a header, on every file of the
 * app (the page, and the service worker, whose policy is its script's own).
 * The page with the first paint's data inlined keeps the same policy: that
 * data is a non-executing <script type="application/json">, which script-src
 * does not govern, so it needs no hash.
 */
function contentSecurityPolicy(root: string): MiddlewareHandler {
  const pagePolicy = policyInPage(readFileSync(join(root, 'index.html'), 'utf8'))
  if (!pagePolicy)
    throw new Error(`${join(root, 'index.html')} has no Content-Security-Policy: is it a build of this app?`)
  const header = policyHeader(pagePolicy)
  return async (c, next) => {
    await next()
    setResponseHeaders(c, { 'Content-Security-Policy': header })
  }
}

/**
 * Mounts the app folder's files and the client-side routing fallback on `app`.
 * With `firstPaint`, a navigation to a page that shows approved sessions ("/",
 * any /study-sessions address whose list it can read as the visitor's device
 * would) gets index.html with them inlined (./first-paint.ts), and, when the
 * build has its server renderer, with their cards rendered in the page
 * (docs/decisions/0043-cards-rendered-on-the-server.md).
 */
export function mountStaticApp<E extends Env>(app: Hono<E>, root: string, firstPaint?: FirstPaintReader): void {
  // The build writes a brotli and a gzip copy of each text file
  // (scripts/precompress/precompress-plugin.ts): they are sent as they are to
  // a browser that accepts them, and compress() below leaves them alone.
  const files = serveStatic<E>({ root, precompressed: true })
  const indexHtml = serveStatic<E>({ root, path: 'index.html', precompressed: true })
  const outsideApi = (handler: MiddlewareHandler<E>): MiddlewareHandler<E> => {
    return async (c, next) => (isApiPath(c.req.path) ? next() : handler(c, next))
  }
  // gzip for what has no copy compressed at build time (a page with the first
  // paint's data, a build without them): a browser on a phone network waits
  // for every byte. Outermost, so it sees the final headers; answers already
  // compressed (images, PDFs, the build's copies) and partial ones pass as
  // they are.
  app.use('*', outsideApi(compress()))
  app.use('*', outsideApi(cacheHeaders))
  app.use('*', outsideApi(contentSecurityPolicy(root)))
  app.use(`${RENDERER_FOLDER}*`, async (c) => c.notFound())
  const renderer = pageRenderer(root)
  if (firstPaint) {
    app.get('*', async (c, next) => {
      const list = asksForPage(c.req) ? firstPaintListOf(new URL(c.req.url)) : undefined
      if (!list) return next()
      const [html, data, render] = await Promise.all([
        readFile(join(root, 'index.html'), 'utf8'),
        firstPaint(list),
        renderer,
      ])
      if (!data) return next()
      // A render that fails leaves the page as it was without the renderer: the data alone.
      const rendered = render && (await render(html, c.req.url, data).catch(() => undefined))
      return c.html(rendered ?? withFirstPaint(html, data))
    })
  }
  app.get('*', outsideApi(files))
  app.get(
    '*',
    outsideApi(async (c, next) => {
      // A missing /assets/ file is a 404, never the page: a stale tab asking
      // for an old chunk must fail loudly, not parse HTML as JavaScript.
      if (c.req.path.startsWith('/assets/') || !isNavigation(c.req)) return next()
      return indexHtml(c, next)
    }),
  )
}
