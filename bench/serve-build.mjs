// How `npm run bench` serves a build on loopback for the browser steps: the
// demo build with `vite preview`, a live build with the API server
// (server/main.ts on a seeded PGlite in a temporary folder, APP_DIST_DIR set),
// as the `live` browser tests run it.
import { spawn } from 'node:child_process'
import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { startApiServerProcess } from '../tests/server-process/api-server-process.ts'
import { freePort, root, sleep, viteBin } from './bench-env.mjs'

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

export async function startLiveServer(outDir) {
  const dataDir = await mkdtemp(join(tmpdir(), 'studyhub-bench-'))
  const server = await startApiServerProcess({
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
