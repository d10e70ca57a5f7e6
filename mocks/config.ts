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

/** The worker's default latency: a quick server on a decent connection. */
export const WORKER_LATENCY_MS = 150
