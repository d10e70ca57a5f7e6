// What the device owns (the tables each feature declares, the outbox) is read
// the way every server answer is: through the query cache, under a key of the
// one key tree (../api/query-keys.ts). A screen calls useQuery; no component
// subscribes to the database.
//
// A device query names the tables its read uses. Every write to a table of
// the app database (in this tab, in another tab, by the sync engine) is told
// of by Dexie once it is stored (../db/device-table-writes.ts); each cached
// query that reads one of those tables is then invalidated, so a screen that
// shows it reads the device again, and one that shows it later reads it
// anew. The answer is never stale otherwise (staleTime Infinity), and a read
// never waits for the network (networkMode 'always').
//
// Nothing here loads the database: the read and the following of writes are
// loaded when the query first runs, so a screen that declares a device query
// does not bring Dexie with its own code.
import { queryOptions, type Query, type QueryKey } from '@tanstack/react-query'

interface DeviceQueryMeta extends Record<string, unknown> {
  /** The app database's tables the query's read uses. */
  deviceTables: readonly string[]
}

function readsTable(query: Query, table: string): boolean {
  return (query.meta as Partial<DeviceQueryMeta> | undefined)?.deviceTables?.includes(table) ?? false
}

/** queryOptions for data the device owns: `read` answers from the tables named in `tables`. */
export function deviceQuery<T, K extends QueryKey>({
  queryKey,
  tables,
  read,
}: {
  queryKey: K
  tables: readonly string[]
  read: () => Promise<T>
}) {
  return queryOptions({
    queryKey,
    queryFn: async ({ client }) => {
      // Before the read: a write that lands while it runs still invalidates it.
      ;(await import('../db/device-table-writes')).followTableWrites(client, readsTable)
      return read()
    },
    networkMode: 'always',
    staleTime: Infinity,
    // A read that fails is a storage fault, which the layout reports; trying it again at once would not help.
    retry: false,
    meta: { deviceTables: tables } satisfies DeviceQueryMeta,
  })
}
