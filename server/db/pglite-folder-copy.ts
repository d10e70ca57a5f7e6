// A copy of the embedded database's folder taken while the server runs, for
// an online backup (../backup/online-backup.ts).
//
// PGlite is PostgreSQL on the database's own thread (./pglite-worker.ts), and
// it writes its files only while it runs a statement. Every query and exec of
// PGlite waits for its transaction lock, so while one transaction is open and
// idle nothing else runs and nothing touches the folder: the copy is made inside
// such a transaction, after a checkpoint. Every write PostgreSQL made has then
// reached the files (a write() to the operating system, which another reader
// sees), so the copy is what a crash at that instant would leave: every
// committed transaction is in the write-ahead log, if not yet in the tables'
// files, and PostgreSQL replays it when the copy is opened. The checkpoint
// keeps that replay short. Queries wait while the files are copied; requests
// are still read, and answered once the copy is done.
import { constants } from 'node:fs'
import { cp, readdir } from 'node:fs/promises'
import path from 'node:path'
import { isProcessFile } from './folder-lock'

/** What the copy needs of the database: a statement, and a transaction held open while `work` runs. */
interface Quiescable {
  query(sql: string): Promise<unknown>
  transaction<T>(work: () => Promise<T>): Promise<T>
}

/** Copies the database in `dataDir` (that `client` has open) into the empty folder `into`. */
export async function copyBetweenTransactions(client: Quiescable, dataDir: string, into: string): Promise<void> {
  await client.query('checkpoint')
  await client.transaction(async () => {
    // Only what is the database's: not this process's lock, socket or pid file.
    for (const name of await readdir(dataDir)) {
      if (isProcessFile(name)) continue
      await cp(path.join(dataDir, name), path.join(into, name), {
        recursive: true,
        errorOnExist: true,
        force: false,
        // A copy-on-write clone where the file system has them (btrfs, XFS), a plain copy elsewhere.
        mode: constants.COPYFILE_FICLONE,
      })
    }
  })
}
