// Finding a session (docs/rules/search.md): the one matching rule, written
// once. The demo server filters and sorts its rows with it, the app runs it
// over the sessions kept on the device when offline, and the API server
// stores each session's words as this module cuts them (server/db/pg-store/
// sessions.ts), so PostgreSQL only looks words up in its index and all three
// answer the same (docs/decisions/0064-session-search.md).
//
// A text is cut into words: lowercased, decomposed (NFD) with its combining
// marks dropped ("Química" → "quimica"), then split on anything that is not a
// letter or a digit. A query matches a session when each of its words begins
// some word of the session's title, subject, description or tutor name, in
// any order ("chem org" finds "Organic Chemistry").
import type { Session } from './entities'
import { isInstantInRange, TEXT_LIMITS } from './limits'

export const SESSION_SORTS = ['soonest', 'newest', 'rating', 'fee'] as const
export type SessionSort = (typeof SESSION_SORTS)[number]
export const FEE_FILTERS = ['free', 'paid'] as const
type FeeFilter = (typeof FEE_FILTERS)[number]

/** Longest search text (q): a sentence, not a document. */
export const MAX_QUERY_LENGTH = 200
/**
 * Words are cut to this many characters, in the index and in a query alike:
 * PostgreSQL refuses a lexeme over 2 KiB, and a longer word says nothing more.
 */
export const MAX_WORD_LENGTH = 64
/** A query's words past this many are ignored (each is one more index lookup). */
export const MAX_QUERY_WORDS = 8

/** The filters and order of a session list, as the stores apply them (times in ms since the epoch). */
export interface SessionSearch {
  /** Every word must begin a word of the title, subject, description or tutor name. */
  words?: string[]
  /** Every word must begin a word of the subject. */
  subjectWords?: string[]
  fee?: FeeFilter
  /** Registration open at this instant (both bounds inclusive, as ./rules.ts). */
  openAt?: number
  /** Class start on or after. */
  classFrom?: number
  /** Class start on or before. */
  classTo?: number
  /** Absent: newest first, the lists' one order before search existed. */
  sort?: SessionSort
}

/** The fields a session is found by. */
export type SearchableSession = Pick<
  Session,
  'title' | 'subject' | 'description' | 'tutorName' | 'registrationFee' | 'registrationStart' | 'registrationEnd'
> &
  Pick<Session, 'classStart' | 'createdAt' | '_id'> & {
    /** Its meetings' starts, when it has several: `from`/`to` match a meeting, not the course's span. */
    meetingStarts?: readonly string[]
  }

const NOT_A_WORD = /[^\p{L}\p{N}]+/u
const MARKS = /\p{M}/gu

/** The words of a text: case and accents ignored, each cut to MAX_WORD_LENGTH. */
export function searchWords(text: string): string[] {
  const plain = text.toLowerCase().normalize('NFD').replace(MARKS, '')
  const words: string[] = []
  for (const word of plain.split(NOT_A_WORD)) {
    if (word === '') continue
    // By code points, so a cut never splits a character (PostgreSQL compares the UTF-8 bytes).
    const points = Array.from(word)
    words.push(points.length > MAX_WORD_LENGTH ? points.slice(0, MAX_WORD_LENGTH).join('') : word)
  }
  return words
}

/** A query's words: the first MAX_QUERY_WORDS distinct ones. */
export function queryWords(text: string): string[] {
  return [...new Set(searchWords(text))].slice(0, MAX_QUERY_WORDS)
}

/** The distinct words a session is found by, as the API server stores them (space-separated). */
export function sessionWords(session: Pick<Session, 'title' | 'subject' | 'description' | 'tutorName'>): string[] {
  const text = [session.title, session.subject, session.description, session.tutorName].join(' ')
  return [...new Set(searchWords(text))]
}

/** Whether every query word begins one of the words. */
export function wordsMatch(words: readonly string[], query: readonly string[]): boolean {
  return query.every((q) => words.some((w) => w.startsWith(q)))
}

/** Whether the search asks for anything beyond the plain list (any filter, or an order of its own). */
export function narrows(search: SessionSearch): boolean {
  return (
    (search.words?.length ?? 0) > 0 ||
    (search.subjectWords?.length ?? 0) > 0 ||
    search.fee !== undefined ||
    search.openAt !== undefined ||
    search.classFrom !== undefined ||
    search.classTo !== undefined ||
    (search.sort !== undefined && search.sort !== 'newest')
  )
}

/** The session filter of a search (its order is compareSessions'). */
export function sessionMatcher(search: SessionSearch): (session: SearchableSession) => boolean {
  const { words = [], subjectWords = [], fee, openAt, classFrom, classTo } = search
  return (s) => {
    if (fee === 'free' && s.registrationFee !== 0) return false
    if (fee === 'paid' && !(s.registrationFee > 0)) return false
    if (openAt !== undefined && !(Date.parse(s.registrationStart) <= openAt && openAt <= Date.parse(s.registrationEnd)))
      return false
    const inRange = (at: number) =>
      (classFrom === undefined || at >= classFrom) && (classTo === undefined || at <= classTo)
    if (
      (classFrom !== undefined || classTo !== undefined) &&
      !(s.meetingStarts ?? [s.classStart]).some((at) => inRange(Date.parse(at)))
    )
      return false
    if (subjectWords.length > 0 && !wordsMatch(searchWords(s.subject), subjectWords)) return false
    return words.length === 0 || wordsMatch(sessionWords(s), words)
  }
}

const newestFirst = (a: SearchableSession, b: SearchableSession) =>
  Date.parse(b.createdAt) - Date.parse(a.createdAt) || (a._id < b._id ? 1 : a._id > b._id ? -1 : 0)

/**
 * The order of a sort: its own key, then newest first and the id, so that
 * equal keys never swap between two pages. `ratingOf` gives a session's
 * average rating (0 without reviews).
 */
export function compareSessions<T extends SearchableSession>(
  sort: SessionSort | undefined,
  ratingOf: (session: T) => number,
): (a: T, b: T) => number {
  switch (sort) {
    case 'soonest':
      return (a, b) => Date.parse(a.classStart) - Date.parse(b.classStart) || newestFirst(a, b)
    case 'rating':
      return (a, b) => ratingOf(b) - ratingOf(a) || newestFirst(a, b)
    case 'fee':
      return (a, b) => a.registrationFee - b.registrationFee || newestFirst(a, b)
    default:
      return newestFirst
  }
}

/** The search parameters of GET /sessions, as they arrive (validated by ./endpoints.ts). */
export interface SessionSearchQuery {
  q?: string | undefined
  subject?: string | undefined
  fee?: string | undefined
  open?: string | undefined
  from?: string | undefined
  to?: string | undefined
  sort?: string | undefined
}

const DATE_ONLY = /^\d{4}-\d{2}-\d{2}$/

/**
 * A `from` or `to` parameter in ms: a date-time with an offset as written, or
 * a date alone as that whole UTC day (its first or its last millisecond).
 */
export function boundOf(value: string, end: 'from' | 'to'): number {
  if (!DATE_ONLY.test(value)) return Date.parse(value)
  return Date.parse(`${value}T${end === 'from' ? '00:00:00.000' : '23:59:59.999'}Z`)
}

const DATE_TIME = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2})(?::(\d{2})(?:\.\d+)?)?(?:Z|[+-](\d{2}):(\d{2}))$/

/** Whether a written day is one of the calendar (no 30 February): JavaScript would roll it over into March. */
function isCalendarDay(year: string, month: string, day: string): boolean {
  const [y, m, d] = [Number(year), Number(month), Number(day)]
  // Day 0 of the next month is the month's last day (setUTCFullYear, unlike Date.UTC, takes years below 100 as written).
  const last = new Date(0)
  last.setUTCFullYear(y, m, 0)
  return m >= 1 && m <= 12 && d >= 1 && d <= last.getUTCDate()
}

/**
 * Whether a from or to parameter is a date or a date-time with an offset, each
 * part a real one (no 30 February, no 24:00), naming a time within the range
 * the API takes (./limits.ts): a date whole, as both its first and its last
 * millisecond.
 */
export function isSearchBound(value: string): boolean {
  if (DATE_ONLY.test(value)) {
    const [y = '', m = '', d = ''] = value.split('-')
    return isCalendarDay(y, m, d) && isInstantInRange(boundOf(value, 'from')) && isInstantInRange(boundOf(value, 'to'))
  }
  const match = DATE_TIME.exec(value)
  if (!match) return false
  const [, y = '', mo = '', d = '', h = '0', mi = '0', s = '0', oh = '0', om = '0'] = match
  const clock = [h, mi, s, oh, om].map(Number) as [number, number, number, number, number]
  return (
    isCalendarDay(y, mo, d) &&
    clock[0] <= 23 &&
    clock[1] <= 59 &&
    clock[2] <= 59 &&
    clock[3] <= 23 &&
    clock[4] <= 59 &&
    isInstantInRange(Date.parse(value))
  )
}

/** The search a (validated) query asks for, at `now` (ms) for "registration open now". */
export function sessionSearchOf(query: SessionSearchQuery, now: number): SessionSearch {
  const search: SessionSearch = {}
  const words = queryWords(query.q ?? '')
  if (words.length > 0) search.words = words
  const subjectWords = queryWords(query.subject ?? '')
  if (subjectWords.length > 0) search.subjectWords = subjectWords
  if (query.fee === 'free' || query.fee === 'paid') search.fee = query.fee
  if (query.open === '1') search.openAt = now
  if (query.from) search.classFrom = boundOf(query.from, 'from')
  if (query.to) search.classTo = boundOf(query.to, 'to')
  if (query.sort && (SESSION_SORTS as readonly string[]).includes(query.sort)) search.sort = query.sort as SessionSort
  return search
}

/** The subject filter's longest text: a subject's own limit. */
export const MAX_SUBJECT_FILTER_LENGTH = TEXT_LIMITS.subject
