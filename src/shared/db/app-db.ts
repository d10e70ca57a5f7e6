// The app's own IndexedDB database ('studyhub'), through Dexie: what the phone
// keeps for itself, apart from the demo server's ('studyhub-demo-server',
// mocks/db), which plays the remote server. Which table holds what, who owns
// it and how long it stays: docs/architecture/data-on-the-device.md.
//
// - Each feature owns its tables and their rows' types, and declares them
//   (./device-tables.ts); the database's versions are declared from those
//   declarations once they are loaded, before any read or write. Two
//   tables are shared, and owned here: the outbox (every write that waits
//   for the server, whatever its kind) and the kept answers (a server answer
//   kept for reading offline, for a query with no table of its own).
// - Schema changes are new versions; never edit a shipped version.
// - Every write goes through storageWrite (./storage-faults.ts), so a full
//   disk, a lost connection or another tab's upgrade is reported and never
//   shown as saved.
// - Only dynamic imports may reach this module from the first load.
import { Dexie, type EntityTable, type Table, type Transaction } from 'dexie'
import { whenDeviceTablesKnown, type DeviceTables } from './device-tables'
import { reportStorageFault } from './storage-status'

const APP_DB_NAME = 'studyhub'

/**
 * One write that waits for the server (./../offline/outbox.ts): in the order
 * it was made (`seq`), sent by one engine whatever its kind. What it sends is
 * its kind's: the kind names what it writes to (`subject`: a refused entry
 * holds back the later ones of the same subject) and carries the rest in
 * `payload`.
 */
export interface OutboxEntry<P = unknown> {
  seq?: number
  /** Which kind of write: the feature that made it sends it and settles its answer. */
  kind: string
  /** What it writes to, as its kind names it. */
  subject: string
  payload: P
  /** Whose write it is: only sent under that user's token, dropped at logout. */
  email: string
  idempotencyKey: string
  createdAt: number
  attempts: number
  /** Set when the server refused it (4xx): not retried until the user asks. */
  error?: string
  /**
   * Not sent before this time (ms since epoch): the few seconds the user has
   * to Undo a cancel or a delete, which drops the entry before it ever leaves.
   */
  holdUntil?: number
}

/** A server answer kept for reading offline (../offline/kept-answers.ts), by its query. */
interface KeptAnswer {
  /** The query's key, hashed. */
  key: string
  /** Whose answer it is: forgotten at their logout. */
  email: string
  data: unknown
  /** When the server gave it (ms since epoch). */
  savedAt: number
}

export type AppDb = Dexie & {
  // Inserted as it is read: an entry of any kind, `seq` given by the table.
  outbox: Table<OutboxEntry, number, OutboxEntry>
  keptAnswers: EntityTable<KeptAnswer, 'key'>
}

/**
 * The shared tables. Version 6 made the outbox's entries generic (a kind, a
 * subject and a payload: each owner says how its kinds stored theirs before)
 * and gave every device-backed query without a table of its own one place to
 * keep its answer.
 */
const SHARED_TABLES: DeviceTables = {
  versions: { 6: { outbox: '++seq, email, [kind+subject]', keptAnswers: 'key, email' } },
}

let closingOnPurpose = false

/** What every outbox entry has, whatever its kind: the rest of an entry stored before version 6 is its payload. */
const ENTRY_FIELDS = new Set(['seq', 'kind', 'email', 'idempotencyKey', 'createdAt', 'attempts', 'error'])

/**
 * Version 6: each outbox entry of a kind an owner declared (an entry with no
 * kind, from before version 4, being the declared one's) gets its subject out
 * of the field its owner names, and the rest of its own fields as its payload.
 */
function outboxEntriesBefore6(owners: readonly DeviceTables[]) {
  const kinds = owners.flatMap((owner) => owner.outboxKindsBefore6 ?? [])
  return (tx: Transaction) =>
    tx
      .table('outbox')
      .toCollection()
      .modify((entry: Record<string, unknown>) => {
        const spec = kinds.find((k) => (entry.kind === undefined ? k.withoutKind : k.kind === entry.kind))
        if (!spec || 'payload' in entry) return
        const subject = entry[spec.subjectField]
        const payload: Record<string, unknown> = {}
        for (const field of Object.keys(entry)) {
          if (ENTRY_FIELDS.has(field)) continue
          if (field !== spec.subjectField) payload[field] = entry[field]
          delete entry[field]
        }
        Object.assign(entry, { kind: spec.kind, subject, payload })
      })
}

/** The database as its owners declared it: every version, and each version's upgrades in turn. */
function declareVersions(db: Dexie, owners: readonly DeviceTables[]): void {
  const versions = [...new Set(owners.flatMap((owner) => Object.keys(owner.versions).map(Number)))]
  for (const number of versions.sort((a, b) => a - b)) {
    const version = db.version(number).stores(Object.assign({}, ...owners.map((o) => o.versions[number] ?? {})))
    const upgrades = owners.flatMap((owner) => owner.upgrades?.[number] ?? [])
    if (upgrades.length > 0)
      version.upgrade(async (tx) => {
        for (const upgrade of upgrades) await upgrade(tx)
      })
  }
}

/** Drops a table's oldest rows (by `savedAt`) past `max`, so a kept copy never grows without bound. */
export async function pruneOldest(table: Table<{ savedAt: number }, string>, max: number): Promise<void> {
  const count = await table.count()
  if (count <= max) return
  const oldest = await table
    .orderBy('savedAt')
    .limit(count - max)
    .primaryKeys()
  await table.bulkDelete(oldest)
}

/** The app database called `name` (another name: tests), typed with the tables `T` of an owner. */
export function createAppDb<T extends object = object>(name = APP_DB_NAME): AppDb & T {
  const db = new Dexie(name) as AppDb & T
  // Declared at once when the features' tables are in, else as soon as they
  // are: every read and write waits for them first (./storage-faults.ts).
  const declare = (owners: readonly DeviceTables[]) =>
    declareVersions(db, [{ ...SHARED_TABLES, upgrades: { 6: outboxEntriesBefore6(owners) } }, ...owners])
  whenDeviceTablesKnown(declare)

  // This tab wants to upgrade the database, and another tab still holds the old version open.
  db.on('blocked', () => reportStorageFault('blocked'))

  // Another tab opened a newer version (a new build) or deleted the database.
  // This tab's code knows only the old schema: close for good and ask for a
  // reload, rather than reopen and block the other tab's upgrade.
  db.on('versionchange', (event: IDBVersionChangeEvent) => {
    closingOnPurpose = true
    try {
      db.close({ disableAutoOpen: true })
    } finally {
      closingOnPurpose = false
    }
    reportStorageFault(event.newVersion ? 'versionchange' : 'closed')
    // Handlers run newest first; false stops Dexie's own, which would close
    // with auto-reopen and so fight the other tab's upgrade.
    return false
  })

  // Fired on every close; only an unplanned one (site data cleared, storage
  // evicted) is news to the user. Dexie reopens by itself on the next call.
  db.on('close', () => {
    if (!closingOnPurpose) reportStorageFault('closed')
  })
  return db
}

export const appDb: AppDb = createAppDb()

/** Closes the database without reporting a fault (tests, logout that deletes it). */
export function closeAppDb(db: AppDb = appDb): void {
  closingOnPurpose = true
  try {
    db.close()
  } finally {
    closingOnPurpose = false
  }
}
