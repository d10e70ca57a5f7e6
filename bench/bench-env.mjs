// What every step of `npm run bench` shares: where things go, how to log,
// and the statistics (bench/run.mjs runs the steps).
import { createServer } from 'node:net'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'

export const root = fileURLToPath(new URL('..', import.meta.url))
export const cacheDir = join(root, 'node_modules/.cache/bench')
export const resultsDir = join(root, 'bench/results')
export const viteBin = join(root, 'node_modules/vite/bin/vite.js')

export const KiB = 1024
export const kib = (bytes) => (bytes / KiB).toFixed(1)

export function log(message) {
  process.stdout.write(`${message}\n`)
}

export const median = (values) => {
  const sorted = [...values].sort((a, b) => a - b)
  const mid = Math.floor(sorted.length / 2)
  return sorted.length % 2 ? sorted[mid] : (sorted[mid - 1] + sorted[mid]) / 2
}

export function freePort() {
  return new Promise((resolve, reject) => {
    const server = createServer()
    server.once('error', reject)
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address()
      server.close(() => resolve(port))
    })
  })
}

export const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms))
