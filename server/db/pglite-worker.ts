// The embedded database's own thread: the one PGlite instance, answering the
// queries ./pglite-worker-client.ts sends from the server's main thread. On
// its own thread a query that never ends (PGlite spinning after PostgreSQL
// stopped) holds only this thread: the server still answers, and stops the
// thread (Worker.terminate() ends even a WebAssembly loop).
//
// Imports carry their `.ts`: run from the sources, Node loads this file
// itself (its type stripping), without the loader the main thread may have.
import { PGlite, type Transaction } from '@electric-sql/pglite'
import { parentPort, workerData } from 'node:worker_threads'
import { DataFolderFS, holdsDatabase, SYNCED_START_PARAMS, syncFolder } from './pglite-file-system.ts'
import { withTextParsersInstalled } from './pglite-parsers.ts'
import {
  ACTIVITY,
  ANSWERED,
  toPlainError,
  type FromWorker,
  type ToWorker,
  type WorkerSettings,
} from './pglite-worker-messages.ts'

const settings = workerData as WorkerSettings
const signals = new Int32Array(settings.signals)

/** What PostgreSQL writes when it has stopped for good; PGlite then never answers again. */
const STOPPED = /\b(PANIC|FATAL):|^Aborted\(/

let broken = false
/** A message to the main thread, which may be waiting for it (Atomics.wait on ANSWERED). */
function report(message: FromWorker): void {
  settings.answers.postMessage(message)
  Atomics.add(signals, ANSWERED, 1)
  Atomics.notify(signals, ANSWERED)
}
function breaks(diskFull: boolean, detail: string): void {
  if (broken) return
  broken = true
  report({ kind: 'broken', diskFull, detail })
}

interface OpenTransaction {
  tx: Transaction
  /** Ends it: COMMIT, or ROLLBACK. */
  finish: (commit: boolean) => void
  ended: Promise<void>
}

const open = async (): Promise<PGlite> => {
  const { dataDir, syncToDisk } = settings
  const activity = new Int32Array(settings.signals, ACTIVITY * 4, 1)
  const fs =
    dataDir === null
      ? undefined
      : new DataFolderFS(dataDir, {
          syncToDisk,
          activity,
          onLogWriteFailure: ({ diskFull, file }) => breaks(diskFull, `could not write ${file}`),
        })
  const made = dataDir !== null && !holdsDatabase(dataDir)
  const client = new PGlite({
    fs,
    ...(fs && syncToDisk ? { startParams: [...SYNCED_START_PARAMS] } : {}),
    onStderr: (line) => {
      if (STOPPED.test(line)) breaks(false, line)
      return false
    },
  })
  const ready = await withTextParsersInstalled(client)
  if (made && syncToDisk) syncFolder(dataDir)
  return ready
}

async function serve(db: PGlite): Promise<void> {
  const transactions = new Map<number, OpenTransaction>()
  let transactionIds = 0

  const begin = async (): Promise<number> => {
    let finish!: (commit: boolean) => void
    const decided = new Promise<boolean>((resolve) => (finish = resolve))
    let began!: (tx: Transaction) => void
    const started = new Promise<Transaction>((resolve) => (began = resolve))
    const ended = db.transaction(async (tx) => {
      began(tx)
      if (!(await decided)) await tx.rollback()
    })
    const tx = await Promise.race([
      started,
      ended.then(() => {
        throw new Error('The transaction ended before it began.')
      }),
    ])
    transactionIds += 1
    transactions.set(transactionIds, { tx, finish, ended })
    return transactionIds
  }

  const on = (tx: number | undefined): PGlite | Transaction => {
    if (tx === undefined) return db
    const found = transactions.get(tx)
    if (!found) throw new Error(`No open transaction ${tx}.`)
    return found.tx
  }

  const run = async (request: ToWorker): Promise<unknown> => {
    switch (request.op) {
      case 'query':
        return on(request.tx).query(request.sql, request.params, request.options)
      case 'exec':
        return on(request.tx).exec(request.sql)
      case 'begin':
        return begin()
      case 'end': {
        const found = transactions.get(request.tx)
        if (!found) throw new Error(`No open transaction ${request.tx}.`)
        transactions.delete(request.tx)
        found.finish(request.commit)
        await found.ended
        return null
      }
      case 'close':
        await db.close()
        return null
    }
  }

  parentPort!.on('message', (request: ToWorker) => {
    run(request).then(
      (result) => report({ kind: 'answer', id: request.id, result }),
      (error: unknown) => report({ kind: 'answer', id: request.id, error: toPlainError(error) }),
    )
  })
}

open().then(
  async (db) => {
    await serve(db)
    report({ kind: 'ready' })
  },
  (error: unknown) => report({ kind: 'open-failed', error: toPlainError(error) }),
)
