// Newest-first lists, whole or one page with its total, for every table that
// has a list method: one place decides how deep pages stay cheap.
import { asc, desc, inArray, type SQL } from 'drizzle-orm'
import type { AnyPgColumn, AnyPgTable } from 'drizzle-orm/pg-core'
import type { Listed, Paging } from '#core/store'
import type { PgDb } from './shared'

const offsetOf = (paging: Paging) => (Math.max(1, Math.floor(paging.page)) - 1) * Math.max(0, paging.limit)

/**
 * Rows of `list.table` matching `list.where`, newest first by (time, id):
 * every one, or one page and the total.
 *
 * The contract pages by number, so a page N rows deep has to step over N
 * entries whatever we do; everything else is kept off that path: the step
 * selects ids only, in index order (no sort), and whole rows are read for
 * the page alone. With the total counted first (after page 1, which reads
 * the first entries while the count runs), a page past the end costs
 * nothing more, and a page in the older half is read from the oldest end,
 * so the last page costs what the first does and no page steps over more
 * than half the list. A write landing between the count and the page can
 * shift that page by a row, as it would between two page requests anyway.
 */
export async function listed<R, T>(
  db: PgDb,
  list: { table: AnyPgTable; time: AnyPgColumn; id: AnyPgColumn; where?: SQL },
  paging: Paging | null,
  map: (row: R) => T,
): Promise<Listed<T>> {
  const { table, time, id, where } = list
  const newestFirst = [desc(time), desc(id)]
  if (!paging) {
    const rows = await db
      .select()
      .from(table)
      .where(where)
      .orderBy(...newestFirst)
    return { rows: rows.map((row) => map(row as R)) }
  }
  const limit = Math.max(0, Math.floor(paging.limit))
  const offset = offsetOf(paging)
  if (offset === 0) {
    // The first page, the one nearly every caller wants, is the index's first entries: no need to wait for the count.
    const [rows, total] = await Promise.all([
      db
        .select()
        .from(table)
        .where(where)
        .orderBy(...newestFirst)
        .limit(limit),
      db.$count(table, where),
    ])
    return { rows: rows.map((row) => map(row as R)), total }
  }
  const total = await db.$count(table, where)
  if (limit === 0 || offset >= total) return { rows: [], total }
  /** Rows older than the page: its offset when counted from the oldest end. */
  const older = total - offset - limit
  const fromOldest = older < offset
  const ids = db
    .select({ id })
    .from(table)
    .where(where)
    .orderBy(...(fromOldest ? [asc(time), asc(id)] : newestFirst))
    .limit(fromOldest ? Math.min(limit, total - offset) : limit)
    .offset(fromOldest ? Math.max(0, older) : offset)
  const rows = await db
    .select()
    .from(table)
    .where(inArray(id, ids))
    .orderBy(...newestFirst)
  return { rows: rows.map((row) => map(row as R)), total }
}
