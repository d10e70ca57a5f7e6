// Prev/Next navigation for a server-paged list. Lists that can grow to
// thousands of rows (all sessions, bookings, users, reviews, materials) show
// one page at a time, so the DOM stays small whatever the total is.
import { useEffect } from 'react'

export interface PagerProps {
  page: number
  total: number
  limit: number
  onPage: (page: number) => void
  /** Names the list, e.g. "All sessions pages". */
  label: string
}

function pageCount(total: number, limit: number): number {
  return Math.max(1, Math.ceil(total / limit))
}

const BUTTON =
  'rounded border border-line-strong bg-surface px-3 py-1.5 text-sm font-medium text-ink hover:bg-muted disabled:cursor-not-allowed disabled:opacity-50'

export function Pager({ page, total, limit, onPage, label }: PagerProps) {
  const pages = pageCount(total, limit)
  if (total <= limit && page === 1) return null
  return (
    <nav aria-label={label} className="mt-3 flex flex-wrap items-center gap-3">
      <button type="button" className={BUTTON} disabled={page <= 1} onClick={() => onPage(page - 1)}>
        Prev
      </button>
      <span className="text-sm text-ink-muted" aria-live="polite">
        Page {page} of {pages} ({total} in all)
      </span>
      <button type="button" className={BUTTON} disabled={page >= pages} onClick={() => onPage(page + 1)}>
        Next
      </button>
    </nav>
  )
}

/** Steps back when the current page has emptied (its last row was approved or deleted). */
export function useClampedPage(
  page: number,
  setPage: (page: number) => void,
  total: number | undefined,
  limit: number,
) {
  useEffect(() => {
    if (total !== undefined && page > pageCount(total, limit)) setPage(pageCount(total, limit))
  }, [page, setPage, total, limit])
}
