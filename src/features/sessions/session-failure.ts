// What a screen built on one session says when it cannot have that session:
// 'Session not found.' for a 404 (docs/product.md#messages), or that something
// went wrong and why. QueryState shows it as the page's heading.
import { ApiError, errorMessage } from '#shared/api/api-error'
import type { PageFailure } from '#shared/ui/query-state'

export function sessionFailure(error: unknown): PageFailure {
  if (error instanceof ApiError && error.status === 404) return { title: 'Session not found.' }
  return { title: 'Something went wrong', detail: errorMessage(error) }
}
