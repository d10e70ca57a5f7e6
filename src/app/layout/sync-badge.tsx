// The bar's sync status for a student: how many notes wait for a choice
// between two devices' versions, else how many changes wait to sync (notes'
// writes and bookings' cancels), as a link to the screen that shows them.
// Nothing when all is sent. It reads two features' device queries, so it is
// the app's; the navigation bar loads it lazily, so the device's database
// stays out of the first load.
import { useQuery } from '@tanstack/react-query'
import { Link } from 'react-router-dom'
import { cancelsByBooking } from '#features/bookings/offline/booking-cancel-outbox'
import { noteQueries } from '#features/notes/api/note-queries'
import { outboxQueries } from '#shared/offline/outbox'
import { TONE } from '#shared/ui/tone-classes'

export default function SyncBadge({ email }: { email: string }) {
  const notes = useQuery(noteQueries.onDevice(email)).data ?? []
  const cancels = useQuery({ ...outboxQueries.ofUser(email), select: cancelsByBooking }).data?.size ?? 0
  const conflicts = notes.filter((n) => n.conflict).length
  const waiting = notes.filter((n) => !n.conflict && n.pending).length
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
