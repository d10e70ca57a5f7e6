// The embedded database as the main thread sees it: PGlite on a thread of its
// own (./pglite-worker.ts), behind an object with the three methods drizzle-orm's
// PGlite driver calls (query, exec, transaction), each a message to the
// thread and its answer back. A transaction is opened on the thread and ended
// by a last message (COMMIT or ROLLBACK); its queries go to it by number.
//
// The thread can stop answering: PostgreSQL stops for good when it cannot
// write its log (a full disk), and PGlite then spins on the next query. The
// main thread keeps answering, and:
// - the thread reports a failed log write or PostgreSQL's PANIC at once;
// - a watchdog calls the database stuck when a call has gone unanswered for
//   `stuckAfterMs` while the thread touched no file (a long checkpoint reads
//   and writes all along, so it is busy, not stuck). A call waiting behind an
//   open transaction that has nothing of its own to answer is not counted:
//   PGlite is idle until that transaction's holder (an online backup copying
//   the folder, a request between two statements) sends its next statement;
// either way the thread is ended (Worker.terminate() stops WebAssembly too),
// every call waiting and every call made meanwhile fails at once with
// DatabaseUnavailable, and a new thread reopens the folder: PostgreSQL
// recovers from its log what was committed. After a full disk it is reopened
// only once the folder has room again.
import { MessageChannel, receiveMessageOnPort, Worker, type MessagePort } from 'node:worker_threads'
import { statfsSync } from 'node:fs'
import type { QueryOptions, Results, Transaction } from '@electric-sql/pglite'
import type { Logger } from '../logger'
import { withoutTextParsers } from './pglite-parsers'
import {
  ACTIVITY,
  ANSWERED,
  SIGNALS,
  fromPlainError,
  type FromWorker,
  type ToWorker,
  type WorkerSettings,
} from './pglite-worker-messages'

export type OutageReason = 'disk-full' | 'stuck' | 'failed'

export interface DatabaseOutage {
  reason: OutageReason
  /** Seconds until the next attempt to reopen it: what a client is told to wait. */
  retryAfterSeconds: number
}

const OUTAGE_MESSAGES: Record<OutageReason, string> = {
  'disk-full': 'The embedded database stopped: the disk is full (its log could not grow).',
  stuck: 'The embedded database stopped answering.',
  failed: 'The embedded database stopped.',
}

/** A call the embedded database could not answer: it has stopped, and is being reopened. */
export class DatabaseUnavailable extends Error {
  constructor(readonly reason: OutageReason) {
    super(OUTAGE_MESSAGES[reason])
    this.name = 'DatabaseUnavailable'
  }
}

type Request = ToWorker extends infer T ? (T extends unknown ? Omit<T, 'id'> : never) : never

export interface PgliteWorkerOptions {
  /** The folder; null for a database in memory. */
  dataDir: string | null
  /** Sync each commit to disk (./pglite-file-system.ts). */
  syncToDisk: boolean
  /** How long a call may go unanswered, with no file touched, before the database counts as stuck. */
  stuckAfterMs?: number
  /** Where the database's stops and reopenings are reported. */
  logger?: Pick<Logger, 'info' | 'warn'>
}

/** What drizzle-orm's PGlite driver calls on its client, and the state of the thread behind it. */
export interface PgliteWorkerClient {
  query<T>(sql: string, params?: unknown[], options?: QueryOptions): Promise<Results<T>>
  exec(sql: string): Promise<Results[]>
  transaction<T>(work: (tx: Transaction) => Promise<T>): Promise<T>
  /** Why it cannot answer now, or undefined when it can. */
  outage(): DatabaseOutage | undefined
  /** Writes refused because the disk was full while the database went on (its data files could not grow). */
  diskFullRefusals(): number
  close(): Promise<void>
}

const WORKER_URL = new URL(
  import.meta.url.endsWith('.ts') ? './pglite-worker.ts' : './pglite-worker.mjs',
  import.meta.url,
)
const DEFAULT_STUCK_AFTER_MS = 5_000
/** Opening reads the whole catalogue and may replay the log: a thread opening is stuck only after this long untouched. */
const OPENING_STUCK_AFTER_MS = 60_000
const WATCH_EVERY_MS = 250
/**
 * How long this thread waits, blocked, for the answer to a transaction's query
 * before it goes on with other work: most take a millisecond or two, and a
 * transaction holds the database until its last query.
 */
const TRANSACTION_WAIT_MS = 20
/** Closing waits this long for PGlite's own close (a checkpoint) before the thread is ended; the log has it all. */
const CLOSE_WAIT_MS = 5_000
const FIRST_RETRY_MS = 1_000
const LAST_RETRY_MS = 15_000
/** A WAL segment is 16 MB: after a full disk, reopen once there is room for the one that could not be made and the next. */
const ROOM_TO_REOPEN_BYTES = 32 * 1024 * 1024
/** PostgreSQL's SQLSTATE for "disk full". */
const DISK_FULL = '53100'

function freeBytes(dir: string): number {
  try {
    const stats = statfsSync(dir)
    return stats.bavail * stats.bsize
  } catch {
    return 0
  }
}

/** Only what can cross to the thread: drizzle's own text parsers are the thread's already (./pglite-parsers.ts). */
function sendable(options: QueryOptions | undefined): QueryOptions | undefined {
  const rest = withoutTextParsers(options)
  if (rest?.parsers || rest?.serializers || rest?.blob) {
    throw new Error('Query options with functions or blobs cannot be sent to the database thread.')
  }
  return rest
}

interface Waiting {
  resolve: (value: unknown) => void
  reject: (error: unknown) => void
  /** A statement of an open transaction, or its end: what the thread has to answer before any other. */
  ofTransaction: boolean
}

/** One thread and its PGlite, from its start to its end. */
class Thread {
  readonly worker: Worker
  readonly pending = new Map<number, Waiting>()
  /** The thread's answers, on a channel of their own: they can be read synchronously (receiveMessageOnPort). */
  readonly #answers: MessagePort
  readonly #signals = new Int32Array(new SharedArrayBuffer(SIGNALS * 4))
  readonly #ready: Promise<void>
  readonly #watch: ReturnType<typeof setInterval>
  #ids = 0
  #lastSign = performance.now()
  #seenActivity = 0
  #opening = true
  /** Transactions begun and not yet ended: while one is open, other calls wait for it. */
  #openTransactions = 0
  ended = false

  constructor(
    settings: Pick<WorkerSettings, 'dataDir' | 'syncToDisk'>,
    readonly stuckAfterMs: number,
    readonly onBroken: (thread: Thread, reason: OutageReason, detail: string) => void,
  ) {
    const { port1, port2 } = new MessageChannel()
    this.#answers = port1
    const workerData: WorkerSettings = {
      ...settings,
      signals: this.#signals.buffer as SharedArrayBuffer,
      answers: port2,
    }
    this.worker = new Worker(WORKER_URL, {
      workerData,
      transferList: [port2],
      // None of the process's own options (a loader, `--input-type` of `node -e`): the thread needs none.
      execArgv: [],
    })
    this.#ready = new Promise<void>((resolve, reject) => {
      this.#answers.on('message', (message: FromWorker) => {
        if (message.kind === 'answer') return this.#answer(message)
        if (message.kind === 'ready') {
          this.#opening = false
          this.#idle()
          return resolve()
        }
        const reason = message.kind === 'broken' && message.diskFull ? 'disk-full' : 'failed'
        reject(message.kind === 'broken' ? new DatabaseUnavailable(reason) : fromPlainError(message.error))
        this.onBroken(this, reason, message.kind === 'broken' ? message.detail : message.error.message)
      })
      this.worker.on('error', (error) => {
        reject(error)
        this.onBroken(this, 'failed', error.message)
      })
      this.worker.on('exit', (code) => {
        reject(new Error(`The database thread exited (${code}).`))
        this.onBroken(this, 'failed', `the thread exited (${code})`)
      })
    })
    this.#watch = setInterval(() => this.#check(), WATCH_EVERY_MS)
    this.#watch.unref()
  }

  /** Resolves once PGlite is open on the thread. */
  ready(): Promise<void> {
    return this.#ready
  }

  /**
   * Sends a request; answers its answer. `waitMs` > 0 waits for the answer
   * synchronously up to that long, blocking this thread: for a transaction's
   * queries, which hold the database while this thread would otherwise go on
   * with other requests before reading their answers.
   */
  call(request: Request, waitMs = 0): Promise<unknown> {
    const answered = new Promise((resolve, reject) => {
      if (this.pending.size === 0) {
        this.#lastSign = performance.now()
        this.worker.ref()
        this.#answers.ref()
      }
      this.#ids += 1
      const ofTransaction = request.op === 'end' || ('tx' in request && request.tx !== undefined)
      this.pending.set(this.#ids, { resolve, reject, ofTransaction })
      this.worker.postMessage({ ...request, id: this.#ids })
    })
    if (waitMs > 0) this.#waitFor(this.#ids, waitMs)
    return answered
  }

  /** Reads the thread's answers as they come, until the one to `id` or for at most `ms`. */
  #waitFor(id: number, ms: number) {
    const until = performance.now() + ms
    for (;;) {
      // Read before reading the messages: a message sent after this wakes the wait below.
      const sent = Atomics.load(this.#signals, ANSWERED)
      for (let read = receiveMessageOnPort(this.#answers); read; read = receiveMessageOnPort(this.#answers)) {
        this.#answers.emit('message', read.message)
      }
      const left = until - performance.now()
      if (!this.pending.has(id) || left <= 0) return
      Atomics.wait(this.#signals, ANSWERED, sent, left)
    }
  }

  /** A transaction begun (+1) or ended (-1) on this thread. */
  holding(change: 1 | -1) {
    this.#openTransactions += change
  }

  /** Ends the thread; every call still waiting fails with `error`. */
  end(error: Error): Promise<number> {
    this.ended = true
    clearInterval(this.#watch)
    for (const waiting of this.pending.values()) waiting.reject(error)
    this.pending.clear()
    this.#answers.close()
    return this.worker.terminate()
  }

  /** Like PGlite in this thread, an open database does not keep the process alive: only a call waiting does. */
  #idle() {
    this.worker.unref()
    this.#answers.unref()
  }

  #answer(message: Extract<FromWorker, { kind: 'answer' }>) {
    const waiting = this.pending.get(message.id)
    if (!waiting) return
    this.pending.delete(message.id)
    this.#lastSign = performance.now()
    if (this.pending.size === 0) this.#idle()
    if (message.error) waiting.reject(fromPlainError(message.error))
    else waiting.resolve(message.result)
  }

  /** Stuck: calls waiting (or PGlite opening), no answer and no file touched for the bound. */
  #check() {
    const activity = Atomics.load(this.#signals, ACTIVITY)
    if (activity !== this.#seenActivity) {
      this.#seenActivity = activity
      this.#lastSign = performance.now()
    }
    // Calls waiting for an open transaction's holder: the thread is idle, and has nothing to answer yet.
    if (this.#openTransactions > 0 && ![...this.pending.values()].some((waiting) => waiting.ofTransaction)) {
      this.#lastSign = performance.now()
    }
    const quiet = performance.now() - this.#lastSign
    const bound = this.#opening ? OPENING_STUCK_AFTER_MS : this.stuckAfterMs
    if ((this.#opening || this.pending.size > 0) && quiet > bound) {
      this.onBroken(this, 'stuck', `no answer for ${Math.round(quiet)} ms`)
    }
  }
}

/** Opens PGlite on a thread of its own (the folder, or memory); rejects if it cannot open. */
export async function openPgliteWorker(options: PgliteWorkerOptions): Promise<PgliteWorkerClient> {
  const { dataDir, syncToDisk, logger } = options
  const stuckAfterMs = options.stuckAfterMs ?? DEFAULT_STUCK_AFTER_MS
  let current: Thread | undefined
  let outage: { reason: OutageReason; retryAt: number } | undefined
  let retries = 0
  let retry: ReturnType<typeof setTimeout> | undefined
  let closing: Promise<void> | undefined
  let opened = false
  let refusals = 0

  const start = async (): Promise<Thread> => {
    const thread = new Thread({ dataDir, syncToDisk }, stuckAfterMs, broke)
    current = thread
    await thread.ready()
    return thread
  }

  function broke(thread: Thread, reason: OutageReason, detail: string) {
    if (thread.ended) return
    void thread.end(new DatabaseUnavailable(reason))
    if (thread !== current) return
    current = undefined
    // A database that never opened is the caller's error; one that stopped is reopened.
    if (!opened || closing) return
    logger?.warn('embedded database stopped', { reason, detail })
    const delay = Math.min(FIRST_RETRY_MS * 2 ** retries, LAST_RETRY_MS)
    retries += 1
    outage = { reason, retryAt: Date.now() + delay }
    retry = setTimeout(reopen, delay)
  }

  function reopen() {
    if (closing || !outage) return
    if (outage.reason === 'disk-full' && dataDir !== null && freeBytes(dataDir) < ROOM_TO_REOPEN_BYTES) {
      outage.retryAt = Date.now() + LAST_RETRY_MS
      retry = setTimeout(reopen, LAST_RETRY_MS / 5)
      return
    }
    start().then(
      () => {
        outage = undefined
        retries = 0
        logger?.info('embedded database reopened', {})
      },
      // broke() has scheduled the next attempt.
      () => {},
    )
  }

  /** `request` to the thread; within a transaction (`on`, the thread it began on), its answer is waited for. */
  const call = async (request: Request, on?: Thread): Promise<unknown> => {
    const thread = current
    if (closing) throw new Error('The database is closed.')
    if (!thread || outage || (on && on !== thread)) throw new DatabaseUnavailable(outage?.reason ?? 'failed')
    try {
      return await thread.call(request, on ? TRANSACTION_WAIT_MS : 0)
    } catch (error) {
      if ((error as { code?: unknown }).code === DISK_FULL) refusals += 1
      throw error
    }
  }

  await start()
  opened = true

  return {
    query: async <T>(sql: string, params?: unknown[], queryOptions?: QueryOptions) =>
      (await call({ op: 'query', sql, params, options: sendable(queryOptions) })) as Results<T>,
    exec: (sql: string) => call({ op: 'exec', sql }) as Promise<Results[]>,
    async transaction<T>(work: (tx: Transaction) => Promise<T>): Promise<T> {
      const thread = current
      const tx = (await call({ op: 'begin' }, thread)) as number
      thread!.holding(1)
      let done = false
      const inside = {
        query: async <R>(sql: string, params?: unknown[], queryOptions?: QueryOptions) =>
          (await call({ op: 'query', sql, params, options: sendable(queryOptions), tx }, thread)) as Results<R>,
        exec: (sql: string) => call({ op: 'exec', sql, tx }, thread) as Promise<Results[]>,
        get closed() {
          return done
        },
      } as unknown as Transaction
      let result: T
      try {
        result = await work(inside)
      } catch (error) {
        done = true
        await call({ op: 'end', tx, commit: false }, thread)
          .catch(() => {})
          .finally(() => thread!.holding(-1))
        throw error
      }
      done = true
      await call({ op: 'end', tx, commit: true }, thread).finally(() => thread!.holding(-1))
      return result
    },
    outage: () =>
      outage && {
        reason: outage.reason,
        retryAfterSeconds: Math.max(1, Math.ceil((outage.retryAt - Date.now()) / 1000)),
      },
    diskFullRefusals: () => refusals,
    close() {
      closing ??= (async () => {
        clearTimeout(retry)
        const thread = current
        if (!thread || thread.ended) return
        const closed = thread.call({ op: 'close' }).catch(() => {})
        let timer: ReturnType<typeof setTimeout> | undefined
        await Promise.race([closed, new Promise((resolve) => (timer = setTimeout(resolve, CLOSE_WAIT_MS)))])
        clearTimeout(timer)
        await thread.end(new Error('The database is closed.'))
      })()
      return closing
    },
  }
}
