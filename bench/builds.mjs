// Step 1a of `npm run bench`: the builds it measures. The demo build, a live
// build (VITE_API_URL set) and a bare React app as the reference, each into
// node_modules/.cache/bench/.
import { spawnSync } from 'node:child_process'
import { mkdir, writeFile } from 'node:fs/promises'
import { join } from 'node:path'
import { cacheDir, root, viteBin } from './bench-env.mjs'

/** A live build's settings, with an API on the app's own origin (the API server serves both). */
export const LIVE_BUILD_ENV = {
  VITE_API_URL: '/api',
  VITE_FIREBASE_API_KEY: 'bench-api-key',
  VITE_FIREBASE_AUTH_DOMAIN: 'bench.example.invalid',
  VITE_FIREBASE_PROJECT_ID: 'bench-project',
  VITE_FIREBASE_APP_ID: '1:000000000000:web:bench',
  // A production build: whatever the shell says, no emulator.
  VITE_FIREBASE_AUTH_EMULATOR: '',
}

export function viteBuild(outDir, env) {
  const started = Date.now()
  const result = spawnSync(
    process.execPath,
    [viteBin, 'build', '--outDir', outDir, '--emptyOutDir', '--manifest', '--logLevel', 'error'],
    { cwd: root, env: { ...process.env, ...env }, stdio: ['ignore', 'inherit', 'inherit'] },
  )
  if (result.status !== 0) throw new Error(`vite build into ${outDir} failed (exit ${result.status})`)
  return Date.now() - started
}

/** A React 19 app that renders one heading: what "bare React" costs. */
export async function buildBareReact(outDir) {
  const dir = join(cacheDir, 'bare-react-src')
  await mkdir(dir, { recursive: true })
  await writeFile(
    join(dir, 'index.html'),
    '<!doctype html><html lang="en"><head><title>bare</title></head><body><div id="root"></div><script type="module" src="./main.jsx"></script></body></html>',
  )
  await writeFile(
    join(dir, 'main.jsx'),
    "import { createRoot } from 'react-dom/client'\ncreateRoot(document.getElementById('root')).render(<h1>Hello</h1>)\n",
  )
  const { build } = await import('vite')
  const { default: react } = await import('@vitejs/plugin-react')
  await build({
    root: dir,
    configFile: false,
    logLevel: 'error',
    plugins: [react()],
    build: { outDir, emptyOutDir: true, manifest: true, target: 'es2022' },
  })
}
