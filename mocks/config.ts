// Run-time knobs of the demo server. Defaults suit tests and the node bench
// (no latency, cheap password hashing under vitest); the service worker host
// sets a realistic latency when it starts (mocks/sw-demo-server.ts).

const isTest = typeof import.meta.env !== 'undefined' && import.meta.env.MODE === 'test'

const config = {
  latencyMs: 0,
  /** PBKDF2-SHA-256 iterations for the demo identity provider's password hashes. */
  passwordIterations: isTest ? 1_000 : 100_000,
}

/** Delay before every answer, so the demo behaves like a remote server. */
export function setLatency(ms: number): void {
  config.latencyMs = Math.max(0, ms)
}

export function getLatency(): number {
  return config.latencyMs
}

export function getPasswordIterations(): number {
  return config.passwordIterations
}

/**
 * The worker's latency: a quick server on a decent connection, 150 ms, so a
 * person trying the demo sees what loads and when. A build may set another
 * (VITE_DEMO_LATENCY_MS), e.g. a faster one for a test run.
 */
export const WORKER_LATENCY_MS =
  latencyFromEnv(typeof import.meta.env !== 'undefined' ? import.meta.env.VITE_DEMO_LATENCY_MS : undefined) ?? 150

function latencyFromEnv(value: string | undefined): number | null {
  const ms = Number(value)
  return value && Number.isFinite(ms) && ms >= 0 ? ms : null
}
