// What a student can do with one of their bookings: add it to a calendar, and
// cancel it (withdraw a pending one, leave the waiting list) until the class
// starts; after that only an admin can.
import { useMutation } from '@tanstack/react-query'
import type { Booking } from '#contract/entities'
import { errorMessage } from '#shared/api/api-error'
import { runWithFeedback } from '#shared/ui/action-feedback'
import { confirmDialog, showAlert } from '#shared/ui/feedback'
import { useServerGate } from '#shared/offline/use-server-gate'
import { OfflineReason } from '#shared/offline/offline-reason'
import { bookingCancel } from '../api/booking-queries'
import { downloadBookingCalendar } from '../download-calendar'

const BUTTON = 'tap inline-flex items-center rounded-lg px-3 py-1.5 text-sm font-semibold ring-1'

const CANCEL_LABEL: Partial<Record<Booking['status'], string>> = {
  pending: 'Withdraw booking',
  approved: 'Cancel booking',
  waitlisted: 'Leave waiting list',
}

export function BookingActions({ booking, now = new Date() }: { booking: Booking; now?: Date }) {
  const cancel = useMutation(bookingCancel.cancel())
  const { offlineId, needsServer } = useServerGate()
  const title = booking.title ?? 'Study session'
  const cancelLabel = CANCEL_LABEL[booking.status]
  const started = booking.classStart !== undefined && Date.parse(booking.classStart) <= now.getTime()

  async function onCancel(label: string) {
    const ok = await confirmDialog({
      title: `${label}?`,
      text: `Your place in “${title}” will be given up. You can book again while registration is open.`,
      confirmLabel: label,
      cancelLabel: 'Keep booking',
      danger: true,
    })
    if (ok)
      await runWithFeedback(() => cancel.mutateAsync(booking._id), {
        worked: (outcome) => outcome.success,
        success: 'Booking cancelled',
        failed: 'Failed to cancel the booking',
      })
  }

  async function onCalendar() {
    try {
      await downloadBookingCalendar(booking._id, title)
    } catch (error) {
      await showAlert({ title: 'Failed to add to calendar', text: errorMessage(error), icon: 'error' })
    }
  }

  return (
    <>
      {booking.status !== 'rejected' && (
        <button
          type="button"
          className={`${BUTTON} text-accent ring-accent hover:bg-accent-soft`}
          aria-label={`Add to calendar: ${title}`}
          onClick={() => void onCalendar()}
          {...needsServer}
        >
          Add to calendar
        </button>
      )}
      {cancelLabel && !started && (
        <button
          type="button"
          className={`${BUTTON} text-danger-ink ring-danger-ink hover:bg-danger-soft`}
          aria-label={`${cancelLabel}: ${title}`}
          onClick={() => void onCancel(cancelLabel)}
          disabled={cancel.isPending || needsServer.disabled}
          aria-describedby={needsServer['aria-describedby']}
        >
          {cancelLabel}
        </button>
      )}
      <OfflineReason id={offlineId} className="w-full" />
    </>
  )
}
