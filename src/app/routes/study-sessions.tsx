// /study-sessions (docs/product.md#screens): 8 cards a page, paged by the
// server, the page kept in the URL (?page=N). Admins see every session with its
// status and ID; others see approved ones, optionally one tutor's
// (?tutor=email).
import { keepPreviousData, useQuery } from '@tanstack/react-query'
import { useSearchParams, type LoaderFunctionArgs } from 'react-router-dom'
import { useUserState } from '#features/auth/user-query'
import { SESSIONS_PAGE_SIZE, sessionQueries } from '#features/sessions/api/session-queries'
import { Pagination } from '#features/sessions/components/pagination'
import { SessionRatingSummary } from '#features/reviews/components/session-rating-summary'
import { SessionCard } from '#features/sessions/components/session-card'
import { registrationLabel } from '#features/sessions/registration-status'
import { QueryState } from '#shared/ui/query-state'
import { cachedVisitor, settle, warm } from '../route-loaders'

function pageFrom(value: string | null): number {
  const n = Number(value)
  return Number.isInteger(n) && n >= 1 ? n : 1
}

/**
 * The page of approved sessions the screen will ask for. An admin's screen
 * asks for the admin list instead, and who is an admin is only known for sure
 * once AuthProvider has asked the server; so only a visitor the last session
 * says is not an admin (or nobody signed in) gets the list prefetched.
 */
export function loader({ request }: LoaderFunctionArgs) {
  const visitor = cachedVisitor()
  if (visitor.kind === 'unknown' || (visitor.kind === 'signed-in' && visitor.role === 'admin')) return null
  const params = new URL(request.url).searchParams
  const page = pageFrom(params.get('page'))
  const tutorEmail = params.get('tutor') || undefined
  return settle(request, warm(sessionQueries.list({ page, admin: false, tutorEmail })))
}

export function Component() {
  const user = useUserState()
  const role = user?.role
  // undefined: who is signed in is not known yet
  const loading = user === undefined
  const [params, setParams] = useSearchParams()
  const page = pageFrom(params.get('page'))
  const admin = role === 'admin'
  const tutorEmail = admin ? undefined : params.get('tutor') || undefined
  const query = useQuery({
    ...sessionQueries.list({ page, admin, tutorEmail }),
    // Until the role is known, admin or not is unknown too.
    enabled: !loading,
    placeholderData: keepPreviousData,
  })

  const goTo = (next: number) => {
    setParams((current) => {
      const updated = new URLSearchParams(current)
      updated.set('page', String(next))
      return updated
    })
    globalThis.scrollTo?.({ top: 0 })
  }

  const data = query.data
  const pageCount = data ? Math.max(1, Math.ceil(data.total / SESSIONS_PAGE_SIZE)) : 0
  const tutorName = tutorEmail && data?.items[0]?.tutorName

  return (
    <section aria-labelledby="sessions-title" className="mx-auto max-w-6xl px-4 py-12">
      <h1 id="sessions-title" className="text-3xl font-bold text-ink">
        Study Sessions
      </h1>
      <p className="mt-2 text-ink-muted">
        {admin
          ? 'As an admin you see every session, whatever its status.'
          : tutorEmail
            ? `Approved sessions by ${tutorName || tutorEmail}.`
            : 'Approved sessions open to every student.'}
      </p>
      <div className="mt-8">
        <QueryState
          query={query}
          loading="Loading sessions…"
          error={() => 'Failed to load study sessions'}
          empty="No sessions found."
          isEmpty={(current) => current.items.length === 0}
        >
          {(current) => (
            <ul
              className="grid grid-cols-1 gap-6 sm:grid-cols-2 lg:grid-cols-4"
              aria-busy={query.isPlaceholderData}
              data-page={page}
            >
              {current.items.map((session) => (
                <li key={session._id}>
                  <SessionCard
                    session={session}
                    label={registrationLabel(session)}
                    rating={<SessionRatingSummary session={session} />}
                    adminView={admin}
                    headingLevel="h2"
                  />
                </li>
              ))}
            </ul>
          )}
        </QueryState>
      </div>
      {data && <Pagination page={page} pageCount={pageCount} onChange={goTo} />}
    </section>
  )
}
