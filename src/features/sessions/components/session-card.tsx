// The card of a study session on Home and /study-sessions (docs/product.md#screens).
import type { ReactNode } from 'react'
import { Link } from 'react-router-dom'
import type { Session } from '#contract/entities'
import type { RegistrationLabel } from '../registration-status'
import { seatsLeftText } from '../seats-left'
import { RegistrationBadge, SessionStatusBadge } from './registration-badge'

interface SessionCardProps {
  session: Session
  label: RegistrationLabel
  /** The session's stars and review count (the reviews feature's, put here by the route). */
  rating: ReactNode
  /** Admins also see the review status and the session's ID. */
  adminView?: boolean
  headingLevel?: 'h3' | 'h2'
}

export function SessionCard({
  session,
  label,
  rating,
  adminView = false,
  headingLevel: Heading = 'h3',
}: SessionCardProps) {
  const titleId = `session-${session._id}-title`
  const seats = seatsLeftText(session)
  return (
    <article
      aria-labelledby={titleId}
      data-testid="session-card"
      data-session-id={session._id}
      className="flex h-full flex-col rounded-xl border border-line bg-surface p-5 shadow-sm"
    >
      <div className="flex flex-wrap items-start justify-between gap-2">
        <Heading id={titleId} className="text-lg font-semibold text-ink">
          {session.title}
        </Heading>
        <div className="flex gap-1">
          {adminView && <SessionStatusBadge status={session.status} />}
          <RegistrationBadge label={label} />
        </div>
      </div>
      {adminView && (
        <p className="mt-1 text-xs text-ink-muted">
          Session ID: <code data-testid="session-id">{session._id}</code>
        </p>
      )}
      <p className="mt-2 line-clamp-3 flex-1 text-sm text-ink-muted">{session.description}</p>
      <div className="mt-4 flex items-center gap-2 text-sm text-ink-muted" data-testid="session-rating">
        {rating}
      </div>
      {seats && (
        <p className="mt-2 text-sm font-semibold text-ink" data-testid="seats-left">
          {seats}
        </p>
      )}
      <Link
        to={`/session-details/${session._id}`}
        aria-label={`Read More: ${session.title}`}
        className="tap mt-4 inline-flex w-fit items-center rounded-lg bg-brand-700 px-4 py-2 text-sm font-semibold text-white hover:bg-brand-900"
      >
        Read More
      </Link>
    </article>
  )
}
