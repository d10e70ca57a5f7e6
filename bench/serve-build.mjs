// How `npm run bench` serves a build on loopback for the browser steps: the
// demo build with `vite preview`, a live build with the API server
// (server/main.ts on a seeded PGlite in a temporary folder, APP_DIST_DIR set),
// as the `live` browser tests run it. For Lighthouse's signed-in routes, a
// live build that signs in through an Auth emulator, as the `live` browser
// tests' stack is (tests/e2e/live/live-stack.ts).
import { spawn } from 'node:child_process'
import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { startAuthEmulator } from '../tests/conformance/services/auth-emulator-process.ts'
import { addDemoAccounts } from '../tests/e2e/live/emulator-accounts.ts'
import { LIVE_FIREBASE_PROJECT_ID, liveBuildEnv } from '../tests/e2e/live/live-build-env.ts'
import { startApiServerProcess } from '../tests/server-process/api-server-process.ts'
import { freePort, root, sleep, viteBin } from './bench-env.mjs'
import { viteBuild } from './builds.mjs'

export async function startPreview(outDir) {
  const port = await freePort()
  const child = spawn(
    process.execPath,
    [viteBin, 'preview', '--outDir', outDir, '--host', '127.0.0.1', '--port', String(port), '--strictPort'],
    { cwd: root, stdio: ['ignore', 'ignore', 'inherit'] },
  )
  const origin = `http://127.0.0.1:${port}`
  for (let i = 0; i < 100; i++) {
    try {
      if ((await fetch(origin)).ok) return { origin, stop: async () => void child.kill('SIGTERM') }
    } catch {
      // not listening yet
    }
    await sleep(100)
  }
  child.kill('SIGTERM')
  throw new Error('vite preview did not start')
}

/** `env`: more of the server's settings (the Auth emulator's, for a build that signs in through it). */
export async function startLiveServer(outDir, env = {}) {
  const dataDir = await mkdtemp(join(tmpdir(), 'studyhub-bench-'))
  const server = await startApiServerProcess({
    ...env,
    DATA_DIR: dataDir,
    SEED: 'always',
    APP_DIST_DIR: outDir,
    LOG_LEVEL: 'warn',
    RATE_LIMIT_SIGN_IN: '0',
    RATE_LIMIT_WRITES: '0',
  })
  return {
    origin: server.origin,
    stop: async () => {
      await server.stop()
      await rm(dataDir, { recursive: true, force: true })
    },
  }
}

/**
 * A live build whose users sign in, served as above: an Auth emulator holding
 * the seeded demo accounts, a live build made after it is up (the build
 * carries its address, so this build is made here, into `outDir`, and never
 * the one step 2 checks), and the API server trusting that emulator. The
 * build differs from the bench's live build only in its Firebase settings.
 */
export async function startSignedInLiveServer(outDir) {
  const emulator = await startAuthEmulator()
  try {
    const buildMs = viteBuild(outDir, liveBuildEnv(`http://${emulator.host}`))
    await addDemoAccounts(emulator.host)
    const server = await startLiveServer(outDir, {
      FIREBASE_PROJECT_ID: LIVE_FIREBASE_PROJECT_ID,
      FIREBASE_AUTH_EMULATOR_HOST: emulator.host,
    })
    return {
      origin: server.origin,
      buildMs,
      stop: async () => {
        await server.stop()
        await emulator.stop()
      },
    }
  } catch (error) {
    await emulator.stop()
    throw error
  }
}
