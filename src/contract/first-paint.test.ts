import { afterEach, describe, expect, it, vi } from 'vitest'
import {
  FIRST_PAINT_ELEMENT_ID,
  FIRST_PAINT_WAIT_MS,
  firstPaintQuery,
  readFirstPaintList,
  withFirstPaint,
  type FirstPaintData,
} from './first-paint'

const data = (at: number): FirstPaintData => ({ at, studySessions: { items: [], total: 0 } })
const carried = (html: string) =>
  [...html.matchAll(new RegExp(`id="${FIRST_PAINT_ELEMENT_ID}">([^<]*)</script>`, 'g'))].map(
    (m) => (JSON.parse(m[1]!) as FirstPaintData).at,
  )

describe('withFirstPaint', () => {
  it('puts the data just before </body> of a page without any', () => {
    const page = withFirstPaint('<body><div id="root"></div></body>', data(1))
    expect(carried(page)).toEqual([1])
    expect(page.endsWith('\n  </body>')).toBe(true)
  })

  it('replaces the data a page carried (a demo index.html’s home page), so the app reads this one', () => {
    const home = withFirstPaint('<body><div id="root"></div></body>', data(1))
    const page = withFirstPaint(home, { ...data(2), list: { page: 1, search: { q: 'chem' } } })
    expect(carried(page)).toEqual([2])
    expect(page).toContain('"list":{"page":1,"search":{"q":"chem"}}')
  })
})

describe('firstPaintQuery', () => {
  it('asks for the list’s page of approved sessions, 8 a page, with its tutor and search', () => {
    expect(firstPaintQuery().toString()).toBe('status=approved&page=1&limit=8')
    expect(firstPaintQuery({ page: 2, tutorEmail: 'a@b.c', search: { q: 'x y', sort: 'fee' } }).toString()).toBe(
      'status=approved&page=2&limit=8&tutorEmail=a%40b.c&q=x+y&sort=fee',
    )
  })
})

describe('readFirstPaintList', () => {
  afterEach(() => vi.useRealTimers())
  const origin = { origin: 'http://example.test', headers: { 'X-Client': 'app' } }
  const answer = (total: string) => new Response('[]', { headers: { 'X-Total-Count': total } })

  it('asks the handler for the list as the screen would, and keeps its total', async () => {
    const asked: Request[] = []
    const handle = async (request: Request) => (asked.push(request), answer('17'))
    const list = { page: 2, search: { q: 'chem' } }
    expect(await readFirstPaintList(handle, origin, list, 5)).toEqual({
      at: 5,
      list,
      studySessions: { items: [], total: 17 },
    })
    expect(asked[0]!.url).toBe('http://example.test/api/sessions?status=approved&page=2&limit=8&q=chem')
    expect(asked[0]!.headers.get('X-Client')).toBe('app')
  })

  it('leaves the plain first page unnamed, as pages carried it before lists came with the page', async () => {
    expect(await readFirstPaintList(async () => answer('3'), origin, { page: 1 }, 5)).toEqual({
      at: 5,
      studySessions: { items: [], total: 3 },
    })
  })

  it('gives nothing for a failed, missing or thrown answer: the app then asks itself', async () => {
    const list = { page: 1 }
    expect(await readFirstPaintList(async () => new Response('no', { status: 500 }), origin, list, 5)).toBeUndefined()
    expect(await readFirstPaintList(async () => undefined, origin, list, 5)).toBeUndefined()
    expect(await readFirstPaintList(() => Promise.reject(new Error('down')), origin, list, 5)).toBeUndefined()
  })

  it('gives up after FIRST_PAINT_WAIT_MS, so a slow list never holds the page back', async () => {
    vi.useFakeTimers()
    let settled = false
    const read = readFirstPaintList(() => new Promise<Response>(() => {}), origin, { page: 1 }, 5).finally(
      () => (settled = true),
    )
    await vi.advanceTimersByTimeAsync(FIRST_PAINT_WAIT_MS - 1)
    expect(settled).toBe(false)
    await vi.advanceTimersByTimeAsync(1)
    expect(await read).toBeUndefined()
  })
})
