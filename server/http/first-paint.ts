// A first visit's data inside the page (docs/decisions/0041-data-in-the-first-paint.md):
// a navigation to / or to /study-sessions' first page gets index.html with
// page 1 of the approved sessions inlined (src/contract/first-paint.ts), read
// through the API's own route, so the app renders the cards in its first
// render instead of after one more round trip. If the read fails or is slow,
// the page goes out without it and the app asks as usual.
import { FIRST_PAGE_LIMITS, firstPaintElement, type FirstPaintData } from '#contract/first-paint'
import type { Session } from '#contract/entities'
import { LIST_ADDRESS_PARAMS } from '#contract/session-search'
import { routes, TOTAL_COUNT_HEADER } from '#contract/routes'
import type { ApiDeps } from '#core/api-deps'
import type { ApiRoute } from '#core/routes'

/** Longest a page waits for its data before it goes out without. */
const FIRST_PAINT_WAIT_MS = 500

/**
 * Whether a navigation to this URL shows page 1 of the approved sessions: a
 * search, a filter or a sort in the address is another list, which the app
 * asks for itself (the page goes out as any other route's).
 */
export function showsFirstPage(url: URL): boolean {
  if (url.pathname === '/') return true
  const { searchParams } = url
  const page = searchParams.get('page')
  return (
    url.pathname === '/study-sessions' &&
    (page === null || page === '1') &&
    LIST_ADDRESS_PARAMS.every((name) => !searchParams.get(name))
  )
}

export type FirstPaintReader = () => Promise<FirstPaintData | undefined>

export function firstPaintReader(apiRoutes: readonly ApiRoute[], deps: ApiDeps): FirstPaintReader {
  const list = apiRoutes.find((r) => r.method === 'GET' && r.path === `/api${routes.listSessions.path}`)
  return async () => {
    if (!list) return undefined
    const at = deps.now().getTime()
    const query = `status=approved&page=1&limit=${FIRST_PAGE_LIMITS.studySessions}`
    const read = (async (): Promise<FirstPaintData | undefined> => {
      const response = await list.handle(new Request(`http://first-paint.invalid/api/sessions?${query}`), {}, deps)
      if (!response.ok) return undefined
      const items = (await response.json()) as Session[]
      return { at, studySessions: { items, total: Number(response.headers.get(TOTAL_COUNT_HEADER) ?? items.length) } }
    })()
    let timer: ReturnType<typeof setTimeout> | undefined
    const late = new Promise<undefined>((resolve) => (timer = setTimeout(resolve, FIRST_PAINT_WAIT_MS, undefined)))
    try {
      return await Promise.race([read.catch(() => undefined), late])
    } finally {
      clearTimeout(timer)
    }
  }
}

/** index.html with the data in it, just before </body>. */
export function withFirstPaint(html: string, data: FirstPaintData): string {
  const at = html.lastIndexOf('</body>')
  const element = firstPaintElement(data)
  return at < 0 ? html + element : `${html.slice(0, at)}${element}\n  ${html.slice(at)}`
}
