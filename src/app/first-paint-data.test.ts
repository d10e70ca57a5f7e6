// The first-paint data a page carries, into the query cache.
import { QueryClient } from '@tanstack/react-query'
import { afterEach, describe, expect, it } from 'vitest'
import type { Session } from '#contract/entities'
import { firstPaintElement, type FirstPaintData } from '#contract/first-paint'
import { listOfAddress } from '#contract/session-filters'
import { sessionQueries } from '#features/sessions/api/session-queries'
import { forget, readSessionPage } from '#features/sessions/db/approved-sessions'
import { deviceWritesSettled } from '#shared/offline/device-backed-query'
import { READ_FOR_THIS_REQUEST_MS, readFirstPaintData, seedFirstPaint, type SeedOptions } from './first-paint-data'

const HOUR = 3600_000
const at = Date.parse('2026-03-01T12:00:00.000Z')

function session(i: number): Session {
  return {
    _id: `s${i}`,
    title: `Session ${i} </script><!--`,
    subject: 'Maths',
    description: 'd',
    registrationStart: new Date(at - HOUR).toISOString(),
    registrationEnd: new Date(at + HOUR).toISOString(),
    classStart: new Date(at + 2 * HOUR).toISOString(),
    classEnd: new Date(at + 3 * HOUR).toISOString(),
    duration: 1,
    registrationFee: 0,
    tutorName: 'T',
    tutorEmail: 't@x.org',
    status: 'approved',
    createdAt: new Date(at - 2 * HOUR).toISOString(),
    averageRating: 4,
    reviewCount: 2,
  } as Session
}

const data: FirstPaintData = {
  at,
  studySessions: { items: Array.from({ length: 8 }, (_, i) => session(i)), total: 17 },
}
const firstPage = sessionQueries.list({ page: 1, admin: false }).queryKey

afterEach(async () => {
  document.body.replaceChildren()
  await deviceWritesSettled()
  await forget('')
})

describe('the first-paint element', () => {
  it('reads back exactly what was written, whatever the text holds', () => {
    document.body.innerHTML = `<div id="root"></div>${firstPaintElement(data)}`
    expect(document.scripts).toHaveLength(1)
    expect(document.scripts[0]!.textContent).not.toContain('<')
    expect(readFirstPaintData()).toEqual(data)
  })

  it('is nothing when the page has none or it is damaged', () => {
    expect(readFirstPaintData()).toBeUndefined()
    document.body.innerHTML = '<script type="application/json" id="first-paint-data">{"at":</script>'
    expect(readFirstPaintData()).toBeUndefined()
  })
})

describe('seedFirstPaint', () => {
  it('gives /study-sessions the page, whose first six the home page selects, as of when it was read', () => {
    const client = new QueryClient()
    seedFirstPaint(client, data)
    expect(client.getQueryData(firstPage)).toEqual({ items: data.studySessions.items, total: 17, page: 1, limit: 8 })
    // One server list, one entry: the home page's query is the same one, with a select.
    expect(sessionQueries.home().queryKey).toEqual(firstPage)
    const { select } = sessionQueries.home()
    expect(select!(client.getQueryData(firstPage)!).items).toEqual(data.studySessions.items.slice(0, 6))
    expect(client.getQueryCache().getAll()).toHaveLength(1)
    expect(client.getQueryState(firstPage)?.dataUpdatedAt).toBe(at)
    // Still asked for once a screen shows it: its fetch keeps the device's offline copy.
    expect(client.getQueryState(firstPage)?.isInvalidated).toBe(true)
  })

  it('takes a list the server read for this very request as fetched: kept on the device, not asked for again', async () => {
    const client = new QueryClient()
    seedFirstPaint(client, data, { now: at + 2_000, fromWorker: false })
    expect(client.getQueryState(firstPage)?.isInvalidated).toBe(false)
    expect(client.getQueryState(firstPage)?.dataUpdatedAt).toBe(at)
    await deviceWritesSettled()
    // Where the list's own fetch keeps page 1, as of when the server read it: an offline start finds it.
    const kept = await readSessionPage('approved|tutor=|page=1|limit=8')
    expect(kept).toEqual({ data: { items: data.studySessions.items, total: 17, page: 1, limit: 8 }, savedAt: at })
  })

  it('asks again for a page a worker answered (kept from before, however recent), or read on a clock too far off', async () => {
    const cases: SeedOptions[] = [
      { now: at + 1_000, fromWorker: true },
      { now: at + READ_FOR_THIS_REQUEST_MS + 1, fromWorker: false },
      { now: at - READ_FOR_THIS_REQUEST_MS - 1, fromWorker: false },
    ]
    for (const options of cases) {
      const client = new QueryClient()
      seedFirstPaint(client, data, options)
      expect(client.getQueryState(firstPage)?.isInvalidated).toBe(true)
      // Never dated after this device's now, whatever the server's clock said.
      expect(client.getQueryState(firstPage)?.dataUpdatedAt).toBe(Math.min(at, options.now!))
    }
    await deviceWritesSettled()
    expect(await readSessionPage('approved|tutor=|page=1|limit=8')).toBeUndefined()
  })

  it('on the server only shows the list: nothing kept, nothing marked to ask for', async () => {
    const client = new QueryClient()
    seedFirstPaint(client, data, { now: at + 1_000, fromWorker: false, onServer: true })
    expect(client.getQueryData(firstPage)?.items).toEqual(data.studySessions.items)
    expect(client.getQueryState(firstPage)?.isInvalidated).toBe(false)
    await deviceWritesSettled()
    expect(await readSessionPage('approved|tutor=|page=1|limit=8')).toBeUndefined()
  })

  it('moves relative dates to its own clock, so registration reads the same as when they were written', () => {
    const client = new QueryClient()
    const now = at + 30 * 24 * HOUR
    seedFirstPaint(client, { ...data, relative: true }, { now })
    const [first] = client.getQueryData(firstPage)!.items
    expect(Date.parse(first!.registrationStart)).toBe(now - HOUR)
    expect(Date.parse(first!.registrationEnd)).toBe(now + HOUR)
    expect(Date.parse(first!.createdAt)).toBe(now - 2 * HOUR)
  })

  it('never replaces an answer already in the cache', () => {
    const client = new QueryClient()
    const restored = { items: [session(99)], total: 1, page: 1, limit: 8 }
    client.setQueryData(firstPage, restored)
    seedFirstPaint(client, data)
    expect(client.getQueryData(firstPage)).toBe(restored)
  })

  it('gives a search address’s list its own key, the one the screen asks for at that address', () => {
    const client = new QueryClient()
    const list = listOfAddress(new URLSearchParams('q=maths&sort=fee&page=2&tutor=t%40x.org'))
    seedFirstPaint(client, { ...data, list })
    const key = sessionQueries.list({
      page: 2,
      admin: false,
      tutorEmail: 't@x.org',
      search: { q: 'maths', sort: 'fee' },
    })
    expect(client.getQueryData(key.queryKey)).toEqual({ items: data.studySessions.items, total: 17, page: 2, limit: 8 })
    // Not the plain first page's: the home page and page 1 still ask for theirs.
    expect(client.getQueryData(firstPage)).toBeUndefined()
    expect(client.getQueryCache().getAll()).toHaveLength(1)
  })
})
