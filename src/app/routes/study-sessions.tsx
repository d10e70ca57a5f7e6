// /study-sessions (docs/product.md#screens): 8 cards a page, paged by the
// server, the page kept in the URL (?page=N). Admins see every session with its
// status and ID; others see approved ones, optionally one tutor's
// (?tutor=email). A search box, filters and a sort narrow and order the list,
// all of it in the address too (?q=&subject=&fee=&open=&from=&to=&sort=), so a
// link, a reload and Back show the same results (docs/rules/search.md);
// offline, the search runs over the sessions kept on the device.
import { keepPreviousData, useQuery } from '@tanstack/react-query'
import { useEffect, useRef } from 'react'
import { useNavigation, useSearchParams, type LoaderFunctionArgs } from 'react-router-dom'
import {
  filterParams,
  filtersFrom,
  listOfAddress,
  pageFrom,
  searchQuery,
  type SessionFilters,
} from '#contract/session-filters'
import { useUserState } from '#features/auth/user-query'
import { SESSIONS_PAGE_SIZE, sessionQueries } from '#features/sessions/api/session-queries'
import { Pagination } from '#features/sessions/components/pagination'
import { SessionRatingSummary } from '#features/reviews/components/session-rating-summary'
import { SessionIdLine, SessionStatusBadge } from '#features/sessions/components/admin-session-marks'
import { SessionCard } from '#features/sessions/components/session-card'
import { SessionSearchForm } from '#features/sessions/components/session-search-form'
import { registrationLabel } from '#features/sessions/registration-status'
import { servedOffline } from '#shared/offline/device-backed-query'
import { useOnline } from '#shared/offline/use-online'
import { QueryState } from '#shared/ui/query-state'
import { cachedVisitor, settle, warm } from '../route-loaders'

/**
 * The page of approved sessions the screen will ask for. An admin's screen
 * asks for the admin list instead, and who is an admin is only known for sure
 * once AuthProvider has asked the server; so only a visitor the last session
 * says is not an admin (or nobody signed in) gets the list prefetched.
 */
export function loader({ request }: LoaderFunctionArgs) {
  const visitor = cachedVisitor()
  if (visitor.kind === 'unknown' || (visitor.kind === 'signed-in' && visitor.role === 'admin')) return null
  const list = listOfAddress(new URL(request.url).searchParams)
  return settle(request, warm(sessionQueries.list({ ...list, admin: false })))
}

const foundText = (total: number) => `${total} ${total === 1 ? 'session' : 'sessions'} found.`

export function Component() {
  const user = useUserState()
  const role = user?.role
  // undefined: who is signed in is not known yet
  const loading = user === undefined
  const [params, setParams] = useSearchParams()
  const page = pageFrom(params.get('page'))
  const admin = role === 'admin'
  const tutorEmail = admin ? undefined : params.get('tutor') || undefined
  const filters = filtersFrom(params)
  const search = searchQuery(filters)
  const searching = Object.keys(search).length > 0
  const query = useQuery({
    ...sessionQueries.list({ page, admin, tutorEmail, search }),
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

  // A new search starts at its first page; typing more replaces the history entry.
  // The address the screen is going to: a change made while the last one's
  // loader still runs builds on that one, not on the address still shown.
  // Two changes in one moment (a filter, then the sort, before React renders the
  // router's new state) would each build on the address still shown, and the
  // second would drop the first: the address last asked for is kept here until
  // the router has settled.
  const navigation = useNavigation()
  const going = navigation.location?.pathname === '/study-sessions' ? navigation.location.search : undefined
  const asked = useRef<string | undefined>(undefined)
  useEffect(() => {
    if (navigation.state === 'idle') asked.current = undefined
  }, [navigation.state, params])
  const changeFilters = (patch: Partial<SessionFilters>, typing: boolean) => {
    setParams(
      (shown) => {
        const current = new URLSearchParams(asked.current ?? going ?? shown)
        // The tutor stays; the page goes back to the first.
        const updated = filterParams({ ...filtersFrom(current), ...patch })
        const tutor = current.get('tutor')
        if (tutor) updated.set('tutor', tutor)
        asked.current = `?${updated.toString()}`
        return updated
      },
      { replace: typing },
    )
  }
  const clear = () => setParams(new URLSearchParams())
  const online = useOnline()

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
      <SessionSearchForm
        filters={filters}
        onChange={changeFilters}
        onClear={clear}
        narrowed={searching || tutorEmail !== undefined}
      />
      {/* Always in the page, so a screen reader hears each new count. */}
      <p role="status" className="mt-4 text-sm text-ink-muted">
        {searching && data ? foundText(data.total) : ''}
        {searching && servedOffline(query, online) ? ' Offline: searching the sessions saved on this phone.' : ''}
      </p>
      <div className="mt-4">
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
                    adminMarks={
                      admin
                        ? {
                            status: <SessionStatusBadge status={session.status} />,
                            id: <SessionIdLine session={session} />,
                          }
                        : undefined
                    }
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
