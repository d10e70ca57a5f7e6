import { describe, expect, it } from 'vitest'
import type { FirstPaintData } from '#contract/first-paint'
import { KEEP_ONLY_ON_ITS_PAGE, withPageMarkup } from './prerendered-page'

const source = '<!doctype html><html><head><title>StudyHub</title></head><body><div id="root"></div></body></html>'
const data: FirstPaintData = { at: 1, studySessions: { items: [], total: 0 } }
const DATA_ELEMENT = /<script type="application\/json" id="first-paint-data">([^<]*)<\/script>/g

describe('withPageMarkup', () => {
  it('fills the source page’s empty root, says whose page it is, and keeps the data beside it', () => {
    const page = withPageMarkup(source, { path: '/', markup: '<h1>Home</h1>', firstPaint: data })
    expect(page).toContain(`<div id="root" data-page="/"><h1>Home</h1></div>\n    ${KEEP_ONLY_ON_ITS_PAGE}`)
    const found = [...page.matchAll(DATA_ELEMENT)]
    expect(found).toHaveLength(1)
    // The markup was rendered from it: the app must have it before hydrating.
    expect(JSON.parse(found[0]![1]!)).toEqual({ ...data, inMarkup: true })
    expect(page.endsWith('</body></html>')).toBe(true)
  })

  it('replaces a built page’s markup and data with another page’s, once', () => {
    const built = withPageMarkup(source, { path: '/', markup: '<h1>Home</h1>', firstPaint: { ...data, at: 5 } })
    const other = withPageMarkup(built, {
      path: '/study-sessions',
      markup: '<h1>Study $& Sessions</h1>',
      firstPaint: data,
    })
    expect(other).not.toContain('<h1>Home</h1>')
    expect(other).toContain('<div id="root" data-page="/study-sessions"><h1>Study $& Sessions</h1></div>')
    expect(other.split(KEEP_ONLY_ON_ITS_PAGE)).toHaveLength(2)
    const found = [...other.matchAll(DATA_ELEMENT)]
    expect(found.map((m) => JSON.parse(m[1]!).at)).toEqual([1])
    // Without data, none is left behind.
    const bare = withPageMarkup(built, { path: '/', markup: '<h1>Home</h1>' })
    expect(bare).not.toContain('first-paint-data')
    expect(bare.endsWith('</body></html>')).toBe(true)
  })

  it('escapes the path in its attribute', () => {
    expect(withPageMarkup(source, { path: '/"x&', markup: '' })).toContain('data-page="/&quot;x&amp;"')
  })

  it('refuses a page it cannot place the markup in', () => {
    expect(() =>
      withPageMarkup('<body><div id="root"><p>hand-made</p></div></body>', { path: '/', markup: '' }),
    ).toThrow()
  })
})

describe('the inline script', () => {
  function run(html: string, pathname: string, search = ''): string {
    document.body.innerHTML = html.slice(html.indexOf('<div id="root"'), html.indexOf('<script'))
    const code = /<script>(.*)<\/script>/.exec(KEEP_ONLY_ON_ITS_PAGE)![1]!
    // The script as the page runs it, with the location it reads.
    new Function('location', code)({ pathname, search })
    return document.getElementById('root')!.innerHTML
  }

  it('keeps the markup on its own page and empties it on any other', () => {
    const page = withPageMarkup(source, { path: '/study-sessions', markup: '<h1>Study Sessions</h1>' })
    expect(run(page, '/study-sessions')).toBe('<h1>Study Sessions</h1>')
    expect(run(page, '/')).toBe('')
    expect(run(page, '/about')).toBe('')
  })

  it('keeps it only at its own query: another list of the same path is another page', () => {
    const first = withPageMarkup(source, { path: '/study-sessions', markup: '<h1>Study Sessions</h1>' })
    expect(run(first, '/study-sessions', '?q=chem')).toBe('')
    const searched = withPageMarkup(source, { path: '/study-sessions?q=chem', markup: '<h1>Chem</h1>' })
    expect(run(searched, '/study-sessions', '?q=chem')).toBe('<h1>Chem</h1>')
    expect(run(searched, '/study-sessions')).toBe('')
  })
})
