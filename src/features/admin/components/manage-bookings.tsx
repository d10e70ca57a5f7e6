// Manage Bookings (docs/product.md#screens): each booking by its session's title and its student's name and
// address, never by ids unless the admin asks for them ("Show IDs", for the Edit dialog's Session ID).
import { useMutation } from '@tanstack/react-query'
import { useId, useState } from 'react'
import type { Booking } from '#contract/entities'
import { confirmDelete } from '#shared/ui/action-feedback'
import { formatWhen } from '#shared/format/date'
import { runAdminAction } from '../admin-action'
import { adminBookingMutations, adminBookingQueries } from '../api/admin-booking-queries'
import { EditBookingDialog } from './edit-booking-dialog'
import { ReviewTables } from './review-tables'

const COLUMNS = ['Session', 'Student', 'Tutor', 'Booked']

const SMALL = 'block text-xs text-ink-muted break-all'

function bookingCells(booking: Booking, showIds: boolean) {
  return [
    <>
      {booking.title ?? 'Session'}
      {showIds && (
        <span className={`${SMALL} font-normal`} data-testid="booking-ids">
          Session ID {booking.sessionId} · Booking ID {booking._id}
        </span>
      )}
    </>,
    <>
      {booking.studentName ?? booking.studentEmail}
      {booking.studentName && <span className={SMALL}>{booking.studentEmail}</span>}
    </>,
    <>
      {booking.tutorName ?? booking.tutorEmail}
      {booking.tutorName && <span className={SMALL}>{booking.tutorEmail}</span>}
    </>,
    <>
      {formatWhen(booking.bookedAt)}
      {booking.cancelledAt && (
        <span className={SMALL}>
          Cancelled {formatWhen(booking.cancelledAt)}
          {booking.cancelledBy ? ` by ${booking.cancelledBy}` : ''}
        </span>
      )}
    </>,
  ]
}

const label = (booking: Booking) => `${booking.title ?? booking.sessionId} by ${booking.studentEmail}`

export function ManageBookings() {
  const setStatus = useMutation(adminBookingMutations.setStatus())
  const edit = useMutation(adminBookingMutations.edit())
  const remove = useMutation(adminBookingMutations.remove())
  const [editing, setEditing] = useState<Booking | null>(null)
  const [showIds, setShowIds] = useState(false)
  const showIdsId = useId()

  async function onStatus(booking: Booking, status: 'approved' | 'rejected') {
    await runAdminAction(
      () => setStatus.mutateAsync({ id: booking._id, status }),
      status === 'approved' ? 'Booking approved' : 'Booking rejected',
    )
  }

  async function onDelete(booking: Booking) {
    const ok = await confirmDelete('Delete this booking?', `The booking of ${label(booking)} will be deleted for good.`)
    if (ok) await runAdminAction(() => remove.mutateAsync(booking._id), 'Booking deleted')
  }

  return (
    <>
      <label htmlFor={showIdsId} className="mb-4 inline-flex min-h-11 items-center gap-2 text-sm text-ink">
        <input
          id={showIdsId}
          type="checkbox"
          className="h-5 w-5"
          checked={showIds}
          onChange={(e) => setShowIds(e.target.checked)}
        />
        Show IDs
      </label>
      <ReviewTables
        noun="bookings"
        columns={COLUMNS}
        cells={(booking) => bookingCells(booking, showIds)}
        pageQuery={adminBookingQueries.page}
        actionName={(booking) => `booking of ${label(booking)}`}
        onApprove={(booking) => onStatus(booking, 'approved')}
        onReject={(booking) => onStatus(booking, 'rejected')}
        editLabel="Edit"
        onEdit={setEditing}
        onDelete={onDelete}
      >
        {editing ? (
          <EditBookingDialog
            booking={editing}
            onClose={() => setEditing(null)}
            onSave={async (body) => {
              const ok = await runAdminAction(() => edit.mutateAsync({ id: editing._id, ...body }), 'Booking updated')
              if (ok) setEditing(null)
              else throw new Error('not updated')
            }}
          />
        ) : null}
      </ReviewTables>
    </>
  )
}
