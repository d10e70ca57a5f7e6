// Prev/Next and numbered page buttons (docs/product.md#screens). Pages are 1-based.

interface PaginationProps {
  page: number
  pageCount: number
  onChange: (page: number) => void
}

const base = 'min-w-11 rounded-lg px-3 py-2 text-sm font-semibold ring-1 ring-inset'

export function Pagination({ page, pageCount, onChange }: PaginationProps) {
  if (pageCount <= 1) return null
  const pages = Array.from({ length: pageCount }, (_, i) => i + 1)
  return (
    <nav aria-label="Pagination" className="mt-10 flex flex-wrap items-center justify-center gap-2">
      <button
        type="button"
        className={`${base} text-ink ring-line hover:bg-muted disabled:cursor-not-allowed disabled:text-ink-muted`}
        disabled={page <= 1}
        onClick={() => onChange(page - 1)}
      >
        Prev
      </button>
      {pages.map((n) => (
        <button
          key={n}
          type="button"
          aria-label={`Page ${n}`}
          aria-current={n === page ? 'page' : undefined}
          className={`${base} ${n === page ? 'bg-brand-700 text-white ring-accent' : 'text-ink ring-line hover:bg-muted'}`}
          onClick={() => onChange(n)}
        >
          {n}
        </button>
      ))}
      <button
        type="button"
        className={`${base} text-ink ring-line hover:bg-muted disabled:cursor-not-allowed disabled:text-ink-muted`}
        disabled={page >= pageCount}
        onClick={() => onChange(page + 1)}
      >
        Next
      </button>
    </nav>
  )
}
