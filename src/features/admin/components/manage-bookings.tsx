import { useQuery } from '@tanstack/react-query'
import { useId, useState } from 'react'
import type { Booking } from '../../../contract/entities'
import { errorMessage } from '../../../shared/api/api-error'
import { confirmDialog } from '../../../shared/ui/feedback'
import { ListState } from '../../workspace/components/page-heading'
import { Pager, useClampedPage } from '../../workspace/components/pager'
import { StatusBadge } from '../../workspace/components/status-badge'
import { APPROVE_BUTTON, DANGER_BUTTON, NEUTRAL_BUTTON, TABLE, TD, TH } from '../../workspace/components/ui-classes'
import { formatDateTime } from '../../workspace/format'
import { runAdminAction } from '../admin-action'
import {
  adminBookingQueries,
  useDeleteBooking,
  useEditBooking,
  useSetBookingStatus,
} from '../api/admin-booking-queries'
import { EditBookingDialog } from './edit-booking-dialog'
import { OfflineReason } from '../../offline/offline-reason'
import { useOnline } from '../../offline/use-online'

const PAGE_SIZE = 10

function BookingHead({ withStatus }: { withStatus?: boolean }) {
  return (
    <thead className="bg-slate-50">
      <tr>
        <th scope="col" className={TH}>
          Session
        </th>
        <th scope="col" className={TH}>
          Student
        </th>
        <th scope="col" className={TH}>
          Tutor
        </th>
        <th scope="col" className={TH}>
          Booked
        </th>
        {withStatus ? (
          <th scope="col" className={TH}>
            Status
          </th>
        ) : null}
        <th scope="col" className={TH}>
          Actions
        </th>
      </tr>
    </thead>
  )
}

function BookingCells({ booking }: { booking: Booking }) {
  return (
    <>
      <td className={TD}>
        {booking.title ?? 'Session'}
        <span className="block text-xs text-slate-700">ID {booking.sessionId}</span>
      </td>
      <td className={TD}>{booking.studentEmail}</td>
      <td className={TD}>{booking.tutorEmail}</td>
      <td className={TD}>{formatDateTime(booking.bookedAt)}</td>
    </>
  )
}

const label = (booking: Booking) => `${booking.title ?? booking.sessionId} by ${booking.studentEmail}`

export function ManageBookings() {
  const [pendingPage, setPendingPage] = useState(1)
  const [allPage, setAllPage] = useState(1)
  const pending = useQuery(adminBookingQueries.page(pendingPage, PAGE_SIZE, 'pending'))
  const all = useQuery(adminBookingQueries.page(allPage, PAGE_SIZE))
  const online = useOnline()
  const offlineId = useId()
  // Server actions wait for a connection; the reason is read with each one.
  const needsServer = online ? {} : { disabled: true, 'aria-describedby': offlineId }
  useClampedPage(pendingPage, setPendingPage, pending.data?.total, PAGE_SIZE)
  useClampedPage(allPage, setAllPage, all.data?.total, PAGE_SIZE)
  const setStatus = useSetBookingStatus()
  const edit = useEditBooking()
  const remove = useDeleteBooking()
  const [editing, setEditing] = useState<Booking | null>(null)

  async function onDelete(booking: Booking) {
    const ok = await confirmDialog({
      title: 'Delete this booking?',
      text: `The booking of ${label(booking)} will be deleted for good.`,
      confirmLabel: 'Delete',
      danger: true,
    })
    if (ok) await runAdminAction(() => remove.mutateAsync(booking._id), 'Booking deleted')
  }

  return (
    <div className="space-y-10">
      <OfflineReason id={offlineId} />
      <section aria-labelledby="pending-bookings-heading">
        <h2 id="pending-bookings-heading" className="mb-3 text-xl font-semibold text-slate-900">
          Pending bookings
        </h2>
        {pending.isPending ? (
          <ListState kind="loading">Loading bookings…</ListState>
        ) : pending.isError ? (
          <ListState kind="error">{errorMessage(pending.error)}</ListState>
        ) : pending.data.total === 0 ? (
          <ListState kind="empty">No pending bookings.</ListState>
        ) : (
          <>
            <div className="overflow-x-auto rounded-lg border border-slate-200 bg-white">
              <table className={TABLE}>
                <caption className="sr-only">Pending bookings</caption>
                <BookingHead />
                <tbody className="divide-y divide-slate-100">
                  {pending.data.items.map((booking) => (
                    <tr key={booking._id}>
                      <BookingCells booking={booking} />
                      <td className={TD}>
                        <div className="flex gap-2">
                          <button
                            type="button"
                            className={APPROVE_BUTTON}
                            {...needsServer}
                            onClick={() =>
                              void runAdminAction(
                                () => setStatus.mutateAsync({ id: booking._id, status: 'approved' }),
                                'Booking approved',
                              )
                            }
                          >
                            Approve <span className="sr-only">booking of {label(booking)}</span>
                          </button>
                          <button
                            type="button"
                            className={DANGER_BUTTON}
                            {...needsServer}
                            onClick={() =>
                              void runAdminAction(
                                () => setStatus.mutateAsync({ id: booking._id, status: 'rejected' }),
                                'Booking rejected',
                              )
                            }
                          >
                            Reject <span className="sr-only">booking of {label(booking)}</span>
                          </button>
                        </div>
                      </td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </div>
            <Pager
              label="Pending bookings pages"
              page={pendingPage}
              total={pending.data.total}
              limit={PAGE_SIZE}
              onPage={setPendingPage}
            />
          </>
        )}
      </section>

      <section aria-labelledby="all-bookings-heading">
        <h2 id="all-bookings-heading" className="mb-3 text-xl font-semibold text-slate-900">
          All bookings
        </h2>
        {all.isPending ? (
          <ListState kind="loading">Loading bookings…</ListState>
        ) : all.isError ? (
          <ListState kind="error">{errorMessage(all.error)}</ListState>
        ) : all.data.total === 0 ? (
          <ListState kind="empty">No bookings found.</ListState>
        ) : (
          <>
            <div className="overflow-x-auto rounded-lg border border-slate-200 bg-white">
              <table className={TABLE}>
                <caption className="sr-only">All bookings</caption>
                <BookingHead withStatus />
                <tbody className="divide-y divide-slate-100">
                  {all.data.items.map((booking) => (
                    <tr key={booking._id}>
                      <BookingCells booking={booking} />
                      <td className={TD}>
                        <StatusBadge status={booking.status} />
                      </td>
                      <td className={TD}>
                        {booking.status === 'approved' ? (
                          <div className="flex gap-2">
                            <button
                              type="button"
                              className={NEUTRAL_BUTTON}
                              onClick={() => setEditing(booking)}
                              {...needsServer}
                            >
                              Edit <span className="sr-only">booking of {label(booking)}</span>
                            </button>
                            <button
                              type="button"
                              className={DANGER_BUTTON}
                              onClick={() => void onDelete(booking)}
                              {...needsServer}
                            >
                              Delete <span className="sr-only">booking of {label(booking)}</span>
                            </button>
                          </div>
                        ) : (
                          <span className="text-slate-700">No actions</span>
                        )}
                      </td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </div>
            <Pager
              label="All bookings pages"
              page={allPage}
              total={all.data.total}
              limit={PAGE_SIZE}
              onPage={setAllPage}
            />
          </>
        )}
      </section>

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
    </div>
  )
}
