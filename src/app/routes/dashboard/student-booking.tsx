// /dashboard/student/bookings/{id}: a booked session's details with its
// materials. The id is the session's _id (the booking's sessionId).
import { useState } from 'react'
import { Link, useParams, type LoaderFunctionArgs } from 'react-router-dom'
import { BookedMaterialList } from '#features/materials/components/booked-material-list'
import { ATTENDANCE_TEXT, BookingStatusBadge } from '#features/bookings/components/booking-status'
import { SessionRatingSummary } from '#features/reviews/components/session-rating-summary'
import { ClassCancelledNotice, SessionFacts } from '#features/sessions/components/session-facts'
import { BookingClassNotes } from '#features/bookings/components/booking-class-notes'
import { sessionFailure } from '#features/sessions/session-failure'
import { QueryState } from '#shared/ui/query-state'
import { bookingQueries } from '#features/bookings/api/booking-queries'
import { bookedMaterialQueries } from '#features/materials/api/booked-material-queries'
import { sessionQueries } from '#features/sessions/api/session-queries'
import { queryClient } from '../../query-client'
import { cachedVisitor, settle, warm } from '../../route-loaders'
import { useBookedSession } from '../../use-booked-session'

/**
 * A student's booked session (this page and its materials page, which takes
 * this loader): the session, the student's bookings, and once those say the
 * booking is approved, the session's materials (the server refuses them
 * otherwise, so they are not asked for before that is known). Here and not
 * with the other loaders: the browsing screens' loaders would otherwise load
 * the materials feature too.
 */
function warmBookedSession(sessionId: string, email: string): Promise<void> {
  const bookings = bookingQueries.forStudent(email)
  const materials = warm(bookings).then(() => {
    const booking = queryClient.getQueryData(bookings.queryKey)?.find((b) => b.sessionId === sessionId)
    if (booking?.status === 'approved') return warm(bookedMaterialQueries.forSession(sessionId, email))
  })
  return Promise.all([warm(sessionQueries.detail(sessionId)), materials]).then(() => undefined)
}

/** Behind login (RequireAuth): nothing is fetched unless the last session left its email and token. */
export function loader({ request, params }: LoaderFunctionArgs) {
  const visitor = cachedVisitor()
  if (!params.id || visitor.kind !== 'signed-in') return null
  return settle(request, warmBookedSession(params.id, visitor.email))
}

export function Component() {
  const { id = '' } = useParams()
  const { session, booking, bookingStatus, email } = useBookedSession(id)
  // What "past the deadline" is measured against, as the booking list does.
  const [now] = useState(Date.now)

  return (
    <QueryState query={session} loading="Loading session…" failedPage={sessionFailure}>
      {(s) => (
        <article aria-labelledby="booked-session-title">
          <Link to="/dashboard/my-bookings" className="text-sm font-medium text-accent underline">
            ← My Bookings
          </Link>
          <div className="mt-3 flex flex-wrap items-center gap-3">
            <h1 id="booked-session-title" className="text-2xl font-bold text-ink">
              {s.title}
            </h1>
            {booking && <BookingStatusBadge status={booking.status} />}
          </div>
          <ClassCancelledNotice session={s} />
          {/* The move and the deadline; the place and link are among the facts. A cancelled class says so above. */}
          {booking && !s.cancelledAt && <BookingClassNotes booking={booking} title={s.title} now={now} place={false} />}
          {booking?.attendance && (
            <p className="mt-2 text-sm font-medium text-ink">{ATTENDANCE_TEXT[booking.attendance]}</p>
          )}
          <div className="mt-6">
            <SessionFacts session={s} rating={<SessionRatingSummary session={s} withMean />} />
          </div>
          {s.description && <p className="mt-6 whitespace-pre-line text-ink">{s.description}</p>}
          <section aria-labelledby="booked-materials-title" className="mt-10">
            <h2 id="booked-materials-title" className="text-xl font-semibold text-ink">
              Materials
            </h2>
            <div className="mt-4">
              <BookedMaterialList sessionId={s._id} email={email} bookingStatus={bookingStatus} />
            </div>
          </section>
        </article>
      )}
    </QueryState>
  )
}
