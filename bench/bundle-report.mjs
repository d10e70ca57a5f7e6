// Step 1b of `npm run bench`: what each build costs. JS gzip per chunk, all
// app JS (the worker apart), and the home page's first-load JS (the entry
// chunk, its static imports, index.html's modulepreloads, and the home
// route's chunk when it is lazy), against the budgets.
import { readdir, readFile, stat } from 'node:fs/promises'
import { join, relative } from 'node:path'
import { gzipSync } from 'node:zlib'
import { KiB, kib, log, root } from './bench-env.mjs'

/** Home page first-load JS, gzip (docs/performance.md#speed-on-a-phone-npm-run-bench). */
export const BUDGET_KIB = 130
/**
 * All app JS, the service worker apart, gzip: 250 KiB (docs/performance.md#javascript-budget-first-pass), 265 KiB
 * with axios (docs/decisions/0053-axios-after-the-first-paint.md), 340 KiB with the phone's shell and its motion
 * (docs/decisions/0078-phone-shell.md), all of it loaded after the first paint.
 */
export const ALL_JS_BUDGET_KIB = 340
/** The demo build's worker (demo server included), gzip, when the 250 KiB budget was set (docs/performance.md#javascript-budget-first-pass): it may not grow. */
export const DEMO_WORKER_BASELINE_KIB = 210.5

export async function listFiles(dir) {
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

/**
 * framer-motion's code, as a build writes it: its components (`data-framer-appear-id`) and its animation engine
 * (the `cubic-bezier(` it writes). It loads after the visitor's first interaction, never with the first load.
 */
const MOTION_MARKERS = ['data-framer-appear-id', 'cubic-bezier(']

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
  const withMotion = []
  for (const file of list) {
    const code = await readFile(join(outDir, file), 'utf8')
    if (MOTION_MARKERS.some((marker) => code.includes(marker))) withMotion.push(file)
  }
  return { files: sizes, gzip: sizes.reduce((sum, f) => sum + f.gzip, 0), withMotion }
}

export async function bundleReport(name, outDir, homeModule) {
  const all = await listFiles(outDir)
  // A live build's server renderer (server-render/*.mjs) runs on the API server, never in the browser.
  const js = all.filter(
    (path) =>
      path.endsWith('.js') &&
      !path.includes(`${join(outDir, '.vite')}`) &&
      !path.startsWith(join(outDir, 'server-render')),
  )
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

export function printBundle(report, bareReact) {
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
  log(
    `total app JS (gzip):         ${kib(report.totalJsGzip)} KiB; budget ${ALL_JS_BUDGET_KIB} KiB → ` +
      (report.totalJsGzip <= ALL_JS_BUDGET_KIB * KiB ? 'within' : 'OVER'),
  )
  log(`service worker JS (gzip):    ${kib(report.serviceWorkerGzip)} KiB`)
  log(
    `home first-load JS (gzip):   ${kib(report.firstLoad.gzip)} KiB` +
      ` = ${(report.firstLoad.gzip / bareReact).toFixed(2)}× bare React (${kib(bareReact)} KiB);` +
      ` budget ${BUDGET_KIB} KiB → ${report.firstLoad.gzip <= BUDGET_KIB * KiB ? 'within' : 'OVER'}`,
  )
  log(
    `framer-motion in the first load: ${report.firstLoad.withMotion.length === 0 ? 'no' : `YES (${report.firstLoad.withMotion.join(', ')})`}`,
  )
}
