// What waits on the device for a student's "day" (./student-day.tsx): the
// note writes and booking cancels not sent yet, and the notes waiting for a
// choice between two devices' versions. It reads the device's database, so
// the day loads it apart, and the next class never waits for it.
import { useQuery } from '@tanstack/react-query'
import { Link } from 'react-router-dom'
import { cancelsByBooking } from '#features/bookings/offline/booking-cancel-outbox'
import { noteQueries } from '#features/notes/api/note-queries'
import { outboxQueries } from '#shared/offline/outbox'

export default function DeviceQueue({ email, className }: { email: string; className: string }) {
  const notes = useQuery(noteQueries.onDevice(email)).data
  const cancels = useQuery({ ...outboxQueries.ofUser(email), select: cancelsByBooking }).data
  if (!notes || !cancels) return null
  const conflicts = notes.filter((n) => n.conflict).length
  const waiting = notes.filter((n) => !n.conflict && n.pending).length + cancels.size
  // Conflicts need the student; then whatever else waits. Cancels alone are seen on My Bookings.
  const to = conflicts + notes.filter((n) => n.pending).length > 0 ? '/dashboard/my-notes' : '/dashboard/my-bookings'
  return (
    <Link to={to} className={className} data-testid="device-queue">
      <span className="text-2xl font-bold">{conflicts > 0 ? conflicts : waiting}</span>
      <span className="text-sm">
        {conflicts > 0 ? `${conflicts === 1 ? 'note needs' : 'notes need'} your choice` : 'waiting to sync'}
      </span>
    </Link>
  )
}
