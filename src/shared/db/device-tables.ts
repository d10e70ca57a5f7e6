// Which tables the app database holds, as their owners declare them. Each
// feature owns its tables and the types of their rows, and declares them
// (its `db/*-tables.ts`); the shared tables (the outbox, kept answers) are
// declared in ./app-db.ts. The app says, as it starts, where its features'
// declarations are (`provideDeviceTables`, src/app/device-tables.ts); they
// are loaded with the database, and the database's versions are declared
// from them once they are in. Every read and write waits for that
// (./storage-faults.ts), so nothing can open the database on a schema that
// lacks a feature's tables. The first page loads neither the storage
// library nor the declarations, only where to find them.
//
// Schema versions are the database's, one number for every owner: a change
// to any table is a new version, declared by the owner of that table, with
// the upgrade that moves its rows if their shape changed. Dexie keeps only
// the versions that are declared and reads the rest from the database itself,
// so an old version is dropped once no owner's upgrade needs it.
import type { Transaction } from 'dexie'

export interface DeviceTables {
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

let loader: (() => Promise<readonly DeviceTables[]>) | null = null
let loading: Promise<readonly DeviceTables[]> | null = null
let known: readonly DeviceTables[] | undefined
const waiting: ((tables: readonly DeviceTables[]) => void)[] = []

/** Where the features' tables are: said once, before anything reads or writes the app database. */
export function provideDeviceTables(load: () => Promise<readonly DeviceTables[]>): void {
  loader = load
}

/**
 * The features' tables, loaded once: the first read or write asks for them,
 * and waits. A load that fails (a chunk that did not come) fails that read or
 * write, and the next one tries again.
 */
export function deviceTablesLoaded(): Promise<readonly DeviceTables[]> {
  if (!loader) return Promise.reject(new Error('The app database was used before the app said where its tables are'))
  loading ??= loader().then(
    (tables) => {
      known = tables
      // Before any read or write that waited goes on: the database is declared first.
      for (const declare of waiting.splice(0)) declare(tables)
      return tables
    },
    (error: unknown) => {
      loading = null
      throw error
    },
  )
  return loading
}

/** Calls `declare` with the features' tables: at once when they are loaded, else as soon as they are. */
export function whenDeviceTablesKnown(declare: (tables: readonly DeviceTables[]) => void): void {
  if (known) declare(known)
  else waiting.push(declare)
}
