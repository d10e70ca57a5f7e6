// Fixed-window rate limits, per client and per kind of call, counted in this
// process's memory. That is exact for one server process; with several
// processes behind a load balancer each counts on its own, so a client gets up
// to N times the limit. Scaling out means moving the counters to a shared
// store (Redis INCR with an expiry per window, or the database) behind the
// same `hit` interface.

export interface RateDecision {
  allowed: boolean
  /** Seconds until the current window ends (what Retry-After says). */
  retryAfterSeconds: number
  remaining: number
}

const WINDOW_MS = 60_000

export class FixedWindowLimiter {
  private window = -1
  private counts = new Map<string, number>()

  /** `limit` calls per minute per key; 0 means no limit. */
  constructor(private readonly limit: number) {}

  hit(key: string, nowMs: number): RateDecision {
    const window = Math.floor(nowMs / WINDOW_MS)
    const retryAfterSeconds = Math.max(1, Math.ceil(((window + 1) * WINDOW_MS - nowMs) / 1000))
    if (this.limit <= 0) return { allowed: true, retryAfterSeconds, remaining: Number.POSITIVE_INFINITY }
    // A new window forgets every key of the last one at once: memory stays
    // bounded by the clients of one minute, with no sweeper to run.
    if (window !== this.window) {
      this.window = window
      this.counts = new Map()
    }
    const count = (this.counts.get(key) ?? 0) + 1
    this.counts.set(key, count)
    return { allowed: count <= this.limit, retryAfterSeconds, remaining: Math.max(0, this.limit - count) }
  }
}
