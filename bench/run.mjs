// `npm run bench`: what the app costs a visitor, measured on real builds.
//
//  1. Bundle: builds the demo build and a live build (VITE_API_URL set) into
//     node_modules/.cache/bench/, and a bare React app as the reference. For
//     each: JS gzip per chunk, total JS, and the home page's first-load JS (the
//     entry chunk, its static imports, index.html's modulepreloads, and the
//     home route's chunk when it is lazy), against the budget of 130 KiB gzip,
//     twice a bare React app.
//  2. Demo code in a live build: searches every file of the live build for
//     msw's signature strings (and checks the same search finds them in the
//     demo build, so a pass means something), and for a loopback address: a
//     production build must not talk to an Auth emulator (only a build made
//     with VITE_FIREBASE_AUTH_EMULATOR, as the browser tests' is, may).
//  3. Server latency: runs bench/server-latency.mjs when it exists and keeps
//     its JSON.
//  4. LCP: the home page in Chromium (playwright-core) with Slow 4G network
//     throttling and 4× CPU slowdown, median of N cold loads, against a static
//     HTML snapshot of the same page and bench/static-hero.html.
//
// Options: --runs N (LCP loads per page, default 5), --skip-lcp, --skip-latency,
// --lcp-only (builds only the demo build and runs step 4: a quick LCP check).
// Results: a table on stdout and bench/results/bench-<time>.json (+ latest.json).
/* global window, document -- the callbacks passed to page.evaluate run in the browser */
import { spawn, spawnSync } from 'node:child_process'
import { existsSync } from 'node:fs'
import { copyFile, mkdir, readdir, readFile, rm, stat, writeFile } from 'node:fs/promises'
import { createServer } from 'node:net'
import { join, relative } from 'node:path'
import { fileURLToPath } from 'node:url'
import { gzipSync } from 'node:zlib'

const root = fileURLToPath(new URL('..', import.meta.url))
const cacheDir = join(root, 'node_modules/.cache/bench')
const resultsDir = join(root, 'bench/results')
const viteBin = join(root, 'node_modules/vite/bin/vite.js')

const args = process.argv.slice(2)
const option = (name, fallback) => {
  const i = args.indexOf(`--${name}`)
  return i >= 0 && args[i + 1] ? args[i + 1] : fallback
}
const flag = (name) => args.includes(`--${name}`)

export const BUDGET_KIB = 130
const KiB = 1024
const kib = (bytes) => (bytes / KiB).toFixed(1)
/** msw's own strings; none may appear in a live build. */
const MSW_SIGNATURES = ['[MSW]', 'x-msw-intention', 'msw-websocket-clients', '@mswjs', 'mswjs', 'MSW_']

/** host:port on this machine, as an Auth emulator's address reads (VITE_FIREBASE_AUTH_EMULATOR). */
const LOOPBACK_ADDRESS = /\b(?:127\.\d{1,3}\.\d{1,3}\.\d{1,3}|localhost|\[::1\]):\d{1,5}\b/g

function log(message) {
  process.stdout.write(`${message}\n`)
}

// ---------------------------------------------------------------- builds ----

function viteBuild(outDir, env) {
  const started = Date.now()
  const result = spawnSync(
    process.execPath,
    [viteBin, 'build', '--outDir', outDir, '--emptyOutDir', '--manifest', '--logLevel', 'error'],
    { cwd: root, env: { ...process.env, ...env }, stdio: ['ignore', 'inherit', 'inherit'] },
  )
  if (result.status !== 0) throw new Error(`vite build into ${outDir} failed (exit ${result.status})`)
  return Date.now() - started
}

/** A React 19 app that renders one heading: what "bare React" costs. */
async function buildBareReact(outDir) {
  const dir = join(cacheDir, 'bare-react-src')
  await mkdir(dir, { recursive: true })
  await writeFile(
    join(dir, 'index.html'),
    '<!doctype html><html lang="en"><head><title>bare</title></head><body><div id="root"></div><script type="module" src="./main.jsx"></script></body></html>',
  )
  await writeFile(
    join(dir, 'main.jsx'),
    "import { createRoot } from 'react-dom/client'\ncreateRoot(document.getElementById('root')).render(<h1>Hello</h1>)\n",
  )
  const { build } = await import('vite')
  const { default: react } = await import('@vitejs/plugin-react')
  await build({
    root: dir,
    configFile: false,
    logLevel: 'error',
    plugins: [react()],
    build: { outDir, emptyOutDir: true, manifest: true, target: 'es2022' },
  })
}

async function listFiles(dir) {
  const out = []
  for (const entry of await readdir(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name)
    if (entry.isDirectory()) out.push(...(await listFiles(path)))
    else out.push(path)
  }
  return out
}

async function gzipSize(path) {
  return gzipSync(await readFile(path), { level: 9 }).length
}

/** The JS a first visit to "/" needs before the home page can render. */
async function firstLoad(outDir, homeModule) {
  const manifest = JSON.parse(await readFile(join(outDir, '.vite/manifest.json'), 'utf8'))
  const files = new Set()
  const visit = (key) => {
    const chunk = manifest[key]
    if (!chunk || files.has(chunk.file)) return
    files.add(chunk.file)
    for (const imported of chunk.imports ?? []) visit(imported)
  }
  const entryKey = Object.keys(manifest).find((key) => manifest[key].isEntry && key.endsWith('index.html'))
  if (!entryKey) throw new Error(`No index.html entry in ${outDir}/.vite/manifest.json`)
  visit(entryKey)
  // A lazy home route is part of the first load all the same.
  if (homeModule && manifest[homeModule]) visit(homeModule)
  const html = await readFile(join(outDir, 'index.html'), 'utf8')
  for (const match of html.matchAll(/<link[^>]+rel="modulepreload"[^>]+href="\/?([^"]+)"/g)) files.add(match[1])
  const list = [...files].filter((file) => file.endsWith('.js'))
  const sizes = await Promise.all(list.map(async (file) => ({ file, gzip: await gzipSize(join(outDir, file)) })))
  return { files: sizes, gzip: sizes.reduce((sum, f) => sum + f.gzip, 0) }
}

async function bundleReport(name, outDir, homeModule) {
  const all = await listFiles(outDir)
  const js = all.filter((path) => path.endsWith('.js') && !path.includes(`${join(outDir, '.vite')}`))
  const chunks = []
  for (const path of js) {
    const raw = (await stat(path)).size
    chunks.push({ file: relative(outDir, path), raw, gzip: await gzipSize(path) })
  }
  chunks.sort((a, b) => b.gzip - a.gzip)
  const appChunks = chunks.filter((c) => !/^(sw|workbox-[\w-]+)\.js$/.test(c.file))
  const worker = chunks.filter((c) => !appChunks.includes(c))
  return {
    name,
    outDir: relative(root, outDir),
    chunks,
    totalJsGzip: appChunks.reduce((sum, c) => sum + c.gzip, 0),
    serviceWorkerGzip: worker.reduce((sum, c) => sum + c.gzip, 0),
    firstLoad: await firstLoad(outDir, homeModule),
  }
}

async function findSignatures(outDir) {
  const hits = []
  for (const path of await listFiles(outDir)) {
    if (!/\.(m?js|html|json|webmanifest)$/.test(path) || path.includes('/.vite/')) continue
    const text = await readFile(path, 'utf8')
    for (const signature of MSW_SIGNATURES) {
      if (text.includes(signature)) hits.push({ file: relative(outDir, path), signature })
    }
  }
  return hits
}

async function findLoopbackAddresses(outDir) {
  const hits = []
  for (const path of await listFiles(outDir)) {
    if (!/\.(m?js|html|json|webmanifest)$/.test(path) || path.includes('/.vite/')) continue
    for (const [address] of (await readFile(path, 'utf8')).matchAll(LOOPBACK_ADDRESS)) {
      hits.push({ file: relative(outDir, path), address })
    }
  }
  return hits
}

// ------------------------------------------------------------ latency -------

async function runServerLatency() {
  const script = join(root, 'bench/server-latency.mjs')
  if (!existsSync(script)) return { skipped: 'bench/server-latency.mjs does not exist yet' }
  log('\n== Server latency (bench/server-latency.mjs) ==')
  const started = Date.now()
  const stdout = await new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [script], {
      cwd: root,
      env: { ...process.env, BENCH_RESULTS_DIR: resultsDir },
      stdio: ['ignore', 'pipe', 'inherit'],
    })
    let out = ''
    child.stdout.on('data', (chunk) => {
      out += chunk
      process.stdout.write(chunk)
    })
    const timer = setTimeout(() => child.kill('SIGTERM'), 10 * 60_000)
    child.on('error', reject)
    child.on('close', (code) => {
      clearTimeout(timer)
      if (code === 0) resolve(out)
      else reject(new Error(`bench/server-latency.mjs exited with ${code}`))
    })
  })
  // Its JSON: the whole stdout, else its last JSON line, else a file it wrote.
  const candidates = [stdout.trim(), ...stdout.trim().split('\n').reverse()]
  for (const text of candidates) {
    try {
      return JSON.parse(text)
    } catch {
      // not JSON; try the next candidate
    }
  }
  for (const file of (await readdir(resultsDir)).filter((f) => /^server-latency.*\.json$/.test(f))) {
    const path = join(resultsDir, file)
    if ((await stat(path)).mtimeMs >= started) return JSON.parse(await readFile(path, 'utf8'))
  }
  return { stdout }
}

// ---------------------------------------------------------------- LCP -------

function freePort() {
  return new Promise((resolve, reject) => {
    const server = createServer()
    server.once('error', reject)
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address()
      server.close(() => resolve(port))
    })
  })
}

async function startPreview(outDir) {
  const port = await freePort()
  const child = spawn(
    process.execPath,
    [viteBin, 'preview', '--outDir', outDir, '--host', '127.0.0.1', '--port', String(port), '--strictPort'],
    { cwd: root, stdio: ['ignore', 'ignore', 'inherit'] },
  )
  const url = `http://127.0.0.1:${port}`
  for (let i = 0; i < 100; i++) {
    try {
      if ((await fetch(url)).ok) return { url, stop: () => child.kill('SIGTERM') }
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 100))
  }
  child.kill('SIGTERM')
  throw new Error('vite preview did not start')
}

function chromiumPath() {
  const path = [process.env.CHROMIUM_PATH, '/usr/bin/chromium'].find((p) => p && existsSync(p))
  if (!path) throw new Error('No Chromium found: apt-get install -y chromium (or set CHROMIUM_PATH)')
  return path
}

// DevTools' "Slow 4G" as Lighthouse applies it (150 ms RTT, 1.6 Mbps down,
// 750 kbps up, with its 3.75× latency and 0.9× throughput adjustment).
const SLOW_4G = {
  offline: false,
  latency: 150 * 3.75,
  downloadThroughput: (1.6 * 1024 * 1024 * 0.9) / 8,
  uploadThroughput: (750 * 1024 * 0.9) / 8,
}
const CPU_SLOWDOWN = 4

async function measureLoad(browser, url) {
  const context = await browser.newContext({
    viewport: { width: 412, height: 823 },
    deviceScaleFactor: 1.75,
    isMobile: true,
    hasTouch: true,
    serviceWorkers: 'allow',
  })
  const page = await context.newPage()
  const cdp = await context.newCDPSession(page)
  await cdp.send('Network.enable')
  await cdp.send('Network.setCacheDisabled', { cacheDisabled: true })
  await cdp.send('Network.emulateNetworkConditions', SLOW_4G)
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: CPU_SLOWDOWN })
  let jsBytes = 0
  const jsRequests = new Map()
  cdp.on('Network.responseReceived', (e) => {
    if (e.type === 'Script' && !e.response.url.includes('/sw.js')) jsRequests.set(e.requestId, e.response.url)
  })
  cdp.on('Network.loadingFinished', (e) => {
    if (jsRequests.has(e.requestId)) jsBytes += e.encodedDataLength
  })
  await page.addInitScript(() => {
    window.__lcp = 0
    window.__fcp = 0
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries()) window.__lcp = entry.startTime
    }).observe({ type: 'largest-contentful-paint', buffered: true })
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries()) if (entry.name === 'first-contentful-paint') window.__fcp = entry.startTime
    }).observe({ type: 'paint', buffered: true })
  })
  await page.goto(url, { waitUntil: 'load', timeout: 60_000 })
  // LCP can still change after `load` (a lazy chunk, a late image): wait for quiet.
  await page.waitForLoadState('networkidle', { timeout: 15_000 }).catch(() => undefined)
  await page.waitForTimeout(500)
  const { lcp, fcp } = await page.evaluate(() => ({ lcp: window.__lcp, fcp: window.__fcp }))
  await context.close()
  return { lcp, fcp, jsBytes }
}

const median = (values) => {
  const sorted = [...values].sort((a, b) => a - b)
  const mid = Math.floor(sorted.length / 2)
  return sorted.length % 2 ? sorted[mid] : (sorted[mid - 1] + sorted[mid]) / 2
}

/** The demo build's home page as it renders, without its scripts: the same hero as static HTML. */
async function writeStaticSnapshot(browser, baseUrl, outDir) {
  const context = await browser.newContext({ viewport: { width: 412, height: 823 }, serviceWorkers: 'block' })
  const page = await context.newPage()
  await page.goto(baseUrl, { waitUntil: 'networkidle' })
  await page.getByRole('heading', { level: 1 }).first().waitFor()
  const html = await page.evaluate(() => {
    const doc = document.documentElement.cloneNode(true)
    for (const el of doc.querySelectorAll('script, link[rel="modulepreload"]')) el.remove()
    return `<!doctype html>\n${doc.outerHTML}`
  })
  await context.close()
  await writeFile(join(outDir, 'bench-static-home.html'), html)
  await mkdir(resultsDir, { recursive: true })
  await writeFile(join(resultsDir, 'static-home-snapshot.html'), html)
}

async function runLcp(demoOutDir, runs) {
  const { chromium } = await import('playwright-core')
  await copyFile(join(root, 'bench/static-hero.html'), join(demoOutDir, 'bench-static-hero.html'))
  const preview = await startPreview(demoOutDir)
  const browser = await chromium.launch({
    executablePath: chromiumPath(),
    args: ['--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking'],
  })
  try {
    await writeStaticSnapshot(browser, preview.url, demoOutDir)
    const pages = {
      'home (SPA, demo build)': `${preview.url}/`,
      'static snapshot of home': `${preview.url}/bench-static-home.html`,
      'bench/static-hero.html': `${preview.url}/bench-static-hero.html`,
    }
    const results = {}
    for (const [name, url] of Object.entries(pages)) {
      const samples = []
      for (let i = 0; i < runs; i++) samples.push(await measureLoad(browser, url))
      results[name] = {
        url: url.replace(preview.url, ''),
        runs,
        lcpMedian: Math.round(median(samples.map((s) => s.lcp))),
        fcpMedian: Math.round(median(samples.map((s) => s.fcp))),
        jsTransferredMedian: Math.round(median(samples.map((s) => s.jsBytes))),
        lcpSamples: samples.map((s) => Math.round(s.lcp)),
      }
      log(
        `  ${name}: LCP median ${results[name].lcpMedian} ms (${results[name].lcpSamples.join(', ')}),` +
          ` FCP ${results[name].fcpMedian} ms, JS transferred ${kib(results[name].jsTransferredMedian)} KiB`,
      )
    }
    const spa = results['home (SPA, demo build)'].lcpMedian
    const snapshot = results['static snapshot of home'].lcpMedian
    return {
      network: 'Slow 4G (562.5 ms RTT, 1.44 Mbps down)',
      cpuSlowdown: CPU_SLOWDOWN,
      pages: results,
      spaToStaticRatio: snapshot > 0 ? Number((spa / snapshot).toFixed(2)) : null,
    }
  } finally {
    await browser.close()
    preview.stop()
  }
}

// --------------------------------------------------------------- report -----

function printBundle(report, bareReact) {
  log(`\n== ${report.name} build (${report.outDir}) ==`)
  log('chunk'.padEnd(56) + 'raw KiB'.padStart(10) + 'gzip KiB'.padStart(10) + '  first load')
  const first = new Set(report.firstLoad.files.map((f) => f.file))
  for (const chunk of report.chunks) {
    log(
      chunk.file.padEnd(56) +
        kib(chunk.raw).padStart(10) +
        kib(chunk.gzip).padStart(10) +
        (first.has(chunk.file) ? '  ●' : ''),
    )
  }
  log(`total app JS (gzip):         ${kib(report.totalJsGzip)} KiB`)
  log(`service worker JS (gzip):    ${kib(report.serviceWorkerGzip)} KiB`)
  log(
    `home first-load JS (gzip):   ${kib(report.firstLoad.gzip)} KiB` +
      ` = ${(report.firstLoad.gzip / bareReact).toFixed(2)}× bare React (${kib(bareReact)} KiB);` +
      ` budget ${BUDGET_KIB} KiB → ${report.firstLoad.gzip <= BUDGET_KIB * KiB ? 'within' : 'OVER'}`,
  )
}

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
  const liveMs = viteBuild(liveDir, {
    VITE_API_URL: 'https://api.example.invalid',
    VITE_FIREBASE_API_KEY: 'bench-api-key',
    VITE_FIREBASE_AUTH_DOMAIN: 'bench.example.invalid',
    VITE_FIREBASE_PROJECT_ID: 'bench-project',
    VITE_FIREBASE_APP_ID: '1:000000000000:web:bench',
    // A production build: whatever the shell says, no emulator.
    VITE_FIREBASE_AUTH_EMULATOR: '',
  })
  await buildBareReact(bareDir)

  const homeModule = 'src/app/routes/home.tsx'
  const bare = await bundleReport('bare React', bareDir, null)
  const demo = await bundleReport('demo', demoDir, homeModule)
  const live = await bundleReport('live', liveDir, homeModule)
  const bareReact = bare.firstLoad.gzip
  printBundle(demo, bareReact)
  printBundle(live, bareReact)

  const liveHits = await findSignatures(liveDir)
  const demoHits = await findSignatures(demoDir)
  log('\n== msw in the live build ==')
  if (liveHits.length > 0) {
    log(`FAIL: msw code in the live build: ${liveHits.map((h) => `${h.file} (${h.signature})`).join(', ')}`)
  } else if (demoHits.length === 0) {
    log('none found, but the signatures were not found in the demo build either: the search proves little')
  } else {
    log(`none (the same search finds ${demoHits.length} signature hit(s) in the demo build, e.g. ${demoHits[0].file})`)
  }

  const loopbackHits = await findLoopbackAddresses(liveDir)
  log('\n== Auth emulator (loopback) address in the live build ==')
  log(
    loopbackHits.length > 0
      ? `FAIL: ${loopbackHits.map((h) => `${h.file} (${h.address})`).join(', ')}`
      : 'none (built without VITE_FIREBASE_AUTH_EMULATOR, it names no address on this machine)',
  )

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
    budget: { firstLoadGzipKiB: BUDGET_KIB, bareReactGzipKiB: Number(kib(bareReact)) },
    buildMs: { demo: demoMs, live: liveMs },
    demo: { ...demo, firstLoadRatioToBareReact: Number((demo.firstLoad.gzip / bareReact).toFixed(2)) },
    live: { ...live, firstLoadRatioToBareReact: Number((live.firstLoad.gzip / bareReact).toFixed(2)) },
    bareReact: bare,
    mswInLiveBuild: { hits: liveHits, demoBuildHits: demoHits.length },
    loopbackInLiveBuild: { hits: loopbackHits },
    serverLatency: latency,
    lcp,
  }
  const file = join(resultsDir, `bench-${started.toISOString().replace(/[:.]/g, '-')}.json`)
  await writeFile(file, `${JSON.stringify(summary, null, 2)}\n`)
  await writeFile(join(resultsDir, 'latest.json'), `${JSON.stringify(summary, null, 2)}\n`)
  log(`\nResults: ${relative(root, file)}`)

  const overBudget = demo.firstLoad.gzip > BUDGET_KIB * KiB || live.firstLoad.gzip > BUDGET_KIB * KiB
  if (liveHits.length > 0 || loopbackHits.length > 0 || overBudget) {
    if (liveHits.length > 0) log('The live build carries msw.')
    if (loopbackHits.length > 0) log('The live build names an address on this machine (an Auth emulator?).')
    if (overBudget) log(`First-load JS is over the ${BUDGET_KIB} KiB budget.`)
    process.exitCode = 1
  }
  await rm(join(cacheDir, 'bare-react-src'), { recursive: true, force: true })
}

await main()
