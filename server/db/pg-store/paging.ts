// Newest-first (or otherwise ordered) lists, whole or one page with its total, for every table that
// has a list method: one place decides how deep pages stay cheap.
import { asc, desc, getTableColumns, sql, type SQL, type WithSubquery } from 'drizzle-orm'
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
 * selects ids only (indexPage, sortedPage), and whole rows are read for the
 * page alone.
 *
 * A page and its total are one statement, the total a CTE. On the embedded
 * database every statement waits its turn in one line with every other
 * request's (../pglite-turns.ts) and is parsed and planned anew, so a second
 * statement for the count made a list request one turn and one plan longer.
 * The page's rows are joined to the total's one row, not the other way
 * around: a page past the end (or of an empty list) is still that row, with
 * the total and no page row.
 */
export async function listed<R, T>(
  db: PgDb,
  list: {
    table: AnyPgTable
    time: AnyPgColumn
    id: AnyPgColumn
    where?: SQL
    /** Another order than newest first (a search's sort): the same paging, from the sorted matches. */
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
  const inOrder = keys.map((k) => direction(k.dir, k.by))
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
  const { ctes, counted, ids } = list.order
    ? sortedPage(db, { table, id, where }, keys, limit, offset)
    : indexPage(db, { table, id, where }, keys, limit, offset)
  const rows = await db
    .with(...ctes)
    .select({ total: counted.n, row: fields })
    .from(counted)
    .leftJoin(table, sql`${id} = any(array(${ids}))`)
    .orderBy(...inOrder)
  return {
    rows: rows.flatMap(({ row }) => (row ? [map(row as R)] : [])),
    total: rows[0]!.total,
  }
}

interface Source {
  table: AnyPgTable
  id: AnyPgColumn
  where?: SQL
}

const direction = (dir: OrderKey['dir'], by: AnyPgColumn | SQL | SQL.Aliased) => (dir === 'desc' ? desc(by) : asc(by))

/** The list's total: the one row a page is joined to. */
const totalOf = (db: PgDb, source: AnyPgTable | WithSubquery, where?: SQL) =>
  db.$with('listed_total').as(
    db
      .select({ n: sql<number>`count(*)::int`.as('n') })
      .from(source)
      .where(where),
  )

/**
 * A page of a list in the order of an index (newest first): its ids are the
 * index's entries, in index order (no sort). A page in the older half is read
 * from the other end, so the last page costs what the first does and no page
 * steps over more than half the list. The statement picks the end by the
 * total: each end is gated by it (PostgreSQL counts it once, and runs only the
 * end whose gate is open).
 */
function indexPage(db: PgDb, { table, id, where }: Source, keys: readonly OrderKey[], limit: number, offset: number) {
  const counted = totalOf(db, table, where)
  const total = sql`(select n from ${counted})`
  /** Rows older than the page: its offset when counted from the oldest end. */
  const older = sql`(${total} - ${offset} - ${limit})`
  const matching = where ?? sql`true`
  const inOrder = keys.map((k) => direction(k.dir, k.by))
  const reversed = keys.map((k) => direction(k.dir === 'desc' ? 'asc' : 'desc', k.by))
  const fromNewest = (onlyIf: SQL) =>
    sql`(select ${id} from ${table} where ${matching} and ${onlyIf}
         order by ${sql.join(inOrder, sql`, `)} limit ${limit} offset ${offset})`
  const fromOldest = sql`(select ${id} from ${table} where ${matching} and ${older} < ${offset}
    order by ${sql.join(reversed, sql`, `)}
    limit greatest(0, least(${limit}, ${total} - ${offset})) offset greatest(0, ${older}))`
  // The first page is the index's first entries whatever the total.
  const ids =
    offset === 0 ? fromNewest(sql`true`) : sql`${fromNewest(sql`${older} >= ${offset}`)} union all ${fromOldest}`
  return { ctes: [counted], counted, ids }
}

/**
 * A page of a list in an order no index gives (a search's: its words are
 * looked up in a GIN index, its sort is a sort): every match is read and
 * sorted anyway, so the matches are read once, with their sort keys, and
 * both counted and paged from there. Counting them and paging them each from
 * the table read every match twice.
 */
function sortedPage(db: PgDb, { table, id, where }: Source, keys: readonly OrderKey[], limit: number, offset: number) {
  const matches = db.$with('listed_matches').as(
    db
      .select({
        id: sql`${id}`.as('id'),
        ...Object.fromEntries(keys.map((k, i) => [`k${i}`, sql`${k.by}`.as(`k${i}`)])),
      })
      .from(table)
      .where(where),
  )
  const counted = totalOf(db, matches)
  const sortKeys = matches as unknown as Record<string, SQL.Aliased>
  const ids = db
    .select({ id: matches.id })
    .from(matches)
    .orderBy(...keys.map((k, i) => direction(k.dir, sortKeys[`k${i}`]!)))
    .limit(limit)
    .offset(offset)
  return { ctes: [matches, counted], counted, ids: sql`${ids}` }
}
