// Step 4 of `npm run bench`: what a visitor waits for, in Chromium
// (playwright-core) with Slow 4G network throttling and 4× CPU slowdown,
// median of N loads, each figure beside its floor measured the same way in the
// same run:
//
// - first visit (a new profile): LCP of "/" and the moment its 6 session cards
//   are on screen (their paint time, watchPaints). Floor: a static snapshot of the same page as the app renders
//   it (its HTML and CSS, no script).
// - start from the home screen, online and offline (a profile that has visited
//   once, so the worker and the saved state are there): the same two figures,
//   at least 7 loads each, alternating with the floor's (homeScreenStarts).
//   Floor: the same snapshot served by a minimal worker that precaches it.
//
// The page is served by `vite preview` (demo build) or by the API server (live
// build), which serves the floor's files too, from the build folder.
/* global window, document, requestAnimationFrame, caches, MutationObserver -- page.evaluate callbacks run in the browser */
import { existsSync } from 'node:fs'
import { writeFile } from 'node:fs/promises'
import { join } from 'node:path'
import { log, median } from './bench-env.mjs'

export function chromiumPath() {
  const path = [process.env.CHROMIUM_PATH, '/usr/bin/chromium'].find((p) => p && existsSync(p))
  if (!path) throw new Error('No Chromium found: apt-get install -y chromium (or set CHROMIUM_PATH)')
  return path
}

/** The house flags (playwright.config.ts): RenderDocument off keeps an offline state across navigations. */
export const CHROMIUM_FLAGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-features=RenderDocument',
]

// DevTools' "Slow 4G" as Lighthouse applies it (150 ms RTT, 1.6 Mbps down,
// 750 kbps up, with its 3.75× latency and 0.9× throughput adjustment).
const SLOW_4G = {
  offline: false,
  latency: 150 * 3.75,
  downloadThroughput: (1.6 * 1024 * 1024 * 0.9) / 8,
  uploadThroughput: (750 * 1024 * 0.9) / 8,
}
export const NETWORK = 'Slow 4G (562.5 ms RTT, 1.44 Mbps down)'
export const CPU_SLOWDOWN = 4
const HOME_CARDS = 6

const PHONE = { viewport: { width: 412, height: 823 }, deviceScaleFactor: 1.75, isMobile: true, hasTouch: true }

/**
 * Records, from the document's start, LCP and the moment the home page's 6 cards are on screen: the paint time the
 * browser reports for them (Element Timing, the clock LCP uses), taken per card as its first painted text or image.
 * Every element of a card is marked for Element Timing as the parser or React inserts it, before its first paint.
 * Also the start of the first frame that has the 6 cards in the page (a requestAnimationFrame callback), kept for
 * diagnosis only: that frame's style, layout and paint still come after it, and a page whose parsing ended before
 * the frame has its style already computed at DOMContentLoaded, before the callback, where a page still being parsed
 * computes it after; so it is not when the cards are seen.
 */
function watchPaints(cards) {
  const selector = 'section[aria-labelledby="available-title"] [data-testid="session-card"]'
  window.__lcp = 0
  window.__cardsFrame = 0
  const painted = new Map()
  new PerformanceObserver((list) => {
    for (const entry of list.getEntries()) window.__lcp = entry.startTime
  }).observe({ type: 'largest-contentful-paint', buffered: true })
  const mark = (node) => {
    if (node.nodeType !== 1) return
    if (node.closest(selector)) node.setAttribute('elementtiming', 'session-card')
    for (const el of node.querySelectorAll(`${selector}, ${selector} *`))
      el.setAttribute('elementtiming', 'session-card')
  }
  new MutationObserver((records) => {
    for (const record of records) record.addedNodes.forEach(mark)
  }).observe(document, { childList: true, subtree: true })
  new PerformanceObserver((list) => {
    for (const entry of list.getEntries()) {
      const card = entry.element?.closest(selector)
      const at = entry.renderTime || entry.loadTime
      if (card && at && !(painted.get(card) <= at)) painted.set(card, at)
    }
  }).observe({ type: 'element', buffered: true })
  /** The moment the first 6 cards were all on screen; 0 while one of them has not been painted. */
  window.__cardsOnScreen = () => {
    const shown = [...document.querySelectorAll(selector)].slice(0, cards).map((card) => painted.get(card) ?? 0)
    return shown.length === cards && !shown.includes(0) ? Math.max(...shown) : 0
  }
  const check = () => {
    if (document.querySelectorAll(selector).length >= cards) window.__cardsFrame = performance.now()
    else requestAnimationFrame(check)
  }
  requestAnimationFrame(check)
}

async function throttle(context, page, offline) {
  const cdp = await context.newCDPSession(page)
  await cdp.send('Network.enable')
  await cdp.send('Network.emulateNetworkConditions', { ...SLOW_4G, offline })
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: CPU_SLOWDOWN })
  return cdp
}

/** One load of `url` in `context`: LCP and the 6 cards, in ms from navigation start. */
async function measureLoad(context, url, { offline = false, cold = false } = {}) {
  const page = await context.newPage()
  const cdp = await throttle(context, page, offline)
  if (cold) await cdp.send('Network.setCacheDisabled', { cacheDisabled: true })
  await page.addInitScript(watchPaints, HOME_CARDS)
  await page.goto(url, { waitUntil: 'load', timeout: 90_000 })
  await page
    .waitForFunction(() => window.__cardsOnScreen() > 0, null, { timeout: 60_000, polling: 100 })
    .catch(() => undefined)
  // LCP can still change after the cards (a late image): wait for quiet.
  await page.waitForLoadState('networkidle', { timeout: 15_000 }).catch(() => undefined)
  await page.waitForTimeout(300)
  const result = await page.evaluate(() => ({
    lcp: window.__lcp,
    cards: window.__cardsOnScreen(),
    cardsFrame: window.__cardsFrame,
  }))
  await page.close()
  if (!result.cards) throw new Error(`${url}: the 6 session cards were not on screen within 60 s`)
  return result
}

/** The page as the app renders it, without its scripts: what a static site would send. */
async function writeSnapshot(browser, origin, outDir) {
  const context = await browser.newContext({ ...PHONE, serviceWorkers: 'block' })
  const page = await context.newPage()
  await page.goto(`${origin}/`, { waitUntil: 'networkidle' })
  await page.locator('section[aria-labelledby="available-title"] [data-testid="session-card"]').nth(5).waitFor()
  const { html, urls } = await page.evaluate(() => {
    const doc = document.documentElement.cloneNode(true)
    for (const el of doc.querySelectorAll('script, link[rel="modulepreload"]')) el.remove()
    const urls = new Set()
    for (const el of doc.querySelectorAll('[href], [src], [srcset], [imagesrcset]')) {
      if (el.matches('a')) continue
      for (const value of [el.getAttribute('href'), el.getAttribute('src')]) if (value) urls.add(value)
      for (const set of [el.getAttribute('srcset'), el.getAttribute('imagesrcset')]) {
        for (const candidate of (set ?? '').split(',')) if (candidate.trim()) urls.add(candidate.trim().split(/\s+/)[0])
      }
    }
    return { html: `<!doctype html>\n${doc.outerHTML}`, urls: [...urls].filter((u) => u.startsWith('/')) }
  })
  await context.close()
  await writeFile(join(outDir, 'bench-static-home.html'), html)
  // The floor of a start from the home screen: the same page, precached by the smallest worker.
  const precache = ['/bench-static-home-sw.html', ...urls]
  await writeFile(
    join(outDir, 'bench-static-sw.js'),
    `const FILES = ${JSON.stringify(precache)}
self.addEventListener('install', (e) => e.waitUntil(caches.open('floor').then((c) => c.addAll(FILES)).then(() => self.skipWaiting())))
self.addEventListener('activate', (e) => e.waitUntil(self.clients.claim()))
self.addEventListener('fetch', (e) => e.respondWith(caches.match(e.request, { ignoreSearch: true }).then((hit) => hit || fetch(e.request))))
`,
  )
  // The page keeps the app's Content-Security-Policy (served by `vite preview`
  // and the API server, and in its meta tag): so the register script is a file
  // (only hashed inline scripts run), and the worker's URL goes through the one
  // Trusted Types policy the policy allows, as the app's own registration does.
  await writeFile(
    join(outDir, 'bench-static-register.js'),
    `const policy = self.trustedTypes?.createPolicy('studyhub-service-worker', { createScriptURL: (url) => url })
navigator.serviceWorker.register(policy ? policy.createScriptURL('/bench-static-sw.js') : '/bench-static-sw.js')
`,
  )
  await writeFile(
    join(outDir, 'bench-static-home-sw.html'),
    html.replace('</body>', `<script src="/bench-static-register.js"></script></body>`),
  )
}

/** What each load records (watchPaints): LCP, the cards on screen, and (for diagnosis) the cards' first frame. */
const FIGURES = ['lcp', 'cards', 'cardsFrame']
const FIGURE_LABELS = { lcp: 'LCP', cards: '6 cards on screen', cardsFrame: "6 cards' first frame starts" }

/** { lcp, lcpSamples, cards, cardsSamples, … }: each figure's median and its samples, in whole ms. */
function summary(samples) {
  const out = {}
  for (const what of FIGURES) {
    out[what] = Math.round(median(samples.map((s) => s[what])))
    out[`${what}Samples`] = samples.map((s) => Math.round(s[what]))
  }
  return out
}

async function firstVisits(browser, url, runs) {
  const samples = []
  for (let i = 0; i < runs; i++) {
    const context = await browser.newContext({ ...PHONE, serviceWorkers: 'allow' })
    samples.push(await measureLoad(context, url, { cold: true }))
    await context.close()
  }
  return summary(samples)
}

/** Loads per figure of a start from the home screen for `--runs N`: at least 7 (see homeScreenStarts). */
export const homeScreenRuns = (runs) => Math.max(runs, 7)

/** A profile where one unthrottled visit of `url` installed the worker and `ready` says the page has saved its state. */
async function installedProfile(browser, url, ready) {
  const context = await browser.newContext({ ...PHONE, serviceWorkers: 'allow' })
  const first = await context.newPage()
  await first.goto(url, { waitUntil: 'load' })
  // Bounded: a worker that never activates must fail the step, not hang it.
  await first.evaluate(() =>
    Promise.race([
      navigator.serviceWorker.ready,
      new Promise((_, reject) => setTimeout(() => reject(new Error('no service worker was ready in 30 s')), 30_000)),
    ]).then(() => true),
  )
  await ready(first)
  await first.close()
  return context
}

/**
 * Starts from the home screen, online then offline, of the app and of its floor, each in a profile installed
 * once: { app: { online, offline }, floor: { online, offline } }. A start paints in about 100 ms, and when the
 * worker's answer begins varies by tens of ms from one start to the next, for the floor as for the app: so the
 * loads alternate between the two (whatever slows the machine for a while slows both), homeScreenRuns(runs) of
 * each.
 */
async function homeScreenStarts(browser, app, floor, runs) {
  const starts = homeScreenRuns(runs)
  const pages = [app, floor]
  const contexts = []
  try {
    for (const { url, ready } of pages) contexts.push(await installedProfile(browser, url, ready))
    const result = { app: {}, floor: {} }
    for (const offline of [false, true]) {
      for (const context of contexts) await context.setOffline(offline)
      const samples = pages.map(() => [])
      for (let i = 0; i < starts; i++) {
        for (const [j, { url }] of pages.entries()) samples[j].push(await measureLoad(contexts[j], url, { offline }))
      }
      result.app[offline ? 'offline' : 'online'] = summary(samples[0])
      result.floor[offline ? 'offline' : 'online'] = summary(samples[1])
    }
    return result
  } finally {
    for (const context of contexts) await context.close()
  }
}

/** The app has its worker and has saved the home page's cards. */
async function appReady(page) {
  await page
    .locator('section[aria-labelledby="available-title"] [data-testid="session-card"]')
    .nth(HOME_CARDS - 1)
    .waitFor()
  await page.waitForFunction(() => (localStorage.getItem('studyhub-query-cache') ?? '').includes('"sessions"'), null, {
    timeout: 30_000,
  })
  // Whatever else the worker caches at runtime (images it loads lazily).
  await page.waitForLoadState('networkidle')
}

/** The floor's worker has precached its files. */
async function floorReady(page) {
  await page.waitForFunction(async () => (await (await caches.open('floor')).keys()).length > 0, null, {
    timeout: 30_000,
  })
}

const ratio = (app, floor) => (floor > 0 ? Number((app / floor).toFixed(2)) : null)

/**
 * Every timing figure of one build, app and floor: { firstVisit, homeScreenOnline, homeScreenOffline },
 * each { lcp, cards, cardsFrame }, each { app, floor, ratio } with the samples.
 */
export async function measurePages(browser, { name, origin, outDir, runs }) {
  await writeSnapshot(browser, origin, outDir)
  log(
    `\n== ${name} build: timings (${NETWORK}, ${CPU_SLOWDOWN}× CPU, medians of ${runs} first visits` +
      ` and ${homeScreenRuns(runs)} starts from the home screen, alternating with the floor's) ==`,
  )
  const started = await homeScreenStarts(
    browser,
    { url: `${origin}/`, ready: appReady },
    { url: `${origin}/bench-static-home-sw.html`, ready: floorReady },
    runs,
  )
  const app = { firstVisit: await firstVisits(browser, `${origin}/`, runs), ...started.app }
  const floor = { firstVisit: await firstVisits(browser, `${origin}/bench-static-home.html`, runs), ...started.floor }
  const figures = {}
  for (const [key, label] of [
    ['firstVisit', 'first visit'],
    ['online', 'home-screen start, online'],
    ['offline', 'home-screen start, offline'],
  ]) {
    const a = key === 'firstVisit' ? app.firstVisit : app[key]
    const f = key === 'firstVisit' ? floor.firstVisit : floor[key]
    figures[key] = {}
    for (const what of FIGURES) {
      const fig = {
        app: a[what],
        floor: f[what],
        ratio: ratio(a[what], f[what]),
        samples: a[`${what}Samples`],
        floorSamples: f[`${what}Samples`],
      }
      figures[key][what] = fig
      log(
        `  ${label}, ${FIGURE_LABELS[what]}: ${fig.app} ms (${fig.samples.join(', ')})` +
          ` vs floor ${fig.floor} ms (${fig.floorSamples.join(', ')}) → ${fig.ratio}×`,
      )
    }
  }
  return figures
}
