// The facts of a session as a description list: tutor, rating, dates,
// duration, fee, place and meeting link (docs/product.md#screens), shared by the details page and a student's
// booked-session page; and a cancelled class's notice.
import type { ReactNode } from 'react'
import type { Session } from '#contract/entities'
import { formatWhen } from '#shared/format/date'
import { formatWhenInZones } from '#shared/format/date-parts'
import { formatFee } from '#shared/format/number'
import { ExternalLink } from '#shared/ui/external-link'
import { ALERT_BOX } from '#shared/ui/tone-classes'
import { seatsLeftText } from '../seats-left'

function Fact({ term, children }: { term: string; children: ReactNode }) {
  return (
    <div className="rounded-lg bg-canvas px-4 py-3">
      <dt className="text-sm font-medium text-ink-muted">{term}</dt>
      <dd className="mt-1 text-ink">{children}</dd>
    </div>
  )
}

/**
 * From one instant to another, short: the weekday and date once when both are on one day; in the session's zone
 * too where it tells another time than the viewer's.
 */
function DateRange({ start, end, timeZone }: { start: string; end: string; timeZone?: string | undefined }) {
  return <time dateTime={start}>{timeZone ? formatWhenInZones(start, end, timeZone) : formatWhen(start, end)}</time>
}

/** rating: the session's stars, mean and review count (the reviews feature's, put here by the route). */
export function SessionFacts({ session, rating }: { session: Session; rating: ReactNode }) {
  return (
    <dl className="grid grid-cols-1 gap-3 sm:grid-cols-2">
      <Fact term="Tutor">{session.tutorName}</Fact>
      <Fact term="Average rating">
        <span className="flex flex-wrap items-center gap-2" data-testid="average-rating">
          {rating}
        </span>
      </Fact>
      <Fact term="Registration">
        <DateRange start={session.registrationStart} end={session.registrationEnd} />
      </Fact>
      <Fact term="Class">
        <DateRange start={session.classStart} end={session.classEnd} timeZone={session.schedule?.timeZone} />
      </Fact>
      <Fact term="Duration">
        {session.duration} {session.duration === 1 ? 'hour' : 'hours'}
      </Fact>
      <Fact term="Fee">
        <span data-testid="session-fee">{formatFee(session.registrationFee)}</span>
      </Fact>
      {session.location && (
        <Fact term="Place">
          <span data-testid="session-place">{session.location}</span>
        </Fact>
      )}
      {/* Answered only to its tutor, admins and students whose booking is approved. */}
      {session.meetingUrl && !session.cancelledAt && (
        <Fact term="Online">
          <ExternalLink
            url={session.meetingUrl}
            label="Join online"
            about={`: ${session.title}`}
            className="tap inline-flex items-center font-medium text-accent underline"
          />
        </Fact>
      )}
      {seatsLeftText(session) && (
        <Fact term="Seats">
          <span data-testid="seats-left">{seatsLeftText(session)}</span>
        </Fact>
      )}
    </dl>
  )
}

/** A cancelled class, said where its details are: nobody can book it, its students know why. */
export function ClassCancelledNotice({ session }: { session: Pick<Session, 'cancelledAt' | 'cancelReason'> }) {
  if (!session.cancelledAt) return null
  return (
    <div role="status" className={`mt-4 ${ALERT_BOX}`} data-testid="session-cancelled">
      <p className="font-semibold">Cancelled: this class will not take place.</p>
      {session.cancelReason && <p className="mt-1">Reason: {session.cancelReason}</p>}
    </div>
  )
}
