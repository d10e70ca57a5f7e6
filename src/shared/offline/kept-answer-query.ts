// A device-backed query (./device-backed-query.ts) with no table of its own:
// its answer is kept whole in the shared kept answers (../db/kept-answers.ts),
// as the signed-in user's, under the query's key.
import { hashKey, type QueryFunctionContext, type QueryKey } from '@tanstack/react-query'
import { deviceBacked, type DeviceStore } from './device-backed-query'

// The kept answers bring Dexie: loaded on demand.
const keptAnswers = () => import('../db/kept-answers')

/** The store of a query's answer kept whole, as `email`'s, under its key (for a feature's own DeviceStore to build on). */
export function keptAnswer<T>(email: string, queryKey: QueryKey): DeviceStore<T> {
  const key = hashKey(queryKey)
  return {
    save: async (data, savedAt) => {
      if (email) await (await keptAnswers()).saveKeptAnswer(key, email, data, savedAt)
    },
    read: async () => (email ? (await keptAnswers()).readKeptAnswer<T>(key, email) : undefined),
  }
}

/** `deviceBacked` for a query with no table of its own: its answer kept whole, as `email`'s, under its key. */
export function backedByKeptAnswer<T, K extends QueryKey>(
  email: string,
  queryKey: K,
  fetcher: (context: QueryFunctionContext<K>) => Promise<T>,
) {
  return deviceBacked(fetcher, keptAnswer<T>(email, queryKey))
}
