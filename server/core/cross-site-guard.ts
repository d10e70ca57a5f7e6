// Which browser requests the API answers at all, on both servers
// (docs/decisions/0034-no-cross-site-api.md). A page on another origin can make
// a browser send requests to the API without asking: a form that posts itself,
// a link, an iframe, an image. The demo server needs no token to reset its
// data, and any server that trusted the browser's own credentials would act
// on them, so before any route runs:
// - page navigations under /api/ are refused (a form's submission is one):
//   the API answers the app's scripts, never a page;
// - requests another site's page made without CORS (an image, a no-cors
//   fetch) are refused; a CORS request is the API server's allowlist's to judge;
// - every write carries a same-origin signal: the browser's
//   `Sec-Fetch-Site: same-origin` (or `none`, typed by the user), or the app's
//   CLIENT_HEADER, which a form cannot send and which makes a script on
//   another origin pass a CORS preflight first.
// File downloads (GET /api/files/...) are the exception to the first two: a
// link may open one; the file route itself decides who may read it. A mail's
// one-click unsubscribe (POST /api/unsubscribe/:token, RFC 8058) is the
// exception to the third: the mail provider's server posts it with no signal
// to give, and the signed token in its path is the proof (it can do nothing else).
import { CLIENT_HEADER } from '#contract/routes'
import { forbidden, type HttpError } from './http-errors'

export const NAVIGATION_REFUSED = 'The API does not answer page navigations: open the app instead.'
export const CROSS_SITE_REFUSED = 'The API does not answer requests made by other sites.'
export const SIGNAL_MISSING = `Writes are accepted only from the app (the ${CLIENT_HEADER} header or a same-origin request).`

const READ_METHODS = new Set(['GET', 'HEAD', 'OPTIONS'])
const FILE_PATH = /^\/api\/files\//
const ONE_CLICK_UNSUBSCRIBE = /^\/api\/unsubscribe\/[^/]+$/

const isApiPath = (pathname: string) => pathname === '/api' || pathname.startsWith('/api/')

/** Why the request must not be answered, or null when it may go on to its route. */
export function crossSiteRefusal(request: Request): HttpError | null {
  const { pathname } = new URL(request.url)
  if (!isApiPath(pathname)) return null
  const method = request.method.toUpperCase()
  const download = (method === 'GET' || method === 'HEAD') && FILE_PATH.test(pathname)
  const site = request.headers.get('Sec-Fetch-Site')
  // A server reads the browser's fetch metadata; a service worker is never
  // shown Sec-Fetch-* headers, but it is shown the request's mode.
  const mode = request.headers.get('Sec-Fetch-Mode') ?? request.mode
  if (!download) {
    if (mode === 'navigate') return forbidden(NAVIGATION_REFUSED)
    if ((site === 'cross-site' || site === 'same-site') && mode !== 'cors') return forbidden(CROSS_SITE_REFUSED)
  }
  const oneClick = method === 'POST' && ONE_CLICK_UNSUBSCRIBE.test(pathname)
  if (!READ_METHODS.has(method) && !oneClick) {
    const sameOrigin = site === 'same-origin' || site === 'none'
    if (!sameOrigin && !request.headers.get(CLIENT_HEADER)) return forbidden(SIGNAL_MISSING)
  }
  return null
}
