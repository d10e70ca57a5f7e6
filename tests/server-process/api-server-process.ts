// The API server as a deployment runs it: `node --import tsx server/main.ts`
// in a child process of its own, configured only through its environment, on
// a free port of 127.0.0.1. Ready once /healthz answers 200 (the database is
// open and migrated by then); stopped with SIGTERM, the platform's signal, or
// killed with SIGKILL as a crash would end it. Used by
// server/multi-process.test.ts, server/crash-recovery.test.ts and the server
// bench (bench/server/).
import { spawn, type ChildProcess } from 'node:child_process'
import { fileURLToPath } from 'node:url'
import { freePort } from '../conformance/services/free-port'

const ROOT = fileURLToPath(new URL('../../', import.meta.url))
const READY_TIMEOUT_MS = 90_000
const STOP_TIMEOUT_MS = 30_000
const POLL_MS = 50

interface ApiServerExit {
  code: number | null
  signal: NodeJS.Signals | null
}

export interface ApiServerProcess {
  /** http://127.0.0.1:<port> */
  origin: string
  pid: number
  /** Everything the process wrote so far (stdout and stderr, in order). */
  output(): string
  /** The JSON log lines of stdout, parsed (other lines are skipped). */
  logs(): Record<string, unknown>[]
  /** SIGTERM, then the exit; SIGKILL only if it has not exited after STOP_TIMEOUT_MS. */
  stop(): Promise<ApiServerExit>
  /** SIGKILL at once (a crash: nothing runs after it), then the exit. */
  kill(): Promise<ApiServerExit>
}

function exitOf(child: ChildProcess): Promise<ApiServerExit> {
  return new Promise((resolve) => {
    if (child.exitCode !== null || child.signalCode !== null) {
      resolve({ code: child.exitCode, signal: child.signalCode })
    } else child.once('exit', (code, signal) => resolve({ code, signal }))
  })
}

async function healthy(origin: string): Promise<boolean> {
  try {
    const response = await fetch(`${origin}/healthz`)
    await response.arrayBuffer()
    return response.status === 200
  } catch {
    return false
  }
}

/**
 * Starts one server process with `env` on top of a minimal environment (PATH
 * and HOME only, so nothing of the test runner's own environment leaks in).
 * PORT and HOST are chosen here.
 */
export async function startApiServerProcess(env: Record<string, string>): Promise<ApiServerProcess> {
  const port = await freePort()
  const origin = `http://127.0.0.1:${port}`
  const chunks: string[] = []
  const child = spawn(process.execPath, ['--import', 'tsx', 'server/main.ts'], {
    cwd: ROOT,
    stdio: ['ignore', 'pipe', 'pipe'],
    env: {
      PATH: process.env.PATH ?? '',
      HOME: process.env.HOME ?? '',
      ...env,
      HOST: '127.0.0.1',
      PORT: String(port),
    },
  })
  let stdout = ''
  child.stdout?.on('data', (chunk: Buffer) => {
    stdout += chunk.toString()
    chunks.push(chunk.toString())
  })
  child.stderr?.on('data', (chunk: Buffer) => chunks.push(chunk.toString()))
  const exited = exitOf(child)

  let stopping: Promise<ApiServerExit> | undefined
  const stop = () =>
    (stopping ??= (async () => {
      if (child.exitCode === null && child.signalCode === null) child.kill('SIGTERM')
      const killer = setTimeout(() => child.kill('SIGKILL'), STOP_TIMEOUT_MS)
      const exit = await exited
      clearTimeout(killer)
      return exit
    })())

  const server: ApiServerProcess = {
    origin,
    pid: child.pid ?? -1,
    output: () => chunks.join(''),
    logs: () =>
      stdout.split('\n').flatMap((line) => {
        if (!line.startsWith('{')) return []
        try {
          return [JSON.parse(line) as Record<string, unknown>]
        } catch {
          return []
        }
      }),
    stop,
    async kill() {
      if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL')
      return exited
    },
  }

  const deadline = Date.now() + READY_TIMEOUT_MS
  for (;;) {
    if (await healthy(origin)) return server
    if (child.exitCode !== null || child.signalCode !== null || Date.now() > deadline) {
      const exit = await stop()
      throw new Error(
        `The API server on port ${port} did not become healthy (exit ${exit.code ?? exit.signal}):\n` +
          server.output().slice(-4000),
      )
    }
    await new Promise((resolve) => setTimeout(resolve, POLL_MS))
  }
}
