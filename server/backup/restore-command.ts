// `npm run server:restore FILE`: puts a backup made by `npm run server:backup`
// into DATA_DIR, which must be empty or missing: it never overwrites or mixes
// with a database. The restored database is opened and its tables' row counts
// checked against the backup's before it says done.
import { isEntryPoint } from '../entry-point'
import { onEmbeddedDatabase, processOutput, type CommandOutput } from './backup-command'
import { restoreDataFolder } from './data-folder-backup'

export async function restoreCommand(
  args: readonly string[],
  env: Record<string, string | undefined>,
  output: CommandOutput,
): Promise<number> {
  const [file] = args
  if (args.length !== 1 || file === undefined || file.startsWith('-')) {
    output.err('Usage: npm run server:restore FILE   (a studyhub-backup-….tar.gz from npm run server:backup)\n')
    return 2
  }
  const useInstead = 'restore a PostgreSQL server with pg_restore (docs/deploy.md, "Backups")'
  return onEmbeddedDatabase(env, output, useInstead, async (config) => {
    const { dataDir, manifest } = await restoreDataFolder({ dataDir: config.dataDir, file })
    const rows = Object.values(manifest.rows).reduce((sum, n) => sum + n, 0)
    output.out(
      `Restored the backup taken ${manifest.createdAt} into ${dataDir} (${rows} rows, counts checked). ` +
        'Start the server on it: npm run server\n',
    )
    if (manifest.filesInBucket > 0) {
      output.out(
        `${manifest.filesInBucket} uploaded file(s) have their bytes in a bucket (FILE_STORAGE=s3): the server ` +
          'needs that bucket, restored to the same time, to serve them.\n',
      )
    }
  })
}

if (isEntryPoint(import.meta.url))
  process.exitCode = await restoreCommand(process.argv.slice(2), process.env, processOutput)
