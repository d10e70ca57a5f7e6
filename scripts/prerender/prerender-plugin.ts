// Prerenders the home page into the built index.html (README, Decisions:
// "The home page is prerendered at build time"). A first visit then paints
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
// (docs/decisions/0041-data-in-the-first-paint.md). A live build's data is the
// API server's to add, per request.
//
// This runs in transformIndexHtml, while the bundle is generated: the service
// worker's precache manifest (vite-plugin-pwa, closeBundle) is computed from
// the files written afterwards, so the precached index.html is this one.
import react from '@vitejs/plugin-react'
import { createServer, type Plugin, type ResolvedConfig } from 'vite'
import { firstPaintElement, type FirstPaintData } from '../../src/contract/first-paint.ts'

/** What src/app/prerender-entry.tsx returns (not imported: this file is type-checked without JSX). */
interface Prerendered {
  html: string
  firstPaint: FirstPaintData | undefined
  heroImage: { avifSrcSet: string }
}

const ENTRY = '/src/app/prerender-entry.tsx'
const DEMO_DATA = '/scripts/prerender/demo-first-paint.ts'
/** What DEMO_DATA exports (loaded through the SSR server: it imports the demo server's code). */
interface DemoData {
  demoFirstPaintData(): Promise<FirstPaintData>
}
const EMPTY_ROOT = '<div id="root"></div>'

// index.html is the navigation fallback for every route (vite preview, the
// service worker), so a deep link would show the home page until the app
// starts. This runs before the first paint and leaves an empty root there.
// Kept tiny and inline on purpose: a file would cost a request first.
const ONLY_ON_HOME = `<script>if(location.pathname!=='/')document.getElementById('root').replaceChildren()</script>`

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

async function renderHome(config: ResolvedConfig): Promise<Prerendered> {
  const server = await createServer({
    configFile: false,
    root: config.root,
    mode: config.mode,
    logLevel: 'error',
    define: config.define,
    resolve: { alias: config.resolve.alias },
    plugins: [react()],
    server: { middlewareMode: true, hmr: false, ws: false, watch: null },
    appType: 'custom',
    optimizeDeps: { noDiscovery: true, include: [] },
  })
  try {
    const demo = config.define?.__DEMO__ === 'true'
    const firstPaint = demo
      ? await ((await server.ssrLoadModule(DEMO_DATA)) as DemoData).demoFirstPaintData()
      : undefined
    const entry = (await server.ssrLoadModule(ENTRY)) as {
      prerenderHome(data: FirstPaintData | undefined): Promise<Omit<Prerendered, 'firstPaint'>>
    }
    return { ...(await entry.prerenderHome(firstPaint)), firstPaint }
  } finally {
    await server.close()
  }
}

export function prerenderHomePlugin(): Plugin {
  let config: ResolvedConfig
  return {
    name: 'studyhub:prerender-home',
    apply: 'build',
    configResolved(resolved) {
      config = resolved
    },
    transformIndexHtml: {
      order: 'post',
      async handler(html) {
        if (!html.includes(EMPTY_ROOT) || !html.includes('<title>')) {
          throw new Error(`prerender: index.html needs an empty ${EMPTY_ROOT} and a <title> to prerender into`)
        }
        const home = await renderHome(config)
        if (!home.html.includes('<h1')) throw new Error('prerender: the home page rendered without its headline')
        // Replacer functions: the markup may hold "$" sequences a replacement string would expand.
        return html
          .replace('<title>', () => `${heroPreload(home)}\n    <title>`)
          .replace(
            EMPTY_ROOT,
            () =>
              `<div id="root">${home.html}</div>\n    ${ONLY_ON_HOME}` +
              (home.firstPaint ? `\n    ${firstPaintElement(home.firstPaint)}` : ''),
          )
      },
    },
  }
}
