// What a student can do with one of their bookings: add it to a calendar, and
// cancel it (withdraw a pending one, leave the waiting list) until the class
// starts; after that only an admin can. A cancel works offline too: it waits
// on the device, and the card says so (./cancel-control.tsx).
import { lazy, Suspense } from 'react'
import type { Booking } from '#contract/entities'
import { errorMessage } from '#shared/api/api-error'
import { showAlert } from '#shared/ui/feedback'
import { useServerGate } from '#shared/offline/use-server-gate'
import { OfflineReason } from '#shared/offline/offline-reason'
import { downloadBookingCalendar } from '../download-calendar'

const BUTTON = 'tap inline-flex items-center rounded-lg px-3 py-1.5 text-sm font-semibold ring-1'

// Reads the device's outbox: loaded with the cards, never with a screen that only books.
const CancelControl = lazy(() => import('./cancel-control'))

export function BookingActions({ booking, now = new Date() }: { booking: Booking; now?: Date }) {
  const { offlineId, needsServer } = useServerGate()
  const title = booking.title ?? 'Study session'
  const started = booking.classStart !== undefined && Date.parse(booking.classStart) <= now.getTime()

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
      <Suspense fallback={null}>
        <CancelControl booking={booking} title={title} started={started} className={BUTTON} />
      </Suspense>
      <OfflineReason id={offlineId} className="w-full" />
    </>
  )
}
