// The booking area of the details page. The button reads "Registration
// Closed" once registration has ended, says when it opens before it has
// (docs/rules/sessions.md), reads "Book Now" for a signed-in student and
// "Login as Student to Book" (disabled) for everyone else. A student who has
// booked the session sees their booking's state instead, with what they can
// do next: wait, open the materials, or ask again after a rejection. A full
// session offers its waiting list instead, and a student in line sees their place.
import { useMutation, useQuery } from '@tanstack/react-query'
import { useId } from 'react'
import { Link } from 'react-router-dom'
import type { Session } from '#contract/entities'
import { registrationState } from '#contract/rules'
import { errorMessage } from '#shared/api/api-error'
import { formatDateTime } from '#shared/format/date'
import { showAlert } from '#shared/ui/feedback'
import { OfflineReason } from '#shared/offline/offline-reason'
import { useOnline } from '#shared/offline/use-online'
import { bookingMutations, bookingQueries } from '../api/booking-queries'
import { currentBooking } from '../current-booking'
import { BookingStatusBadge, waitlistPlace } from './booking-status'

interface BookSessionButtonProps {
  session: Session
  studentEmail: string | null
  isStudent: boolean
  now?: Date
}

const BUTTON = 'w-full rounded-lg px-5 py-3 text-base font-semibold sm:w-auto'
const DISABLED = `${BUTTON} cursor-not-allowed bg-muted-strong text-ink-muted`

function Disabled({ children }: { children: string }) {
  return (
    <button type="button" disabled className={DISABLED}>
      {children}
    </button>
  )
}

export function BookSessionButton({ session, studentEmail, isStudent, now = new Date() }: BookSessionButtonProps) {
  const booking = useMutation(bookingMutations.create())
  const mine = useQuery({ ...bookingQueries.forStudent(studentEmail ?? ''), enabled: isStudent && !!studentEmail })
  // Booking needs the server: offline the button is disabled with the reason.
  const online = useOnline()
  const offlineId = useId()
  const statusId = useId()

  // A student's own booking decides what they see: wait for it rather than flash Book Now first.
  // If that fails (or the phone is offline) the button shows as usual: the server decides the booking anyway.
  if (mine.isPending && mine.fetchStatus === 'fetching' && mine.failureCount === 0)
    return <Disabled>Checking your booking…</Disabled>
  const found = currentBooking(mine.data, session._id)
  // A cancelled booking leaves the student free to book again.
  const existing = found?.status === 'cancelled' ? undefined : found
  if (existing && existing.status !== 'rejected') {
    return (
      <div id={statusId} className="flex flex-wrap items-center gap-3" role="status">
        <span className="font-semibold text-ink">Your booking:</span>
        <BookingStatusBadge status={existing.status} />
        {existing.status === 'pending' ? (
          <span className="text-ink">An admin will confirm your place.</span>
        ) : existing.status === 'waitlisted' ? (
          <span className="text-ink">{waitlistPlace(existing.waitlistPosition)}</span>
        ) : (
          <Link
            to={`/dashboard/student/bookings/${session._id}/materials`}
            className="font-semibold text-accent underline"
          >
            View Materials
          </Link>
        )}
      </div>
    )
  }

  const window = registrationState(session, now.getTime())
  if (window === 'closed') return <Disabled>Registration Closed</Disabled>
  if (window === 'upcoming')
    return <Disabled>{`Registration opens ${formatDateTime(session.registrationStart)}`}</Disabled>
  if (!isStudent || !studentEmail) return <Disabled>Login as Student to Book</Disabled>
  const full = session.seatsLeft === 0

  const book = () =>
    booking.mutate(
      { sessionId: session._id, studentEmail, tutorEmail: session.tutorEmail },
      {
        onSuccess: (outcome) =>
          void showAlert({
            title: outcome.status === 'waitlisted' ? 'On the waiting list' : 'Booked!',
            text: outcome.message || `You booked “${session.title}”. An admin will confirm your place.`,
            icon: 'success',
          }),
        onError: (error) => void showAlert({ title: 'Oops!', text: errorMessage(error), icon: 'error' }),
      },
    )

  return (
    <>
      {existing?.status === 'rejected' && (
        <p className="mb-3 flex flex-wrap items-center gap-2 text-ink">
          <span className="font-semibold text-ink">Your booking:</span>
          <BookingStatusBadge status="rejected" />
          <span>You can ask for a place again.</span>
        </p>
      )}
      <button
        type="button"
        onClick={book}
        disabled={booking.isPending || !online}
        aria-busy={booking.isPending}
        aria-describedby={online ? undefined : offlineId}
        className={`${BUTTON} bg-brand-700 text-white hover:bg-brand-900 disabled:cursor-not-allowed disabled:opacity-70`}
      >
        {existing?.status === 'rejected' ? 'Request Again' : full ? 'Join the waiting list' : 'Book Now'}
      </button>
      {full && (
        <p className="mt-2 text-ink-muted">This session is full. Join the waiting list to get the next free seat.</p>
      )}
      <OfflineReason id={offlineId} className="mt-2" />
    </>
  )
}
