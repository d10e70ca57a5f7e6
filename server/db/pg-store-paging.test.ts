// @vitest-environment node
// Paged lists of the Store over PGlite: a page read from the oldest end (the
// older half of a list) must be exactly the slice of the newest-first list
// that a page read from the newest end would be, for every page size, filter,
// the last partial page, pages past the end, and rows sharing one timestamp
// (the id breaks the tie in both directions). A page and its total are one
// statement (./pg-store/paging.ts): the total must come back with pages past
// the end and with lists that match nothing.
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { Status } from '#contract/entities'
import { newId } from '#core/ids'
import type { SessionRow, UserRow } from '#core/store'
import { openDatabase, type Database } from './open-database'

const BASE = Date.parse('2026-03-01T12:00:00.000Z')
const TUTOR = 'pager@example.org'
const STATUSES: readonly Status[] = ['approved', 'approved', 'pending', 'rejected']

describe('paged lists', () => {
  let database: Database
  let sessions: SessionRow[]

  beforeAll(async () => {
    database = await openDatabase({ inMemory: true })
    const tutor: UserRow = {
      _id: newId(),
      name: 'Pager',
      email: TUTOR,
      photo: '',
      role: 'tutor',
      created_at: new Date(BASE).toISOString(),
      last_log_in: new Date(BASE).toISOString(),
    }
    sessions = Array.from({ length: 41 }, (_, i) => ({
      _id: newId(),
      title: `Session ${i}`,
      subject: 'Mathematics',
      description: '',
      registrationStart: new Date(BASE).toISOString(),
      registrationEnd: new Date(BASE).toISOString(),
      // A few classes and fees, so a search's own sorts have something to sort.
      classStart: new Date(BASE + (i % 5) * 3_600_000).toISOString(),
      classEnd: new Date(BASE + (i % 5) * 3_600_000).toISOString(),
      duration: 1,
      registrationFee: (i % 3) * 10,
      tutorName: 'Pager',
      tutorEmail: TUTOR,
      status: STATUSES[i % STATUSES.length]!,
      // Every third pair shares its minute: ties are broken by id.
      createdAt: new Date(BASE + Math.floor(i / 2) * 60_000).toISOString(),
    }))
    await database.store.users.insert(tutor)
    for (const row of sessions) await database.store.sessions.insert(row)
  }, 120_000)
  afterAll(() => database?.close())

  it('answers every page as the slice of the whole newest-first list, from either end', async () => {
    for (const status of [undefined, 'approved', 'pending'] as const) {
      const all = (await database.store.sessions.list({ status }, null)).rows
      const expected = sessions.filter((s) => !status || s.status === status)
      expect(all.map((s) => s._id)).toEqual(
        [...expected]
          .sort((a, b) => (a.createdAt === b.createdAt ? (a._id < b._id ? 1 : -1) : a.createdAt < b.createdAt ? 1 : -1))
          .map((s) => s._id),
      )
      for (const limit of [1, 3, 8, 40, 100]) {
        const pages = Math.ceil(all.length / limit)
        for (let page = 1; page <= pages + 2; page++) {
          const listed = await database.store.sessions.list({ status }, { page, limit })
          expect(listed.total, `${status} ${page}×${limit}`).toBe(all.length)
          expect(
            listed.rows.map((s) => s._id),
            `${status ?? 'all'} page ${page} of ${limit}`,
          ).toEqual(all.slice((page - 1) * limit, page * limit).map((s) => s._id))
        }
      }
    }
  })

  it('answers a page with whole rows, as the unpaged list has them', async () => {
    const all = (await database.store.sessions.list({ tutorEmail: TUTOR }, null)).rows
    const last = await database.store.sessions.list({ tutorEmail: TUTOR }, { page: 6, limit: 8 })
    expect(last).toEqual({ rows: all.slice(40), total: 41 })
    expect(await database.store.sessions.list({ tutorEmail: TUTOR }, { page: 4, limit: 8 })).toEqual({
      rows: all.slice(24, 32),
      total: 41,
    })
  })

  it('answers every page of a search in its own sort as the slice of the whole sorted list, from either end', async () => {
    for (const sort of ['soonest', 'fee', 'rating'] as const) {
      const filter = { status: 'approved' as const, search: { sort } }
      const all = (await database.store.sessions.list(filter, null)).rows.map((s) => s._id)
      expect(all).toHaveLength(sessions.filter((s) => s.status === 'approved').length)
      for (const limit of [1, 4, 8]) {
        for (let page = 1; page <= Math.ceil(all.length / limit) + 2; page++) {
          const listed = await database.store.sessions.list(filter, { page, limit })
          expect(listed.total, `${sort} ${page}×${limit}`).toBe(all.length)
          expect(listed.rows.map((s) => s._id)).toEqual(all.slice((page - 1) * limit, page * limit))
        }
      }
    }
  })

  it('counts a list that matches nothing as 0 on every page, and counts a page of no rows', async () => {
    const nobody = { tutorEmail: 'nobody@example.org' }
    for (const page of [1, 2, 1000]) {
      expect(await database.store.sessions.list(nobody, { page, limit: 8 })).toEqual({ rows: [], total: 0 })
      // A table read with all its columns (no fields of its own), empty too.
      expect(await database.store.reviews.list({ page, limit: 8 })).toEqual({ rows: [], total: 0 })
    }
    // A page of no rows still says how many there are.
    expect(await database.store.sessions.list({ status: 'pending' }, { page: 1, limit: 0 })).toEqual({
      rows: [],
      total: sessions.filter((s) => s.status === 'pending').length,
    })
  })
})
