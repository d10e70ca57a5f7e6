// One bounded load run with autocannon, measured from every response: exact
// p50/p95/p99 (autocannon's own summary has no p95), throughput over the
// measured run, and the answers that were not 2xx, by status. A short run
// before it warms the server up (JIT, connection pools, caches) and is thrown
// away, and the measured run starts once the server has answered it all.
import autocannon from 'autocannon'

/** The q-quantile of sorted samples (nearest rank). */
function quantile(sorted, q) {
  if (sorted.length === 0) return null
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil(q * sorted.length) - 1))]
}

/** The pause between the warm-up and the measured run. */
const SETTLE_MS = 1000

const round = (n, digits = 2) => (n === null ? null : Math.round(n * 10 ** digits) / 10 ** digits)

function run(options, onLatency) {
  return new Promise((resolve, reject) => {
    const instance = autocannon(options, (error, result) => (error ? reject(error) : resolve(result)))
    instance.on('response', (_client, _status, _bytes, ms) => onLatency(ms))
  })
}

/**
 * Loads `origin` with `requests` (autocannon's request list: method, path,
 * headers, body, setupRequest) from `connections` connections: `warmupSeconds`
 * not counted, then `durationSeconds` measured.
 */
export async function measure({ origin, requests, connections, durationSeconds, warmupSeconds }) {
  const base = { url: origin, connections, requests, timeout: 30 }
  if (warmupSeconds > 0) {
    await run({ ...base, duration: warmupSeconds }, () => {})
    // The warm-up ends with a request in flight on each connection, which the
    // server still answers after autocannon has closed it: a pause longer than
    // the server takes to answer them (50 of the slowest endpoint here: about
    // 0.3 s), so the measured run does not start behind the warm-up's leftovers.
    await new Promise((resolve) => setTimeout(resolve, SETTLE_MS))
  }
  const latencies = []
  const result = await run({ ...base, duration: durationSeconds }, (ms) => latencies.push(ms))
  latencies.sort((a, b) => a - b)
  const statusCodes = Object.fromEntries(Object.entries(result.statusCodeStats).map(([code, s]) => [code, s.count]))
  return {
    requests: latencies.length,
    seconds: result.duration,
    reqPerSec: round(latencies.length / result.duration, 1),
    p50Ms: round(quantile(latencies, 0.5)),
    p95Ms: round(quantile(latencies, 0.95)),
    p99Ms: round(quantile(latencies, 0.99)),
    maxMs: round(latencies.at(-1) ?? null),
    non2xx: result.non2xx,
    errors: result.errors,
    timeouts: result.timeouts,
    statusCodes,
  }
}
