import type { UseQueryResult } from '@tanstack/react-query'
import type { ReactNode } from 'react'
import { errorMessage } from '#shared/api/api-error'
import { QueryState } from '#shared/ui/query-state'

/**
 * One number with its label; a list of these is a <dl> so the pairs read together. `compact`: a small tile of a
 * row, for a screen whose numbers are not what it is for (the student's day comes first).
 */
export function StatCard({
  label,
  value,
  detail,
  compact = false,
}: {
  label: string
  value: ReactNode
  detail?: ReactNode
  compact?: boolean
}) {
  return (
    <div className={`flex flex-col rounded-lg border border-line bg-surface shadow-sm ${compact ? 'p-3' : 'p-5'}`}>
      <dt className={`font-medium text-ink-muted ${compact ? 'order-last text-xs' : 'text-sm'}`}>{label}</dt>
      <dd className={`font-bold text-ink ${compact ? 'text-xl' : 'mt-1 text-3xl'}`}>{value}</dd>
      {detail ? <dd className="mt-2 text-sm text-ink-muted">{detail}</dd> : null}
    </div>
  )
}

/** `compact`: one row of small tiles at every width. */
export function StatGrid({
  label,
  compact = false,
  children,
}: {
  label: string
  compact?: boolean
  children: ReactNode
}) {
  return (
    <dl aria-label={label} className={compact ? 'grid grid-cols-3 gap-2' : 'grid gap-4 sm:grid-cols-2 lg:grid-cols-3'}>
      {children}
    </dl>
  )
}

/**
 * The room a grid of `cards` stat cards takes (a card is about 6.4rem tall; 1rem between them): one column on a phone,
 * two from `sm`, three from `lg`. A screen with content under its numbers holds this room while they load, so nothing
 * below moves when they arrive (Lighthouse measured a CLS of 0.17 on the student's dashboard without it).
 */
const GRID_ROOM: Record<3 | 4 | 'row', string> = {
  3: 'min-h-[21.2rem] sm:min-h-[13.8rem] lg:min-h-[6.4rem]',
  4: 'min-h-[28.6rem] sm:min-h-[13.8rem] lg:min-h-[13.8rem]',
  // One row of compact tiles, a label of two lines at most.
  row: 'min-h-[5.25rem]',
}

/** A dashboard's numbers: loading, failed or shown, one way on every dashboard. */
export function StatsState<T>({
  query,
  holdRoomFor,
  children,
}: {
  query: UseQueryResult<T>
  /** How many cards to hold room for while loading, on a screen with content below its numbers. */
  holdRoomFor?: 3 | 4 | 'row'
  children: (data: T) => ReactNode
}) {
  const state = (
    <QueryState
      query={query}
      loading="Loading statistics…"
      error={(error) => errorMessage(error, 'Failed to load statistics')}
    >
      {children}
    </QueryState>
  )
  return holdRoomFor ? <div className={GRID_ROOM[holdRoomFor]}>{state}</div> : state
}
