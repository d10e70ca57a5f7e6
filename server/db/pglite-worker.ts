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
import { DataFolderFS, SYNCED_START_PARAMS } from './pglite-file-system.ts'
import { withTextParsersInstalled } from './pglite-parsers.ts'
import type { FromWorker, PlainError, ToWorker, WorkerSettings } from './pglite-worker-client.ts'

const settings = workerData as WorkerSettings
const port = parentPort!

/** What PostgreSQL writes when it has stopped for good; PGlite then never answers again. */
const STOPPED = /\b(PANIC|FATAL):|^Aborted\(/

let broken = false
function report(message: FromWorker): void {
  port.postMessage(message)
}
function breaks(diskFull: boolean, detail: string): void {
  if (broken) return
  broken = true
  report({ kind: 'broken', diskFull, detail })
}

/** An error as data: own fields that are plain values (code, constraint, detail, …), never the query's parameters. */
function plain(error: unknown): PlainError {
  if (!(error instanceof Error)) return { name: 'Error', message: String(error), fields: {} }
  const fields: PlainError['fields'] = {}
  for (const [key, value] of Object.entries(error)) {
    if (key === 'params' || key === 'queryOptions') continue
    if (['string', 'number', 'boolean'].includes(typeof value)) fields[key] = value as string | number | boolean
  }
  return { name: error.name, message: error.message, fields }
}

interface OpenTransaction {
  tx: Transaction
  /** Ends it: COMMIT, or ROLLBACK. */
  finish: (commit: boolean) => void
  ended: Promise<void>
}

const open = async (): Promise<PGlite> => {
  const { dataDir, syncToDisk } = settings
  const activity = new Int32Array(settings.activity)
  const fs =
    dataDir === null
      ? undefined
      : new DataFolderFS(dataDir, {
          syncToDisk,
          activity,
          onLogWriteFailure: ({ diskFull, file }) => breaks(diskFull, `could not write ${file}`),
        })
  const client = new PGlite({
    fs,
    ...(fs && syncToDisk ? { startParams: [...SYNCED_START_PARAMS] } : {}),
    onStderr: (line) => {
      if (STOPPED.test(line)) breaks(false, line)
      return false
    },
  })
  return withTextParsersInstalled(client)
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

  port.on('message', (request: ToWorker) => {
    run(request).then(
      (result) => report({ kind: 'answer', id: request.id, result }),
      (error: unknown) => report({ kind: 'answer', id: request.id, error: plain(error) }),
    )
  })
}

open().then(
  async (db) => {
    await serve(db)
    report({ kind: 'ready' })
  },
  (error: unknown) => report({ kind: 'open-failed', error: plain(error) }),
)
