import { describe, expect, it } from 'vitest'
import { FIRST_PAINT_ELEMENT_ID, firstPaintQuery, withFirstPaint, type FirstPaintData } from './first-paint'

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
