// A copy of the embedded database's folder taken while the server runs, for
// an online backup (../backup/online-backup.ts).
//
// PGlite is PostgreSQL inside this process, and it writes its files only
// while it runs a statement: between statements nothing touches the folder.
// The copy is made holding PGlite's own locks, its transaction lock and then
// its query lock, as its own describeQuery does: no transaction is open, no
// statement runs, and every write PostgreSQL made has reached the files (a
// write() to the operating system, which another reader sees, fsync or not).
// So the copy is what a crash at that instant would leave: every committed
// transaction is in the write-ahead log, if not yet in the tables' files, and
// PostgreSQL replays it when the copy is opened. A checkpoint just before
// keeps that replay short. Queries wait while the files are copied; requests
// are still read, and answered once the copy is done.
import type { PGlite } from '@electric-sql/pglite'
import { constants } from 'node:fs'
import { cp, readdir } from 'node:fs/promises'
import path from 'node:path'
import { isProcessFile } from './folder-lock'

/** Copies the database in `dataDir` (that `client` has open) into the empty folder `into`. */
export async function copyBetweenTransactions(client: PGlite, dataDir: string, into: string): Promise<void> {
  await client.query('checkpoint')
  await client._runExclusiveTransaction(() =>
    client._runExclusiveQuery(async () => {
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
    }),
  )
}
