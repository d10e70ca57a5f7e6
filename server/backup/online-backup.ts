// Online backups of the embedded database: `npm run server:backup` while the
// server runs. The server that holds the data folder listens on a Unix socket
// in it (`studyhub-backup.sock`); the backup command connects, names an empty
// folder, and the server copies its database there between two transactions
// (../db/pglite-folder-copy.ts), then answers. The command archives that copy
// as it archives a stopped folder (./data-folder-backup.ts).
//
// Only the folder's owner can reach the socket: it is in the data folder,
// which is 0700, and is itself made under the umask 077 (../db/private-folder.ts).
// Whoever can connect could read the folder anyway. Nothing of this listens
// on the network, and the HTTP API has no backup route.
import { lstat, readdir, realpath, rm } from 'node:fs/promises'
import { createConnection, createServer, type Socket } from 'node:net'
import path from 'node:path'
import { BACKUP_SOCKET_NAME } from '../db/folder-lock'
import type { Database } from '../db/open-database'
import { describeError, type Logger } from '../logger'

/** A client that says nothing for this long is dropped, so it cannot hold a stopping server open. */
const IDLE_MS = 10_000
/** A request, and an answer, is one short line of JSON. */
const MAX_LINE_BYTES = 8 * 1024

interface CopyAnswer {
  ok?: true
  /** How long the server's queries waited for the copy. */
  ms?: number
  error?: string
}

const backupSocketOf = (dataDir: string) => path.join(path.resolve(dataDir), BACKUP_SOCKET_NAME)

const isInside = (parent: string, child: string) => {
  const relative = path.relative(parent, child)
  return relative === '' || (!relative.startsWith('..') && !path.isAbsolute(relative))
}

/** Why the server will not copy into `into`, or null when it is an empty folder outside the data folder. */
async function refusal(dataDir: string, into: unknown): Promise<string | null> {
  if (typeof into !== 'string' || !path.isAbsolute(into)) return 'copyInto must be an absolute path.'
  let stats
  try {
    stats = await lstat(into)
  } catch {
    return `${into} does not exist.`
  }
  if (!stats.isDirectory()) return `${into} is not a folder.`
  const [real, data] = await Promise.all([realpath(into), realpath(dataDir)])
  if (isInside(data, real) || isInside(real, data)) return `${into} overlaps the data folder ${data}.`
  if ((await readdir(into)).length > 0) return `${into} is not empty.`
  return null
}

/** The first line that comes over `socket`, parsed as JSON; the socket stays open for an answer. */
function readLine(socket: Socket): Promise<unknown> {
  return new Promise((resolve, reject) => {
    let text = ''
    const finish = (settle: () => void) => {
      socket.off('data', onData)
      socket.off('end', onEnd)
      socket.off('error', onError)
      settle()
    }
    const onData = (chunk: string) => {
      text += chunk
      const end = text.indexOf('\n')
      if (end >= 0) {
        finish(() => {
          try {
            resolve(JSON.parse(text.slice(0, end)))
          } catch (error) {
            reject(error as Error)
          }
        })
      } else if (text.length > MAX_LINE_BYTES) finish(() => reject(new Error('The line is too long.')))
    }
    const onEnd = () => finish(() => reject(new Error('The connection ended before a whole line came.')))
    const onError = (error: Error) => finish(() => reject(error))
    socket.setEncoding('utf8')
    socket.on('data', onData)
    socket.on('end', onEnd)
    socket.on('error', onError)
  })
}

export interface BackupListener {
  close(): Promise<void>
}

/**
 * Answers online backups for the database's folder until closed. A socket that cannot be made (a
 * path too long for one, a read-only folder) is logged: the server runs on, and a backup needs it stopped.
 */
export async function answerOnlineBackups(
  folder: NonNullable<Database['folder']>,
  logger: Pick<Logger, 'info' | 'warn'>,
): Promise<BackupListener> {
  const socketPath = backupSocketOf(folder.path)
  const server = createServer((socket) => {
    socket.setTimeout(IDLE_MS, () => socket.destroy())
    void (async () => {
      let answer: CopyAnswer
      try {
        const request = (await readLine(socket)) as { copyInto?: unknown } | null
        const into = request?.copyInto
        const refused = await refusal(folder.path, into)
        if (refused) answer = { error: refused }
        else {
          socket.setTimeout(0)
          const started = performance.now()
          await folder.copyInto(into as string)
          answer = { ok: true, ms: Math.round(performance.now() - started) }
          logger.info('copied the database for an online backup', { into, ms: answer.ms })
        }
      } catch (error) {
        logger.warn('online backup failed', { error: describeError(error) })
        answer = { error: (error as Error).message }
      }
      if (!socket.destroyed) socket.end(`${JSON.stringify(answer)}\n`)
    })()
  })
  // The folder is locked for this process: a socket file there is a dead server's.
  await rm(socketPath, { force: true })
  try {
    await new Promise<void>((resolve, reject) => {
      server.once('error', reject)
      server.listen(socketPath, () => {
        server.off('error', reject)
        resolve()
      })
    })
  } catch (error) {
    logger.warn('online backups are off: the backup socket could not be made', {
      socket: socketPath,
      error: describeError(error),
    })
    return { close: async () => {} }
  }
  return {
    close: () =>
      new Promise<void>((resolve) => {
        // Waits for a copy under way; the socket file goes with the listener.
        server.close(() => resolve())
      }),
  }
}

export interface RunningServer {
  /** Has the server copy its database into `into` (an empty folder); throws with the server's reason. */
  copyInto(into: string): Promise<void>
  close(): void
}

/** A line to the server running on `dataDir`, or why there is none (no server answers on the folder's socket). */
export async function connectToRunningServer(dataDir: string): Promise<RunningServer | { unreachable: string }> {
  const socket = createConnection(backupSocketOf(dataDir))
  try {
    await new Promise<void>((resolve, reject) => {
      socket.once('connect', resolve)
      socket.once('error', reject)
    })
  } catch (error) {
    socket.destroy()
    return { unreachable: (error as Error).message }
  }
  return {
    async copyInto(into) {
      socket.write(`${JSON.stringify({ copyInto: path.resolve(into) })}\n`)
      const answer = (await readLine(socket)) as CopyAnswer | null
      if (!answer?.ok) throw new Error(answer?.error ?? 'The server answered nothing.')
    },
    close: () => socket.destroy(),
  }
}
