// The sync status of a student's device: how many notes wait for a choice
// between two devices' versions, how many note writes and booking cancels
// wait to be sent. Shown as the bar's badge above md (a link to the screen
// that shows them, nothing when all is sent), as counts on the phone's tabs
// (Notes, My Bookings) and in words on Settings. It reads two features'
// tables, so it is the app's; everything that shows it loads it lazily, so
// the device's database stays out of the first load.
import { useQuery } from '@tanstack/react-query'
import { Link } from 'react-router-dom'
import { cancelsByBooking } from '#features/bookings/offline/booking-cancel-outbox'
import { noteQueries } from '#features/notes/api/note-queries'
import { NotesSyncStatus } from '#features/notes/components/notes-sync-status'
import { outboxQueries } from '#shared/offline/outbox'
import { TONE } from '#shared/ui/tone-classes'

interface SyncStatus {
  /** Notes changed on two devices, waiting for the student's choice. */
  conflicts: number
  /** Notes whose writes wait to be sent. */
  waiting: number
  /** Booking cancels waiting to be sent. */
  cancels: number
}

/** The student's sync status; undefined until the device has answered. */
function useSyncStatus(email: string): SyncStatus | undefined {
  const notes = useQuery(noteQueries.onDevice(email)).data
  const cancels = useQuery({ ...outboxQueries.ofUser(email), select: cancelsByBooking }).data
  if (!notes || !cancels) return undefined
  return {
    conflicts: notes.filter((n) => n.conflict).length,
    waiting: notes.filter((n) => !n.conflict && n.pending).length,
    cancels: cancels.size,
  }
}

export default function SyncBadge({ email }: { email: string }) {
  const status = useSyncStatus(email)
  if (!status) return null
  const { conflicts, waiting, cancels } = status
  if (conflicts + waiting + cancels === 0) return null
  const label =
    conflicts > 0 ? `${conflicts} ${conflicts === 1 ? 'conflict' : 'conflicts'}` : `${waiting + cancels} to sync`
  const onlyCancels = conflicts + waiting === 0
  return (
    <Link
      to={onlyCancels ? '/dashboard/my-bookings' : '/dashboard/my-notes'}
      className={`tap inline-flex items-center rounded px-2 text-xs font-semibold whitespace-nowrap ${TONE.warn}`}
    >
      <span className="sr-only">
        {onlyCancels ? 'Bookings: ' : cancels > 0 && conflicts === 0 ? 'Notes and bookings: ' : 'Notes: '}
      </span>
      {label}
    </Link>
  )
}

/**
 * A tab's count of what waits on this device: the notes (conflicts and writes)
 * on Notes, the cancels on My Bookings. Read as part of the tab's name.
 */
export function TabSyncCount({ email, of }: { email: string; of: 'notes' | 'cancels' }) {
  const status = useSyncStatus(email)
  if (!status) return null
  const count = of === 'notes' ? status.conflicts + status.waiting : status.cancels
  if (count === 0) return null
  const what = of === 'notes' && status.conflicts > 0 ? 'to settle or sync' : 'to sync'
  return (
    <>
      <span
        aria-hidden="true"
        className="absolute top-1 left-[calc(50%+0.5rem)] min-w-5 rounded-full bg-badge px-1 text-center text-xs leading-5 font-bold text-on-badge"
      >
        {count > 99 ? '99+' : count}
      </span>
      <span className="sr-only">{`, ${count} ${what}`}</span>
    </>
  )
}

/** Settings' sync status, in words, with the way to each screen that shows what waits. */
export function SyncSummary({ email }: { email: string }) {
  const notes = useQuery(noteQueries.onDevice(email)).data
  const status = useSyncStatus(email)
  if (!notes || !status) return <p className="text-ink-muted">Checking what waits on this device…</p>
  const { conflicts, waiting, cancels } = status
  if (conflicts + waiting + cancels === 0)
    return <p className="text-ink">Everything changed on this device has reached the server.</p>
  return (
    <>
      <NotesSyncStatus notes={notes} />
      {cancels > 0 ? (
        <p className="mb-4 text-sm text-ink-muted">
          {cancels === 1
            ? '1 booking cancel is waiting to be sent.'
            : `${cancels} booking cancels are waiting to be sent.`}
        </p>
      ) : null}
      <p className="flex flex-wrap gap-4">
        {conflicts + waiting > 0 ? (
          <Link to="/dashboard/my-notes" className="tap inline-flex items-center font-semibold text-accent underline">
            Open My Notes
          </Link>
        ) : null}
        {cancels > 0 ? (
          <Link
            to="/dashboard/my-bookings"
            className="tap inline-flex items-center font-semibold text-accent underline"
          >
            Open My Bookings
          </Link>
        ) : null}
      </p>
    </>
  )
}
