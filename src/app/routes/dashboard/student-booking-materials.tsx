// /dashboard/student/bookings/{id}/materials: the materials of a booked
// session (id is the session's _id).
import { useQuery } from '@tanstack/react-query'
import { Link, useParams, type LoaderFunctionArgs } from 'react-router-dom'
import { useAuth } from '../../../features/auth/auth-context'
import { bookingQueries } from '../../../features/bookings/api/booking-queries'
import { BookedMaterialList } from '../../../features/bookings/components/booked-material-list'
import { sessionQueries } from '../../../features/sessions/api/session-queries'
import { cachedVisitor, settle, warmBookedSession } from '../../route-loaders'

/** Behind login (RequireAuth): nothing is fetched unless the last session left its email and token. */
export function loader({ request, params }: LoaderFunctionArgs) {
  const visitor = cachedVisitor()
  if (!params.id || visitor.kind !== 'signed-in') return null
  return settle(request, warmBookedSession(params.id, visitor.email))
}

export function Component() {
  const { id = '' } = useParams()
  const { email } = useAuth()
  const session = useQuery(sessionQueries.detail(id))
  const bookings = useQuery({ ...bookingQueries.forStudent(email ?? ''), enabled: Boolean(email) })
  const bookingStatus = bookings.data ? (bookings.data.find((b) => b.sessionId === id)?.status ?? null) : undefined
  return (
    <section aria-labelledby="session-materials-title">
      <Link to={`/dashboard/student/bookings/${id}`} className="text-sm font-medium text-accent underline">
        ← Session details
      </Link>
      <h1 id="session-materials-title" className="mt-3 text-2xl font-bold text-ink">
        Materials{session.data ? `: ${session.data.title}` : ''}
      </h1>
      <div className="mt-6">
        <BookedMaterialList sessionId={id} bookingStatus={bookingStatus} />
      </div>
    </section>
  )
}
