// /tutors (docs/product.md#screens): every tutor with approved sessions, built
// from the public session list, each linking to their sessions. A search box
// finds tutors by name and subject, kept in the address (?q=).
import { useQuery } from '@tanstack/react-query'
import { Link, useSearchParams, type LoaderFunctionArgs } from 'react-router-dom'
import { sessionQueries } from '#features/sessions/api/session-queries'
import { StarRating, reviewCountText } from '#features/reviews/components/star-rating'
import { findTutors, summarizeTutors } from '#features/tutors/tutor-summary'
import { useTypedText } from '#shared/hooks/use-typed-text'
import { SearchField } from '#shared/ui/search-field'
import { QueryState } from '#shared/ui/query-state'
import { formatRating } from '#shared/format/number'
import { settle, warm } from '../route-loaders'

/** The approved sessions are public: fetched for everyone. */
export function loader({ request }: LoaderFunctionArgs) {
  return settle(request, warm(sessionQueries.approved()))
}

/** The search box's text and the search in the address (?q=), written once typing pauses. */
function useTutorSearch() {
  const [params, setParams] = useSearchParams()
  const searched = params.get('q') ?? ''
  const [text, setText] = useTypedText(searched, (typed) =>
    setParams(typed.trim() ? { q: typed } : {}, { replace: searched !== '' }),
  )
  return [text, setText, searched] as const
}

export function Component() {
  const sessions = useQuery({ ...sessionQueries.approved(), select: summarizeTutors })
  const [text, setText, searched] = useTutorSearch()
  return (
    <section aria-labelledby="tutors-title" className="mx-auto max-w-6xl px-4 py-12">
      <h1 id="tutors-title" className="text-3xl font-bold text-ink">
        Tutors
      </h1>
      <p className="mt-2 text-ink-muted">Everyone who runs an approved study session on StudyHub.</p>
      <form role="search" aria-label="Find a tutor" className="mt-6 max-w-md" onSubmit={(e) => e.preventDefault()}>
        <SearchField
          id="tutor-search"
          label="Search tutors"
          placeholder="Name or subject"
          value={text}
          onText={setText}
        />
      </form>
      <div className="mt-8">
        <QueryState
          query={sessions}
          loading="Loading tutors…"
          error={() => 'Failed to load study sessions'}
          empty="No approved sessions available yet."
          isEmpty={(tutors) => tutors.length === 0}
        >
          {(all) => {
            const tutors = findTutors(all, searched)
            return (
              <>
                <p role="status" className="mb-4 text-sm text-ink-muted">
                  {searched.trim() ? `${tutors.length} ${tutors.length === 1 ? 'tutor' : 'tutors'} found.` : ''}
                </p>
                <ul className="grid grid-cols-1 gap-6 sm:grid-cols-2 lg:grid-cols-3">
                  {tutors.map((tutor) => (
                    <li
                      key={tutor.email}
                      data-testid="tutor-card"
                      className="flex flex-col rounded-xl border border-line bg-surface p-5 shadow-sm"
                    >
                      <h2 className="text-lg font-semibold text-ink">{tutor.name}</h2>
                      <p className="text-sm text-ink-muted">{tutor.email}</p>
                      <p className="mt-3 text-sm text-ink">
                        <span className="font-medium">Subjects:</span> {tutor.subjects.join(', ')}
                      </p>
                      <p className="mt-1 text-sm text-ink">
                        {tutor.sessionCount} {tutor.sessionCount === 1 ? 'approved session' : 'approved sessions'}
                      </p>
                      <div className="mt-3 flex flex-wrap items-center gap-2 text-sm text-ink-muted">
                        <StarRating mean={tutor.averageRating} />
                        <span>
                          {tutor.reviewCount > 0 && `${formatRating(tutor.averageRating)} `}
                          {reviewCountText(tutor.reviewCount)}
                        </span>
                      </div>
                      <Link
                        to={`/study-sessions?tutor=${encodeURIComponent(tutor.email)}`}
                        className="tap mt-4 inline-flex w-fit items-center rounded-lg bg-brand-700 px-4 py-2 text-sm font-semibold text-white hover:bg-brand-900"
                      >
                        View sessions<span className="sr-only"> by {tutor.name}</span>
                      </Link>
                    </li>
                  ))}
                </ul>
              </>
            )
          }}
        </QueryState>
      </div>
    </section>
  )
}
