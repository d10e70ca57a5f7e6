// A throwaway PostgreSQL 15 cluster for one test run: a fresh data folder in
// the system's temp folder, on a free port of 127.0.0.1, with durability off
// (fsync, synchronous commit and full-page writes: a crash loses nothing we
// keep), and one database. Stopped with `-m immediate` and deleted at the end.
// initdb refuses to run as root, so as root every command runs as the
// `postgres` system user (`runuser -u postgres --`) on folders it owns.
import { execFileSync } from 'node:child_process'
import { chownSync, existsSync, mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { freePort } from './free-port'

const POSTGRES_BIN = '/usr/lib/postgresql/15/bin'
const POSTGRES_INSTALL_COMMAND = 'apt-get install -y --no-install-recommends postgresql-15'
const DATABASE = 'studyhub_conformance'

export interface PostgresCluster {
  url: string
  version: string
  /** Stops the server as a restart does (`-m fast`: every session ended with 57P01), keeping its data and port. */
  down(): void
  /** Starts it again after down(); answers once it takes connections. */
  up(): void
  stop(): void
}

function systemUser(name: string): { uid: number; gid: number } | null {
  try {
    const uid = Number(execFileSync('id', ['-u', name], { encoding: 'utf8' }).trim())
    const gid = Number(execFileSync('id', ['-g', name], { encoding: 'utf8' }).trim())
    return { uid, gid }
  } catch {
    return null
  }
}

export async function startPostgresCluster(): Promise<PostgresCluster> {
  if (!existsSync(join(POSTGRES_BIN, 'initdb'))) {
    throw new Error(
      `PostgreSQL 15 is not installed (no ${POSTGRES_BIN}/initdb). Install it with:\n` +
        `  ${POSTGRES_INSTALL_COMMAND}\n` +
        'or leave the postgres target out: CONFORMANCE_TARGETS=demo,pglite',
    )
  }
  const asRoot = process.getuid?.() === 0
  const owner = asRoot ? systemUser('postgres') : null
  if (asRoot && !owner) {
    throw new Error('Running as root, but there is no `postgres` system user to run initdb as.')
  }
  const run = (command: string, args: string[]) => {
    const [file, argv] = owner
      ? ['runuser', ['-u', 'postgres', '--', join(POSTGRES_BIN, command), ...args]]
      : [join(POSTGRES_BIN, command), args]
    return execFileSync(file, argv, { encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'] })
  }

  const root = mkdtempSync(join(tmpdir(), 'studyhub-pg-'))
  if (owner) chownSync(root, owner.uid, owner.gid)
  const data = join(root, 'data')
  const port = await freePort()
  let started = false
  try {
    run('initdb', ['-D', data, '-U', 'postgres', '--auth=trust', '-E', 'UTF8', '--locale=C', '--no-sync'])
    const options = [
      `-p ${port}`,
      `-k ${root}`,
      '-c listen_addresses=127.0.0.1',
      '-c fsync=off',
      '-c synchronous_commit=off',
      '-c full_page_writes=off',
    ].join(' ')
    const up = () => run('pg_ctl', ['-D', data, '-w', '-l', join(root, 'server.log'), '-o', options, 'start'])
    up()
    started = true
    run('createdb', ['-h', '127.0.0.1', '-p', String(port), '-U', 'postgres', DATABASE])
    const version = run('postgres', ['--version']).trim()
    let stopped = false
    const stop = () => {
      if (stopped) return
      stopped = true
      process.off('exit', stop)
      try {
        run('pg_ctl', ['-D', data, '-m', 'immediate', 'stop'])
      } finally {
        rmSync(root, { recursive: true, force: true })
      }
    }
    // Should the run end without stop() (a crash, a teardown cut short), the cluster must not outlive it.
    process.once('exit', stop)
    const down = () => run('pg_ctl', ['-D', data, '-m', 'fast', '-w', 'stop'])
    return { url: `postgres://postgres@127.0.0.1:${port}/${DATABASE}`, version, down, up, stop }
  } catch (error) {
    if (started) {
      try {
        run('pg_ctl', ['-D', data, '-m', 'immediate', 'stop'])
      } catch {
        // Already down: nothing to stop.
      }
    }
    rmSync(root, { recursive: true, force: true })
    const stderr = (error as { stderr?: string }).stderr
    throw new Error(`Could not start PostgreSQL: ${(error as Error).message}${stderr ? `\n${stderr}` : ''}`, {
      cause: error,
    })
  }
}
