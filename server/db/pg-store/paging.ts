// Newest-first (or otherwise ordered) lists, whole or one page with its total, for every table that
// has a list method: one place decides how deep pages stay cheap.
import { asc, desc, inArray, type SQL } from 'drizzle-orm'
import type { AnyPgColumn, AnyPgTable, SelectedFields } from 'drizzle-orm/pg-core'
import type { Listed, Paging } from '#core/store'
import type { PgDb } from './shared'

const offsetOf = (paging: Paging) => (Math.max(1, Math.floor(paging.page)) - 1) * Math.max(0, paging.limit)

/** One key of a list's order; the last key of every order is unique (the id), so no two rows tie. */
export interface OrderKey {
  by: AnyPgColumn | SQL
  dir: 'asc' | 'desc'
}

/**
 * Rows of `list.table` matching `list.where`, newest first by (time, id) or
 * in `list.order`: every one, or one page and the total.
 *
 * The contract pages by number, so a page N rows deep has to step over N
 * entries whatever we do; everything else is kept off that path: the step
 * selects ids only, in index order (no sort), and whole rows are read for
 * the page alone. With the total counted first (after page 1, which reads
 * the first entries while the count runs), a page past the end costs
 * nothing more, and a page in the older half is read from the other end,
 * so the last page costs what the first does and no page steps over more
 * than half the list. A write landing between the count and the page can
 * shift that page by a row, as it would between two page requests anyway.
 */
export async function listed<R, T>(
  db: PgDb,
  list: {
    table: AnyPgTable
    time: AnyPgColumn
    id: AnyPgColumn
    where?: SQL
    /** Another order than newest first (a search's sort): the same paging, read from either end. */
    order?: readonly OrderKey[]
    /** The columns a row is read with (default: all of them). */
    fields?: SelectedFields
  },
  paging: Paging | null,
  map: (row: R) => T,
): Promise<Listed<T>> {
  const { table, time, id, where, fields } = list
  const keys: readonly OrderKey[] = list.order ?? [
    { by: time, dir: 'desc' },
    { by: id, dir: 'desc' },
  ]
  const inOrder = keys.map((k) => (k.dir === 'desc' ? desc(k.by) : asc(k.by)))
  const reversed = keys.map((k) => (k.dir === 'desc' ? asc(k.by) : desc(k.by)))
  const select = () => (fields ? db.select(fields) : db.select())
  if (!paging) {
    const rows = await select()
      .from(table)
      .where(where)
      .orderBy(...inOrder)
    return { rows: rows.map((row) => map(row as R)) }
  }
  const limit = Math.max(0, Math.floor(paging.limit))
  const offset = offsetOf(paging)
  if (offset === 0) {
    // The first page, the one nearly every caller wants, is the index's first entries: no need to wait for the count.
    const [rows, total] = await Promise.all([
      select()
        .from(table)
        .where(where)
        .orderBy(...inOrder)
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
    .orderBy(...(fromOldest ? reversed : inOrder))
    .limit(fromOldest ? Math.min(limit, total - offset) : limit)
    .offset(fromOldest ? Math.max(0, older) : offset)
  const rows = await select()
    .from(table)
    .where(inArray(id, ids))
    .orderBy(...inOrder)
  return { rows: rows.map((row) => map(row as R)), total }
}
