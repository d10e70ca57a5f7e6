// Demo-server latency at 10,000 sessions, in Node: seeds the demo database
// (fake-indexeddb) with 10,000 sessions, then times the handlers through msw's
// getResponse, exactly as the service worker calls them, with no simulated
// latency. Prints one JSON object on stdout.
//
//   node bench/server-latency.mjs [--sessions 10000] [--calls 30] [--page-calls 200]
//
// fake-indexeddb is slower than Chromium's IndexedDB on offsets and faster on
// bulk writes (as measured when this bench was written), so these numbers compare runs of this bench; they
// are not what a phone will show.
import 'fake-indexeddb/auto'
import { performance } from 'node:perf_hooks'
import { fileURLToPath } from 'node:url'
import { createServer } from 'vite'

const args = process.argv.slice(2)
const option = (name, fallback) => {
  const i = args.indexOf(`--${name}`)
  return i >= 0 ? Number(args[i + 1]) : fallback
}
const SESSIONS = option('sessions', 10_000)
const CALLS = option('calls', 30)
const PAGE_CALLS = option('page-calls', 200)
const PAGE_SIZE = 8
const ORIGIN = 'http://localhost:4173'

const root = fileURLToPath(new URL('..', import.meta.url))
// Vite only compiles the TypeScript modules of mocks/ and src/contract for Node.
const vite = await createServer({
  root,
  configFile: false,
  logLevel: 'error',
  appType: 'custom',
  define: { __DEMO__: 'true' },
  server: { middlewareMode: true, hmr: false, ws: false, watch: null },
  optimizeDeps: { noDiscovery: true, include: [] },
})

try {
  const { getResponse } = await import('msw')
  const { handlers } = await vite.ssrLoadModule('/mocks/handlers.ts')
  const { resetDemoData } = await vite.ssrLoadModule('/mocks/server/ready.ts')
  const { setLatency } = await vite.ssrLoadModule('/mocks/config.ts')
  setLatency(0)

  const seedStart = performance.now()
  await resetDemoData({ sessions: SESSIONS })
  const seedMs = performance.now() - seedStart

  const get = async (path) => {
    const response = await getResponse(handlers, new Request(`${ORIGIN}/api${path}`), { quiet: true })
    if (!response || !response.ok) throw new Error(`GET ${path} answered ${response?.status}`)
    return response
  }

  const time = async (calls, pathOf) => {
    const samples = []
    // One warm-up call, not counted.
    await (await get(pathOf(0))).arrayBuffer()
    for (let i = 0; i < calls; i++) {
      const start = performance.now()
      const response = await get(pathOf(i))
      await response.arrayBuffer()
      samples.push(performance.now() - start)
    }
    samples.sort((a, b) => a - b)
    const at = (q) => samples[Math.min(samples.length - 1, Math.floor(q * samples.length))]
    const round = (n) => Math.round(n * 100) / 100
    return {
      calls,
      medianMs: round(at(0.5)),
      p95Ms: round(at(0.95)),
      minMs: round(samples[0]),
      maxMs: round(samples.at(-1)),
    }
  }

  const first = await get('/sessions?status=approved')
  const approved = (await first.json()).length
  const pages = Math.max(1, Math.ceil(approved / PAGE_SIZE))
  const paged = await get(`/sessions?status=approved&page=1&limit=${PAGE_SIZE}`)
  const total = Number(paged.headers.get('X-Total-Count'))

  const fullList = await time(CALLS, () => '/sessions?status=approved')
  // Pages spread over the whole list, the deep ones included.
  const pagedList = await time(PAGE_CALLS, (i) => {
    const page = 1 + ((i * 7919) % pages)
    return `/sessions?status=approved&page=${page}&limit=${PAGE_SIZE}`
  })

  process.stdout.write(
    `${JSON.stringify({
      bench: 'demo-server-latency',
      runtime: `node ${process.version}, fake-indexeddb`,
      sessions: SESSIONS,
      approvedSessions: approved,
      seedMs: Math.round(seedMs),
      'GET /sessions?status=approved': { ...fullList, items: approved },
      [`GET /sessions?status=approved&page=N&limit=${PAGE_SIZE}`]: { ...pagedList, totalCountHeader: total, pages },
    })}\n`,
  )
} finally {
  await vite.close()
}
