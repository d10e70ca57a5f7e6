// The booking area of the details page. The button reads "Registration
// Closed" once registration has ended, says when it opens before it has
// (docs/rules/sessions.md), reads "Book Now" for a signed-in student and
// "Login as Student to Book" (disabled) for everyone else. A student who has
// booked the session sees their booking's state instead, with what they can
// do next: wait, open the materials, or ask again after a rejection. A full
// session offers its waiting list instead, and a student in line sees their place. A paid session is summed up
// before it is booked, and "Booked!" says what comes next (./booking-dialogs.tsx).
import { useMutation, useQuery, type UseQueryResult } from '@tanstack/react-query'
import { useId, useState } from 'react'
import { Link } from 'react-router-dom'
import type { Booking, Session } from '#contract/entities'
import { registrationState } from '#contract/rules'
import { errorMessage } from '#shared/api/api-error'
import { formatDateTime } from '#shared/format/date'
import { formatFee } from '#shared/format/number'
import { showAlert } from '#shared/ui/feedback'
import { OfflineReason } from '#shared/offline/offline-reason'
import { useOnline } from '#shared/offline/use-online'
import { bookingMutations, bookingQueries } from '../api/booking-queries'
import { currentBooking } from '../current-booking'
import { BookedDialog, BookingSummaryDialog, classWhen, type BookedOutcome } from './booking-dialogs'
import { BookingStatusBadge, waitlistPlace } from './booking-status'

interface BookSessionButtonProps {
  session: Session
  studentEmail: string | null
  isStudent: boolean
  now?: Date
}

const BUTTON = 'w-full rounded-lg px-5 py-3 text-base font-semibold sm:w-auto'
const DISABLED = `${BUTTON} cursor-not-allowed bg-muted-strong text-ink-muted`
/** The bar's button: beside the fee on a phone, so not full width. */
const ACTION = 'shrink-0 rounded-lg px-5 py-3 text-base font-semibold'

function Disabled({ children }: { children: string }) {
  return (
    <div className="mt-8">
      <button type="button" disabled className={DISABLED}>
        {children}
      </button>
    </div>
  )
}

export function BookSessionButton({ session, studentEmail, isStudent, now = new Date() }: BookSessionButtonProps) {
  const booking = useMutation(bookingMutations.create())
  const mine = useQuery({ ...bookingQueries.forStudent(studentEmail ?? ''), enabled: isStudent && !!studentEmail })
  // Booking needs the server: offline the button is disabled with the reason.
  const online = useOnline()
  const offlineId = useId()
  const statusId = useId()
  // A paid session's summary, then "Booked!": kept here, above every state, since booking changes the state.
  const [step, setStep] = useState<{ kind: 'summary'; action: string } | { kind: 'booked'; outcome: BookedOutcome }>()
  const dialog =
    step?.kind === 'summary' ? (
      <BookingSummaryDialog
        session={session}
        action={step.action}
        onCancel={() => setStep(undefined)}
        onConfirm={() => {
          setStep(undefined)
          book()
        }}
      />
    ) : step?.kind === 'booked' ? (
      <BookedDialog session={session} outcome={step.outcome} onClose={() => setStep(undefined)} />
    ) : null

  function book() {
    if (!studentEmail) return
    booking.mutate(
      { sessionId: session._id, studentEmail, tutorEmail: session.tutorEmail },
      {
        onSuccess: (outcome) => setStep({ kind: 'booked', outcome }),
        onError: (error) => void showAlert({ title: 'Oops!', text: errorMessage(error), icon: 'error' }),
      },
    )
  }

  return (
    <>
      <BookingArea
        session={session}
        mine={mine}
        now={now}
        canBook={isStudent && Boolean(studentEmail)}
        busy={booking.isPending}
        online={online}
        offlineId={offlineId}
        statusId={statusId}
        onBook={(action) => (session.registrationFee > 0 ? setStep({ kind: 'summary', action }) : book())}
      />
      {dialog}
    </>
  )
}

interface BookingAreaProps {
  session: Session
  mine: UseQueryResult<Booking[]>
  now: Date
  canBook: boolean
  busy: boolean
  online: boolean
  offlineId: string
  statusId: string
  onBook: (action: string) => void
}

function BookingArea({ session, mine, now, canBook, busy, online, offlineId, statusId, onBook }: BookingAreaProps) {
  // A student's own booking decides what they see: wait for it rather than flash Book Now first.
  // If that fails (or the phone is offline) the button shows as usual: the server decides the booking anyway.
  if (mine.isPending && mine.fetchStatus === 'fetching' && mine.failureCount === 0)
    return <Disabled>Checking your booking…</Disabled>
  const found = currentBooking(mine.data, session._id)
  // A cancelled booking leaves the student free to book again.
  const existing = found?.status === 'cancelled' ? undefined : found
  if (existing && existing.status !== 'rejected') {
    return (
      <div id={statusId} className="mt-8 flex flex-wrap items-center gap-3" role="status">
        <span className="font-semibold text-ink">Your booking:</span>
        <BookingStatusBadge status={existing.status} />
        {existing.status === 'pending' ? (
          <span className="text-ink">An admin will confirm your place.</span>
        ) : existing.status === 'waitlisted' ? (
          <span className="text-ink">{waitlistPlace(existing.waitlistPosition)}</span>
        ) : (
          <Link
            to={`/dashboard/student/bookings/${session._id}/materials`}
            className="tap inline-flex items-center font-semibold text-accent underline"
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
  if (!canBook) return <Disabled>Login as Student to Book</Disabled>
  const full = session.seatsLeft === 0
  const action = existing?.status === 'rejected' ? 'Request Again' : full ? 'Join the waiting list' : 'Book Now'

  return (
    <>
      <div className="mt-8 space-y-3">
        {existing?.status === 'rejected' && (
          <p className="flex flex-wrap items-center gap-2 text-ink">
            <span className="font-semibold text-ink">Your booking:</span>
            <BookingStatusBadge status="rejected" />
            <span>You can ask for a place again.</span>
          </p>
        )}
        {full && (
          <p className="text-ink-muted">This session is full. Join the waiting list to get the next free seat.</p>
        )}
      </div>
      {/* On a phone the fee and the button stay at the bottom of the screen while the student reads: the bar is
          sticky within the page's article (so the area is rendered straight into it, with no box of its own), and
          rests in its place once scrolled to. From sm up they sit in the page. */}
      <div
        data-primary-action
        className="sticky bottom-[var(--bottom-bar-space,0px)] z-10 -mx-4 mt-3 flex items-center justify-between gap-3 border-t border-line bg-surface px-4 py-3 shadow-[0_-4px_12px_rgb(0_0_0/0.08)] sm:static sm:mx-0 sm:justify-start sm:border-0 sm:bg-transparent sm:p-0 sm:shadow-none"
      >
        <p className="text-ink sm:order-last">
          <span className="sr-only">Fee: </span>
          <span className="block text-lg font-bold sm:inline" data-testid="booking-bar-fee">
            {formatFee(session.registrationFee)}
          </span>{' '}
          <span className="text-sm text-ink-muted">
            <time dateTime={session.classStart}>{classWhen(session)}</time>
          </span>
        </p>
        <button
          type="button"
          onClick={() => onBook(action)}
          disabled={busy || !online}
          aria-busy={busy}
          aria-describedby={online ? undefined : offlineId}
          className={`${ACTION} bg-brand-700 text-white hover:bg-brand-900 disabled:cursor-not-allowed disabled:opacity-70`}
        >
          {action}
        </button>
      </div>
      <OfflineReason id={offlineId} className="mt-2" />
    </>
  )
}
