// A demo build's first-paint data (src/contract/first-paint.ts): page 1 of the
// approved sessions (/study-sessions' first page, the home page's first six), answered by the
// demo server's own endpoint over the seed it writes into the browser on its
// first start. Same seed, same session ids; the dates are relative to the
// seeding, which the app moves to its own clock (`relative`).
import { sumRatings } from '#core/endpoints/answers'
import { listSessions } from '#core/endpoints/sessions'
import { buildSeedRows } from '#core/seed/seed-data'
import type { Store } from '#core/store'
import { FIRST_PAGE_LIMITS, type FirstPaintData } from '#contract/first-paint'
import type { Session } from '#contract/entities'
import { TOTAL_COUNT_HEADER } from '#contract/routes'

export async function demoFirstPaintData(at = Date.now()): Promise<FirstPaintData> {
  const rows = await buildSeedRows({ now: new Date(at) })
  // The two reads listSessions makes, over the seed's rows, newest first as the demo store lists them.
  const approved = rows.sessions
    .filter((s) => s.status === 'approved')
    .sort((a, b) => b.createdAt.localeCompare(a.createdAt))
  const store = {
    sessions: {
      list: async (_filter: unknown, paging: { page: number; limit: number }) => ({
        rows: approved.slice((paging.page - 1) * paging.limit, paging.page * paging.limit),
        total: approved.length,
      }),
    },
    reviews: {
      ratings: async (ids: readonly string[]) => sumRatings(rows.reviews.filter((r) => ids.includes(r.sessionId))),
    },
  } as unknown as Store
  const query = { status: 'approved', page: '1', limit: String(FIRST_PAGE_LIMITS.studySessions) }
  // Its clock is the seeding's (the registration-open filter reads it; page 1 asks for none).
  const deps = { now: () => new Date(at) }
  // Nobody signed in: the first paint is the public list (no cancelled class in it).
  const answer = await listSessions({ deps, store, query, principal: null } as unknown as Parameters<
    typeof listSessions
  >[0])
  return {
    at,
    relative: true,
    inMarkup: true,
    studySessions: { items: answer.body as Session[], total: Number(answer.headers?.[TOTAL_COUNT_HEADER]) },
  }
}
