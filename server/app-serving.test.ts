// @vitest-environment node
// The HTTP layer serving the built app (./app-fixtures.ts: fake routes and a
// store nobody may touch): the page, the service worker and hashed assets with
// their caching and compression, client-side routes, and the first page of
// sessions inlined into the page.
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { brotliDecompressSync, gunzipSync } from 'node:zlib'
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import { PAGE_RENDERER_PATH } from '#contract/first-paint'
import { routes } from '#contract/routes'
import { NAVIGATION_REFUSED } from '#core/cross-site-guard'
import { policyInPage, policyMeta } from './http/content-security-policy'
import { createApp } from './app'
import { loadConfig, type Config } from './config'
import type { ApiDeps } from '#core/api-deps'
import type { ApiRoute } from '#core/routes'
import { precompressFolder } from '../scripts/precompress/precompress-plugin'
import { memoryLogger } from './logger'
import { setup, untouchableStore } from './app-fixtures'

describe('serving the built app (APP_DIST_DIR)', () => {
  const PAGE_POLICY = "default-src 'self'; script-src 'self' 'sha256-abc='; object-src 'none'"
  // Over the 1 KiB below which compressing is not worth it.
  const SCRIPT = `console.log(${JSON.stringify('a chunk of the app '.repeat(80))})`

  let dist = ''
  beforeAll(() => {
    dist = mkdtempSync(join(tmpdir(), 'studyhub-dist-'))
    writeFileSync(
      join(dist, 'index.html'),
      `<!doctype html><meta charset="UTF-8" />${policyMeta(PAGE_POLICY)}<title>StudyHub</title><p>${'Study sessions. '.repeat(80)}</p>`,
    )
    writeFileSync(join(dist, 'sw.js'), 'self.addEventListener("install", () => {})')
    writeFileSync(join(dist, 'manifest.webmanifest'), '{}')
    mkdirSync(join(dist, 'assets'))
    writeFileSync(join(dist, 'assets', 'index-3f2a9c.js'), SCRIPT)
    mkdirSync(join(dist, 'built'))
    writeFileSync(join(dist, 'built', 'vendor-9e8d7c.js'), SCRIPT)
    writeFileSync(join(dist, 'built', 'tiny.js'), 'export {}')
    // What the build does last (vite.config.ts): a .br and a .gz beside each text file.
    expect(precompressFolder(join(dist, 'built'))).toEqual(['vendor-9e8d7c.js'])
  })
  afterAll(() => rmSync(dist, { recursive: true, force: true }))

  let app: ReturnType<typeof setup>
  beforeEach(() => {
    app = setup({ appDistDir: dist })
  })
  const navigate = { headers: { Accept: 'text/html,application/xhtml+xml', 'Sec-Fetch-Mode': 'navigate' } }

  it('serves index.html at / with no-cache and the page’s security headers', async () => {
    const answer = await app.request('/', navigate)
    expect(answer.status).toBe(200)
    expect(await answer.text()).toContain('<title>StudyHub</title>')
    expect(answer.headers.get('Cache-Control')).toBe('no-cache')
    expect(answer.headers.get('X-Content-Type-Options')).toBe('nosniff')
    expect(answer.headers.get('Referrer-Policy')).toBe('strict-origin-when-cross-origin')
    expect(answer.headers.get('Cross-Origin-Opener-Policy')).toBe('same-origin-allow-popups')
    // The page's own policy, plus what only a header can say.
    expect(answer.headers.get('Content-Security-Policy')).toBe(`${PAGE_POLICY}; frame-ancestors 'none'`)
    expect((await app.request('/sw.js')).headers.get('Content-Security-Policy')).toBe(
      `${PAGE_POLICY}; frame-ancestors 'none'`,
    )
  })

  it('revalidates sw.js and caches hashed assets for a year', async () => {
    const worker = await app.request('/sw.js')
    expect([worker.status, worker.headers.get('Cache-Control')]).toEqual([200, 'no-cache'])
    const asset = await app.request('/assets/index-3f2a9c.js')
    expect(asset.status).toBe(200)
    expect(asset.headers.get('Content-Type')).toContain('javascript')
    expect(asset.headers.get('Cache-Control')).toBe('public, max-age=31536000, immutable')
  })

  it('sends the page and scripts gzipped to a browser that accepts it, and plain to one that does not', async () => {
    const gzip = { headers: { 'Accept-Encoding': 'gzip, deflate, br' } }
    const script = await app.request('/assets/index-3f2a9c.js', gzip)
    expect(script.headers.get('Content-Encoding')).toBe('gzip')
    expect(script.headers.get('Vary')).toContain('Accept-Encoding')
    expect(gunzipSync(Buffer.from(await script.arrayBuffer())).toString()).toBe(SCRIPT)
    const page = await app.request('/', { headers: { ...navigate.headers, ...gzip.headers } })
    expect(page.headers.get('Content-Encoding')).toBe('gzip')
    expect(gunzipSync(Buffer.from(await page.arrayBuffer())).toString()).toContain('<title>StudyHub</title>')
    const plain = await app.request('/assets/index-3f2a9c.js')
    expect(plain.headers.get('Content-Encoding')).toBeNull()
    expect(await plain.text()).toBe(SCRIPT)
  })

  it('sends the copies compressed at build time as they are: brotli when accepted, else gzip, else the file', async () => {
    const path = '/built/vendor-9e8d7c.js'
    const brotli = await app.request(path, { headers: { 'Accept-Encoding': 'gzip, deflate, br' } })
    expect([brotli.status, brotli.headers.get('Content-Encoding')]).toEqual([200, 'br'])
    expect(brotli.headers.get('Content-Type')).toContain('javascript')
    expect(brotli.headers.get('Vary')).toContain('Accept-Encoding')
    const brotliBytes = Buffer.from(await brotli.arrayBuffer())
    // The file's own bytes, not compressed again on the way (that would be a second encoding).
    expect(brotli.headers.get('Content-Length')).toBe(String(brotliBytes.length))
    expect(brotliDecompressSync(brotliBytes).toString()).toBe(SCRIPT)

    const gzip = await app.request(path, { headers: { 'Accept-Encoding': 'gzip' } })
    expect(gzip.headers.get('Content-Encoding')).toBe('gzip')
    expect(gunzipSync(Buffer.from(await gzip.arrayBuffer())).toString()).toBe(SCRIPT)

    const plain = await app.request(path)
    expect(plain.headers.get('Content-Encoding')).toBeNull()
    expect(await plain.text()).toBe(SCRIPT)
    // A file too small to be worth it has no copies, and is sent as it is.
    const tiny = await app.request('/built/tiny.js', { headers: { 'Accept-Encoding': 'br' } })
    expect([tiny.headers.get('Content-Encoding'), await tiny.text()]).toEqual([null, 'export {}'])
  })

  it('answers a navigation to a client-side route with index.html', async () => {
    const answer = await app.request('/dashboard/student/bookings', navigate)
    expect(answer.status).toBe(200)
    expect(await answer.text()).toContain('<title>StudyHub</title>')
    expect(answer.headers.get('Cache-Control')).toBe('no-cache')
  })

  it('answers 404 for a missing file that is not a navigation, and for a missing asset', async () => {
    expect((await app.request('/missing.js', { headers: { Accept: '*/*' } })).status).toBe(404)
    expect((await app.request('/assets/index-old.js', navigate)).status).toBe(404)
  })

  it('never answers an /api path with the page', async () => {
    // A page navigation under /api/ is refused before anything else looks at it.
    const answer = await app.request('/api/nothing-here', navigate)
    expect(answer.status).toBe(403)
    expect(await answer.json()).toEqual({ message: NAVIGATION_REFUSED })
    const fetched = await app.request('/api/nothing-here', { headers: { Accept: 'text/html' } })
    expect(fetched.status).toBe(404)
    expect(await fetched.json()).toEqual({ message: 'Not found.' })
  })

  it('refuses paths that climb out of the folder', async () => {
    const answer = await app.request('/..%2f..%2fetc/passwd', { headers: { Accept: '*/*' } })
    expect(answer.status).toBe(404)
  })
})

describe('the first-paint data in the page (docs/decisions/0041-data-in-the-first-paint.md)', () => {
  let dist = ''
  beforeAll(() => {
    dist = mkdtempSync(join(tmpdir(), 'studyhub-dist-'))
    writeFileSync(
      join(dist, 'index.html'),
      `<!doctype html><meta charset="UTF-8" />${policyMeta(PAGE_POLICY)}<title>StudyHub</title><body><div id="root"></div></body>`,
    )
  })
  afterAll(() => rmSync(dist, { recursive: true, force: true }))

  const hostile = '</script><script>alert(1)</script><!--'
  // The data block runs nothing, so the policy needs no hash for it: the page's own policy goes out unchanged.
  const PAGE_POLICY = "default-src 'self'; script-src 'self' 'sha256-abc='"
  const asked: string[] = []
  function appWith(answer: () => Promise<Response>) {
    const config: Config = { ...loadConfig({}), appDistDir: dist }
    const deps: ApiDeps = {
      store: untouchableStore,
      identity: { verify: async () => null },
      now: () => new Date('2026-03-02T10:00:00.000Z'),
      appTokenTtlSeconds: 900,
      maxFileBytes: config.maxFileBytes,
    }
    const list: ApiRoute = {
      method: 'GET',
      path: `/api${routes.listSessions.path}`,
      handle: async (request) => {
        asked.push(new URL(request.url).search)
        return answer()
      },
    }
    return createApp(deps, { config, logger: memoryLogger(), ping: async () => {}, routes: [list] })
  }
  const sessions = () =>
    Promise.resolve(
      new Response(JSON.stringify([{ _id: 's1', title: hostile }]), {
        headers: { 'Content-Type': 'application/json', 'X-Total-Count': '17' },
      }),
    )
  const navigate = { headers: { Accept: 'text/html', 'Sec-Fetch-Mode': 'navigate' } }
  const inlined = (html: string) => /<script type="application\/json" id="first-paint-data">(.*?)<\/script>/.exec(html)

  it('inlines page 1 of the approved sessions into / and /study-sessions, escaped', async () => {
    const app = appWith(sessions)
    for (const path of ['/', '/study-sessions', '/study-sessions?page=1']) {
      asked.length = 0
      const answer = await app.request(path, navigate)
      expect(answer.headers.get('Cache-Control')).toBe('no-cache')
      const html = await answer.text()
      const element = inlined(html)
      expect(element, path).not.toBeNull()
      // Only the element's own tags: the title's "<" cannot end it or start another.
      expect(element![1]).not.toContain('<')
      expect(JSON.parse(element![1]!)).toEqual({
        at: Date.parse('2026-03-02T10:00:00.000Z'),
        studySessions: { items: [{ _id: 's1', title: hostile }], total: 17 },
      })
      expect(html.match(/<script/g)).toHaveLength(1)
      expect(answer.headers.get('Content-Security-Policy')).toBe(`${PAGE_POLICY}; frame-ancestors 'none'`)
      expect(policyInPage(html)).toBe(PAGE_POLICY)
      expect(asked).toEqual(['?status=approved&page=1&limit=8'])
    }
  })

  it('renders the page with the build’s server renderer, and keeps the renderer’s files to itself', async () => {
    // A stand-in renderer at the build's path: what it returns is the page.
    const folder = join(dist, PAGE_RENDERER_PATH, '..')
    mkdirSync(folder, { recursive: true })
    writeFileSync(
      join(dist, PAGE_RENDERER_PATH),
      `export async function renderPage(page, url, data) {
        const path = new URL(url).pathname
        if (path === '/study-sessions') throw new Error('render failed')
        return page.replace('<div id="root"></div>', '<div id="root">rendered ' + path + ' ' + data.studySessions.total + '</div>')
      }`,
    )
    try {
      const app = appWith(sessions)
      // The service worker's own fetch of "/" asks for HTML, not a navigation.
      for (const headers of [navigate.headers, { Accept: 'text/html' }]) {
        const html = await (await app.request('/', { headers })).text()
        expect(html).toContain('<div id="root">rendered / 17</div>')
      }
      // A render that fails: the page goes out with its data alone.
      const fallback = await (await app.request('/study-sessions', navigate)).text()
      expect(fallback).toContain('<div id="root"></div>')
      expect(inlined(fallback)).not.toBeNull()
      // The renderer is code for the server, not a file of the app.
      const code = await app.request(`/${PAGE_RENDERER_PATH}`, { headers: { Accept: '*/*' } })
      expect(code.status).toBe(404)
      expect(await code.text()).not.toContain('renderPage')
    } finally {
      rmSync(folder, { recursive: true, force: true })
    }
  })

  it('inlines the list a /study-sessions address asks for, as the screen asks for it', async () => {
    const app = appWith(sessions)
    const cases: [string, string, object][] = [
      ['/study-sessions?q=%20chem&sort=newest', '&q=chem', { page: 1, search: { q: 'chem' } }],
      [
        '/study-sessions?sort=fee&page=1&fee=free',
        '&fee=free&sort=fee',
        { page: 1, search: { fee: 'free', sort: 'fee' } },
      ],
      ['/study-sessions?tutor=a%40b.c&page=3', '&tutorEmail=a%40b.c', { page: 3, tutorEmail: 'a@b.c' }],
      ['/study-sessions?page=2&open=1', '&open=1', { page: 2, search: { open: '1' } }],
    ]
    for (const [path, query, list] of cases) {
      asked.length = 0
      const element = inlined(await (await app.request(path, navigate)).text())
      expect(element, path).not.toBeNull()
      expect(JSON.parse(element![1]!), path).toMatchObject({ list, studySessions: { total: 17 } })
      const { page } = list as { page: number }
      expect(asked, path).toEqual([`?status=approved&page=${page}&limit=8${query}`])
    }
  })

  it('serves the plain page elsewhere, for days only the visitor’s clock can bound, and when the read fails', async () => {
    asked.length = 0
    const app = appWith(sessions)
    // ?from= and ?to= are days at the visitor's own midnight: the app asks for that list itself.
    for (const path of ['/tutors', '/study-sessions?from=2026-03-01', '/study-sessions?q=chem&to=2026-03-09']) {
      expect(inlined(await (await app.request(path, navigate)).text()), path).toBeNull()
    }
    expect(asked).toEqual([])
    const failing = appWith(() => Promise.resolve(new Response('{}', { status: 500 })))
    const answer = await failing.request('/', navigate)
    expect(answer.status).toBe(200)
    expect(inlined(await answer.text())).toBeNull()
  })
})
