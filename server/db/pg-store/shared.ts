// What every table's part of the PostgreSQL store builds on: the database type
// (either driver, or a transaction on one) and the small helpers that shape
// rows and parameters the same way for every table.
import { and, eq, sql, type SQL } from 'drizzle-orm'
import type { AnyPgColumn, PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core'

/** A drizzle database on either driver (PGlite or node-postgres), or a transaction on one. */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export type PgDb = PgDatabase<PgQueryResultHKT, any>

/** One array parameter, so a long id list is one bind value rather than thousands. */
export const inList = (column: AnyPgColumn, values: readonly string[]): SQL =>
  sql`${column} = any(${sql.param([...new Set(values)])}::text[])`

/** Drops SQL NULLs of optional fields, so rows have the same shape as the other store's. */
export function present<T extends object>(row: T): { [K in keyof T]: Exclude<T[K], null> } {
  const out: Record<string, unknown> = {}
  for (const [key, value] of Object.entries(row)) if (value !== null) out[key] = value
  return out as { [K in keyof T]: Exclude<T[K], null> }
}

/** Only the keys of `patch` that are columns of the table and not undefined. */
export function columnsOf<T extends object>(patch: Partial<T>, allowed: readonly (keyof T)[]): Partial<T> {
  const out: Partial<T> = {}
  for (const key of allowed) if (patch[key] !== undefined) out[key] = patch[key]
  return out
}

/** A table whose rows change by compare-and-set on their status (sessions, bookings, materials). */
interface StatusTable {
  _id: AnyPgColumn
  status: AnyPgColumn
}

/**
 * The row a compare-and-set writes: `id`, while its status is still `expected`. A row another writer has
 * moved on is left as it is, and the write answers no row, which the rules answer as a conflict.
 */
export const whileStatus = (table: StatusTable, id: string, expected: string): SQL =>
  and(eq(table._id, id), eq(table.status, expected))!

/** A compare-and-set's columns: an empty patch sets the status the row has, so it still answers whether it has it. */
export const patchOrStatus = <T extends object, S extends string>(set: T, expected: S): T | { status: S } =>
  Object.keys(set).length > 0 ? set : { status: expected }
