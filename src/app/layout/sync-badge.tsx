// The bar's sync status for a student: how many notes wait for a choice
// between two devices' versions, else how many changes wait to sync (notes'
// writes and bookings' cancels), as a link to the screen that shows them.
// Nothing when all is sent. It reads two features' tables, so it is the
// app's; the navigation bar loads it lazily, so the device's database stays
// out of the first load.
import { Link } from 'react-router-dom'
import { useQueuedCancels } from '#features/bookings/db/use-queued-cancels'
import { useLocalNotes } from '#features/notes/db/use-local-notes'
import { TONE } from '#shared/ui/tone-classes'

export default function SyncBadge({ email }: { email: string }) {
  const notes = useLocalNotes(email) ?? []
  const cancels = useQueuedCancels(email)?.size ?? 0
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
