// Backup and restore of the embedded database's folder (DATA_DIR), the whole
// of a school's data on the default configuration: every record, and the
// uploaded files' bytes, which live in the `files` table unless
// FILE_STORAGE=s3 (docs/decisions/0054-backups.md).
//
// Consistent because nothing writes to what is archived. With no server on
// the folder, the backup holds the folder's lock (../db/folder-lock.ts) from
// before it opens the database until the archive is written, so a server
// cannot start until it is done. With the server running (the lock is
// held), the server copies its database between two transactions into a
// folder beside the backup (./online-backup.ts), and that copy is archived.
// Either way the folder archived is opened once (recovering from a crash, or
// from the instant of the copy), every table's rows are counted for the
// manifest, and it is checkpointed and closed before it is archived. A
// restore goes only into an empty folder, under the same lock, opens the
// result and checks the counts before it reports success; if anything fails
// it empties the folder again. Backups and their folders are their owner's
// alone (0600, 0700): a backup holds every record.
import { PGlite } from '@electric-sql/pglite'
import { createReadStream, createWriteStream, existsSync, statSync } from 'node:fs'
import { link, mkdir, mkdtemp, open, readFile, readdir, rm, rmdir, unlink } from 'node:fs/promises'
import path from 'node:path'
import { Readable } from 'node:stream'
import { pipeline } from 'node:stream/promises'
import { createGunzip, createGzip } from 'node:zlib'
import { FolderInUse, isProcessFile, lockFolder, type FolderLock } from '../db/folder-lock'
import { keepNewFilesPrivate, makeFolderPrivate, PRIVATE_FILE_MODE, PRIVATE_FOLDER_MODE } from '../db/private-folder'
import { connectToRunningServer } from './online-backup'
import { packFolder, readAll, readEntries, TarError, writeEntry } from './tar-archive'

/** The archive's first entry: what it is, when it was taken, and how many rows each table had. */
export const MANIFEST_NAME = 'studyhub-backup.json'
const FORMAT = 'studyhub-data-folder-backup'

interface BackupManifest {
  format: typeof FORMAT
  version: 1
  createdAt: string
  /** The major version in the folder's PG_VERSION: the PostgreSQL the embedded database was made by. */
  postgresVersion: string
  /** Rows of every table, by `schema.table`. */
  rows: Record<string, number>
  /** Files whose bytes are in a bucket (FILE_STORAGE=s3), so not in this backup. */
  filesInBucket: number
}

/** A backup or restore refused or failed; the message says why and what to do. */
export class BackupError extends Error {
  constructor(message: string, options?: { cause?: unknown }) {
    super(message, options)
    this.name = 'BackupError'
  }
}

const quoteIdent = (name: string) => `"${name.replaceAll('"', '""')}"`

/** Rows of every table of the database, by `schema.table`. */
async function countRows(client: PGlite): Promise<Record<string, number>> {
  const tables = await client.query<{ schema: string; name: string }>(
    `select n.nspname as schema, c.relname as name
       from pg_class c join pg_namespace n on n.oid = c.relnamespace
      where c.relkind in ('r', 'p')
        and n.nspname not in ('pg_catalog', 'information_schema') and n.nspname not like 'pg\\_toast%'
      order by 1, 2`,
  )
  const rows: Record<string, number> = {}
  for (const { schema, name } of tables.rows) {
    const counted = await client.query<{ n: number }>(
      `select count(*)::int as n from ${quoteIdent(schema)}.${quoteIdent(name)}`,
    )
    rows[`${schema}.${name}`] = counted.rows[0]!.n
  }
  return rows
}

async function countFilesInBucket(client: PGlite): Promise<number> {
  const found = await client.query<{ n: number | null }>(
    `select case when to_regclass('public.files') is null then null
                 else (select count(*)::int from public.files where data is null) end as n`,
  )
  return found.rows[0]?.n ?? 0
}

function inUse(doing: string, error: unknown, why = ''): BackupError {
  return new BackupError(
    `Cannot ${doing} while the server (or another command) has the folder open${why}. ${(error as Error).message} ` +
      'Stop the server, run this again, then start the server.',
    { cause: error },
  )
}

function lockOrExplain(dir: string, doing: string): FolderLock {
  try {
    return lockFolder(dir)
  } catch (error) {
    throw inUse(doing, error)
  }
}

/** `2026-11-24T09-05-00Z`: sorts by time, and has no ':' for file systems that refuse it. */
const stamp = (at: Date) =>
  at
    .toISOString()
    .replace(/\.\d{3}Z$/, 'Z')
    .replaceAll(':', '-')

export interface BackupResult {
  file: string
  bytes: number
  manifest: BackupManifest
  /** Taken from the server running on the folder. */
  online: boolean
}

/**
 * Writes `<outDir>/studyhub-backup-<UTC time>.tar.gz`, a consistent copy of the
 * embedded database in `dataDir`: through the server when one runs on the
 * folder, from the folder itself otherwise. Refuses while another process
 * that does not answer online backups holds the folder.
 */
export async function backupDataFolder(options: {
  dataDir: string
  outDir: string
  now?: Date
}): Promise<BackupResult> {
  const dir = path.resolve(options.dataDir)
  const outDir = path.resolve(options.outDir)
  if (!existsSync(path.join(dir, 'PG_VERSION'))) {
    throw new BackupError(`No database in ${dir}: nothing to back up. DATA_DIR names the server's data folder.`)
  }
  const inside = path.relative(dir, outDir)
  if (inside === '' || (!inside.startsWith('..') && !path.isAbsolute(inside))) {
    // It would be archived by every later backup, and lost with the folder it is meant to save.
    throw new BackupError(`Backups cannot go inside the data folder ${dir}: name another folder.`)
  }
  const now = options.now ?? new Date()
  const file = path.join(outDir, `studyhub-backup-${stamp(now)}.tar.gz`)
  if (existsSync(file)) throw new BackupError(`${file} exists already: a backup never overwrites another.`)

  keepNewFilesPrivate()
  let lock: FolderLock
  try {
    lock = lockFolder(dir)
  } catch (error) {
    if (!(error instanceof FolderInUse)) throw inUse(`back up ${dir}`, error)
    return backupRunningFolder(dir, outDir, file, now, error)
  }
  try {
    return { ...(await archiveClosedFolder(dir, outDir, file, now)), online: false }
  } finally {
    lock.release()
  }
}

/** The online backup: the server on `dir` copies its database beside the backup, and the copy is archived. */
async function backupRunningFolder(
  dir: string,
  outDir: string,
  file: string,
  now: Date,
  held: FolderInUse,
): Promise<BackupResult> {
  const server = await connectToRunningServer(dir)
  if ('unreachable' in server) {
    throw inUse(`back up ${dir}`, held, ` and does not answer online backups (${server.unreachable})`)
  }
  try {
    await mkdir(outDir, { recursive: true, mode: PRIVATE_FOLDER_MODE })
    // Beside the backup, on its disk: a copy of the whole database may not fit in a temporary folder in memory.
    const copy = await mkdtemp(path.join(outDir, '.studyhub-backup-copy-'))
    try {
      try {
        await server.copyInto(copy)
      } catch (error) {
        throw new BackupError(`The server running on ${dir} could not copy its database: ${(error as Error).message}`, {
          cause: error,
        })
      }
      return { ...(await archiveClosedFolder(copy, outDir, file, now)), online: true }
    } finally {
      await rm(copy, { recursive: true, force: true })
    }
  } finally {
    server.close()
  }
}

/** Opens the database in `dir` (closed, and nobody else's) once, then archives it into `file`. */
async function archiveClosedFolder(
  dir: string,
  outDir: string,
  file: string,
  now: Date,
): Promise<Omit<BackupResult, 'online'>> {
  let manifest: BackupManifest
  const client = new PGlite(dir)
  try {
    const rows = await countRows(client)
    manifest = {
      format: FORMAT,
      version: 1,
      createdAt: now.toISOString(),
      postgresVersion: (await readFile(path.join(dir, 'PG_VERSION'), 'utf8')).trim(),
      rows,
      filesInBucket: await countFilesInBucket(client),
    }
    // Everything in the data files, so the copy needs no replay of the write-ahead log to open.
    await client.query('checkpoint')
  } finally {
    await client.close()
  }
  // Opening it wrote files of PostgreSQL's own modes (pg_internal.init, 0644): the archive carries 0600 and 0700 only.
  await makeFolderPrivate(dir)

  await mkdir(outDir, { recursive: true, mode: PRIVATE_FOLDER_MODE })
  const partial = `${file}.partial`
  const manifestBytes = Buffer.from(`${JSON.stringify(manifest, null, 2)}\n`)
  try {
    await pipeline(
      Readable.from(
        packFolder(dir, {
          first: [
            {
              entry: {
                name: MANIFEST_NAME,
                kind: 'file',
                mode: PRIVATE_FILE_MODE,
                mtime: now,
                size: manifestBytes.length,
              },
              data: manifestBytes,
            },
          ],
          skip: isProcessFile,
        }),
      ),
      createGzip(),
      createWriteStream(partial, { flags: 'wx', mode: PRIVATE_FILE_MODE }),
    )
    // On the disk before it is called done; the final name appears only for a whole archive.
    const handle = await open(partial, 'r+')
    try {
      await handle.sync()
    } finally {
      await handle.close()
    }
    // link() fails if the name was taken meanwhile: never overwrite a backup.
    await link(partial, file)
  } finally {
    await unlink(partial).catch(() => {})
  }
  return { file, bytes: statSync(file).size, manifest }
}

/** What the folder holds besides a lock: a restore goes only into a folder that holds nothing. */
async function contentsOf(dir: string): Promise<string[]> {
  return (await readdir(dir)).filter((name) => !isProcessFile(name)).sort()
}

function notEmpty(dir: string, contents: readonly string[]): BackupError {
  const shown = contents.slice(0, 5).join(', ') + (contents.length > 5 ? `, … (${contents.length} in all)` : '')
  return new BackupError(
    `${dir} is not empty (it holds ${shown}). A restore goes only into an empty folder, so it can never mix ` +
      `with or overwrite a database. Move the folder aside (mv ${dir} ${dir}.before-restore) or set DATA_DIR to a ` +
      'new folder, then run this again.',
  )
}

function isManifest(value: unknown): value is BackupManifest {
  const m = value as Partial<BackupManifest> | null
  return (
    typeof m === 'object' &&
    m !== null &&
    m.format === FORMAT &&
    m.version === 1 &&
    typeof m.createdAt === 'string' &&
    typeof m.postgresVersion === 'string' &&
    typeof m.rows === 'object' &&
    m.rows !== null &&
    Object.values(m.rows).every((n) => Number.isSafeInteger(n)) &&
    typeof m.filesInBucket === 'number'
  )
}

/** Unpacks the archive into `dir` (empty, locked by the caller); answers its manifest. */
async function unpack(file: string, dir: string): Promise<BackupManifest> {
  let manifest: BackupManifest | undefined
  await pipeline(createReadStream(file), createGunzip(), async (source: AsyncIterable<Uint8Array>) => {
    for await (const { entry, data } of readEntries(source)) {
      if (manifest === undefined) {
        const parsed: unknown =
          entry.name === MANIFEST_NAME && entry.kind === 'file' && entry.size < 1024 * 1024
            ? JSON.parse((await readAll(data)).toString('utf8'))
            : undefined
        if (!isManifest(parsed)) {
          throw new BackupError(`${file} is not a StudyHub backup (it does not start with ${MANIFEST_NAME}).`)
        }
        manifest = parsed
        continue
      }
      if (isProcessFile(entry.name)) continue
      await writeEntry(dir, entry, data)
    }
  })
  if (manifest === undefined) throw new BackupError(`${file} is not a StudyHub backup: it is empty.`)
  if (!existsSync(path.join(dir, 'PG_VERSION'))) {
    throw new BackupError(`${file} holds no database (no PG_VERSION).`)
  }
  return manifest
}

/** Opens the restored database and checks that every table has the rows the manifest counted. */
async function verify(dir: string, manifest: BackupManifest): Promise<void> {
  let rows: Record<string, number>
  const client = new PGlite(dir)
  try {
    rows = await countRows(client)
  } catch (error) {
    throw new BackupError(
      `The restored database (made by PostgreSQL ${manifest.postgresVersion}) does not open: ` +
        `${(error as Error).message}. Restore it with the StudyHub version that took the backup.`,
      { cause: error },
    )
  } finally {
    await client.close().catch(() => {})
  }
  const names = [...new Set([...Object.keys(manifest.rows), ...Object.keys(rows)])].sort()
  const wrong = names.filter((name) => rows[name] !== manifest.rows[name])
  if (wrong.length > 0) {
    const detail = wrong.map((name) => `${name}: ${rows[name] ?? 'missing'}, expected ${manifest.rows[name] ?? 'none'}`)
    throw new BackupError(`The restored database does not match the backup's manifest (${detail.join('; ')}).`)
  }
}

export interface RestoreResult {
  dataDir: string
  manifest: BackupManifest
}

/**
 * Restores a backup made by backupDataFolder into `dataDir`, which must be
 * empty or missing. On any failure the folder is left as empty as it was.
 */
export async function restoreDataFolder(options: { dataDir: string; file: string }): Promise<RestoreResult> {
  const dir = path.resolve(options.dataDir)
  const file = path.resolve(options.file)
  if (!existsSync(file) || !statSync(file).isFile()) throw new BackupError(`No backup file ${file}.`)
  const existed = existsSync(dir)
  if (existed) {
    if (!statSync(dir).isDirectory()) throw new BackupError(`${dir} is not a folder.`)
    const contents = await contentsOf(dir)
    if (contents.length > 0) throw notEmpty(dir, contents)
  }

  const lock = lockOrExplain(dir, `restore into ${dir}`)
  let done = false
  try {
    // Checked again under the lock: a server may have started on the folder since.
    const contents = await contentsOf(dir)
    if (contents.length > 0) throw notEmpty(dir, contents)
    let manifest: BackupManifest
    try {
      manifest = await unpack(file, dir)
    } catch (error) {
      if (error instanceof BackupError) throw error
      // A damaged gzip stream, a cut-off archive, a file the disk could not write.
      const reason = error instanceof TarError ? error.message : `${(error as Error).message}.`
      throw new BackupError(`Could not restore ${file}: ${reason}`, { cause: error })
    }
    await verify(dir, manifest)
    // Files from a backup made before folders were private carry 0644 and 0666, and opening it wrote more.
    await makeFolderPrivate(dir)
    done = true
    return { dataDir: dir, manifest }
  } finally {
    if (!done) {
      // Leave the folder as it was: empty, so the next attempt is not refused.
      for (const name of await contentsOf(dir)) await rm(path.join(dir, name), { recursive: true, force: true })
    }
    lock.release()
    if (!done && !existed) await rmdir(dir).catch(() => {})
  }
}
