// The embedded database's result parsers, set once instead of on every query.
//
// drizzle-orm's PGlite driver passes `parsers` with every query, so that dates,
// times and intervals (and arrays of them) arrive as the text PostgreSQL sent.
// PGlite merges them into its own table of about 300 parsers, one per type and
// array type, with an object spread on every query: under load that copy was a
// fifth of the server's CPU time (a CPU profile of `npm run bench:server`,
// docs/performance.md), more than the queries' WebAssembly. Here those parsers
// go into the instance's own table once, and a query whose parsers are only
// these types goes without its own: the rows are the same, the copy is gone.
// A query with any other parser keeps its parsers, merged as before.
import { types, type PGlite, type QueryOptions, type Transaction } from '@electric-sql/pglite'

/** The types drizzle-orm reads as PostgreSQL's text (drizzle-orm/pglite/session.js). */
export const TEXT_TYPES: readonly number[] = [
  types.TIMESTAMP,
  types.TIMESTAMPTZ,
  types.INTERVAL,
  types.DATE,
  1231, // numeric[]
  1115, // timestamp[]
  1185, // timestamptz[]
  1187, // interval[]
  1182, // date[]
]

const asText = (value: string): string => value
const textTypes = new Set(TEXT_TYPES.map(String))

/** Options without their parsers when every one of them is of a type already read as text. */
export function withoutTextParsers(options: QueryOptions | undefined): QueryOptions | undefined {
  const parsers = options?.parsers
  if (!parsers || !Object.keys(parsers).every((type) => textTypes.has(type))) return options
  const { parsers: _installed, ...rest } = options
  return rest
}

/**
 * `client` (ready) with TEXT_TYPES read as text by its own parser table, and
 * the per-query parsers of those types dropped from `query` (also inside a
 * transaction). Only for an instance that drizzle-orm alone reads: any other
 * reader would get these types as text too.
 */
export async function withTextParsersInstalled(client: PGlite): Promise<PGlite> {
  // The array types' parsers are made when the instance starts: set ours after that.
  await client.waitReady
  for (const type of TEXT_TYPES) client.parsers[type] = asText
  const inTransaction = (tx: Transaction): Transaction =>
    new Proxy(tx, {
      get(target, property) {
        if (property === 'query') {
          return (query: string, params?: unknown[], options?: QueryOptions) =>
            target.query(query, params, withoutTextParsers(options))
        }
        const value: unknown = Reflect.get(target, property, target)
        return typeof value === 'function' ? (value as (...args: unknown[]) => unknown).bind(target) : value
      },
    })
  return new Proxy(client, {
    get(target, property) {
      if (property === 'query') {
        return (query: string, params?: unknown[], options?: QueryOptions) =>
          target.query(query, params, withoutTextParsers(options))
      }
      if (property === 'transaction') {
        return <T>(work: (tx: Transaction) => Promise<T>) => target.transaction((tx) => work(inTransaction(tx)))
      }
      const value: unknown = Reflect.get(target, property, target)
      return typeof value === 'function' ? (value as (...args: unknown[]) => unknown).bind(target) : value
    },
  })
}
