// Offline search over the sessions kept on the device: the contract's rule
// (docs/rules/search.md) over every kept session, paged, sorted and dated.
import { afterEach, describe, expect, it } from 'vitest'
import { closeAppDb, createAppDb } from '#shared/db/app-db'
import { sessionFixture as session } from '#shared/testing/session-fixture'
import { saveSessionPage, saveSessions, searchKeptSessions } from './approved-sessions'
import type { SessionsDb } from './session-tables'

const opened: SessionsDb[] = []
let counter = 0
function freshDb(): SessionsDb {
  const db = createAppDb<SessionsDb>(`studyhub-search-test-${Date.now()}-${counter++}`)
  opened.push(db)
  return db
}

afterEach(() => {
  for (const db of opened.splice(0)) closeAppDb(db)
})

describe('searchKeptSessions', () => {
  it('finds kept sessions by words, accents and case aside, in the sort asked for, one page at a time', async () => {
    const db = freshDb()
    const chem = session('c', { title: 'Química Orgánica', registrationFee: 10, averageRating: 3 })
    const bio = session('b', {
      title: 'Cell Biology',
      subject: 'Chemistry of life',
      registrationFee: 5,
      averageRating: 5,
    })
    const other = session('o', { title: 'Poetry', subject: 'English', tutorEmail: 'someone@example.com' })
    await saveSessionPage('approved|page=1', { items: [chem, other], total: 2, page: 1, limit: 8 }, 1_000, db)
    await saveSessions([bio, session('p', { title: 'Quimica pending', status: 'pending' })], 2_000, db)

    const found = await searchKeptSessions({ search: { q: 'QUIM' }, page: 1, limit: 8 }, db)
    expect(found?.data.items.map((s) => s._id)).toEqual(['c'])
    expect(found?.savedAt).toBe(1_000)

    const bySubject = await searchKeptSessions({ search: { subject: 'chem', sort: 'fee' }, page: 1, limit: 8 }, db)
    expect(bySubject?.data.items.map((s) => s._id)).toEqual(['b'])
    const rated = await searchKeptSessions({ search: { sort: 'rating' }, page: 1, limit: 2 }, db)
    expect(rated?.data).toMatchObject({ total: 3, page: 1, limit: 2 })
    expect(rated?.data.items.map((s) => s._id)).toEqual(['b', 'o'])
    const mine = await searchKeptSessions(
      { search: { sort: 'fee' }, tutorEmail: 'tia@example.com', page: 1, limit: 8 },
      db,
    )
    expect(mine?.data.items.map((s) => s._id)).toEqual(['b', 'c'])
    // Nothing found: an empty page, dated by the newest session kept.
    const none = await searchKeptSessions({ search: { q: 'astronomy' }, page: 1, limit: 8 }, db)
    expect(none).toEqual({ data: { items: [], total: 0, page: 1, limit: 8 }, savedAt: 2_000 })
  })

  it('has no answer when nothing is kept', async () => {
    expect(await searchKeptSessions({ search: { q: 'x' }, page: 1, limit: 8 }, freshDb())).toBeUndefined()
  })
})
