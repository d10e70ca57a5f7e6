// What /study-sessions' address says about its list (docs/product.md#screens):
// the page, the tutor, the search box, the filters and the sort, read from the
// URL and turned into GET /sessions' parameters (docs/rules/search.md). The
// address holds what the student chose (dates as the day they picked); the API
// gets the same thing in its own terms, each day bound at the student's own
// midnight. In the contract because three places read an address alike: the
// app's screen, the API server that renders it (server/http/first-paint.ts)
// and the demo build's worker that answers its navigation (sw/sw.ts), so the
// list they put into a page is the one the screen asks for
// (docs/decisions/0066-every-study-sessions-address-comes-with-its-cards.md).
import { isInstantInRange } from './limits'
import {
  FEE_FILTERS,
  MAX_QUERY_LENGTH,
  MAX_SUBJECT_FILTER_LENGTH,
  SESSION_SORTS,
  type SessionSort,
} from './session-search'

export interface SessionFilters {
  q: string
  subject: string
  fee: '' | (typeof FEE_FILTERS)[number]
  /** Registration open now. */
  open: boolean
  /** Class start from / to: a day (YYYY-MM-DD) or ''. */
  from: string
  to: string
  /** '' is the list's own order, newest first. */
  sort: '' | SessionSort
}

const DAY = /^\d{4}-\d{2}-\d{2}$/
const oneOf = <T extends string>(values: readonly T[], value: string | null): T | '' =>
  (values as readonly string[]).includes(value ?? '') ? (value as T) : ''

/** The filters of an address; a value the app would not write (edited by hand) is left out, never sent to be refused. */
export function filtersFrom(params: URLSearchParams): SessionFilters {
  const day = (name: string) => {
    const value = params.get(name) ?? ''
    return DAY.test(value) && isDayInRange(value) ? value : ''
  }
  return {
    q: (params.get('q') ?? '').slice(0, MAX_QUERY_LENGTH),
    subject: (params.get('subject') ?? '').slice(0, MAX_SUBJECT_FILTER_LENGTH),
    fee: oneOf(FEE_FILTERS, params.get('fee')),
    open: params.get('open') === '1',
    from: day('from'),
    to: day('to'),
    sort: oneOf(SESSION_SORTS, params.get('sort')),
  }
}

/** The address's parameters for these filters (empty ones left out). */
export function filterParams(filters: SessionFilters): URLSearchParams {
  const params = new URLSearchParams()
  for (const [name, value] of Object.entries(filters)) if (value) params.set(name, value === true ? '1' : value)
  return params
}

/** The first or last millisecond of a day on this device's clock. */
function localDay(value: string, end: 0 | 1): number {
  const [y, m, d] = value.split('-').map(Number) as [number, number, number]
  return end ? new Date(y, m - 1, d, 23, 59, 59, 999).getTime() : new Date(y, m - 1, d).getTime()
}

/** A day of the calendar (no 30 February) whose whole span on this device's clock is one the API takes. */
function isDayInRange(value: string): boolean {
  const d = Number(value.slice(8))
  return (
    new Date(localDay(value, 0)).getDate() === d &&
    isInstantInRange(localDay(value, 0)) &&
    isInstantInRange(localDay(value, 1))
  )
}

/**
 * GET /sessions' search parameters for the filters: only what narrows or
 * reorders, so the plain list is asked for (and kept) as it always was.
 */
export function searchQuery(filters: SessionFilters): Record<string, string> {
  const query: Record<string, string> = {}
  if (filters.q.trim()) query.q = filters.q.trim()
  if (filters.subject.trim()) query.subject = filters.subject.trim()
  if (filters.fee) query.fee = filters.fee
  if (filters.open) query.open = '1'
  // Days picked the wrong way round mean the days between them.
  const { from, to } = filters
  const [first, last] = from && to && from > to ? [to, from] : [from, to]
  if (first) query.from = new Date(localDay(first, 0)).toISOString()
  if (last) query.to = new Date(localDay(last, 1)).toISOString()
  if (filters.sort && filters.sort !== 'newest') query.sort = filters.sort
  return query
}

/**
 * A ?page= value as the screen reads it: a whole number from 1, else the
 * first page. Past the largest whole number JavaScript counts exactly, the
 * number would be sent as "1e+21", which is no page: that page is empty anyway.
 */
export function pageFrom(value: string | null): number {
  const n = Number(value)
  return Number.isSafeInteger(n) && n >= 1 ? n : 1
}

/** The approved list an address shows a visitor who is not an admin (the query key's terms). */
export interface SessionListAddress {
  page: number
  /** Only this tutor's sessions (?tutor=). */
  tutorEmail?: string
  /** GET /sessions' search parameters; absent or empty is the plain list. */
  search?: Record<string, string>
}

/** The list /study-sessions' address asks for: what its screen asks the API for, as the screen reads it. */
export function listOfAddress(params: URLSearchParams): SessionListAddress {
  const list: SessionListAddress = { page: pageFrom(params.get('page')) }
  const tutorEmail = params.get('tutor')
  if (tutorEmail) list.tutorEmail = tutorEmail
  const search = searchQuery(filtersFrom(params))
  if (Object.keys(search).length > 0) list.search = search
  return list
}
