// /dashboard/my-sessions/{id}/roster: the tutor's roster of one of their
// sessions. The session's title and class time come from the tutor's own list
// (kept offline like the roster), so the screen opens offline as a whole.
import { useQuery } from '@tanstack/react-query'
import { Link, useParams, type LoaderFunctionArgs } from 'react-router-dom'
import { useUser } from '#features/auth/user-query'
import { rosterQueries } from '#features/roster/api/roster-queries'
import { SessionRoster } from '#features/roster/components/session-roster'
import { tutorSessionQueries } from '#features/tutor-sessions/api/tutor-session-queries'
import { PageHeading } from '#shared/ui/page-heading'
import { QueryState } from '#shared/ui/query-state'
import { cachedVisitor, settle, warm } from '../../route-loaders'

/** Behind login and the tutor's role: nothing is fetched unless the last session left its email and token. */
export function loader({ request, params }: LoaderFunctionArgs) {
  const visitor = cachedVisitor()
  if (!params.id || visitor.kind !== 'signed-in' || visitor.role !== 'tutor') return null
  return settle(
    request,
    warm(tutorSessionQueries.byTutor(visitor.email)),
    warm(rosterQueries.ofSession(visitor.email, params.id)),
  )
}

export function Component() {
  const { id = '' } = useParams()
  const email = useUser().email ?? ''
  const sessions = useQuery(tutorSessionQueries.byTutor(email))

  const session = sessions.data?.find((s) => s._id === id)

  return (
    <section>
      <Link
        to="/dashboard/my-sessions"
        className="inline-flex min-h-11 items-center text-sm font-medium text-accent underline"
      >
        ← My Sessions
      </Link>
      <PageHeading title={session ? `Roster: ${session.title}` : 'Roster'}>
        Everyone who booked this session. Mark attendance once the class has started, offline too.
      </PageHeading>
      <QueryState query={sessions} loading="Loading session…">
        {() =>
          session ? (
            <SessionRoster session={session} email={email} />
          ) : (
            <p className="text-ink-muted">This session is not one of yours.</p>
          )
        }
      </QueryState>
    </section>
  )
}
