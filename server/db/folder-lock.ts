// An exclusive lock on the embedded database's folder. PGlite takes no lock of
// its own: a second process opening the same folder runs, and silently loses
// writes. So the first process writes who it is to `<folder>/studyhub.lock`,
// and another refuses to start while that process lives.
//
// A lock names its process by pid, by when that process started (field 22 of
// /proc/<pid>/stat) and by the boot it ran in (/proc/sys/kernel/random/boot_id).
// A lock left by a process that died (crash, kill -9) is taken over, and so is
// one whose pid now belongs to another process (the pid was reused, often
// after a reboot, when a container's server is pid 1 or 7 every time) or that
// was written before the machine last started. Without /proc (not Linux), and
// for a lock written before locks said more than the pid, a live pid is
// believed to be the holder.
import { randomBytes } from 'node:crypto'
import { linkSync, mkdirSync, readFileSync, renameSync, unlinkSync, writeFileSync } from 'node:fs'
import path from 'node:path'
import { keepNewFilesPrivate, PRIVATE_FILE_MODE, PRIVATE_FOLDER_MODE } from './private-folder'

export const LOCK_FILE_NAME = 'studyhub.lock'
/** Where the server on the folder answers online backups (../backup/online-backup.ts). */
export const BACKUP_SOCKET_NAME = 'studyhub-backup.sock'

/**
 * Files of the process running on a data folder, not of its database: the lock (and the drafts
 * written beside it), the backup socket and PostgreSQL's own pid file. A backup never carries them.
 */
export function isProcessFile(name: string): boolean {
  return (
    name === LOCK_FILE_NAME ||
    name.startsWith(`${LOCK_FILE_NAME}.`) ||
    name === BACKUP_SOCKET_NAME ||
    name === 'postmaster.pid'
  )
}

/** Lock files this process holds: a lock naming our own pid but not in here is a previous life's (a container's pid 1). */
const held = new Set<string>()

export interface FolderLock {
  readonly path: string
  release(): void
}

/** The folder is locked by a process that is running (this one, or another). */
export class FolderInUse extends Error {
  constructor(
    message: string,
    readonly pid: number,
  ) {
    super(message)
    this.name = 'FolderInUse'
  }
}

/** What a lock file says about its writer; start and boot are missing from locks written before they were. */
interface Holder {
  pid: number
  start?: string
  boot?: string
}

function readText(file: string): string | null {
  try {
    return readFileSync(file, 'utf8')
  } catch {
    return null
  }
}

/** `<pid>\nstart <ticks>\nboot <id>\n`; an older lock is the pid alone. Null for anything else. */
function parseHolder(text: string | null): Holder | null {
  if (text === null) return null
  const [first = '', ...rest] = text.trim().split('\n')
  const pid = Number(first.trim())
  if (!Number.isSafeInteger(pid) || pid <= 0) return null
  const holder: Holder = { pid }
  for (const line of rest) {
    const [key, value] = line.trim().split(' ')
    if (key === 'start' && value) holder.start = value
    if (key === 'boot' && value) holder.boot = value
  }
  return holder
}

/** When `pid` started, in clock ticks after boot; null without /proc or when no such process runs. */
function startTimeOf(pid: number): string | null {
  const stat = readText(`/proc/${pid}/stat`)
  if (stat === null) return null
  // `pid (name) state ...`: the name may hold spaces and parentheses, so fields are counted after its last ')'.
  return stat.slice(stat.lastIndexOf(')') + 2).split(' ')[19] ?? null
}

function currentBoot(): string | null {
  return readText('/proc/sys/kernel/random/boot_id')?.trim() || null
}

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0)
    return true
  } catch (error) {
    // EPERM: it exists but belongs to someone else.
    return (error as NodeJS.ErrnoException).code === 'EPERM'
  }
}

/** Whether the process that wrote the lock still runs: not merely a process with its pid. */
function stillRuns(holder: Holder): boolean {
  const boot = currentBoot()
  // Every process of an earlier boot is gone, whatever runs under its pid now.
  if (holder.boot && boot && holder.boot !== boot) return false
  if (holder.start) {
    const start = startTimeOf(holder.pid)
    if (start !== null) return start === holder.start
  }
  return isAlive(holder.pid)
}

/** What this process writes in a lock. */
function ourLock(): string {
  const start = startTimeOf(process.pid)
  const boot = currentBoot()
  return `${process.pid}\n${start ? `start ${start}\n` : ''}${boot ? `boot ${boot}\n` : ''}`
}

function errnoOf(error: unknown): string | undefined {
  return (error as NodeJS.ErrnoException | null)?.code
}

/**
 * Creates `file` (0600) with `text` already in it, or answers false when it exists: the text is
 * written under another name and linked, so link() refuses an existing file and nobody sees it half written.
 */
export function createWhole(file: string, text: string): boolean {
  const draft = `${file}.${process.pid}.${randomBytes(6).toString('hex')}`
  writeFileSync(draft, text, { mode: PRIVATE_FILE_MODE })
  try {
    linkSync(draft, file)
    return true
  } catch (error) {
    if (errnoOf(error) === 'EEXIST') return false
    throw error
  } finally {
    unlinkSync(draft)
  }
}

/**
 * Removes a lock that says `stale`, unless another process replaced it meanwhile: the file
 * is moved aside (atomic, so only one contender gets it) and put back if it is not the stale one.
 */
function removeStale(lockPath: string, stale: string | null): void {
  const aside = `${lockPath}.stale.${process.pid}.${randomBytes(6).toString('hex')}`
  try {
    renameSync(lockPath, aside)
  } catch (error) {
    if (errnoOf(error) === 'ENOENT') return
    throw error
  }
  if (readText(aside) !== stale) {
    try {
      linkSync(aside, lockPath)
    } catch (error) {
      if (errnoOf(error) !== 'EEXIST') throw error
    }
  }
  unlinkSync(aside)
}

/**
 * Takes the folder's lock (creating the folder, its owner's alone), or throws FolderInUse naming
 * the process that holds it. From here on this process makes its files private (./private-folder.ts).
 */
export function lockFolder(folder: string): FolderLock {
  const dir = path.resolve(folder)
  keepNewFilesPrivate()
  mkdirSync(dir, { recursive: true, mode: PRIVATE_FOLDER_MODE })
  const lockPath = path.join(dir, LOCK_FILE_NAME)
  const mine = ourLock()
  for (let attempt = 0; attempt < 5; attempt++) {
    if (createWhole(lockPath, mine)) {
      held.add(lockPath)
      let released = false
      return {
        path: lockPath,
        release() {
          if (released) return
          released = true
          held.delete(lockPath)
          // Never remove a lock that is no longer ours (a stale-lock takeover after we were presumed dead).
          if (readText(lockPath) === mine) unlinkSync(lockPath)
        },
      }
    }
    const text = readText(lockPath)
    const holder = parseHolder(text)
    const ours = holder?.pid === process.pid && held.has(lockPath)
    if (holder !== null && (ours || (holder.pid !== process.pid && stillRuns(holder)))) {
      throw new FolderInUse(
        `The database folder ${dir} is in use by ${ours ? 'this process' : 'another process'} (pid ${holder.pid}). ` +
          `Stop that server first, or use another folder. If no server is running, delete ${lockPath}.`,
        holder.pid,
      )
    }
    removeStale(lockPath, text)
  }
  throw new Error(`Could not lock the database folder ${dir}: ${lockPath} keeps changing.`)
}
