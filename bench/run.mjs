// `npm run bench`: what the app costs a visitor, measured on real builds.
// One module per step:
//
//  1. bench/builds.mjs, bench/bundle-report.mjs: builds the demo build and a
//     live build (VITE_API_URL set) into node_modules/.cache/bench/, and a
//     bare React app as the reference. For each: JS gzip per chunk, all app JS
//     against 250 KiB, and the home page's first-load JS against 130 KiB.
//  2. bench/demo-code-check.mjs: no msw and no loopback address in the live
//     build.
//  3. bench/latency-step.mjs: runs bench/server-latency.mjs and keeps its JSON.
//  4. bench/page-timing.mjs: the home page's LCP in Chromium with Slow 4G
//     network throttling and 4× CPU slowdown, median of N cold loads, against
//     a static HTML snapshot of the same page and bench/static-hero.html.
//
// Options: --runs N (LCP loads per page, default 5), --skip-lcp, --skip-latency,
// --lcp-only (builds only the demo build and runs step 4: a quick LCP check).
// Results: a table on stdout and bench/results/bench-<time>.json (+ latest.json).
import { mkdir, rm, writeFile } from 'node:fs/promises'
import { join, relative } from 'node:path'
import { cacheDir, KiB, kib, log, resultsDir, root } from './bench-env.mjs'
import { buildBareReact, LIVE_BUILD_ENV, viteBuild } from './builds.mjs'
import { ALL_JS_BUDGET_KIB, BUDGET_KIB, bundleReport, printBundle } from './bundle-report.mjs'
import { checkDemoCode } from './demo-code-check.mjs'
import { runServerLatency } from './latency-step.mjs'
import { CPU_SLOWDOWN, runLcp } from './page-timing.mjs'

const args = process.argv.slice(2)
const option = (name, fallback) => {
  const i = args.indexOf(`--${name}`)
  return i >= 0 && args[i + 1] ? args[i + 1] : fallback
}
const flag = (name) => args.includes(`--${name}`)

/** --lcp-only: the demo build and its LCP, nothing else; results are printed, not saved. */
async function lcpOnly(runs) {
  const demoDir = join(cacheDir, 'demo')
  log(`Building the demo build into ${relative(root, demoDir)}/ …`)
  viteBuild(demoDir, { VITE_API_URL: '' })
  log(`\n== LCP of the home page (Slow 4G, ${CPU_SLOWDOWN}× CPU, ${runs} cold loads each) ==`)
  const lcp = await runLcp(demoDir, runs)
  log(`  SPA / static snapshot: ${lcp.spaToStaticRatio}×`)
}

async function main() {
  const runs = Number(option('runs', '5'))
  if (flag('lcp-only')) return lcpOnly(runs)
  await mkdir(resultsDir, { recursive: true })
  const started = new Date()
  log(`Building into ${relative(root, cacheDir)}/ …`)
  const demoDir = join(cacheDir, 'demo')
  const liveDir = join(cacheDir, 'live')
  const bareDir = join(cacheDir, 'bare-react')
  const demoMs = viteBuild(demoDir, { VITE_API_URL: '' })
  const liveMs = viteBuild(liveDir, LIVE_BUILD_ENV)
  await buildBareReact(bareDir)

  const homeModule = 'src/app/routes/home.tsx'
  const bare = await bundleReport('bare React', bareDir, null)
  const demo = await bundleReport('demo', demoDir, homeModule)
  const live = await bundleReport('live', liveDir, homeModule)
  const bareReact = bare.firstLoad.gzip
  printBundle(demo, bareReact)
  printBundle(live, bareReact)

  const demoCode = await checkDemoCode(demoDir, liveDir)

  const latency = flag('skip-latency') ? { skipped: '--skip-latency' } : await runServerLatency()

  let lcp = { skipped: '--skip-lcp' }
  if (!flag('skip-lcp')) {
    log(`\n== LCP of the home page (Slow 4G, ${CPU_SLOWDOWN}× CPU, ${runs} cold loads each) ==`)
    lcp = await runLcp(demoDir, runs)
    log(`  SPA / static snapshot: ${lcp.spaToStaticRatio}×`)
  }

  const summary = {
    date: started.toISOString(),
    node: process.version,
    budget: { firstLoadGzipKiB: BUDGET_KIB, allJsGzipKiB: ALL_JS_BUDGET_KIB, bareReactGzipKiB: Number(kib(bareReact)) },
    buildMs: { demo: demoMs, live: liveMs },
    demo: { ...demo, firstLoadRatioToBareReact: Number((demo.firstLoad.gzip / bareReact).toFixed(2)) },
    live: { ...live, firstLoadRatioToBareReact: Number((live.firstLoad.gzip / bareReact).toFixed(2)) },
    bareReact: bare,
    mswInLiveBuild: demoCode.mswInLiveBuild,
    loopbackInLiveBuild: demoCode.loopbackInLiveBuild,
    serverLatency: latency,
    lcp,
  }
  const file = join(resultsDir, `bench-${started.toISOString().replace(/[:.]/g, '-')}.json`)
  await writeFile(file, `${JSON.stringify(summary, null, 2)}\n`)
  await writeFile(join(resultsDir, 'latest.json'), `${JSON.stringify(summary, null, 2)}\n`)
  log(`\nResults: ${relative(root, file)}`)

  const overBudget = [demo, live].some(
    (build) => build.firstLoad.gzip > BUDGET_KIB * KiB || build.totalJsGzip > ALL_JS_BUDGET_KIB * KiB,
  )
  if (demoCode.failed || overBudget) {
    if (demoCode.mswInLiveBuild.hits.length > 0) log('The live build carries msw.')
    if (demoCode.loopbackInLiveBuild.hits.length > 0) log('The live build names an address on this machine.')
    if (overBudget) log(`JS is over a budget (first load ${BUDGET_KIB} KiB, all app JS ${ALL_JS_BUDGET_KIB} KiB).`)
    process.exitCode = 1
  }
  await rm(join(cacheDir, 'bare-react-src'), { recursive: true, force: true })
}

await main()
