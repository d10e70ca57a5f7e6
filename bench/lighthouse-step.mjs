// Step 5 of `npm run bench`: Lighthouse 13, mobile (its default: simulated
// Slow 4G and 4× CPU, a Moto G Power screen), performance only, 3 runs per
// route, in Chromium started by chrome-launcher with the house flags. The
// same routes in both builds:
//
// - `/` and `/study-sessions` as a first visit (Lighthouse clears the origin's
//   storage first), on the build the bench serves (the live one carries no
//   Auth emulator address, as step 2 checks);
// - signed in, as a returning user (those runs keep the origin's storage, the
//   service worker included): `/session-details/{id}` and the student's
//   dashboard home as the demo student, the tutor's and the admin's dashboard
//   homes as those demo accounts (where each role lands: dashboardHome in
//   src/app/layout/dashboard-menus.ts). The demo build signs in with the login
//   screen's one-tap buttons; a live build through Firebase, so these routes
//   are measured on a second live build that signs in through an Auth
//   emulator (bench/serve-build.mjs startSignedInLiveServer), with the login
//   screen's email and password form. Each role gets a Chromium of its own,
//   with a new profile, so no role's storage reaches another's runs.
//
// Per run: score, CLS, TBT, LCP, FCP, and what they are made of: the long
// tasks (Lighthouse's simulated durations), the scripts that cost most
// main-thread time ('bootup-time'), the main thread's time by kind of work,
// the LCP element with its breakdown ('lcp-breakdown-insight', which replaced
// 'largest-contentful-paint-element' in Lighthouse 13; its breakdown is the
// unthrottled trace's, not simulated) and the elements that shifted.
import * as chromeLauncher from 'chrome-launcher'
import lighthouse from 'lighthouse'
import puppeteer from 'puppeteer-core'
import { dashboardHome } from '../src/app/layout/dashboard-menus.ts'
import { DEMO_ACCOUNT_PASSWORD, DEMO_ACCOUNTS } from '../src/contract/demo-identity.ts'
import { log, median } from './bench-env.mjs'
import { CHROMIUM_FLAGS, chromiumPath } from './page-timing.mjs'

export const LIGHTHOUSE_RUNS = 3

/** Each role's seeded demo account. */
const EMAIL = Object.fromEntries(DEMO_ACCOUNTS.map(({ role, email }) => [role, email]))

/** The goals' limits (issue 31): a route over one has what makes that figure printed. */
const TBT_GOAL_MS = 150
const LCP_GOAL_MS = 2500
const CLS_GOAL = 0.02

const SIGN_IN_MS = 60_000
/** Runs of one route Lighthouse may fail to finish before the bench gives up. */
const MAX_FAILED_RUNS = 2

/** The email inside the app token the page holds, if any. */
function appTokenEmail() {
  const claims = localStorage.getItem('access-token')?.split('.')[1]
  return claims ? (JSON.parse(atob(claims.replace(/-/g, '+').replace(/_/g, '/'))).email ?? null) : null
}

/**
 * Signs `role` in on /login as a person would (demo build: its one-tap
 * button; live build: the email and password form), waits until the app
 * holds that account's token and the signed-in bar shows, and lets the
 * service worker finish installing, so the first measured run starts from
 * the state the later ones do. Answers an approved session's id.
 */
async function signIn(port, origin, role, demo) {
  const browser = await puppeteer.connect({ browserURL: `http://127.0.0.1:${port}` })
  try {
    const page = await browser.newPage()
    await page.goto(`${origin}/login`, { waitUntil: 'load' })
    if (demo) {
      const button = await page.waitForSelector(`::-p-xpath(//button[contains(., "${EMAIL[role]}")])`, {
        timeout: SIGN_IN_MS,
      })
      await button.click()
    } else {
      await (await page.waitForSelector('input[name="email"]', { timeout: SIGN_IN_MS })).type(EMAIL[role])
      await page.type('input[name="password"]', DEMO_ACCOUNT_PASSWORD)
      await page.click('button[type="submit"]')
    }
    await page.waitForFunction(`(${appTokenEmail.toString()})() === ${JSON.stringify(EMAIL[role])}`, {
      timeout: SIGN_IN_MS,
    })
    await page.waitForSelector('::-p-text(Account menu)', { timeout: SIGN_IN_MS })
    // `ready` never settles where no worker registers: it gets 15 s.
    await page.evaluate(() =>
      Promise.race([navigator.serviceWorker?.ready, new Promise((resolve) => setTimeout(resolve, 15_000))]),
    )
    await page.waitForNetworkIdle({ idleTime: 1000, timeout: SIGN_IN_MS })
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

const round = (ms) => Math.round(ms ?? NaN)

/** What a run's TBT and LCP are made of, from its report (URLs on the served origin as paths). */
function diagnosticsOf(lhr, origin) {
  const short = (url) => (typeof url === 'string' && url.startsWith(origin) ? url.slice(origin.length) || '/' : url)
  const details = (id) => lhr.audits[id]?.details
  // Every long task, not only the table's first 20. (Its debug data's time by kind of work is left out: under
  // simulated throttling Lighthouse times only the top-level task, so all of it reads as "other".)
  const debug = details('long-tasks')?.debugData
  const longTasks = (debug?.tasks ?? []).map(({ urlIndex, startTime, duration }) => ({
    url: short(debug.urls[urlIndex]),
    startTime: round(startTime),
    duration: round(duration),
  }))
  const bootup = (details('bootup-time')?.items ?? []).slice(0, 6).map((item) => ({
    url: short(item.url),
    total: round(item.total),
    scripting: round(item.scripting),
    parseCompile: round(item.scriptParseCompile),
  }))
  const mainThread = (details('mainthread-work-breakdown')?.items ?? []).map((item) => ({
    work: item.groupLabel ?? item.group,
    ms: round(item.duration),
  }))
  const lcpParts = details('lcp-breakdown-insight')?.items ?? []
  const node = lcpParts.find((part) => part.type === 'node')
  const subparts = lcpParts.find((part) => part.type === 'table')?.items ?? []
  const layoutShifts = (details('layout-shifts')?.items ?? []).map((item) => ({
    selector: item.node?.selector ?? null,
    label: item.node?.nodeLabel ?? null,
    score: Number(item.score.toFixed(3)),
  }))
  return {
    longTasks,
    bootup,
    mainThread,
    layoutShifts,
    lcpElement: node ? { selector: node.selector, snippet: node.snippet, label: node.nodeLabel } : null,
    lcpBreakdown: Object.fromEntries(subparts.map((part) => [part.subpart, round(part.duration)])),
  }
}

async function run(port, origin, path, keepStorage) {
  const { lhr } = await lighthouse(`${origin}${path}`, {
    port,
    output: 'json',
    logLevel: 'error',
    onlyCategories: ['performance'],
    disableStorageReset: keepStorage,
  })
  if (lhr.runtimeError) return { error: `${lhr.runtimeError.code}: ${lhr.runtimeError.message}` }
  const audit = (id) => lhr.audits[id]?.numericValue ?? NaN
  return {
    score: Math.round((lhr.categories.performance.score ?? 0) * 100),
    cls: Number(audit('cumulative-layout-shift').toFixed(3)),
    tbt: Math.round(audit('total-blocking-time')),
    lcp: Math.round(audit('largest-contentful-paint')),
    fcp: Math.round(audit('first-contentful-paint')),
    finalUrl: lhr.finalDisplayedUrl.startsWith(origin)
      ? lhr.finalDisplayedUrl.slice(origin.length)
      : lhr.finalDisplayedUrl,
    diagnostics: diagnosticsOf(lhr, origin),
  }
}

const worstBy = (runs, key) => runs.reduce((a, b) => (b[key] > a[key] ? b : a))

/** For a route over a goal, its worst run's long tasks (TBT) or LCP element (LCP), on stdout. */
function logOverGoal(runs) {
  const slowest = worstBy(runs, 'tbt')
  if (slowest.tbt > TBT_GOAL_MS) {
    const tasks = slowest.diagnostics.longTasks
      .slice(0, 6)
      .map((task) => `${task.url} ${task.duration} ms at ${task.startTime}`)
      .join('; ')
    log(`    TBT ${slowest.tbt} ms, long tasks: ${tasks || 'none'}`)
  }
  const latest = worstBy(runs, 'lcp')
  const { lcpElement, lcpBreakdown } = latest.diagnostics
  if (latest.lcp > LCP_GOAL_MS && lcpElement) {
    const parts = Object.entries(lcpBreakdown)
      .map(([part, ms]) => `${part} ${ms}`)
      .join(', ')
    log(`    LCP ${latest.lcp} ms, element ${lcpElement.selector} "${lcpElement.label}" (unthrottled: ${parts})`)
  }
  const shifted = worstBy(runs, 'cls')
  if (shifted.cls > CLS_GOAL) {
    const shifts = shifted.diagnostics.layoutShifts.map((shift) => `${shift.selector} ${shift.score}`).join('; ')
    log(`    CLS ${shifted.cls}, shifted: ${shifts}`)
  }
}

async function measureRoutes(chrome, origin, routes, results) {
  for (const { route, path, keepStorage } of routes) {
    const runs = []
    const failedRuns = []
    // A run Lighthouse could not finish (its runtimeError: no paint seen, a page that did not load) measured
    // nothing: it is kept apart, said, and run again, up to MAX_FAILED_RUNS times per route.
    while (runs.length < LIGHTHOUSE_RUNS && failedRuns.length <= MAX_FAILED_RUNS) {
      const result = await run(chrome.port, origin, path, keepStorage)
      if (result.error) {
        log(`  ${route}: Lighthouse could not finish a run (${result.error})`)
        failedRuns.push(result)
      } else runs.push(result)
    }
    if (runs.length === 0) throw new Error(`Lighthouse finished no run of ${route} on ${origin}`)
    results[route] = {
      ...(failedRuns.length > 0 ? { failedRuns } : {}),
      runs,
      medianScore: median(runs.map((r) => r.score)),
      worstScore: Math.min(...runs.map((r) => r.score)),
      worstCls: Math.max(...runs.map((r) => r.cls)),
      worstTbt: Math.max(...runs.map((r) => r.tbt)),
      worstLcp: Math.max(...runs.map((r) => r.lcp)),
    }
    log(
      `  ${route}: scores ${runs.map((r) => r.score).join(' / ')}, CLS ${runs.map((r) => r.cls).join(' / ')},` +
        ` TBT ${runs.map((r) => r.tbt).join(' / ')} ms, LCP ${runs.map((r) => r.lcp).join(' / ')} ms,` +
        ` FCP ${runs.map((r) => r.fcp).join(' / ')} ms`,
    )
    logOverGoal(runs)
  }
}

/** A Chromium with a profile of its own (chrome-launcher makes a new one each time). */
function launchChromium() {
  return chromeLauncher.launch({ chromePath: chromiumPath(), chromeFlags: ['--headless=new', ...CHROMIUM_FLAGS] })
}

/**
 * { route: { runs: [...], median score, worst score, worst CLS, TBT, LCP } } for one build.
 * `origin` serves the first visits; `signedInOrigin()`, called once they are measured, answers the origin
 * of the signed-in routes (the same in a demo build).
 */
export async function runLighthouse({ name, origin, signedInOrigin: startSignedIn, demo }) {
  log(`\n== ${name} build: Lighthouse 13 mobile, ${LIGHTHOUSE_RUNS} runs per route ==`)
  const results = {}
  let chrome = await launchChromium()
  try {
    await measureRoutes(
      chrome,
      origin,
      [
        { route: '/', path: '/', keepStorage: false },
        { route: '/study-sessions', path: '/study-sessions', keepStorage: false },
      ],
      results,
    )
    const signedInOrigin = await startSignedIn()
    for (const role of ['student', 'tutor', 'admin']) {
      chrome.kill()
      chrome = await launchChromium()
      const id = await signIn(chrome.port, signedInOrigin, role, demo)
      const home = dashboardHome(role)
      const routes = [{ route: `${home} (${role})`, path: home, keepStorage: true }]
      if (role === 'student') {
        routes.unshift({ route: '/session-details/{id}', path: `/session-details/${id}`, keepStorage: true })
      }
      await measureRoutes(chrome, signedInOrigin, routes, results)
    }
    return results
  } finally {
    chrome.kill()
  }
}
