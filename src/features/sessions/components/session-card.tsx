// The card of a study session on Home and /study-sessions (docs/product.md#screens): what a student chooses by
// (when, who, how much, and the seats when they are limited) beside the title, and the whole card is the link to
// the session ("Read More" stays its visible, accessible name).
import type { ReactNode } from 'react'
import { Link } from 'react-router-dom'
import type { Session } from '#contract/entities'
import { classEvent } from '#contract/rules'
import { formatWhen } from '#shared/format/date'
import { formatFee } from '#shared/format/number'
import { useHydrated } from '#shared/hooks/use-hydrated'
import type { RegistrationLabel } from '../registration-status'
import { seatsLeftText } from '../seats-left'
import { RegistrationBadge } from './registration-badge'

interface SessionCardProps {
  session: Session
  label: RegistrationLabel
  /** The session's stars and review count (the reviews feature's, put here by the route). */
  rating: ReactNode
  /** What an admin also sees (./admin-session-marks.tsx): the review status beside the label, the ID under the title. */
  adminMarks?: { status: ReactNode; id: ReactNode }
  headingLevel?: 'h3' | 'h2'
}

export function SessionCard({ session, label, rating, adminMarks, headingLevel: Heading = 'h3' }: SessionCardProps) {
  const titleId = `session-${session._id}-title`
  const seats = seatsLeftText(session)
  // The time (the viewer's zone) and the fee (the viewer's digits) wait for the device; their lines keep their room.
  const hydrated = useHydrated()
  const { start, end } = classEvent(session)
  return (
    <article
      aria-labelledby={titleId}
      data-testid="session-card"
      data-session-id={session._id}
      className="relative flex h-full flex-col rounded-xl border border-line bg-surface p-5 shadow-sm transition-transform hover:border-line-strong has-[a:active]:scale-[0.99] has-[a:active]:brightness-95"
    >
      <div className="flex flex-wrap items-start justify-between gap-2">
        <Heading id={titleId} className="text-lg font-semibold text-ink">
          {session.title}
        </Heading>
        <div className="flex gap-1">
          {adminMarks?.status}
          <RegistrationBadge label={label} />
        </div>
      </div>
      {adminMarks?.id}
      <ul className="mt-2 space-y-0.5 text-sm text-ink">
        <li className="min-h-5" data-testid="session-when">
          <span className="sr-only">Class: </span>
          {hydrated && <time dateTime={session.classStart}>{formatWhen(start, end)}</time>}
        </li>
        <li>
          <span className="sr-only">Tutor: </span>
          with {session.tutorName}
        </li>
        <li className="flex min-h-5 flex-wrap gap-x-2">
          <span className="font-semibold" data-testid="session-fee">
            <span className="sr-only">Fee: </span>
            {hydrated && formatFee(session.registrationFee)}
          </span>
          {seats && (
            <span>
              <span aria-hidden="true">· </span>
              <span data-testid="seats-left">{seats}</span>
            </span>
          )}
        </li>
      </ul>
      <p className="mt-2 line-clamp-3 flex-1 text-sm text-ink-muted">{session.description}</p>
      <div className="mt-3 flex items-center gap-2 text-sm text-ink-muted" data-testid="session-rating">
        {rating}
      </div>
      {/* The link's box covers the card (its ::after), so a tap anywhere on the card opens the session. The
          card, not the link, shows the press: a transform or filter on the link would shrink its ::after to
          the link mid-tap, and the tap would end outside it (no click). */}
      <Link
        to={`/session-details/${session._id}`}
        aria-label={`Read More: ${session.title}`}
        className="mt-4 inline-flex min-h-11 w-fit min-w-11 items-center rounded-lg bg-brand-700 px-4 py-2 text-sm font-semibold text-white after:absolute after:inset-0 after:rounded-xl hover:bg-brand-900"
      >
        Read More
      </Link>
    </article>
  )
}
