// The bar's sync status for a student: how many notes wait for a choice
// between two devices' versions, else how many changes wait to sync, as a
// link to My Notes. Nothing when all is sent. The navigation bar loads it
// lazily, so the device's database stays out of the first load.
import { Link } from 'react-router-dom'
import { TONE } from '#shared/ui/tone-classes'
import { useLocalNotes } from '../db/use-local-notes'

export default function NotesSyncBadge({ email }: { email: string }) {
  const notes = useLocalNotes(email) ?? []
  const conflicts = notes.filter((n) => n.conflict).length
  const waiting = notes.filter((n) => !n.conflict && n.pending).length
  if (conflicts + waiting === 0) return null
  const label = conflicts > 0 ? `${conflicts} ${conflicts === 1 ? 'conflict' : 'conflicts'}` : `${waiting} to sync`
  return (
    <Link
      to="/dashboard/my-notes"
      className={`tap inline-flex items-center rounded px-2 text-xs font-semibold whitespace-nowrap ${TONE.warn}`}
    >
      <span className="sr-only">Notes: </span>
      {label}
    </Link>
  )
}
