// Newest-first (or otherwise ordered) lists, whole or one page with its total, for every table that
// has a list method: one place decides how deep pages stay cheap.
import { asc, desc, getTableColumns, sql, type SQL } from 'drizzle-orm'
import type { AnyPgColumn, AnyPgTable, SelectedFieldsFlat } from 'drizzle-orm/pg-core'
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
 * the page alone. A page in the older half is read from the other end, so
 * the last page costs what the first does and no page steps over more than
 * half the list.
 *
 * A page is one statement: the total is counted first (a CTE), and the
 * statement picks the end to read from by it. On the embedded database every
 * statement waits its turn in one line with every other request's
 * (../pglite-turns.ts) and is parsed and planned anew, so a second statement
 * for the count made a list request one turn and one plan longer. The page's
 * rows are joined to the count's one row, not the other way around: a page
 * past the end (or of an empty list) is still that row, with the total and
 * no page row.
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
    fields?: SelectedFieldsFlat
  },
  paging: Paging | null,
  map: (row: R) => T,
): Promise<Listed<T>> {
  const { table, time, id, where } = list
  const fields: SelectedFieldsFlat = list.fields ?? getTableColumns(table)
  const keys: readonly OrderKey[] = list.order ?? [
    { by: time, dir: 'desc' },
    { by: id, dir: 'desc' },
  ]
  const inOrder = keys.map((k) => (k.dir === 'desc' ? desc(k.by) : asc(k.by)))
  if (!paging) {
    const rows = await db
      .select(fields)
      .from(table)
      .where(where)
      .orderBy(...inOrder)
    return { rows: rows.map((row) => map(row as R)) }
  }
  const limit = Math.max(0, Math.floor(paging.limit))
  const offset = offsetOf(paging)
  const counted = db.$with('listed_total').as(
    db
      .select({ n: sql<number>`count(*)::int`.as('n') })
      .from(table)
      .where(where),
  )
  const total = sql`(select n from ${counted})`
  /** Rows older than the page: its offset when counted from the oldest end. */
  const older = sql`(${total} - ${offset} - ${limit})`
  const matching = where ?? sql`true`
  const idsInOrder = (onlyIf: SQL) =>
    sql`(select ${id} from ${table} where ${matching} and ${onlyIf}
         order by ${sql.join(inOrder, sql`, `)} limit ${limit} offset ${offset})`
  const reversed = keys.map((k) => (k.dir === 'desc' ? asc(k.by) : desc(k.by)))
  const idsFromOldest = sql`(select ${id} from ${table} where ${matching} and ${older} < ${offset}
    order by ${sql.join(reversed, sql`, `)}
    limit greatest(0, least(${limit}, ${total} - ${offset})) offset greatest(0, ${older}))`
  // The first page is the index's first entries whatever the total; a later page is read from the nearer end,
  // only one of the two branches runs (each is gated by the total, evaluated once).
  const ids =
    offset === 0 ? idsInOrder(sql`true`) : sql`${idsInOrder(sql`${older} >= ${offset}`)} union all ${idsFromOldest}`
  const rows = await db
    .with(counted)
    .select({ total: counted.n, row: fields })
    .from(counted)
    .leftJoin(table, sql`${id} = any(array(${ids}))`)
    .orderBy(...inOrder)
  return {
    rows: rows.flatMap(({ row }) => (row ? [map(row as R)] : [])),
    total: rows[0]!.total,
  }
}
