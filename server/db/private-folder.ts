// The embedded database's folder is its owner's alone: every folder 0700,
// every file 0600. It holds every record of a school, so no other account on
// the machine may read it or write it.
//
// Two parts, as PGlite makes its files in two ways (seen on PGlite 0.5, with
// fs.stat after each step). Folders, and the files Node makes itself (the
// lock, a backup, the key file), take their mode from the process's umask, so
// a umask of 077 leaves only the owner's bits. Files PostgreSQL makes take a
// mode of its own whatever the umask: new tables' files 0600, but its initdb's
// (the whole of a new folder, and the log segments it recycles later) 0666,
// and its relation cache's pg_internal.init 0644. So the folder is also walked
// and fixed when the database opens and when it closes; in between, the
// folder's own 0700 keeps everyone else out of whatever it holds.
import { chmod, lstat, readdir } from 'node:fs/promises'
import path from 'node:path'
import { isMainThread } from 'node:worker_threads'

export const PRIVATE_FOLDER_MODE = 0o700
export const PRIVATE_FILE_MODE = 0o600

/** Every file and folder this process makes from now on is its owner's alone. */
export function keepNewFilesPrivate(): void {
  // The umask is the process's; a worker thread may not set it, and shares the main thread's.
  if (isMainThread) process.umask(0o077)
}

/** `dir` and everything under it: folders 0700, files 0600 (links and other kinds are left as they are). */
export async function makeFolderPrivate(dir: string): Promise<void> {
  let stats
  try {
    stats = await lstat(dir)
  } catch (error) {
    // Gone since its folder was read: PostgreSQL removes files of its own (old log segments, temporary files).
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return
    throw error
  }
  if (stats.isDirectory()) {
    if ((stats.mode & 0o777) !== PRIVATE_FOLDER_MODE) await chmod(dir, PRIVATE_FOLDER_MODE)
    for (const name of await readdir(dir)) await makeFolderPrivate(path.join(dir, name))
  } else if (stats.isFile() && (stats.mode & 0o777) !== PRIVATE_FILE_MODE) {
    await chmod(dir, PRIVATE_FILE_MODE)
  }
}
