// /session-details/{id} (docs/product.md#screens). Login is required; the guard around this
// route in the router sees to that.
import { useQuery } from '@tanstack/react-query'
import { useParams, type LoaderFunctionArgs } from 'react-router-dom'
import { useOptionalUser } from '#features/auth/user-query'
import { bookingQueries } from '#features/bookings/api/booking-queries'
import { BookSessionButton } from '#features/bookings/components/book-session-button'
import { currentBooking } from '#features/bookings/current-booking'
import { NotificationPermissionCard } from '#features/notifications/components/notification-permission-card'
import { reviewQueries } from '#features/reviews/api/review-queries'
import { ReviewForm } from '#features/reviews/components/review-form'
import { ReviewList } from '#features/reviews/components/review-list'
import { reviewEligibility } from '#features/reviews/review-eligibility'
import { sessionQueries } from '#features/sessions/api/session-queries'
import { SessionRatingSummary } from '#features/reviews/components/session-rating-summary'
import { ClassCancelledNotice, SessionFacts } from '#features/sessions/components/session-facts'
import { SessionSchedule } from '#features/sessions/components/session-schedule'
import { sessionFailure } from '#features/sessions/session-failure'
import { errorMessage } from '#shared/api/api-error'
import { QueryState } from '#shared/ui/query-state'
import { cachedVisitor, settle, warm } from '../route-loaders'

/**
 * The session and its reviews. The loader runs before RequireAuth can send a
 * visitor to /login, so it fetches only when the last session left a token.
 */
export function loader({ request, params }: LoaderFunctionArgs) {
  const id = params.id
  if (!id || cachedVisitor().kind === 'anonymous') return null
  return settle(request, warm(sessionQueries.detail(id)), warm(reviewQueries.forSession(id)))
}

export function Component() {
  const { id = '' } = useParams()
  const user = useOptionalUser()
  const email = user?.email ?? null
  const role = user?.role
  const session = useQuery(sessionQueries.detail(id))
  const reviews = useQuery(reviewQueries.forSession(id))
  const isStudent = Boolean(user) && role === 'student' && Boolean(email)
  const bookings = useQuery({ ...bookingQueries.forStudent(email ?? ''), enabled: isStudent })

  // Decided once the student's bookings and the reviews are known, never on a guess.
  const booking = currentBooking(bookings.data, id)
  const eligibility =
    !isStudent || (bookings.isSuccess && reviews.isSuccess)
      ? reviewEligibility({
          isStudent,
          // A cancelled booking is no booking; one in line is a booking that was not rejected.
          bookingStatus:
            !booking || booking.status === 'cancelled'
              ? null
              : booking.status === 'waitlisted'
                ? 'pending'
                : booking.status,
          alreadyReviewed: reviews.data?.some((r) => r.studentEmail === email) ?? false,
        })
      : null
  return (
    <div className="mx-auto max-w-4xl px-4 py-12">
      <QueryState query={session} loading="Loading session…" failedPage={sessionFailure}>
        {(s) => (
          <article aria-labelledby="session-title">
            <p className="text-sm font-semibold tracking-wide text-accent uppercase">{s.subject}</p>
            <h1 id="session-title" className="mt-1 text-3xl font-bold text-ink">
              {s.title}
            </h1>
            <ClassCancelledNotice session={s} />
            <div className="mt-6">
              <SessionFacts session={s} rating={<SessionRatingSummary session={s} withMean />} />
            </div>
            <SessionSchedule session={s} />
            <h2 className="mt-8 text-xl font-semibold text-ink">About this session</h2>
            <p className="mt-2 whitespace-pre-line text-ink">{s.description || 'No description.'}</p>
            {/* Straight in the article: on a phone its bar sticks to the bottom of the screen within it. */}
            {!s.cancelledAt && <BookSessionButton session={s} studentEmail={email} isStudent={isStudent} />}
            {/* Right after booking, the moment being told of its approval pays off. */}
            {(booking?.status === 'pending' || booking?.status === 'waitlisted') && <NotificationPermissionCard />}
            <section aria-labelledby="reviews-title" className="mt-12">
              <h2 id="reviews-title" className="text-xl font-semibold text-ink">
                Reviews
              </h2>
              <div className="mt-4">
                <QueryState
                  query={reviews}
                  loading="Loading reviews…"
                  error={(error) => errorMessage(error, 'Failed to load reviews')}
                >
                  {(list) => <ReviewList reviews={list} />}
                </QueryState>
              </div>
              {eligibility?.canReview ? (
                <div className="mt-6">
                  <ReviewForm sessionId={s._id} studentEmail={email!} studentName={user?.displayName || email!} />
                </div>
              ) : eligibility && user ? (
                <p className="mt-6 text-ink">{eligibility.reason}</p>
              ) : null}
            </section>
          </article>
        )}
      </QueryState>
    </div>
  )
}
