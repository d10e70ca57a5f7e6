// The Firebase Auth emulator for one test run, started from the repository's
// firebase.json with its ports moved to free ones, so two runs on one machine
// (two checkouts, a developer's emulator on 9099) do not collide. Ready when
// its root URL answers; stopped with SIGINT, as Ctrl-C would.
import { spawn, type ChildProcess } from 'node:child_process'
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import {
  ensureFirebaseTools,
  FIREBASE_TOOLS_VERSION,
} from '../../../scripts/firebase-emulator/ensure-firebase-tools.mjs'
import { EMULATOR_PROJECT_ID } from '../harness/firebase-emulator'
import { freePort } from './free-port'

const REPO_CONFIG = fileURLToPath(new URL('../../../firebase.json', import.meta.url))
const READY_TIMEOUT_MS = 90_000

export interface AuthEmulator {
  /** host:port, what FIREBASE_AUTH_EMULATOR_HOST holds. */
  host: string
  version: string
  stop(): Promise<void>
}

async function answers(url: string): Promise<boolean> {
  try {
    return (await fetch(url)).ok
  } catch {
    return false
  }
}

function exited(child: ChildProcess): Promise<void> {
  return new Promise((resolve) => {
    if (child.exitCode !== null || child.signalCode !== null) resolve()
    else child.once('exit', () => resolve())
  })
}

export async function startAuthEmulator(): Promise<AuthEmulator> {
  const firebase = ensureFirebaseTools({ quiet: true })
  const dir = mkdtempSync(join(tmpdir(), 'studyhub-auth-emulator-'))
  const config = JSON.parse(readFileSync(REPO_CONFIG, 'utf8')) as {
    emulators: Record<string, Record<string, unknown>>
  }
  const [authPort, hubPort, loggingPort] = [await freePort(), await freePort(), await freePort()]
  config.emulators.auth = { ...config.emulators.auth, host: '127.0.0.1', port: authPort }
  config.emulators.hub = { host: '127.0.0.1', port: hubPort }
  config.emulators.logging = { host: '127.0.0.1', port: loggingPort }
  writeFileSync(join(dir, 'firebase.json'), JSON.stringify(config))

  const output: string[] = []
  // cwd is the temp folder: the CLI writes its debug log where it runs.
  const child = spawn(
    firebase,
    ['emulators:start', '--only', 'auth', '--project', EMULATOR_PROJECT_ID, '--config', join(dir, 'firebase.json')],
    { cwd: dir, stdio: ['ignore', 'pipe', 'pipe'], env: { ...process.env, CI: 'true' } },
  )
  child.stdout?.on('data', (chunk: Buffer) => output.push(chunk.toString()))
  child.stderr?.on('data', (chunk: Buffer) => output.push(chunk.toString()))

  // Should the run end without stop() (a crash, a teardown cut short), the emulator must not outlive it.
  const killOnExit = () => child.kill('SIGKILL')
  process.once('exit', killOnExit)

  const host = `127.0.0.1:${authPort}`
  const stop = async () => {
    if (child.exitCode === null && child.signalCode === null) {
      child.kill('SIGINT')
      const killer = setTimeout(() => child.kill('SIGKILL'), 5_000)
      await exited(child)
      clearTimeout(killer)
    }
    process.off('exit', killOnExit)
    rmSync(dir, { recursive: true, force: true })
  }

  const deadline = Date.now() + READY_TIMEOUT_MS
  while (!(await answers(`http://${host}/`))) {
    if (child.exitCode !== null || Date.now() > deadline) {
      await stop()
      throw new Error(`The Firebase Auth emulator did not start:\n${output.join('').slice(-4000)}`)
    }
    await new Promise((resolve) => setTimeout(resolve, 250))
  }
  return { host, version: FIREBASE_TOOLS_VERSION, stop }
}
