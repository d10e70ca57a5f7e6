// Step 3 of `npm run bench`: the demo server's latency at 10,000 sessions
// (bench/server-latency.mjs, in its own process); keeps its JSON.
import { spawn } from 'node:child_process'
import { existsSync } from 'node:fs'
import { readdir, readFile, stat } from 'node:fs/promises'
import { join } from 'node:path'
import { log, resultsDir, root } from './bench-env.mjs'

export async function runServerLatency() {
  const script = join(root, 'bench/server-latency.mjs')
  if (!existsSync(script)) return { skipped: 'bench/server-latency.mjs does not exist yet' }
  log('\n== Server latency (bench/server-latency.mjs) ==')
  const started = Date.now()
  const stdout = await new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [script], {
      cwd: root,
      env: { ...process.env, BENCH_RESULTS_DIR: resultsDir },
      stdio: ['ignore', 'pipe', 'inherit'],
    })
    let out = ''
    child.stdout.on('data', (chunk) => {
      out += chunk
      process.stdout.write(chunk)
    })
    const timer = setTimeout(() => child.kill('SIGTERM'), 10 * 60_000)
    child.on('error', reject)
    child.on('close', (code) => {
      clearTimeout(timer)
      if (code === 0) resolve(out)
      else reject(new Error(`bench/server-latency.mjs exited with ${code}`))
    })
  })
  // Its JSON: the whole stdout, else its last JSON line, else a file it wrote.
  const candidates = [stdout.trim(), ...stdout.trim().split('\n').reverse()]
  for (const text of candidates) {
    try {
      return JSON.parse(text)
    } catch {
      // not JSON; try the next candidate
    }
  }
  for (const file of (await readdir(resultsDir)).filter((f) => /^server-latency.*\.json$/.test(f))) {
    const path = join(resultsDir, file)
    if ((await stat(path)).mtimeMs >= started) return JSON.parse(await readFile(path, 'utf8'))
  }
  return { stdout }
}
