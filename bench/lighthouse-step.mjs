// Step 5 of `npm run bench`: Lighthouse 13, mobile (its default: simulated
// Slow 4G and 4× CPU, a Moto G Power screen), performance only, 3 runs per
// route, in Chromium started by chrome-launcher with the house flags.
//
// `/` and `/study-sessions` as a first visit (Lighthouse clears the origin's
// storage first). `/session-details/{id}` needs a signed-in user, so it is
// measured as one: the demo student signs in once (demo build: the one-tap
// button), and those runs keep the origin's storage. A live build signs in
// through Firebase, which the bench does not run, so it measures the first two.
import * as chromeLauncher from 'chrome-launcher'
import lighthouse from 'lighthouse'
import puppeteer from 'puppeteer-core'
import { log, median } from './bench-env.mjs'
import { CHROMIUM_FLAGS, chromiumPath } from './page-timing.mjs'

export const LIGHTHOUSE_RUNS = 3

async function signInAsDemoStudent(port, origin) {
  const browser = await puppeteer.connect({ browserURL: `http://127.0.0.1:${port}` })
  try {
    const page = await browser.newPage()
    await page.goto(`${origin}/login`, { waitUntil: 'load' })
    const button = await page.waitForSelector('::-p-xpath(//button[contains(., "student@studyhub.demo")])', {
      timeout: 60_000,
    })
    await button.click()
    await page.waitForFunction(() => localStorage.getItem('access-token') !== null, {
      timeout: 60_000,
    })
    const id = await page.evaluate(async () => {
      const answer = await fetch('/api/sessions?status=approved&page=1&limit=1')
      return (await answer.json())[0]._id
    })
    await page.close()
    return id
  } finally {
    await browser.disconnect()
  }
}

async function run(port, url, keepStorage) {
  const { lhr } = await lighthouse(url, {
    port,
    output: 'json',
    logLevel: 'error',
    onlyCategories: ['performance'],
    disableStorageReset: keepStorage,
  })
  const audit = (id) => lhr.audits[id]?.numericValue ?? NaN
  return {
    score: Math.round((lhr.categories.performance.score ?? 0) * 100),
    cls: Number(audit('cumulative-layout-shift').toFixed(3)),
    tbt: Math.round(audit('total-blocking-time')),
    lcp: Math.round(audit('largest-contentful-paint')),
    fcp: Math.round(audit('first-contentful-paint')),
    finalUrl: lhr.finalDisplayedUrl,
  }
}

/** { route: { runs: [...], median score, worst score, worst CLS, TBT, LCP } } for one build. */
export async function runLighthouse({ name, origin, demo }) {
  log(`\n== ${name} build: Lighthouse 13 mobile, ${LIGHTHOUSE_RUNS} runs per route ==`)
  const chrome = await chromeLauncher.launch({
    chromePath: chromiumPath(),
    chromeFlags: ['--headless=new', ...CHROMIUM_FLAGS],
  })
  try {
    const routes = [
      { route: '/', path: '/', keepStorage: false },
      { route: '/study-sessions', path: '/study-sessions', keepStorage: false },
    ]
    if (demo) {
      const id = await signInAsDemoStudent(chrome.port, origin)
      routes.push({ route: '/session-details/{id}', path: `/session-details/${id}`, keepStorage: true })
    }
    const results = {}
    for (const { route, path, keepStorage } of routes) {
      const runs = []
      for (let i = 0; i < LIGHTHOUSE_RUNS; i++) runs.push(await run(chrome.port, `${origin}${path}`, keepStorage))
      results[route] = {
        runs,
        medianScore: median(runs.map((r) => r.score)),
        worstScore: Math.min(...runs.map((r) => r.score)),
        worstCls: Math.max(...runs.map((r) => r.cls)),
        worstTbt: Math.max(...runs.map((r) => r.tbt)),
        worstLcp: Math.max(...runs.map((r) => r.lcp)),
      }
      log(
        `  ${route}: scores ${runs.map((r) => r.score).join(' / ')}, CLS ${runs.map((r) => r.cls).join(' / ')},` +
          ` TBT ${runs.map((r) => r.tbt).join(' / ')} ms, LCP ${runs.map((r) => r.lcp).join(' / ')} ms`,
      )
    }
    return results
  } finally {
    chrome.kill()
  }
}
