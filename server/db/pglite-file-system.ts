// The embedded database's folder as PGlite's WebAssembly sees it: Node's file
// system (Emscripten's NODEFS), with what the host has to add.
//
// Syncs. PGlite starts PostgreSQL with fsync off (`-F`), and with it on
// nothing reached the disk either: NODEFS has no fsync of its own, and the
// WebAssembly's fdatasync() is a no-op (0 sync calls for 100 acknowledged
// writes; PostgreSQL made 101). A write was acknowledged while it sat in the
// operating system's cache, and a power cut lost it. Here NODEFS gets the
// fsync it lacks, and PostgreSQL runs with fsync on and wal_sync_method=fsync
// (the one sync call that reaches NODEFS), so it syncs what PostgreSQL syncs:
// the write-ahead log before a commit returns, the pg_wal folder when a
// segment is made, the data files at a checkpoint. A file's sync is an
// fdatasync (PostgreSQL's own method on Linux), a folder's an fsync.
//
// A write of the write-ahead log that fails. PostgreSQL cannot go on without
// its log (a PANIC), and after one PGlite 0.5.16 spins at 100% of a core on
// its next query. The failure is reported the moment it happens, so the host
// can stop the thread rather than wait for a query that never ends.
//
// Activity. Each read, write and sync counts one in `activity`, which the
// host reads from another thread: a long query that reads or writes (a
// checkpoint) is busy, not stuck (./pglite-worker-client.ts).
import { PGlite } from '@electric-sql/pglite'
import { NodeFS } from '@electric-sql/pglite/nodefs'
import { closeSync, existsSync, fdatasyncSync, fsyncSync, openSync, readdirSync } from 'node:fs'
import path from 'node:path'

/** PostgreSQL's start options for a folder whose commits are synced: PGlite's own, with fsync on. */
export const SYNCED_START_PARAMS: readonly string[] = [
  ...PGlite.defaultStartParams.filter((param) => param !== '-F'),
  '-c',
  'wal_sync_method=fsync',
]

/** WASI's error numbers, as Emscripten reports a failed call: no space left, and an I/O error. */
const NO_SPACE_ERRNO = 51
const IO_ERRNO = 29

export interface DataFolderOptions {
  /** Sync to disk what PostgreSQL syncs (with SYNCED_START_PARAMS); false leaves it to the operating system. */
  syncToDisk: boolean
  /** A write to the write-ahead log failed: the database cannot go on. */
  onLogWriteFailure: (failure: { diskFull: boolean; file: string }) => void
  /** One Int32 counted up on every read, write and sync. */
  activity?: Int32Array
  /** The sync calls (tests count them). */
  sync?: Syncs
}

/** How a file's data, and a folder's entries, are synced to disk. */
interface Syncs {
  file: (fd: number) => void
  folder: (fd: number) => void
}
const DISK_SYNCS: Syncs = { file: fdatasyncSync, folder: fsyncSync }

interface NodeStream {
  nfd: number
  path: string
  node: { mode: number }
}

type StreamOps = Record<string, ((stream: NodeStream, ...rest: unknown[]) => unknown) | undefined>

interface NodeFsModule {
  NODEFS: { stream_ops: StreamOps }
  FS: { isDir(mode: number): boolean }
}

const isLogFile = (file: string) => /\/pg_wal\//.test(file)

/** A folder for `new PGlite({ fs })`: NODEFS with real syncs, a report of failed log writes, and an activity count. */
export class DataFolderFS extends NodeFS {
  readonly #options: DataFolderOptions

  constructor(dataDir: string, options: DataFolderOptions) {
    super(dataDir)
    this.#options = options
  }

  override async init(pg: PGlite, opts: Parameters<NodeFS['init']>[1]) {
    const { emscriptenOpts } = await super.init(pg, opts)
    const extend: NonNullable<typeof emscriptenOpts.preRun>[number] = (mod) =>
      this.#extend(mod as unknown as NodeFsModule)
    return { emscriptenOpts: { ...emscriptenOpts, preRun: [...(emscriptenOpts.preRun ?? []), extend] } }
  }

  #extend({ NODEFS, FS }: NodeFsModule): void {
    const { syncToDisk, onLogWriteFailure, activity } = this.#options
    const sync = this.#options.sync ?? DISK_SYNCS
    const ops = NODEFS.stream_ops
    const busy = () => {
      if (activity) Atomics.add(activity, 0, 1)
    }
    const { read, write } = ops
    ops.read = (stream, ...rest) => {
      busy()
      return read!(stream, ...rest)
    }
    ops.write = (stream, ...rest) => {
      busy()
      try {
        return write!(stream, ...rest)
      } catch (error) {
        if (isLogFile(stream.path)) {
          const errno = (error as { errno?: unknown }).errno
          onLogWriteFailure({ diskFull: errno === NO_SPACE_ERRNO, file: stream.path })
        }
        throw error
      }
    }
    // Emscripten calls a stream's fsync for fsync() and answers what it returns; without one it answered
    // success having done nothing. A sync that fails is PostgreSQL's to handle (it stops: a PANIC).
    ops.fsync = (stream) => {
      busy()
      if (!syncToDisk) return 0
      try {
        ;(FS.isDir(stream.node.mode) ? sync.folder : sync.file)(stream.nfd)
        return 0
      } catch (error) {
        return (error as NodeJS.ErrnoException).code === 'ENOSPC' ? NO_SPACE_ERRNO : IO_ERRNO
      }
    }
  }
}

/** Whether `dataDir` holds a database already; PGlite makes one (initdb) in a folder without. */
export const holdsDatabase = (dataDir: string): boolean => existsSync(path.join(dataDir, 'PG_VERSION'))

/**
 * Syncs every file and folder under `dir`, as PostgreSQL's own initdb does
 * when it ends: PGlite's initdb writes a new database without a sync, and
 * PostgreSQL later syncs only what it writes itself.
 */
export function syncFolder(dir: string, sync: Syncs = DISK_SYNCS): void {
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const inner = path.join(dir, entry.name)
    if (entry.isDirectory()) syncFolder(inner, sync)
    else if (entry.isFile()) syncOne(inner, sync.file)
  }
  syncOne(dir, sync.folder)
}

function syncOne(file: string, sync: (fd: number) => void): void {
  const fd = openSync(file, 'r')
  try {
    sync(fd)
  } finally {
    closeSync(fd)
  }
}
