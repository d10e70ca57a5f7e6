// Which tables the app database holds, as their owners declare them. Each
// feature owns its tables and the types of their rows, and registers them
// here; the shared tables (the outbox, kept answers) register themselves in
// ./app-db.ts. The app database is built from what is registered when it is
// first loaded, so every owner registers before that: the app registers its
// features' tables as it starts (src/app/device-tables.ts), before anything
// can open the database. This module loads no storage library, so that costs
// the first page no more than the declarations.
//
// Schema versions are the database's, one number for every owner: a change
// to any table is a new version, declared by the owner of that table, with
// the upgrade that moves its rows if their shape changed. Dexie keeps only
// the versions that are declared and reads the rest from the database itself,
// so an old version is dropped once no owner's upgrade needs it.
import type { Transaction } from 'dexie'

export interface DeviceTables {
  /** Who owns these tables (named in errors). */
  owner: string
  /**
   * By schema version: the tables this owner created or changed at it, each
   * with its primary key and indexes in Dexie's syntax; null drops a table.
   */
  versions: Record<number, Record<string, string | null>>
  /** By schema version: moves this owner's rows to the shape of that version, inside its upgrade. */
  upgrades?: Record<number, (tx: Transaction) => Promise<unknown>>
  /**
   * This owner's kinds of outbox entry as builds before schema version 6
   * stored them: which field named the entry's subject (the rest became its
   * payload), and whether an entry with no kind at all (before version 4) was one.
   */
  outboxKindsBefore6?: readonly { kind: string; subjectField: string; withoutKind?: true }[]
}

const registered: DeviceTables[] = []
let built = false

/** Declares an owner's tables. Before the database is built (at the app's start); once per owner. */
export function registerDeviceTables(tables: DeviceTables): void {
  if (registered.some((t) => t.owner === tables.owner)) return
  if (built) throw new Error(`${tables.owner}' tables came after the app database was built`)
  registered.push(tables)
}

/** Every owner's tables, for the database to be built from (and nothing may register after). */
export function deviceTablesToBuild(): readonly DeviceTables[] {
  built = true
  return registered
}
