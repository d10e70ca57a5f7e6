// What the device's outbox says of a student's cancels, for their booking
// cards: loaded with the cards (it reads Dexie), never with a screen that only
// books. The probe reads the cancels waiting on this device (the outbox's
// query) once for a whole list; a card whose cancel waits shows it instead of a cancel button. A
// waiting cancel is not a cancelled booking: the card keeps the server's
// status and says the booking is not cancelled yet, and a cancel never sent
// can be undone. Every cancel waits a few seconds for the Undo its toast
// offers before it goes out (docs/decisions/0078-phone-shell.md). One the
// server refused shows its reason until dismissed.
import { useQuery } from '@tanstack/react-query'
import { useEffect } from 'react'
import { neverReachedServer, outboxQueries } from '#shared/offline/outbox'
import { useOnline } from '#shared/offline/use-online'
import { showAlert, showToast } from '#shared/ui/feedback'
import { ALERT_BOX, NOTICE_BOX } from '#shared/ui/tone-classes'
import type { BookingCancelEntry } from '../db/booking-tables'
import { cancelsByBooking, dropCancel } from '../offline/booking-cancel-outbox'

export type QueuedCancels = Map<string, BookingCancelEntry>

/**
 * Takes back a cancel the server has not taken (Undo), or dismisses a refused
 * one; one that went out meanwhile is too late, and the student is told.
 */
export async function dropWaitingCancel(email: string, bookingId: string, refused = false): Promise<void> {
  if (await dropCancel(email, bookingId)) {
    if (!refused) showToast({ title: 'Cancel undone. Your booking stays.', icon: 'success' })
  } else {
    await showAlert({
      title: 'Too late to undo',
      text: 'The cancel has gone out to the server already. It is sent again until the server answers.',
      icon: 'info',
    })
  }
}

/** Reports the student's waiting cancels (by booking id) each time they change; renders nothing. */
export default function QueuedCancelsProbe({
  email,
  onChange,
}: {
  email: string
  onChange: (queued: QueuedCancels) => void
}) {
  const queued = useQuery({ ...outboxQueries.ofUser(email), select: cancelsByBooking }).data
  useEffect(() => {
    if (queued) onChange(queued)
  }, [queued, onChange])
  return null
}

export function WaitingCancel({
  entry,
  title,
  className,
}: {
  entry: BookingCancelEntry
  title: string
  className: string
}) {
  const online = useOnline()
  const refused = entry.error !== undefined
  const action = refused ? 'Dismiss' : 'Undo cancel'

  return (
    <div role="status" data-testid="waiting-cancel" className={`mt-3 text-sm ${refused ? ALERT_BOX : NOTICE_BOX}`}>
      <p className="font-semibold">{refused ? 'Cancel refused' : 'Cancel waiting to be sent'}</p>
      <p className="mt-1">
        {refused
          ? `The server did not cancel this booking: ${entry.error}`
          : entry.attempts === 0 && online
            ? // Online, it is waiting out its Undo's few seconds.
              'Cancelling: you can still undo.'
            : entry.attempts === 0
              ? 'This booking is not cancelled yet: your cancel is saved on this device and is sent when you are back online.'
              : 'This booking may not be cancelled yet: your cancel went out but no answer came back. It is sent again when you are back online, so it can no longer be undone.'}
      </p>
      {neverReachedServer(entry) && (
        <button
          type="button"
          className={`${className} mt-2 bg-surface text-ink ring-1 ring-line hover:bg-muted-strong`}
          aria-label={`${action}: ${title}`}
          onClick={() => void dropWaitingCancel(entry.email, entry.subject, refused)}
        >
          {action}
        </button>
      )}
    </div>
  )
}
