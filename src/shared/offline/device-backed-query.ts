// A query whose answers are also kept on the device, for reading offline. A
// query factory spreads `deviceBacked(fetch, device)` into its queryOptions:
//
//   queryOptions({
//     queryKey,
//     ...deviceBacked(({ signal }) => api(route, { params, signal }), {
//       save: async (answer, at) => (await store()).save(answer, at),
//       read: async () => (await store()).read(),
//     }),
//   })
//
// The query cache stays the owner of what the screen shows; the device store
// (a feature's own tables, or the shared kept answers: ./kept-answer-query.ts)
// owns the copy kept for offline use and is written once per server answer,
// after the page has painted. When the
// server cannot be reached at all (ApiError.isNetworkError) and the cache has
// nothing for the query, the device's answer is put into the cache dated when
// the server gave it, and the network error still fails the fetch: the
// query's own state then says the data is old (dataUpdatedAt) and that the
// server was not reached (fetchFailureReason), which is all the layout's
// notice reads. No answer while offline is not retried (the app's retry
// rule); once the server answers, its data replaces the device's.
//
// networkMode 'offlineFirst' lets the first attempt run while offline (the
// default 'online' would leave a query with nothing cached paused and the
// screen on "Loading…").
import type { Query, QueryFunctionContext, QueryKey } from '@tanstack/react-query'
import { ApiError } from '../api/api-error'
import { whenIdle } from '../scheduling/when-idle'

export interface DeviceStore<T> {
  /** Keeps the server's answer (fetched at `savedAt`). */
  save(data: T, savedAt: number): Promise<void>
  /** The kept answer, if any. */
  read(): Promise<{ data: T; savedAt: number } | undefined>
}

/** The query meta that marks a device-backed query (read by the offline notice). */
export const DEVICE_BACKED_META = { deviceBacked: true } as const

export function isDeviceBacked(query: Pick<Query, 'meta'>): boolean {
  return query.meta?.deviceBacked === true
}

export function isNetworkError(error: unknown): boolean {
  return error instanceof ApiError && error.isNetworkError
}

const saving = new Set<Promise<void>>()

/** The device keeps its copy once the page has painted and the browser is idle. */
function saveWhenIdle(save: () => Promise<void>): void {
  const done = new Promise<void>((resolve) => {
    whenIdle(() => void save().then(resolve, resolve))
  })
  saving.add(done)
  void done.then(() => saving.delete(done))
}

/**
 * Keeps an answer on the device once the browser is idle: the query's own fetch's, or one as current that it did
 * not fetch (a page the server rendered with its list just now, src/app/first-paint-data.ts).
 */
export function keepOnDevice<T>(device: DeviceStore<T> | null, data: T, savedAt: number): void {
  if (device) saveWhenIdle(() => device.save(data, savedAt))
}

/** Resolves once every copy started so far is kept (or failed): tests, and a wipe that must come after. */
export async function deviceWritesSettled(): Promise<void> {
  while (saving.size > 0) await Promise.all([...saving])
}

/** `device` null: a plain query, neither kept nor answered offline (e.g. an admin's list). */
export function deviceBacked<T, K extends QueryKey = QueryKey>(
  fetcher: (context: QueryFunctionContext<K>) => Promise<T>,
  device: DeviceStore<T> | null,
): {
  queryFn: (context: QueryFunctionContext<K>) => Promise<T>
  networkMode: 'online' | 'offlineFirst'
  meta: Record<string, unknown>
} {
  if (!device) return { queryFn: fetcher, networkMode: 'online', meta: {} }
  const queryFn = async (context: QueryFunctionContext<K>): Promise<T> => {
    try {
      const data = await fetcher(context)
      // A failed write is reported by the store (storage faults); the screen keeps the server's answer.
      keepOnDevice(device, data, Date.now())
      return data
    } catch (error) {
      if (!isNetworkError(error) || context.signal.aborted) throw error
      const cached = context.client.getQueryCache().find({ queryKey: context.queryKey, exact: true })
      if (cached?.state.data === undefined) {
        const answer = await device.read().catch(() => undefined)
        if (answer)
          context.client.setQueryData<T>(context.queryKey as QueryKey, answer.data, { updatedAt: answer.savedAt })
      }
      throw error
    }
  }
  return { queryFn, networkMode: 'offlineFirst', meta: { ...DEVICE_BACKED_META } }
}

/** What a query's state holds about its last fetch (a screen's query result, or `Query.state` mapped by the caller). */
export interface FetchOutcome {
  data: unknown
  /** The error of a query that failed (null once it succeeds again). */
  error: unknown
  /** The failure of the fetch under way, or of the last one (`failureReason`, `state.fetchFailureReason`). */
  failureReason: unknown
}

/** The server gave no answer at all to the fetch under way or to the last one. */
export function serverUnanswered(query: Omit<FetchOutcome, 'data'>): boolean {
  return isNetworkError(query.failureReason) || isNetworkError(query.error)
}

/**
 * Whether the data a query shows is not the server's current answer: the
 * browser is offline, or the server did not answer. It reads the query's
 * state (and the connection) alone: the data may be the device's kept copy
 * or the last server answer still in the cache (a warm cache), and either
 * way it is what the device had. Screens use it to say so, and to leave that
 * data out of anything that must take the server's list as current.
 */
export function servedOffline(query: FetchOutcome, online: boolean): boolean {
  return query.data !== undefined && (!online || serverUnanswered(query))
}

/**
 * Whether a screen shows the query's data rather than its error: a failure
 * to reach the server leaves the last data on screen (the layout says how
 * old it is); any answer of the server's own (404, 500) is shown as such.
 */
export function showsData(query: { data: unknown; isError: boolean; error: unknown }): boolean {
  return query.data !== undefined && (!query.isError || isNetworkError(query.error))
}
