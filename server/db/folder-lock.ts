// An exclusive lock on the embedded database's folder. PGlite takes no lock of
// its own: a second process opening the same folder runs, and silently loses
// writes. So the first process writes its pid to `<folder>/studyhub.lock`, and
// another refuses to start while that process lives. A lock left by a process
// that died (crash, kill -9) names a pid no longer running and is taken over.
import { randomBytes } from 'node:crypto'
import { linkSync, mkdirSync, readFileSync, renameSync, unlinkSync, writeFileSync } from 'node:fs'
import path from 'node:path'

export const LOCK_FILE_NAME = 'studyhub.lock'

/** Lock files this process holds: a lock naming our own pid but not in here is a previous life's (a container's pid 1). */
const held = new Set<string>()

export interface FolderLock {
  readonly path: string
  release(): void
}

function readPid(file: string): number | null {
  try {
    const pid = Number.parseInt(readFileSync(file, 'utf8').trim(), 10)
    return Number.isSafeInteger(pid) && pid > 0 ? pid : null
  } catch {
    return null
  }
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

function errnoOf(error: unknown): string | undefined {
  return (error as NodeJS.ErrnoException | null)?.code
}

/** Creates the lock file with our pid already in it: link() fails if the file exists, and nobody sees it empty. */
function tryCreate(lockPath: string): boolean {
  const draft = `${lockPath}.${process.pid}.${randomBytes(6).toString('hex')}`
  writeFileSync(draft, `${process.pid}\n`)
  try {
    linkSync(draft, lockPath)
    return true
  } catch (error) {
    if (errnoOf(error) === 'EEXIST') return false
    throw error
  } finally {
    unlinkSync(draft)
  }
}

/**
 * Removes a lock that names `stalePid`, unless another process replaced it meanwhile: the file
 * is moved aside (atomic, so only one contender gets it) and put back if it is not the stale one.
 */
function removeStale(lockPath: string, stalePid: number | null): void {
  const aside = `${lockPath}.stale.${process.pid}.${randomBytes(6).toString('hex')}`
  try {
    renameSync(lockPath, aside)
  } catch (error) {
    if (errnoOf(error) === 'ENOENT') return
    throw error
  }
  if (readPid(aside) !== stalePid) {
    try {
      linkSync(aside, lockPath)
    } catch (error) {
      if (errnoOf(error) !== 'EEXIST') throw error
    }
  }
  unlinkSync(aside)
}

/** Takes the folder's lock (creating the folder), or throws naming the process that holds it. */
export function lockFolder(folder: string): FolderLock {
  const dir = path.resolve(folder)
  mkdirSync(dir, { recursive: true })
  const lockPath = path.join(dir, LOCK_FILE_NAME)
  for (let attempt = 0; attempt < 5; attempt++) {
    if (tryCreate(lockPath)) {
      held.add(lockPath)
      let released = false
      return {
        path: lockPath,
        release() {
          if (released) return
          released = true
          held.delete(lockPath)
          // Never remove a lock that is no longer ours (a stale-lock takeover after we were presumed dead).
          if (readPid(lockPath) === process.pid) unlinkSync(lockPath)
        },
      }
    }
    const holder = readPid(lockPath)
    const ours = holder === process.pid && held.has(lockPath)
    if (holder !== null && (ours || (holder !== process.pid && isAlive(holder)))) {
      throw new Error(
        `The database folder ${dir} is in use by ${ours ? 'this process' : 'another process'} (pid ${holder}). ` +
          `Stop that server first, or use another folder. If no server is running, delete ${lockPath}.`,
      )
    }
    removeStale(lockPath, holder)
  }
  throw new Error(`Could not lock the database folder ${dir}: ${lockPath} keeps changing.`)
}
