// The messages between the server's main thread (./pglite-worker-client.ts)
// and the embedded database's thread (./pglite-worker.ts), and the shared
// Int32s beside them.
import type { QueryOptions } from '@electric-sql/pglite'
import type { MessagePort } from 'node:worker_threads'

export interface WorkerSettings {
  dataDir: string | null
  syncToDisk: boolean
  /** SIGNALS Int32s: at ACTIVITY the thread counts each file read, write and sync; at ANSWERED each message it sends. */
  signals: SharedArrayBuffer
  /** Where the thread sends its messages. */
  answers: MessagePort
}
export const ACTIVITY = 0
export const ANSWERED = 1
export const SIGNALS = 2
export type ToWorker = { id: number } & (
  | { op: 'query'; sql: string; params: unknown[] | undefined; options: QueryOptions | undefined; tx?: number }
  | { op: 'exec'; sql: string; tx?: number }
  | { op: 'begin' }
  | { op: 'end'; tx: number; commit: boolean }
  | { op: 'close' }
)
/** An error crossing between the threads: an Error's own properties do not survive postMessage. */
export interface PlainError {
  name: string
  message: string
  fields: Record<string, string | number | boolean>
}

/** An error as data: own fields that are plain values (code, constraint, detail, …), never the query's parameters. */
export function toPlainError(error: unknown): PlainError {
  if (!(error instanceof Error)) return { name: 'Error', message: String(error), fields: {} }
  const fields: PlainError['fields'] = {}
  for (const [key, value] of Object.entries(error)) {
    if (key === 'params' || key === 'queryOptions') continue
    if (['string', 'number', 'boolean'].includes(typeof value)) fields[key] = value as string | number | boolean
  }
  return { name: error.name, message: error.message, fields }
}

/** The error again, with its fields (code, constraint, …) for the code that reads them (../pg-store/pg-errors.ts). */
export function fromPlainError(error: PlainError): Error {
  return Object.assign(new Error(error.message), error.fields, { name: error.name })
}
export type FromWorker =
  | { kind: 'ready' }
  | { kind: 'open-failed'; error: PlainError }
  | { kind: 'answer'; id: number; result?: unknown; error?: PlainError }
  | { kind: 'broken'; diskFull: boolean; detail: string }
