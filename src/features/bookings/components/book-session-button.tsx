// The booking button of the details page (spec §2): "Registration Closed"
// once registration has ended, "Book Now" for a signed-in student, otherwise
// "Login as Student to Book" (disabled). Outcomes per spec §8.
import { useMutation, useQueryClient } from '@tanstack/react-query'
import { useId } from 'react'
import type { Session } from '../../../contract/entities'
import { errorMessage } from '../../../shared/api/api-error'
import { showAlert } from '../../../shared/ui/feedback'
import { OfflineReason } from '../../offline/offline-reason'
import { useOnline } from '../../offline/use-online'
import { isRegistrationClosed } from '../../sessions/registration-status'
import { bookingMutations } from '../api/booking-queries'

interface BookSessionButtonProps {
  session: Session
  studentEmail: string | null
  isStudent: boolean
  now?: Date
}

const BUTTON = 'w-full rounded-lg px-5 py-3 text-base font-semibold sm:w-auto'

export function BookSessionButton({ session, studentEmail, isStudent, now = new Date() }: BookSessionButtonProps) {
  const queryClient = useQueryClient()
  const booking = useMutation(bookingMutations.create(queryClient))
  // Booking needs the server: offline the button is disabled with the reason.
  const online = useOnline()
  const offlineId = useId()

  if (isRegistrationClosed(session, now)) {
    return (
      <button type="button" disabled className={`${BUTTON} cursor-not-allowed bg-slate-200 text-slate-700`}>
        Registration Closed
      </button>
    )
  }
  if (!isStudent || !studentEmail) {
    return (
      <button type="button" disabled className={`${BUTTON} cursor-not-allowed bg-slate-200 text-slate-700`}>
        Login as Student to Book
      </button>
    )
  }

  const book = () =>
    booking.mutate(
      { sessionId: session._id, studentEmail, tutorEmail: session.tutorEmail },
      {
        onSuccess: (outcome) =>
          void showAlert({
            title: 'Booked!',
            text: outcome.message || `You booked “${session.title}”. An admin will confirm your place.`,
            icon: 'success',
          }),
        onError: (error) => void showAlert({ title: 'Oops!', text: errorMessage(error), icon: 'error' }),
      },
    )

  return (
    <>
      <button
        type="button"
        onClick={book}
        disabled={booking.isPending || !online}
        aria-busy={booking.isPending}
        aria-describedby={online ? undefined : offlineId}
        className={`${BUTTON} bg-brand-700 text-white hover:bg-brand-900 disabled:cursor-not-allowed disabled:opacity-70`}
      >
        Book Now
      </button>
      <OfflineReason id={offlineId} className="mt-2" />
    </>
  )
}
