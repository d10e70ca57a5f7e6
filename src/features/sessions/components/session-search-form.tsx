// The search box, sort and filters above /study-sessions' cards
// (docs/product.md#screens, docs/rules/search.md). It holds no state of its
// own beyond what is being typed: every choice goes to the address through
// `onChange`, so a link, a reload or Back shows the same list.
import { useState, type FormEvent } from 'react'
import { useTypedText } from '#shared/hooks/use-typed-text'
import { LabelledInput } from '#shared/ui/labelled-input'
import { SearchField } from '#shared/ui/search-field'
import { INPUT, LABEL, SECONDARY_BUTTON } from '#shared/ui/ui-classes'
import type { SessionFilters } from '#contract/session-filters'

interface SessionSearchFormProps {
  filters: SessionFilters
  /**
   * What changed, applied to the address as it is then (two changes in a row
   * both land). `typing`: a refinement of text already searched for, which
   * replaces the history entry instead of adding one.
   */
  onChange: (patch: Partial<SessionFilters>, typing: boolean) => void
  onClear: () => void
  /** Whether anything narrows the list (the tutor too), so Clear has something to do. */
  narrowed: boolean
}

const SORTS: readonly (readonly [SessionFilters['sort'], string])[] = [
  ['', 'Newest'],
  ['soonest', 'Soonest class'],
  ['rating', 'Highest rated'],
  ['fee', 'Lowest fee'],
]
const FEES: readonly (readonly [SessionFilters['fee'], string])[] = [
  ['', 'Any fee'],
  ['free', 'Free'],
  ['paid', 'Paid'],
]

/** A labelled select of one filter. */
function Choice<T extends string>(props: {
  id: string
  label: string
  value: T
  options: readonly (readonly [T, string])[]
  onChange: (value: T) => void
}) {
  return (
    <div>
      <label htmlFor={props.id} className={LABEL}>
        {props.label}
      </label>
      <select
        id={props.id}
        className={INPUT}
        value={props.value}
        onChange={(event) => props.onChange(event.target.value as T)}
      >
        {props.options.map(([value, label]) => (
          <option key={value} value={value}>
            {label}
          </option>
        ))}
      </select>
    </div>
  )
}

export function SessionSearchForm({ filters, onChange, onClear, narrowed }: SessionSearchFormProps) {
  const set = (patch: Partial<SessionFilters>, typing = false) => onChange(patch, typing)
  const [q, setQ] = useTypedText(filters.q, (text) => set({ q: text }, filters.q !== ''))
  const [subject, setSubject] = useTypedText(filters.subject, (text) => set({ subject: text }, filters.subject !== ''))
  const active = [filters.subject, filters.fee, filters.open, filters.from, filters.to].filter(Boolean).length
  const [open, setOpen] = useState(active > 0)

  const submit = (event: FormEvent) => {
    event.preventDefault()
    if (q !== filters.q || subject !== filters.subject) set({ q, subject })
  }

  return (
    <form role="search" aria-label="Find a session" className="mt-6" onSubmit={submit}>
      <div className="flex flex-col gap-3 sm:flex-row sm:items-end">
        <div className="min-w-0 flex-1">
          <SearchField
            id="session-search"
            label="Search"
            placeholder="Title, subject, description or tutor"
            value={q}
            onText={setQ}
          />
        </div>
        <Choice
          id="session-sort"
          label="Sort by"
          value={filters.sort}
          options={SORTS}
          onChange={(sort) => set({ sort })}
        />
      </div>
      <details className="mt-3" open={open} onToggle={(event) => setOpen(event.currentTarget.open)}>
        <summary className="tap w-fit cursor-pointer font-semibold text-ink">
          Filters{active > 0 ? ` (${active})` : ''}
        </summary>
        <div className="mt-3 grid grid-cols-1 gap-3 sm:grid-cols-2 lg:grid-cols-4">
          <LabelledInput
            id="session-subject"
            label="Subject"
            value={subject}
            onChange={(event) => setSubject(event.target.value)}
          />
          <Choice id="session-fee" label="Fee" value={filters.fee} options={FEES} onChange={(fee) => set({ fee })} />
          {(['from', 'to'] as const).map((bound) => (
            <LabelledInput
              key={bound}
              id={`session-${bound}`}
              label={bound === 'from' ? 'Class starts from' : 'Class starts by'}
              type="date"
              value={filters[bound]}
              onChange={(event) => set({ [bound]: event.target.value })}
            />
          ))}
          <label className="tap flex items-center gap-2 text-sm font-medium text-ink sm:col-span-2">
            <input type="checkbox" checked={filters.open} onChange={(event) => set({ open: event.target.checked })} />
            Registration open now
          </label>
        </div>
      </details>
      {narrowed && (
        <button type="button" className={`mt-3 ${SECONDARY_BUTTON}`} onClick={onClear}>
          Clear search
        </button>
      )}
    </form>
  )
}
