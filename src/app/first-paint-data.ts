// The first-paint data index.html may carry (src/contract/first-paint.ts),
// put into the query cache under the key of the list it says it is: page 1 of
// the plain list by default, the one key both screens ask for (the home page
// selects its first cards), or the page and search of a /study-sessions
// address (docs/decisions/0066-every-study-sessions-address-comes-with-its-cards.md), so they render in the app's
// first render instead of after a request (docs/decisions/0041-data-in-the-first-paint.md).
// Seeded as of when it was read. A list the server read for this very request
// (a live build's page, from the network) is as current as the screen's own
// fetch would be: it is kept on the device as that fetch would have kept it, and
// not asked for again until it goes stale as any answer does
// (docs/performance.md#a-list-read-for-this-request-is-not-asked-again). Any
// other (a page the worker answered, such as the home page it kept from an
// earlier start; a demo build's seed from its build) is marked stale, so the
// screen's query asks in the background. An answer already in the cache (a
// restored one) is never replaced.
import type { QueryClient } from '@tanstack/react-query'
import type { Session } from '#contract/entities'
import { FIRST_PAGE_LIMITS, FIRST_PAINT_ELEMENT_ID, type FirstPaintData } from '#contract/first-paint'
import { sessionQueries } from '#features/sessions/api/session-queries'

const DATE_FIELDS = ['registrationStart', 'registrationEnd', 'classStart', 'classEnd', 'createdAt'] as const

/**
 * How far from this device's clock a page's reading may be and still count as read for this request: a page's
 * trip takes a second or two, and a phone's clock is set by its network to within a few seconds. (A clock further
 * off only makes a fresh list count as old: it is asked for again.)
 */
export const READ_FOR_THIS_REQUEST_MS = 10_000

/** Whether a service worker answered this page's navigation: then it may be a page kept from before. */
function servedByWorker(): boolean {
  return typeof navigator !== 'undefined' && navigator.serviceWorker?.controller != null
}

export interface SeedOptions {
  /** This device's clock. */
  now?: number
  /** A worker answered the navigation (by default: whether one controls the page). */
  fromWorker?: boolean
  /** A render on the server, which only shows the list: nothing is kept or asked for. */
  onServer?: boolean
}

export function readFirstPaintData(): FirstPaintData | undefined {
  const text = document.getElementById(FIRST_PAINT_ELEMENT_ID)?.textContent
  if (!text) return undefined
  try {
    return JSON.parse(text) as FirstPaintData
  } catch {
    // A damaged page: the screens fetch as they would without it.
    return undefined
  }
}

function movedBy(session: Session, ms: number): Session {
  const moved = { ...session }
  for (const field of DATE_FIELDS) {
    const value = moved[field]
    if (typeof value === 'string') moved[field] = new Date(Date.parse(value) + ms).toISOString()
  }
  return moved
}

export function seedFirstPaint(
  client: QueryClient,
  data: FirstPaintData,
  { now = Date.now(), fromWorker = servedByWorker(), onServer = false }: SeedOptions = {},
): void {
  // A seed dated relative to its reading is dated relative to now, as the
  // demo server's own seeding will be: every registration label reads the same.
  const shift = data.relative ? now - data.at : 0
  const { items, total } = data.studySessions
  const sessions = shift ? items.map((session) => movedBy(session, shift)) : items
  // One entry: the list's (by default /study-sessions' page 1, whose first cards the home page selects).
  const filters = { ...(data.list ?? { page: 1 }), admin: false }
  const { queryKey } = sessionQueries.list(filters)
  if (client.getQueryData(queryKey) !== undefined) return
  const limit = FIRST_PAGE_LIMITS.studySessions
  const page = { items: sessions.slice(0, limit), total, page: filters.page, limit }
  // Dated no later than now, so a server clock ahead of this one never keeps it fresh for longer.
  client.setQueryData(queryKey, page, { updatedAt: Math.min(data.at, now) })
  if (onServer) return
  const readForThisRequest = !fromWorker && !data.relative && Math.abs(now - data.at) <= READ_FOR_THIS_REQUEST_MS
  if (readForThisRequest) sessionQueries.keepListPage(filters, page, data.at)
  // Shown at once, but still asked for, in the background, by the screen
  // mounting now (a stale query refetches on mount); that fetch keeps the
  // device's copy.
  else void client.invalidateQueries({ queryKey, exact: true, refetchType: 'none' })
}
