// A booking's cancel on its card: the button while the booking can be
// cancelled, and, while a cancel waits on this device
// (../offline/booking-cancel-outbox.ts, read through the outbox query), what
// it is waiting for instead. A
// waiting cancel is not a cancelled booking: the card keeps the server's
// status and says the booking is not cancelled yet, and a cancel never sent
// can be undone. One the server refused shows its reason until dismissed.
import { useMutation, useQuery } from '@tanstack/react-query'
import type { Booking } from '#contract/entities'
import { neverReachedServer, outboxQueries } from '#shared/offline/outbox'
import { useOnline } from '#shared/offline/use-online'
import { runWithFeedback } from '#shared/ui/action-feedback'
import { confirmDialog, showAlert, showToast } from '#shared/ui/feedback'
import { ALERT_BOX, NOTICE_BOX } from '#shared/ui/tone-classes'
import { bookingCancel } from '../api/booking-queries'
import type { BookingCancelEntry } from '../db/booking-tables'
import { cancelsByBooking, dropCancel } from '../offline/booking-cancel-outbox'

const CANCEL_LABEL: Partial<Record<Booking['status'], string>> = {
  pending: 'Withdraw booking',
  approved: 'Cancel booking',
  waitlisted: 'Leave waiting list',
}

const CANCEL_QUEUED = 'Cancel saved on this device. It will be sent when you are back online.'

interface CancelControlProps {
  booking: Booking
  title: string
  /** The class has started: only an admin may cancel now. */
  started: boolean
  className: string
}

export default function CancelControl({ booking, title, started, className }: CancelControlProps) {
  const cancel = useMutation(bookingCancel.cancel())
  const online = useOnline()
  const email = booking.studentEmail
  const queued = useQuery({ ...outboxQueries.ofUser(email), select: cancelsByBooking }).data
  const label = CANCEL_LABEL[booking.status]

  // Nothing until the device has answered: a waiting cancel must not flash a Cancel button first.
  if (!queued) return null
  const waiting = queued.get(booking._id)
  // While this card's own cancel is being sent its entry is already queued: the button says it is busy instead.
  if (waiting && !cancel.isPending) return <WaitingCancel entry={waiting} title={title} className={className} />
  if (!label || started) return null

  async function onCancel(label: string) {
    const ok = await confirmDialog({
      title: `${label}?`,
      text: `Your place in “${title}” will be given up. You can book again while registration is open.${
        online ? '' : ' You are offline: the cancel waits on this device and is sent when you are back online.'
      }`,
      confirmLabel: label,
      cancelLabel: 'Keep booking',
      danger: true,
    })
    if (ok)
      await runWithFeedback(() => cancel.mutateAsync({ id: booking._id, email }), {
        worked: (outcome) => outcome.success,
        success: (outcome) => (outcome.queued ? CANCEL_QUEUED : 'Booking cancelled'),
        failed: 'Failed to cancel the booking',
      })
  }

  return (
    <button
      type="button"
      className={`${className} text-danger-ink ring-danger-ink hover:bg-danger-soft`}
      aria-label={`${label}: ${title}`}
      onClick={() => void onCancel(label)}
      disabled={cancel.isPending}
    >
      {label}
    </button>
  )
}

function WaitingCancel({ entry, title, className }: { entry: BookingCancelEntry; title: string; className: string }) {
  const refused = entry.error !== undefined
  const action = refused ? 'Dismiss' : 'Undo cancel'

  async function onDrop() {
    if (await dropCancel(entry.email, entry.subject)) {
      if (!refused) showToast({ title: 'Cancel undone. Your booking stays.', icon: 'success' })
    } else {
      await showAlert({
        title: 'Too late to undo',
        text: 'The cancel has gone out to the server already. It is sent again until the server answers.',
        icon: 'info',
      })
    }
  }

  return (
    <div role="status" data-testid="waiting-cancel" className={`w-full text-sm ${refused ? ALERT_BOX : NOTICE_BOX}`}>
      <p className="font-semibold">{refused ? 'Cancel refused' : 'Cancel waiting to be sent'}</p>
      <p className="mt-1">
        {refused
          ? `The server did not cancel this booking: ${entry.error}`
          : entry.attempts === 0
            ? 'This booking is not cancelled yet: your cancel is saved on this device and is sent when you are back online.'
            : 'This booking may not be cancelled yet: your cancel went out but no answer came back. It is sent again when you are back online, so it can no longer be undone.'}
      </p>
      {neverReachedServer(entry) && (
        <button
          type="button"
          className={`${className} mt-2 bg-surface text-ink ring-line hover:bg-muted-strong`}
          aria-label={`${action}: ${title}`}
          onClick={() => void onDrop()}
        >
          {action}
        </button>
      )}
    </div>
  )
}
