// Makes a query work offline with what the phone last saw. A query factory
// spreads `offlineFirst(...)` into its queryOptions:
//
//   queryOptions({
//     queryKey: ['sessions', 'detail', id],
//     ...offlineFirst((ctx) => api('getSession', { params: { id }, signal: ctx.signal }), {
//       entity: 'session',
//       sessionId: id,
//     }),
//   })
//
// Successful answers are mirrored into the app database by ./offline-mirror.ts
// (started after the first paint by src/app/platform.ts). When the server
// cannot be reached at all (ApiError.isNetworkError) the last stored answer is
// returned instead, with the time it was fetched as the query's
// dataUpdatedAt, so the layout can say "Offline — showing data from …" and
// the data counts as stale once the network is back. Any other error (404,
// 500) is the server's answer and is passed on untouched.
//
// networkMode 'offlineFirst' lets the query function run while offline (the
// default 'online' would leave a query with nothing cached paused and the
// screen on "Loading…"); retries still wait for the network.
import { hashKey, type QueryFunctionContext, type QueryKey } from '@tanstack/react-query'
import { ApiError } from '../../shared/api/api-error'
import { forgetServedFromPhone, markServedFromPhone, type OfflineEntity, type OfflineQueryMeta } from './offline-data'

export interface OfflineFirstOptions {
  /** false: a plain query, neither kept nor answered offline (e.g. an admin's list). */
  offline?: boolean
  entity?: OfflineEntity
  /** The session a 'session' or 'reviews' query is about. */
  sessionId?: string
}

export function withOfflineFallback<T, K extends QueryKey = QueryKey>(
  fetcher: (context: QueryFunctionContext<K>) => Promise<T>,
  options: OfflineFirstOptions = {},
): (context: QueryFunctionContext<K>) => Promise<T> {
  return async (context) => {
    const hash = hashKey(context.queryKey)
    try {
      const data = await fetcher(context)
      // From the server now, even when equal to the saved answer (structural
      // sharing then keeps the same object).
      forgetServedFromPhone(hash)
      return data
    } catch (error) {
      if (!(error instanceof ApiError && error.isNetworkError) || context.signal.aborted) throw error
      const mirror = await import('./offline-mirror')
      // The mirror dates answers served from here (see startOfflineMirror).
      mirror.startOfflineMirror(context.client)
      const answer = await mirror.readOfflineAnswer<T>(hash, options).catch(() => undefined)
      if (!answer) throw error
      markServedFromPhone(hash, answer.data, answer.savedAt)
      return answer.data
    }
  }
}

export function offlineFirst<T, K extends QueryKey = QueryKey>(
  fetcher: (context: QueryFunctionContext<K>) => Promise<T>,
  options: OfflineFirstOptions = {},
) {
  if (options.offline === false) {
    return { queryFn: fetcher, networkMode: 'online' as 'online' | 'offlineFirst', meta: {} as Record<string, unknown> }
  }
  const meta: OfflineQueryMeta = { offline: options.entity ?? 'other' }
  if (options.sessionId) meta.sessionId = options.sessionId
  return {
    queryFn: withOfflineFallback(fetcher, options),
    networkMode: 'offlineFirst' as 'online' | 'offlineFirst',
    meta: { ...meta } as Record<string, unknown>,
  }
}
