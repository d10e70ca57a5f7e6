// Step 4 of `npm run bench`: the home page in Chromium (playwright-core) with
// Slow 4G network throttling and 4× CPU slowdown, median of N cold loads,
// against a static HTML snapshot of the same page and bench/static-hero.html.
/* global window, document -- the callbacks passed to page.evaluate run in the browser */
import { spawn } from 'node:child_process'
import { existsSync } from 'node:fs'
import { copyFile, mkdir, writeFile } from 'node:fs/promises'
import { join } from 'node:path'
import { freePort, kib, log, median, resultsDir, root, viteBin } from './bench-env.mjs'

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
export const CPU_SLOWDOWN = 4

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

export async function runLcp(demoOutDir, runs) {
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
