// The sync engine: sends the outbox (./outbox.ts) to the server in order,
// whatever kind each entry is
// (docs/decisions/0062-one-outbox-for-notes-and-cancels.md). One tab at a time
// holds the Web Lock 'studyhub-outbox' while it sends, so two open tabs never
// send the same entry; where Web Locks are missing (old browsers, jsdom) a lock
// inside the tab still keeps one flush at a time. Each entry goes with its own
// Idempotency-Key, so a retry after a lost answer is answered from the server's
// record, not applied again.
//
// Outcomes per entry, settled here for every kind (sendOne): 2xx → confirmed
// (the kind settles what it wrote); an answer that says "try later" (408,
// 429, 5xx, any answer with Retry-After, or a 409 saying the same request is
// still being processed) and no answer at all, or 401 (token expired) → left
// queued, and the flush stops until the next trigger: the connection returns,
// the tab becomes visible, the app starts, a new write, or a backoff timer
// while online (never sooner than the server's Retry-After); another 4xx the
// kind settles itself (what was wanted is already so, or a conflict kept for
// the user); any other 4xx → refused, kept with the reason until the user acts.
// An entry held for its Undo (./outbox.ts, `holdUntil`) is passed over, and the
// engine flushes again when its time is up.
//
// Only entries of the signed-in user are ever sent: the engine is bound to
// one email and the HTTP client sends that user's stored token.
import { ApiError, errorMessage } from '#shared/api/api-error'
import { appDb, type AppDb, type OutboxEntry } from '#shared/db/app-db'
import { createStore } from '#shared/store/create-store'
import { claimNext, nextHoldEnd, type OutboxKinds } from './outbox'

export const OUTBOX_LOCK = 'studyhub-outbox'

export interface LockProvider {
  request(name: string, callback: () => Promise<void>): Promise<void>
}

// Without Web Locks: one flush at a time within this tab, across engines
// (a one-off flush and the app's engine must not claim the same entry).
let tabQueue: Promise<unknown> = Promise.resolve()
const tabLock: LockProvider = {
  request(_name, callback) {
    const run = tabQueue.then(callback, callback)
    tabQueue = run.catch(() => undefined)
    return run
  },
}

function browserLocks(): LockProvider | null {
  const locks = typeof navigator === 'undefined' ? undefined : navigator.locks
  return locks && typeof locks.request === 'function'
    ? { request: (name, callback) => locks.request(name, callback) }
    : null
}

export interface OutboxSyncOptions {
  email: string
  /** What this engine can send, by kind. */
  kinds: OutboxKinds
  db?: AppDb
  isOnline?: () => boolean
  /** null: no cross-tab lock (only the tab's own). Default: navigator.locks when present. */
  locks?: LockProvider | null
  /** Called after a flush that confirmed or refused anything (screens refresh). */
  onChange?: () => void
}

export interface FlushResult {
  sent: number
  refused: number
  /** Writes that met another device's newer change (kept for the user to settle). */
  conflicts: number
  /** Why the flush stopped early with entries left, if it did. */
  stopped?: 'offline' | 'network' | 'unauthorized' | 'server' | 'storage' | 'stopped'
  /** How long the server asked to wait before the next try (Retry-After), when it said. */
  retryAfterMs?: number
}

export interface OutboxSync {
  readonly email: string
  /** Sends what is queued; resolves when this tab's flush is over. */
  flush(): Promise<FlushResult>
  /** Flushes now and on every trigger until the returned function is called. */
  start(): () => void
  stop(): void
}

const defaultOnline = () => typeof navigator === 'undefined' || navigator.onLine !== false

type Outcome = 'sent' | 'refused' | 'conflict' | NonNullable<FlushResult['stopped']>

/** The server's word for a request with the same Idempotency-Key that has not finished yet. */
const STILL_PROCESSING = /still being processed/i

/**
 * Whether an answer asks to be asked again later rather than refusing: 408,
 * 429 and 5xx, any answer with Retry-After, and a 409 saying the same request
 * is still being processed (the first attempt, whose answer was lost, has not
 * finished on the server). Sending it again later gets that first answer.
 */
function triesLater(error: ApiError): boolean {
  if (error.status === 408 || error.status === 429 || error.status >= 500) return true
  if (error.retryAfterMs !== undefined) return true
  return error.status === 409 && STILL_PROCESSING.test(errorMessage(error))
}

function classify(error: unknown): Outcome {
  if (!(error instanceof ApiError)) return 'network'
  if (error.isNetworkError) return 'network'
  if (error.status === 401) return 'unauthorized'
  if (triesLater(error)) return 'server'
  return 'refused'
}

const nothing = (): FlushResult => ({ sent: 0, refused: 0, conflicts: 0 })

export function createOutboxSync({
  email,
  kinds,
  db = appDb,
  isOnline = defaultOnline,
  locks = browserLocks(),
  onChange,
}: OutboxSyncOptions): OutboxSync {
  let stopped = false
  let running: Promise<FlushResult> | null = null
  let again = false
  let backoff = 0
  let retryTimer: ReturnType<typeof setTimeout> | undefined
  let holdTimer: ReturnType<typeof setTimeout> | undefined
  let started = false

  /** How long the last answer asked to wait, if it did. */
  let retryAfterMs: number | undefined

  async function sendOne(entry: OutboxEntry): Promise<Outcome> {
    // claimNext hands out only entries of a kind this engine knows.
    const kind = kinds[entry.kind]!
    let answer: unknown
    try {
      answer = await kind.send(entry)
    } catch (error) {
      const outcome = classify(error)
      retryAfterMs = error instanceof ApiError ? error.retryAfterMs : undefined
      if (outcome !== 'refused') return outcome
      const settled = await kind.settle?.(entry, error as ApiError, db)
      if (settled) return settled
      await kind.refuse(entry, errorMessage(error), db)
      return 'refused'
    }
    await kind.confirm(entry, answer, db)
    return 'sent'
  }

  async function drain(): Promise<FlushResult> {
    const result = nothing()
    for (;;) {
      if (stopped) return { ...result, stopped: 'stopped' }
      if (!isOnline()) return { ...result, stopped: 'offline' }
      let entry: OutboxEntry | undefined
      try {
        entry = await claimNext(email, kinds, db)
      } catch {
        return { ...result, stopped: 'storage' }
      }
      if (!entry) return result
      let outcome: Outcome
      try {
        outcome = await sendOne(entry)
      } catch {
        // The answer came but could not be stored: the entry stays and is sent again (same key).
        return { ...result, stopped: 'storage' }
      }
      if (outcome === 'sent') result.sent += 1
      else if (outcome === 'refused') result.refused += 1
      else if (outcome === 'conflict') result.conflicts += 1
      else return { ...result, stopped: outcome, ...(retryAfterMs === undefined ? {} : { retryAfterMs }) }
    }
  }

  function locked(): Promise<FlushResult> {
    let result = nothing()
    return (locks ?? tabLock)
      .request(OUTBOX_LOCK, async () => {
        result = await drain()
      })
      .then(() => result)
  }

  function scheduleRetry(result: FlushResult): void {
    clearTimeout(retryTimer)
    if (stopped || (result.stopped !== 'server' && result.stopped !== 'network') || !isOnline()) return
    // The data cache's backoff (docs/product.md#constants): min(1000 * 2^n, 30000) ms,
    // and never sooner than the server asked.
    const delay = Math.max(Math.min(1000 * 2 ** backoff, 30_000), result.retryAfterMs ?? 0)
    backoff += 1
    retryTimer = setTimeout(() => void flush(), delay)
  }

  /**
   * A started engine flushes again when the first held entry's Undo time is
   * up (a later write or flush sets the time anew); a one-off flush does not
   * stay behind for it.
   */
  async function scheduleHoldEnd(): Promise<void> {
    if (!started) return
    const at = await nextHoldEnd(email, db).catch(() => undefined)
    clearTimeout(holdTimer)
    if (stopped || at === undefined) return
    holdTimer = setTimeout(() => void flush(), Math.max(0, at - Date.now()))
  }

  function flush(): Promise<FlushResult> {
    if (running) {
      // A write arrived during the flush: run once more after it.
      again = true
      return running
    }
    running = (async () => {
      let total = nothing()
      do {
        again = false
        const result = await locked()
        total = {
          ...result,
          sent: total.sent + result.sent,
          refused: total.refused + result.refused,
          conflicts: total.conflicts + result.conflicts,
        }
      } while (again && !stopped)
      return total
    })().finally(() => {
      running = null
    })
    return running.then(async (result) => {
      if (!result.stopped) backoff = 0
      scheduleRetry(result)
      await scheduleHoldEnd()
      if (result.sent > 0 || result.refused > 0 || result.conflicts > 0) onChange?.()
      return result
    })
  }

  const onOnline = () => void flush()
  const onVisible = () => {
    if (document.visibilityState === 'visible') void flush()
  }

  function start(): () => void {
    stopped = false
    started = true
    window.addEventListener('online', onOnline)
    document.addEventListener('visibilitychange', onVisible)
    void flush()
    return stop
  }

  function stop(): void {
    stopped = true
    clearTimeout(retryTimer)
    clearTimeout(holdTimer)
    window.removeEventListener('online', onOnline)
    document.removeEventListener('visibilitychange', onVisible)
  }

  return { email, flush, start, stop }
}

// ---- The app's one engine, bound to the signed-in user.

let active: OutboxSync | null = null
/** How many times an engine confirmed or refused writes. */
const changes = createStore(0)

function notify(): void {
  changes.set((count) => count + 1)
}

/** Screens refresh what the server holds when an engine confirmed or refused writes. */
export const subscribeOutboxSync = changes.subscribe

/** Starts sending `email`'s outbox with every kind the app has (stops any engine of another user first). */
export function startOutboxSync(email: string, kinds: OutboxKinds): void {
  if (active?.email === email) {
    void active.flush()
    return
  }
  active?.stop()
  active = createOutboxSync({ email, kinds, onChange: notify })
  active.start()
}

/** Stops sending (logout): nothing more goes out under the current token. */
export function stopOutboxSync(): void {
  active?.stop()
  active = null
}

/**
 * Asks for a send now, e.g. right after a local write. `kinds` are the
 * caller's own, for when the app's engine is not running (a screen used
 * outside the app's session, e.g. in tests): then one flush of those kinds.
 */
export function requestOutboxSync(email: string, kinds: OutboxKinds): Promise<FlushResult> {
  if (active?.email === email) return active.flush()
  return createOutboxSync({ email, kinds, onChange: notify }).flush()
}
