import { useMutation } from '@tanstack/react-query'
import { useState } from 'react'
import type { Booking } from '#contract/entities'
import { confirmDelete } from '#shared/ui/action-feedback'
import { TD } from '#shared/ui/ui-classes'
import { formatDateTime } from '#shared/format/date'
import { runAdminAction } from '../admin-action'
import { adminBookingMutations, adminBookingQueries } from '../api/admin-booking-queries'
import { EditBookingDialog } from './edit-booking-dialog'
import { ReviewTables } from './review-tables'

const COLUMNS = ['Session', 'Student', 'Tutor', 'Booked']

function BookingCells({ booking }: { booking: Booking }) {
  return (
    <>
      <td className={TD}>
        {booking.title ?? 'Session'}
        <span className="block text-xs text-ink-muted">ID {booking.sessionId}</span>
      </td>
      <td className={TD}>{booking.studentEmail}</td>
      <td className={TD}>{booking.tutorEmail}</td>
      <td className={TD}>
        {formatDateTime(booking.bookedAt)}
        {booking.cancelledAt && (
          <span className="block text-xs text-ink-muted">
            Cancelled {formatDateTime(booking.cancelledAt)}
            {booking.cancelledBy ? ` by ${booking.cancelledBy}` : ''}
          </span>
        )}
      </td>
    </>
  )
}

const label = (booking: Booking) => `${booking.title ?? booking.sessionId} by ${booking.studentEmail}`

export function ManageBookings() {
  const setStatus = useMutation(adminBookingMutations.setStatus())
  const edit = useMutation(adminBookingMutations.edit())
  const remove = useMutation(adminBookingMutations.remove())
  const [editing, setEditing] = useState<Booking | null>(null)

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
    <ReviewTables
      noun="bookings"
      columns={COLUMNS}
      cells={(booking) => <BookingCells booking={booking} />}
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
  )
}
