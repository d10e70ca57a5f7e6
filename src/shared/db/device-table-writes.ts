// Dexie's account of each write to the app database, turned into the
// invalidation of the device queries that read what it changed
// (../offline/device-query.ts). Dexie tells of the tables a write changed once
// it is stored ('storagemutated'), in this tab and, through a broadcast
// channel, in the other tabs of the app.
import type { Query, QueryClient } from '@tanstack/react-query'
import { Dexie, type ObservabilitySet } from 'dexie'
import { appDb } from './app-db'

/** The tables of the app database a write changed, from Dexie's account of it (`idb://<db>/<table>/<index>`). */
function tablesChanged(parts: ObservabilitySet): Set<string> {
  const changed = new Set<string>()
  const prefix = `idb://${appDb.name}/`
  for (const part of Object.keys(parts)) {
    if (part.startsWith(prefix)) changed.add(part.slice(prefix.length).split('/')[0]!)
  }
  return changed
}

const following = new WeakSet<QueryClient>()

/**
 * From now on, a write to a table invalidates the queries of `client` that
 * read it (`readsTable`): a screen that shows one reads the device again.
 */
export function followTableWrites(client: QueryClient, readsTable: (query: Query, table: string) => boolean): void {
  if (following.has(client)) return
  following.add(client)
  Dexie.on('storagemutated', (parts: ObservabilitySet) => {
    const changed = [...tablesChanged(parts)]
    if (changed.length === 0) return
    void client.invalidateQueries({ predicate: (query) => changed.some((table) => readsTable(query, table)) })
  })
}
