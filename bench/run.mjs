// `npm run bench`: what the app costs a visitor, measured on real builds,
// each figure beside its floor from the same run. One module per step:
//
//  1. bench/builds.mjs, bench/bundle-report.mjs: builds the demo build and a
//     live build (VITE_API_URL=/api) into node_modules/.cache/bench/, and a
//     bare React app as the reference. For each: JS gzip per chunk, all app JS
//     against 340 KiB, the home page's first-load JS against 130 KiB (with no
//     framer-motion in it), and the demo worker against its size when the
//     first budgets were set.
//  2. bench/demo-code-check.mjs: no msw and no loopback address in the live
//     build.
//  3. bench/latency-step.mjs: runs bench/server-latency.mjs and keeps its JSON.
//  4. bench/page-timing.mjs: first visit and start from the home screen
//     (online, offline), LCP and the 6 home cards on screen (their paint
//     time), against a static snapshot of the page (and that snapshot under
//     a minimal precaching worker), in Chromium with Slow 4G and 4× CPU,
//     medians of N. The demo build is served by `vite preview`, the live
//     build by the API server on a seeded PGlite (bench/serve-build.mjs).
//  5. bench/lighthouse-step.mjs: Lighthouse 13 mobile, 3 runs per route, in
//     both builds: `/` and `/study-sessions` as a first visit;
//     `/session-details/{id}` and each role's dashboard home (student, tutor,
//     admin) signed in. A live build signs in through Firebase, so for those
//     routes this step makes a third build, a live build that signs in
//     through an Auth emulator (node_modules/.cache/bench/live-signed-in/,
//     not the one step 2 checks), and serves it as the live build is, with
//     the emulator beside it (bench/serve-build.mjs). Each run's long tasks,
//     costliest scripts, main-thread breakdown and LCP element go into the
//     results.
//  6. bench/goals-table.mjs: the goals' table into docs/performance.md,
//     between its markers (only after a full run: not with --skip-pages,
//     --skip-lighthouse or --only).
//
// Options: --runs N (loads per figure, default 3), --rounds N (the browser steps
// N times, the table the median of the rounds: bench/median-of-rounds.mjs),
// --skip-pages, --skip-lighthouse, --skip-latency, --only demo|live (browser
// steps on one build).
// Results: tables on stdout and bench/results/bench-<time>.json (+ latest.json).
import { mkdir, rm, writeFile } from 'node:fs/promises'
import { join, relative } from 'node:path'
import { cacheDir, KiB, kib, log, resultsDir, root } from './bench-env.mjs'
import { buildBareReact, LIVE_BUILD_ENV, viteBuild } from './builds.mjs'
import { ALL_JS_BUDGET_KIB, BUDGET_KIB, bundleReport, DEMO_WORKER_BASELINE_KIB, printBundle } from './bundle-report.mjs'
import { checkDemoCode } from './demo-code-check.mjs'
import { runServerLatency } from './latency-step.mjs'
import { LIGHTHOUSE_RUNS, runLighthouse } from './lighthouse-step.mjs'
import { CHROMIUM_FLAGS, chromiumPath, CPU_SLOWDOWN, homeScreenRuns, measurePages, NETWORK } from './page-timing.mjs'
import { goalsTable, writeGoalsTable } from './goals-table.mjs'
import { medianOfRounds } from './median-of-rounds.mjs'
import { startLiveServer, startPreview, startSignedInLiveServer } from './serve-build.mjs'

const args = process.argv.slice(2)
const option = (name, fallback) => {
  const i = args.indexOf(`--${name}`)
  return i >= 0 && args[i + 1] ? args[i + 1] : fallback
}
const flag = (name) => args.includes(`--${name}`)

/** Steps 4 and 5 on one build, served as it is deployed. */
async function browserSteps(name, outDir, runs) {
  const server = name === 'demo' ? await startPreview(outDir) : await startLiveServer(outDir)
  const { chromium } = await import('playwright-core')
  const browser = await chromium.launch({ executablePath: chromiumPath(), args: CHROMIUM_FLAGS })
  let signedIn
  try {
    const timings = flag('skip-pages')
      ? undefined
      : await measurePages(browser, { name, origin: server.origin, outDir, runs })
    await browser.close()
    if (flag('skip-lighthouse')) return { timings }
    const lighthouse = await runLighthouse({
      name,
      origin: server.origin,
      // Made only once the first visits are measured, so its build, its Auth emulator (a JVM that keeps
      // compiling for a while after it starts) and its seeding share the CPU with neither step 4's timings
      // nor the first visits' Lighthouse runs: a live build's first visit is measured on as quiet a
      // machine as a demo build's.
      signedInOrigin: async () => {
        if (name !== 'live') return server.origin
        signedIn = await startSignedInLiveServer(join(cacheDir, 'live-signed-in'))
        return signedIn.origin
      },
      demo: name === 'demo',
    })
    return { timings, lighthouse, signedInBuildMs: signedIn?.buildMs }
  } finally {
    await browser.close().catch(() => undefined)
    await signedIn?.stop()
    await server.stop()
  }
}

async function main() {
  const runs = Number(option('runs', '3'))
  const rounds = Number(option('rounds', '1'))
  const only = option('only', null)
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

  const buildMs = { demo: demoMs, live: liveMs }
  const perRound = []
  for (let round = 1; round <= rounds; round++) {
    if (rounds > 1) log(`\n==== round ${round} of ${rounds} ====`)
    const timings = {}
    const lighthouse = {}
    for (const [name, outDir] of [
      ['demo', demoDir],
      ['live', liveDir],
    ]) {
      if (only && only !== name) continue
      const result = await browserSteps(name, outDir, runs)
      if (result.timings) timings[name] = result.timings
      if (result.lighthouse) lighthouse[name] = result.lighthouse
      if (result.signedInBuildMs) buildMs.liveSignedIn = result.signedInBuildMs
    }
    perRound.push({ timings, lighthouse })
  }
  const { timings, lighthouse } = rounds > 1 ? medianOfRounds(perRound) : perRound[0]

  const summary = {
    date: started.toISOString(),
    node: process.version,
    runs,
    network: NETWORK,
    cpuSlowdown: CPU_SLOWDOWN,
    budget: {
      firstLoadGzipKiB: BUDGET_KIB,
      allJsGzipKiB: ALL_JS_BUDGET_KIB,
      demoWorkerGzipKiB: DEMO_WORKER_BASELINE_KIB,
      bareReactGzipKiB: Number(kib(bareReact)),
    },
    buildMs,
    demo: { ...demo, firstLoadRatioToBareReact: Number((demo.firstLoad.gzip / bareReact).toFixed(2)) },
    live: { ...live, firstLoadRatioToBareReact: Number((live.firstLoad.gzip / bareReact).toFixed(2)) },
    bareReact: bare,
    mswInLiveBuild: demoCode.mswInLiveBuild,
    loopbackInLiveBuild: demoCode.loopbackInLiveBuild,
    serverLatency: latency,
    timings,
    lighthouse,
    ...(rounds > 1 ? { rounds: perRound } : {}),
  }
  const file = join(resultsDir, `bench-${started.toISOString().replace(/[:.]/g, '-')}.json`)
  await writeFile(file, `${JSON.stringify(summary, null, 2)}\n`)
  await writeFile(join(resultsDir, 'latest.json'), `${JSON.stringify(summary, null, 2)}\n`)
  log(`\n${goalsTable(summary)}`)
  log(`\nResults: ${relative(root, file)}`)
  const complete = !only && !flag('skip-pages') && !flag('skip-lighthouse')
  if (complete) {
    const minutes = ((Date.now() - started.getTime()) / 60_000).toFixed(1)
    await writeGoalsTable(
      summary,
      // One sentence a line: the page keeps no line over 400 characters.
      [
        `Last \`npm run bench\`: ${started.toISOString().slice(0, 10)}, Node ${process.version}, Chromium at` +
          ` ${chromiumPath()}, ${minutes} min.`,
        `Timings: ${NETWORK}, ${CPU_SLOWDOWN}× CPU, medians of ${runs} loads each (starts from the home screen:` +
          ` ${homeScreenRuns(runs)}, alternating with the floor's), app and floor in the same run.`,
        `Lighthouse: ${LIGHTHOUSE_RUNS} runs per route, the worst run against the goals.`,
        ...(rounds > 1
          ? [
              `The browser steps ran ${rounds} times on the same builds; each figure is the median of the ${rounds}` +
                ` rounds (a ratio: the median of the rounds' ratios; Lighthouse: the median of each round's worst run).`,
            ]
          : []),
      ].join('\n'),
    )
    log('docs/performance.md: the goals table is updated.')
  }

  const overBudget =
    [demo, live].some(
      (build) =>
        build.firstLoad.gzip > BUDGET_KIB * KiB ||
        build.totalJsGzip > ALL_JS_BUDGET_KIB * KiB ||
        build.firstLoad.withMotion.length > 0,
    ) || demo.serviceWorkerGzip > DEMO_WORKER_BASELINE_KIB * KiB
  if (demoCode.failed || overBudget) {
    if (demoCode.mswInLiveBuild.hits.length > 0) log('The live build carries msw.')
    if (demoCode.loopbackInLiveBuild.hits.length > 0) log('The live build names an address on this machine.')
    if (overBudget)
      log('JS is over a budget (first load, all app JS or the demo worker), or framer-motion is in the first load.')
    process.exitCode = 1
  }
  await rm(join(cacheDir, 'bare-react-src'), { recursive: true, force: true })
}

await main()
