// What a screen built on one session shows before it has that session: the
// loading line, 'Session not found.' for a 404 (docs/product.md#messages), or
// the reason.
import type { UseQueryResult } from '@tanstack/react-query'
import type { Session } from '../../../contract/entities'
import { ApiError, errorMessage } from '../../../shared/api/api-error'

/** Renders the pending or failed state, or nothing once the session is there. */
export function SessionLoadState({ query, className }: { query: UseQueryResult<Session>; className?: string }) {
  if (query.isPending) {
    return (
      <p role="status" className={`text-ink-muted ${className ?? ''}`}>
        Loading session…
      </p>
    )
  }
  if (query.isError) {
    const notFound = query.error instanceof ApiError && query.error.status === 404
    return (
      <section className={className}>
        <h1 className="text-2xl font-bold text-ink">{notFound ? 'Session not found.' : 'Something went wrong'}</h1>
        {!notFound && <p className="mt-2 text-ink-muted">{errorMessage(query.error)}</p>}
      </section>
    )
  }
  return null
}
