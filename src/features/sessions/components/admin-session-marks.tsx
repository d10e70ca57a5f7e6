// What an admin's session card adds (docs/product.md#screens): the session's review status and its ID. Apart
// from the card, which the first load carries: only an admin's /study-sessions needs them.
import type { Session } from '#contract/entities'
import { STATUS_TONE } from '#shared/ui/tone-classes'

export function SessionStatusBadge({ status }: { status: keyof typeof STATUS_TONE }) {
  return (
    <span
      data-testid="session-status"
      className={`inline-flex items-center rounded-full px-2.5 py-0.5 text-xs font-semibold capitalize ${STATUS_TONE[status]}`}
    >
      {status}
    </span>
  )
}

export function SessionIdLine({ session }: { session: Pick<Session, '_id'> }) {
  return (
    <p className="mt-1 text-xs text-ink-muted">
      Session ID: <code data-testid="session-id">{session._id}</code>
    </p>
  )
}
