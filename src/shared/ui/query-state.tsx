import type { UseQueryResult } from '@tanstack/react-query'
import type { ReactNode } from 'react'
import { errorMessage } from '../api/api-error'
import { isNetworkError, showsData } from '../offline/device-backed-query'
import { NOT_KEPT_OFFLINE } from '../offline/use-online'
import { ListState } from './list-state'

/** A screen's failure when the screen is the query's one subject: its heading, and the reason under it. */
export interface PageFailure {
  title: string
  detail?: ReactNode
}

/**
 * Whether a query has nothing to show and cannot get it now: it waits for a
 * connection (paused), or the server gave no answer and the device kept none.
 * Said at once, never as a spinner.
 */
function unavailableOffline(query: Pick<UseQueryResult, 'data' | 'fetchStatus' | 'isError' | 'error'>): boolean {
  return query.data === undefined && (query.fetchStatus === 'paused' || (query.isError && isNetworkError(query.error)))
}

/**
 * The one way a screen shows a query's loading, failed and empty states
 * (announced through ListState), or its data once there is something to show.
 */
export function QueryState<T>({
  query,
  loading,
  empty,
  isEmpty,
  error = errorMessage,
  failedPage,
  children,
}: {
  query: UseQueryResult<T>
  loading: ReactNode
  /** What an empty answer says; without isEmpty every answer is shown. */
  empty?: ReactNode
  isEmpty?: (data: T) => boolean
  /** What a failure says; the server's message by default. */
  error?: (error: unknown) => ReactNode
  /** Instead of `error`, for a screen that is this query (a session's page): the failure is the page's heading. */
  failedPage?: (error: unknown) => PageFailure
  children: (data: T) => ReactNode
}) {
  // The layout's notice says whether the browser is offline or the server unreachable.
  if (unavailableOffline(query)) return <ListState kind="empty">{NOT_KEPT_OFFLINE}</ListState>
  if (query.isPending) return <ListState kind="loading">{loading}</ListState>
  // Data the server could not refresh stays on screen (the layout says how old it is).
  if (!showsData(query)) {
    if (!failedPage) return <ListState kind="error">{error(query.error)}</ListState>
    const { title, detail } = failedPage(query.error)
    return (
      <section>
        <h1 className="text-2xl font-bold text-ink">{title}</h1>
        {detail ? <p className="mt-2 text-ink-muted">{detail}</p> : null}
      </section>
    )
  }
  const data = query.data as T
  if (isEmpty?.(data)) return <ListState kind="empty">{empty}</ListState>
  return children(data)
}
