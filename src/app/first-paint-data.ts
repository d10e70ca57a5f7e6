// The first-paint data index.html may carry (src/contract/first-paint.ts),
// put into the query cache under the key of the list it says it is: page 1 of
// the plain list by default, the one key both screens ask for (the home page
// selects its first cards), or the page and search of a /study-sessions
// address (docs/decisions/0066-every-study-sessions-address-comes-with-its-cards.md), so they render in the app's
// first render instead of after a request (docs/decisions/0041-data-in-the-first-paint.md).
// Seeded as of when it was read and marked stale, so the screen's query still
// asks in the background; an answer already in the cache (a restored one) is
// never replaced.
import type { QueryClient } from '@tanstack/react-query'
import type { Session } from '#contract/entities'
import { FIRST_PAGE_LIMITS, FIRST_PAINT_ELEMENT_ID, type FirstPaintData } from '#contract/first-paint'
import { sessionQueries } from '#features/sessions/api/session-queries'

const DATE_FIELDS = ['registrationStart', 'registrationEnd', 'classStart', 'classEnd', 'createdAt'] as const

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

export function seedFirstPaint(client: QueryClient, data: FirstPaintData, now = Date.now()): void {
  // A seed dated relative to its reading is dated relative to now, as the
  // demo server's own seeding will be: every registration label reads the same.
  const shift = data.relative ? now - data.at : 0
  const { items, total } = data.studySessions
  const sessions = shift ? items.map((session) => movedBy(session, shift)) : items
  // One entry: the list's (by default /study-sessions' page 1, whose first cards the home page selects).
  const list = data.list ?? { page: 1 }
  const { queryKey } = sessionQueries.list({ ...list, admin: false })
  if (client.getQueryData(queryKey) !== undefined) return
  const limit = FIRST_PAGE_LIMITS.studySessions
  client.setQueryData(
    queryKey,
    { items: sessions.slice(0, limit), total, page: list.page, limit },
    { updatedAt: data.at },
  )
  // Shown at once, but still asked for: the query's own fetch is what keeps
  // the device's copy for offline reading, and what a screen mounting now
  // will run (a stale query refetches on mount), in the background.
  void client.invalidateQueries({ queryKey, exact: true, refetchType: 'none' })
}
