// `npm run server:backup [-- FOLDER]`: a consistent copy of the embedded
// database (DATA_DIR) in FOLDER (default `backups/`), as
// studyhub-backup-<UTC time>.tar.gz. While the server runs on the folder, the
// server itself copies its database for it (./online-backup.ts); otherwise
// the folder is archived under its lock. With DATABASE_URL it refuses and
// names pg_dump, which copies a running PostgreSQL server consistently.
import { ConfigError, loadConfig, type Config } from '../config'
import { isEntryPoint } from '../entry-point'
import { BackupError, backupDataFolder } from './data-folder-backup'

export const DEFAULT_BACKUP_FOLDER = 'backups'

export interface CommandOutput {
  out(text: string): void
  err(text: string): void
}

const megabytes = (bytes: number) => `${(bytes / 1024 / 1024).toFixed(1)} MB`

/**
 * Loads the configuration and runs `work` on the embedded database; with
 * DATABASE_URL, says `useInstead` and does nothing. A refusal or failure is
 * one message on stderr and exit code 1.
 */
export async function onEmbeddedDatabase(
  env: Record<string, string | undefined>,
  output: CommandOutput,
  useInstead: string,
  work: (config: Config) => Promise<void>,
): Promise<number> {
  try {
    const config = loadConfig(env)
    if (config.databaseUrl) {
      output.err(`DATABASE_URL is set, and this command works on the embedded database only: ${useInstead}.\n`)
      return 1
    }
    await work(config)
    return 0
  } catch (error) {
    if (!(error instanceof BackupError || error instanceof ConfigError)) throw error
    output.err(`${error.message}\n`)
    return 1
  }
}

export async function backupCommand(
  args: readonly string[],
  env: Record<string, string | undefined>,
  output: CommandOutput,
): Promise<number> {
  if (args.length > 1 || args[0]?.startsWith('-')) {
    output.err('Usage: npm run server:backup [-- FOLDER]   (FOLDER defaults to backups/)\n')
    return 2
  }
  const useInstead =
    'back up a PostgreSQL server with pg_dump, which takes a consistent snapshot while the server runs ' +
    '(docs/deploy.md, "Backups")'
  return onEmbeddedDatabase(env, output, useInstead, async (config) => {
    const { file, bytes, manifest, online } = await backupDataFolder({
      dataDir: config.dataDir,
      outDir: args[0] ?? DEFAULT_BACKUP_FOLDER,
    })
    const rows = Object.values(manifest.rows).reduce((sum, n) => sum + n, 0)
    const tables = Object.keys(manifest.rows).length
    const how = online ? ', copied by the server running on it,' : ''
    output.out(`Backed up ${config.dataDir}${how} to ${file} (${megabytes(bytes)}: ${tables} tables, ${rows} rows).\n`)
    output.out('Copy it off this machine: a backup on the same disk is lost with it.\n')
    if (manifest.filesInBucket > 0 || config.fileStorage.kind === 's3') {
      const bucket = config.fileStorage.kind === 's3' ? ` ${config.fileStorage.bucket}` : ''
      output.out(
        `Not in it: the bytes of ${manifest.filesInBucket} uploaded file(s) kept in the bucket${bucket} ` +
          '(FILE_STORAGE=s3). Back the bucket up with its own tools (versioning or replication).\n',
      )
    }
  })
}

export const processOutput: CommandOutput = {
  out: (text) => process.stdout.write(text),
  err: (text) => process.stderr.write(text),
}

if (isEntryPoint(import.meta.url))
  process.exitCode = await backupCommand(process.argv.slice(2), process.env, processOutput)
