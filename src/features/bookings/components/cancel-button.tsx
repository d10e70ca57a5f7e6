// A booking's cancel, in its card's menu: Withdraw booking (pending), Cancel
// booking (approved) or Leave waiting list (waitlisted), asking first. It
// works offline too: the cancel then waits on the device, and the card says
// so (./cancel-control.tsx). It waits a few seconds for the Undo its toast
// offers before it goes out (docs/decisions/0078-phone-shell.md).
import { useMutation } from '@tanstack/react-query'
import type { Booking } from '#contract/entities'
import { UNDO_HOLD_MS } from '#shared/offline/undo-time'
import { useOnline } from '#shared/offline/use-online'
import { runWithFeedback } from '#shared/ui/action-feedback'
import { confirmDialog } from '#shared/ui/feedback'
import { bookingCancel } from '../api/booking-queries'
import { dropWaitingCancel } from './cancel-control'

const CANCEL_LABEL: Partial<Record<Booking['status'], string>> = {
  pending: 'Withdraw booking',
  approved: 'Cancel booking',
  waitlisted: 'Leave waiting list',
}

const CANCEL_QUEUED = 'Cancel saved on this device. It will be sent when you are back online.'

export function CancelButton({
  booking,
  title,
  className,
  menuId,
}: {
  booking: Booking
  title: string
  className: string
  /** The menu the button sits in, closed as the question opens. */
  menuId: string
}) {
  const cancel = useMutation(bookingCancel.cancel())
  const online = useOnline()
  const label = CANCEL_LABEL[booking.status]
  if (!label) return null

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
      await runWithFeedback(
        () => cancel.mutateAsync({ id: booking._id, email: booking.studentEmail, holdMs: UNDO_HOLD_MS }),
        {
          worked: (outcome) => outcome.success,
          success: (outcome) => (outcome.queued ? CANCEL_QUEUED : 'Booking cancelled'),
          failed: 'Failed to cancel the booking',
          undo: () => () => void dropWaitingCancel(booking.studentEmail, booking._id),
        },
      )
  }

  return (
    <button
      type="button"
      className={`${className} text-danger-ink`}
      aria-label={`${label}: ${title}`}
      popoverTarget={menuId}
      popoverTargetAction="hide"
      onClick={() => void onCancel(label)}
      disabled={cancel.isPending}
      aria-busy={cancel.isPending}
    >
      {label}
    </button>
  )
}
