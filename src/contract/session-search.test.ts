import { describe, expect, it } from 'vitest'
import {
  boundOf,
  compareSessions,
  isSearchBound,
  MAX_QUERY_WORDS,
  MAX_WORD_LENGTH,
  narrows,
  queryWords,
  searchWords,
  sessionMatcher,
  sessionSearchOf,
  type SearchableSession,
} from './session-search'

const session = (overrides: Partial<SearchableSession> = {}): SearchableSession => ({
  _id: 'a',
  title: 'Química Orgánica',
  subject: 'Chemistry',
  description: 'Reacciones, mecanismos y más.',
  tutorName: 'Chloé Dubois',
  registrationFee: 0,
  registrationStart: '2026-01-01T00:00:00.000Z',
  registrationEnd: '2026-01-10T00:00:00.000Z',
  classStart: '2026-01-20T09:00:00.000Z',
  createdAt: '2025-12-01T00:00:00.000Z',
  ...overrides,
})

describe('searchWords', () => {
  it('lowercases, drops accents and splits on anything but letters and digits', () => {
    expect(searchWords('Química ORGÁNICA: C++ & Ünïcode—2026!')).toEqual([
      'quimica',
      'organica',
      'c',
      'unicode',
      '2026',
    ])
    expect(searchWords('İstanbul Ελληνικά')).toEqual(['istanbul', 'ελληνικα'])
    expect(searchWords('  …  ')).toEqual([])
  })

  it('cuts long words by characters, never inside one', () => {
    const long = '😀'.repeat(MAX_WORD_LENGTH + 5)
    expect(searchWords(`x${'a'.repeat(100)}`)[0]).toHaveLength(MAX_WORD_LENGTH)
    // Emoji are no letters: a run of them is no word at all.
    expect(searchWords(long)).toEqual([])
    expect(Array.from(searchWords('ж'.repeat(100))[0]!)).toHaveLength(MAX_WORD_LENGTH)
  })

  it('keeps a query to its first distinct words', () => {
    expect(queryWords('a b a c d e f g h i j')).toHaveLength(MAX_QUERY_WORDS)
    expect(queryWords('Chem chem CHEM')).toEqual(['chem'])
  })
})

describe('sessionMatcher', () => {
  const now = Date.parse('2026-01-05T00:00:00.000Z')
  const matches = (query: Record<string, string>, s = session()) => sessionMatcher(sessionSearchOf(query, now))(s)

  it('matches every word as the beginning of a word of the title, subject, description or tutor', () => {
    expect(matches({ q: 'quimica' })).toBe(true)
    expect(matches({ q: 'orgá QUÍM' })).toBe(true)
    expect(matches({ q: 'chem chloe' })).toBe(true)
    expect(matches({ q: 'mas mecan' })).toBe(true)
    expect(matches({ q: 'hemistry' })).toBe(false)
    expect(matches({ q: 'quimica physics' })).toBe(false)
  })

  it('filters by subject words, fee, open registration and class start', () => {
    expect(matches({ subject: 'chem' })).toBe(true)
    expect(matches({ subject: 'quimica' })).toBe(false)
    expect(matches({ fee: 'free' })).toBe(true)
    expect(matches({ fee: 'paid' })).toBe(false)
    expect(matches({ fee: 'paid' }, session({ registrationFee: 5 }))).toBe(true)
    expect(matches({ open: '1' })).toBe(true)
    expect(matches({ open: '1' }, session({ registrationEnd: '2026-01-04T00:00:00.000Z' }))).toBe(false)
    expect(matches({ from: '2026-01-20', to: '2026-01-20' })).toBe(true)
    expect(matches({ from: '2026-01-21' })).toBe(false)
    expect(matches({ to: '2026-01-20T08:59:59.999Z' })).toBe(false)
  })
})

describe('compareSessions', () => {
  const a = session({ _id: 'a', registrationFee: 5, classStart: '2026-02-01T00:00:00.000Z' })
  const b = session({ _id: 'b', registrationFee: 5, classStart: '2026-01-01T00:00:00.000Z' })
  const c = session({ _id: 'c', registrationFee: 0, createdAt: '2025-11-01T00:00:00.000Z' })
  const rating = new Map([
    ['a', 4],
    ['b', 4],
    ['c', 5],
  ])
  const order = (sort: Parameters<typeof compareSessions>[0]) =>
    [a, b, c].sort(compareSessions(sort, (s) => rating.get(s._id)!)).map((s) => s._id)

  it('orders by its key, then newest first and by id, so equal keys never swap', () => {
    expect(order(undefined)).toEqual(['b', 'a', 'c'])
    expect(order('newest')).toEqual(['b', 'a', 'c'])
    expect(order('soonest')).toEqual(['b', 'c', 'a'])
    expect(order('rating')).toEqual(['c', 'b', 'a'])
    expect(order('fee')).toEqual(['c', 'b', 'a'])
  })
})

describe('the parameters', () => {
  it('reads a date as a whole UTC day and a date-time as written', () => {
    expect(boundOf('2026-03-02', 'from')).toBe(Date.parse('2026-03-02T00:00:00.000Z'))
    expect(boundOf('2026-03-02', 'to')).toBe(Date.parse('2026-03-02T23:59:59.999Z'))
    expect(boundOf('2026-03-02T10:00:00+02:00', 'to')).toBe(Date.parse('2026-03-02T08:00:00.000Z'))
    expect(isSearchBound('2026-03-02')).toBe(true)
    expect(isSearchBound('2026-13-02')).toBe(false)
    expect(isSearchBound('2026-03-02T10:00')).toBe(false)
    expect(isSearchBound('next week')).toBe(false)
  })

  it('takes only real dates and times between 1970 and 2100 (UTC) as bounds', () => {
    for (const bound of ['1970-01-01', '2100-12-31', '2024-02-29', '2026-03-02T10:00:00.5+14:00', '2100-12-31T23:59Z'])
      expect(isSearchBound(bound), bound).toBe(true)
    for (const bound of [
      '0000-01-01',
      '9999-12-31T23:59-23:59',
      '2101-01-01',
      '1969-12-31T23:59:59Z',
      '1970-01-01T00:00+01:00',
      '2026-02-30',
      '2025-02-29',
      '2026-03-02T24:00Z',
      '2026-03-02T10:60Z',
      '2026-03-02T10:00+24:00',
    ])
      expect(isSearchBound(bound), bound).toBe(false)
  })

  it('asks for nothing without words, filters or an order of its own', () => {
    expect(narrows(sessionSearchOf({}, 0))).toBe(false)
    expect(narrows(sessionSearchOf({ q: ' ?! ', sort: 'newest' }, 0))).toBe(false)
    expect(narrows(sessionSearchOf({ sort: 'fee' }, 0))).toBe(true)
    expect(narrows(sessionSearchOf({ open: '1' }, 0))).toBe(true)
  })
})
