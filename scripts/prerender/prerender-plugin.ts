// Prerenders the home page into the built index.html
// (docs/decisions/0041-data-in-the-first-paint.md). A first visit then paints
// the navbar, the hero's headline and its first image from HTML alone,
// instead of after ~120 KiB of JavaScript has arrived and run.
//
// The markup comes from src/app/prerender-entry.tsx, which renders the app's
// own components with react-dom/server, loaded through a short-lived Vite SSR
// server that shares this build's mode, defines and aliases, so a demo build
// prerenders the demo layout and a live one the live layout.
//
// A demo build's home page also carries its cards: the demo server's first
// answer is the seed, known now (demo-first-paint.ts), so the markup shows
// them and the page carries their data for the app to hydrate with
// (docs/decisions/0041-data-in-the-first-paint.md). The same data makes
// /study-sessions' first page, written as study-sessions.html
// (docs/decisions/0066-every-study-sessions-address-comes-with-its-cards.md).
// A live build's data is the API server's to add, per request: a live build
// also writes the SSR bundle of the same entry into the build
// (PAGE_RENDERER_PATH), which the API server loads to render "/" and
// /study-sessions' addresses with the cards
// (docs/decisions/0043-cards-rendered-on-the-server.md).
//
// This runs in transformIndexHtml, while the bundle is generated: the service
// worker's precache manifest (vite-plugin-pwa, closeBundle) is computed from
// the files written afterwards, so the precached index.html is this one.
import react from '@vitejs/plugin-react'
import { readFileSync, writeFileSync } from 'node:fs'
import { join, resolve } from 'node:path'
import { build, createServer, type InlineConfig, type Plugin, type ResolvedConfig } from 'vite'
import { PAGE_RENDERER_PATH, STUDY_SESSIONS_PAGE, type FirstPaintData } from '../../src/contract/first-paint.ts'
import { withPageMarkup } from '../../src/app/prerendered-page.ts'

/** What src/app/prerender-entry.tsx returns (not imported: this file is type-checked without JSX). */
interface Prerendered {
  html: string
  firstPaint: FirstPaintData | undefined
  heroImage: { avifSrcSet: string }
  /** /study-sessions' first page: a demo build's only, whose data is known now. */
  studySessions?: string
}

const ENTRY = '/src/app/prerender-entry.tsx'
const DEMO_DATA = '/scripts/prerender/demo-first-paint.ts'
/** What DEMO_DATA exports (loaded through the SSR server: it imports the demo server's code). */
interface DemoData {
  demoFirstPaintData(): Promise<FirstPaintData>
}
const escapeAttribute = (value: string) => value.replace(/&/g, '&amp;').replace(/"/g, '&quot;')

/** The hero's first image, fetched from the head before the stylesheet and scripts. */
function heroPreload({ heroImage }: Prerendered): string {
  // The same candidates and sizes as the <picture>'s AVIF source, so the
  // browser picks the same file and downloads it once.
  return (
    `<link rel="preload" as="image" type="image/avif" fetchpriority="high"` +
    ` imagesrcset="${escapeAttribute(heroImage.avifSrcSet)}" imagesizes="100vw" />`
  )
}

/** This build's mode, defines and aliases, for the SSR server and the SSR bundle. */
const sameBuild = (config: ResolvedConfig): InlineConfig => ({
  configFile: false,
  root: config.root,
  mode: config.mode,
  logLevel: 'error',
  define: config.define,
  resolve: { alias: config.resolve.alias },
  plugins: [react()],
})

const isDemo = (config: ResolvedConfig) => config.define?.__DEMO__ === 'true'

async function renderHome(config: ResolvedConfig): Promise<Prerendered> {
  const server = await createServer({
    ...sameBuild(config),
    server: { middlewareMode: true, hmr: false, ws: false, watch: null },
    appType: 'custom',
    optimizeDeps: { noDiscovery: true, include: [] },
  })
  try {
    const firstPaint = isDemo(config)
      ? await ((await server.ssrLoadModule(DEMO_DATA)) as DemoData).demoFirstPaintData()
      : undefined
    const entry = (await server.ssrLoadModule(ENTRY)) as {
      prerenderHome(data: FirstPaintData | undefined): Promise<Omit<Prerendered, 'firstPaint'>>
      prerenderStudySessions(data: FirstPaintData): Promise<string>
    }
    const studySessions = firstPaint && (await entry.prerenderStudySessions(firstPaint))
    return { ...(await entry.prerenderHome(firstPaint)), firstPaint, ...(studySessions ? { studySessions } : {}) }
  } finally {
    await server.close()
  }
}

/**
 * The entry's SSR bundle, for a live build's API server: one folder that runs
 * wherever the build is copied (its packages bundled in, every chunk an ES
 * module by its name, no public files).
 */
async function buildPageRenderer(config: ResolvedConfig): Promise<void> {
  const file = PAGE_RENDERER_PATH.split('/')
  await build({
    ...sameBuild(config),
    build: {
      ssr: join(config.root, ENTRY),
      outDir: join(resolve(config.root, config.build.outDir), ...file.slice(0, -1)),
      emptyOutDir: true,
      target: 'node24',
      rolldownOptions: {
        output: { entryFileNames: file.at(-1)!, chunkFileNames: '[name]-[hash].mjs', format: 'es' },
      },
    },
    // React's production build: the bundle runs wherever NODE_ENV is unset too.
    define: { ...config.define, 'process.env.NODE_ENV': JSON.stringify('production') },
    publicDir: false,
    ssr: { noExternal: true },
  })
}

export function prerenderHomePlugin(): Plugin {
  let config: ResolvedConfig
  let home: Prerendered | undefined
  return {
    name: 'studyhub:prerender-home',
    apply: 'build',
    configResolved(resolved) {
      config = resolved
    },
    transformIndexHtml: {
      order: 'post',
      async handler(html) {
        if (!html.includes('<title>')) throw new Error('prerender: index.html needs a <title> to prerender into')
        const [rendered] = await Promise.all([
          renderHome(config),
          isDemo(config) ? undefined : buildPageRenderer(config),
        ])
        home = rendered
        if (!rendered.html.includes('<h1')) throw new Error('prerender: the home page rendered without its headline')
        // A replacer function: the markup may hold "$" sequences a replacement string would expand.
        const page = html.replace('<title>', () => `${heroPreload(rendered)}\n    <title>`)
        return withPageMarkup(page, { path: '/', markup: rendered.html, firstPaint: rendered.firstPaint })
      },
    },
    // A demo build's /study-sessions as its own page, made from the final
    // index.html (its policy, scripts and styles) once it is written, and
    // before the service worker's precache is listed (closeBundle), so the
    // precache holds it. A static host answers /study-sessions with it
    // (vite preview and most hosts try "<path>.html"); the worker does too.
    writeBundle() {
      if (!home?.studySessions || !home.firstPaint) return
      const outDir = resolve(config.root, config.build.outDir)
      const index = readFileSync(join(outDir, 'index.html'), 'utf8')
      // The hero is the home page's: this page has no image to fetch early.
      const preload = `${heroPreload(home)}\n    `
      if (!index.includes(preload)) throw new Error('prerender: the built index.html lost its hero preload')
      const page = withPageMarkup(index.replace(preload, ''), {
        path: '/study-sessions',
        markup: home.studySessions,
        firstPaint: home.firstPaint,
      })
      writeFileSync(join(outDir, STUDY_SESSIONS_PAGE), page)
    },
  }
}
