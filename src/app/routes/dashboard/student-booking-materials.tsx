// /dashboard/student/bookings/{id}/materials: the materials of a booked
// session (id is the session's _id).
import { Link, useParams } from 'react-router-dom'
import { BookedMaterialList } from '#features/materials/components/booked-material-list'
import { useBookedSession } from '../../use-booked-session'

// The same data as the booked session's details.
export { loader } from './student-booking'

export function Component() {
  const { id = '' } = useParams()
  const { session, bookingStatus, email } = useBookedSession(id)
  return (
    <section aria-labelledby="session-materials-title">
      <Link to={`/dashboard/student/bookings/${id}`} className="text-sm font-medium text-accent underline">
        ← Session details
      </Link>
      <h1 id="session-materials-title" className="mt-3 text-2xl font-bold text-ink">
        Materials{session.data ? `: ${session.data.title}` : ''}
      </h1>
      <div className="mt-6">
        <BookedMaterialList sessionId={id} email={email} bookingStatus={bookingStatus} />
      </div>
    </section>
  )
}
