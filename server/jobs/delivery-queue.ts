// The API server's queue of deliveries: pg-boss, in the server's own database
// (docs/decisions/0080-mail-and-jobs.md). Each delivery row the store writes
// with a notification gets one job, written in the same transaction through
// that transaction's own connection (`jobs`), so a committed change has its
// jobs and a rolled-back one has none. A job is worked by its channel's
// handler (./deliver-email.ts, ./deliver-push.ts): a handler that throws is
// tried again later, each wait about twice the one before, and a job out of
// tries goes to a last queue that marks its delivery failed. The queue's
// policy keeps at most one job per delivery waiting or running (its
// singleton key, as the deliveries table's primary key keeps one row).
//
// On PostgreSQL pg-boss has a pool of its own, and PostgreSQL's NOTIFY, sent
// on commit, wakes every process's workers at once. On the embedded database
// it runs in this process over the database thread's one client, in turn
// with the requests (../db/open-database.ts): nothing else may reach PGlite,
// whose one session a transaction holds. There a write wakes this process's
// workers itself (their fetch runs after the writing transaction, in line).
//
// A try cut off by the end of its process is tried again: at once when a
// process starts on the same machine (each try names its process in its
// delivery row; on the embedded database every running job is one, as the
// folder is this process's alone), otherwise once the job's heartbeat has
// stopped for heartbeatSeconds (pg-boss's supervisor, any process).
import { sql } from 'drizzle-orm'
import { hostname } from 'node:os'
import {
  PgBoss,
  fromDrizzle,
  type ConstructorOptions,
  type DrizzleTransactionLike,
  type JobWithMetadata,
  type Queue,
} from 'pg-boss'
import { NOTIFICATION_CHANNELS, type NotificationChannel } from '#contract/entities'
import { DELIVERY_QUEUES, deliveryKey } from '#core/deliveries'
import type { Database } from '../db/open-database'
import type { DeliveryJobs, DeliveryKey, DeliveryLedger } from '../db/pg-store/deliveries'
import { describeError, type Logger } from '../logger'

/** Where a delivery's jobs go once they are out of tries: its delivery is marked failed there. */
const GIVEN_UP_QUEUE = 'delivery-given-up'

/** When a delivery's job is tried again, and how a process that ended is noticed. */
export interface QueueTimings {
  /** Tries after the first. */
  retryLimit: number
  /** The wait before the first retry, in seconds; each later one about twice as long (with jitter), up to the max. */
  retryDelaySeconds: number
  retryDelayMaxSeconds: number
  /** A running job's heartbeat; one whose heartbeat stops this long (its process ended) is tried again. Min. 10. */
  heartbeatSeconds: number
  /**
   * How often the supervisor looks for such jobs and for jobs out of time; on the embedded database at
   * most once a minute (its one process puts back its own cut-off tries as it starts).
   */
  superviseIntervalSeconds: number
  /** How often an idle worker looks for jobs when nothing wakes it. */
  pollingIntervalSeconds: number
}

/**
 * Tries 2 to 4 seconds apart at first, then twice as far each time, at most
 * half an hour: one to two hours in all, so an SMTP server down for most of
 * an hour still gets the mail.
 * A process that ended mid-send is noticed within 15 seconds.
 */
const DEFAULT_TIMINGS: QueueTimings = {
  retryLimit: 12,
  retryDelaySeconds: 2,
  retryDelayMaxSeconds: 1800,
  heartbeatSeconds: 10,
  superviseIntervalSeconds: 5,
  pollingIntervalSeconds: 2,
}

/** A try of one delivery, as its handler sees it. */
interface DeliveryAttempt {
  /** The last try: a failure now gives the delivery up. */
  last: boolean
  /** Aborted when the try runs out of time. */
  signal: AbortSignal
  /** Who makes it (`host:pid:job:attempt`), for the delivery row (DeliveryLedger.startAttempt). */
  claim: string
}

/** Sends one delivery; throws to have it tried again later. */
export type DeliveryHandler = (key: DeliveryKey, attempt: DeliveryAttempt) => Promise<void>

export interface DeliveryQueue {
  /** What the store writes jobs with (../db/pg-store/deliveries.ts); it fails until the queue has started. */
  jobs: DeliveryJobs
  /** Starts pg-boss on the database (its tables made or migrated at the first start) and its queues. */
  start(database: Database): Promise<void>
  /** Starts working each channel's jobs with its handler. */
  work(handlers: Partial<Record<NotificationChannel, DeliveryHandler>>): Promise<void>
  /** Resolves once no delivery is queued (every one sent or given up), or rejects after `ms` (tests). */
  drained(ms?: number): Promise<void>
  /** Stops taking jobs, lets those running finish for up to `graceMs`, then stops. */
  stop(graceMs: number): Promise<void>
}

interface JobData {
  notificationId: string
  channel: NotificationChannel
}

/** A job's own deadline: far past any send's (an SMTP session's timeouts end it within a minute). */
const EXPIRE_SECONDS = 300
/** Completed jobs are kept two days, for looking into: deliveries keep the record. */
const DELETE_AFTER_SECONDS = 2 * 24 * 3600
/** Mails and pushes sent at once by one process. */
const CONCURRENCY = 4
/** Tries cut off by an ended process, put back at start: at most this many. */
const MAX_PUT_BACK = 1000
const DRAIN_POLL_MS = 50

export function createDeliveryQueue(logger: Pick<Logger, 'warn' | 'info'>, timings: QueueTimings = DEFAULT_TIMINGS) {
  let boss: PgBoss | undefined
  let ledger: DeliveryLedger | undefined
  let embedded = false
  /** Each queue's first worker, woken after a write on the embedded database. */
  const workerIds = new Map<string, string>()

  const queueOptions = (kind: Database['jobDatabase']['kind']): Omit<Queue, 'name'> => ({
    policy: 'exclusive',
    retryLimit: timings.retryLimit,
    retryDelay: timings.retryDelaySeconds,
    retryBackoff: true,
    retryDelayMax: timings.retryDelayMaxSeconds,
    heartbeatSeconds: timings.heartbeatSeconds,
    expireInSeconds: EXPIRE_SECONDS,
    deleteAfterSeconds: DELETE_AFTER_SECONDS,
    deadLetter: GIVEN_UP_QUEUE,
    notify: kind === 'postgres',
  })

  /** Wakes this process's workers of these queues: their next fetch runs after the writing transaction. */
  const wake = (queues: Iterable<string>) => {
    for (const queue of queues) {
      const id = workerIds.get(queue)
      if (id) boss?.notifyWorker(id)
    }
  }

  const queue: DeliveryQueue = {
    jobs: {
      async write(tx, rows) {
        if (!boss) throw new Error('The delivery queue has not started: no job can be written.')
        const db = fromDrizzle(tx as unknown as DrizzleTransactionLike, sql)
        for (const row of rows) {
          const data: JobData = { notificationId: row.notificationId, channel: row.channel }
          await boss.send(DELIVERY_QUEUES[row.channel], data, { singletonKey: deliveryKey(row), db })
        }
        if (embedded) wake(new Set(rows.map((row) => DELIVERY_QUEUES[row.channel])))
      },
    },

    async start(database) {
      const { jobDatabase } = database
      ledger = database.deliveries
      embedded = jobDatabase.kind === 'pglite'
      const supervise = embedded ? Math.max(timings.superviseIntervalSeconds, 60) : timings.superviseIntervalSeconds
      const connection: ConstructorOptions =
        jobDatabase.kind === 'postgres'
          ? { connectionString: jobDatabase.connectionString, max: 4, useListenNotify: true }
          : { db: { executeSql: jobDatabase.run as never }, backend: 'pglite' }
      const started = new PgBoss({
        ...connection,
        application_name: 'studyhub-jobs',
        // No cron schedules: fewer statements on the embedded database.
        schedule: false,
        superviseIntervalSeconds: supervise,
        monitorIntervalSeconds: supervise,
      })
      // An error of its own (a poll while the database was away) is retried by pg-boss: told, never thrown.
      started.on('error', (error) => logger.warn('job queue error', { error: describeError(error) }))
      await started.start()
      try {
        await started.createQueue(GIVEN_UP_QUEUE, { retryLimit: timings.retryLimit, retryDelay: 1 })
        for (const channel of NOTIFICATION_CHANNELS) {
          const name = DELIVERY_QUEUES[channel]
          await started.createQueue(name, queueOptions(jobDatabase.kind))
          // A queue made by an older version keeps its settings until told the new ones.
          const { policy: _policy, deadLetter, ...settings } = queueOptions(jobDatabase.kind)
          await started.updateQueue(name, { ...settings, deadLetter })
        }
        await putBackCutOff(started, database.deliveries)
      } catch (error) {
        await started.stop({ graceful: false }).catch(() => {})
        throw error
      }
      boss = started
    },

    async work(handlers) {
      const running = boss
      if (!running) throw new Error('The delivery queue has not started.')
      for (const channel of NOTIFICATION_CHANNELS) {
        const handle = handlers[channel]
        if (!handle) continue
        const name = DELIVERY_QUEUES[channel]
        const id = await running.work<JobData>(
          name,
          {
            includeMetadata: true,
            batchSize: 1,
            localConcurrency: CONCURRENCY,
            pollingIntervalSeconds: timings.pollingIntervalSeconds,
            // A retry that comes due is announced by nothing: NOTIFY wakes workers for new jobs only.
            notifyPollingIntervalSeconds: timings.pollingIntervalSeconds,
          },
          async ([fetched]) => {
            const job = fetched as JobWithMetadata<JobData>
            await handle(
              { notificationId: job.data.notificationId, channel },
              {
                last: job.retryCount >= job.retryLimit,
                signal: job.signal,
                claim: [hostname(), process.pid, job.id, job.retryCount].join(':'),
              },
            )
          },
        )
        workerIds.set(name, id)
      }
      // A delivery whose jobs ran out of tries without its handler giving it up (its last try's process ended).
      await running.work<JobData>(
        GIVEN_UP_QUEUE,
        { pollingIntervalSeconds: timings.pollingIntervalSeconds },
        async ([job]) => {
          const key = { notificationId: job!.data.notificationId, channel: job!.data.channel }
          const row = await ledger!.get(key)
          await ledger!.markFailed(key, row?.lastError ?? 'Out of tries.', new Date().toISOString())
        },
      )
    },

    async drained(ms = 30_000) {
      const deadline = Date.now() + ms
      for (;;) {
        if (!ledger) throw new Error('The delivery queue has not started.')
        if ((await ledger.queuedCount()) === 0) return
        if (Date.now() > deadline) throw new Error(`Deliveries still queued after ${ms} ms.`)
        await new Promise((resolve) => setTimeout(resolve, DRAIN_POLL_MS))
      }
    },

    async stop(graceMs) {
      const running = boss
      boss = undefined
      await running?.stop({ graceful: true, timeout: Math.max(1000, graceMs), close: true })
    },
  }

  /**
   * Tries cut off by the end of their process, put back to run again now: on
   * the embedded database every running job (only this process has the
   * folder), on PostgreSQL those of a process of this machine that is gone.
   * Each is put back only while it is still on that try (cancel is fenced to
   * the attempt), so a try another process has started since is left alone.
   */
  async function putBackCutOff(started: PgBoss, deliveries: DeliveryLedger) {
    let putBack = 0
    const again = async (name: string, attempt: { id: string; retryCount: number }) => {
      const cancelled = (await started.cancel(name, attempt)) as { affected?: number }
      if (!cancelled.affected) return
      await started.resume(name, attempt.id)
      putBack += 1
    }
    for (const row of await deliveries.queued(MAX_PUT_BACK)) {
      const name = DELIVERY_QUEUES[row.channel]
      if (embedded) {
        const jobs = await started.findJobs(name, { key: deliveryKey(row) })
        for (const job of jobs.filter((j) => j.state === 'active')) await again(name, job)
        continue
      }
      const [host, pid, id, attempt] = row.claimedBy?.split(':') ?? []
      if (host !== hostname() || !id || isRunning(Number(pid))) continue
      if (await deliveries.releaseClaim(row, row.claimedBy!)) await again(name, { id, retryCount: Number(attempt) })
    }
    if (putBack > 0) logger.info('put back deliveries a stopped process was sending', { deliveries: putBack })
  }

  return queue
}

/** Whether a process of this machine is running (one of another user's counts: it is not ours to judge). */
function isRunning(pid: number): boolean {
  if (!Number.isInteger(pid) || pid <= 0) return true
  try {
    process.kill(pid, 0)
    return true
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM'
  }
}
