// Browser tests: Playwright in Debian's Chromium against the built demo app
// (`vite build && vite preview`), never the dev server, so the service worker,
// precache and demo server are the ones users get.
//
// Port: several suites may run on one machine at once, so the preview server
// takes E2E_PORT or a free port chosen here. Playwright loads this file again
// in every worker; the port is put into process.env first, and workers inherit
// the runner's environment, so they all agree on it.
import { execFileSync } from 'node:child_process'
import { existsSync } from 'node:fs'
import { fileURLToPath } from 'node:url'
import { defineConfig, devices } from '@playwright/test'

const root = fileURLToPath(new URL('.', import.meta.url))

function chromiumPath(): string {
  const candidates = [process.env.CHROMIUM_PATH, '/usr/bin/chromium', '/usr/bin/chromium-browser'].filter(
    (p): p is string => Boolean(p),
  )
  const found = candidates.find((p) => existsSync(p))
  if (!found) {
    throw new Error(
      [
        '',
        'No Chromium found for the browser tests.',
        `Looked at: ${candidates.join(', ')}.`,
        'Install Debian’s Chromium with:',
        '',
        '    sudo apt-get update && sudo apt-get install -y chromium fonts-liberation fonts-noto-core',
        '',
        'or point CHROMIUM_PATH at a Chromium binary. (`.ci/run` does the install for you.)',
        '',
      ].join('\n'),
    )
  }
  return found
}

function freePort(): string {
  // Synchronous on purpose: the config must be complete when it is returned.
  const script =
    "const s=require('node:net').createServer();s.listen(0,'127.0.0.1',()=>{process.stdout.write(String(s.address().port));s.close()})"
  return execFileSync(process.execPath, ['-e', script], { encoding: 'utf8' }).trim()
}

process.env.E2E_PORT ||= freePort()
const port = Number(process.env.E2E_PORT)
const baseURL = `http://127.0.0.1:${port}`
// One build per port, outside dist/, so parallel suites never overwrite each
// other's files (node_modules/.cache is ignored by git, lint and prettier).
const outDir = `node_modules/.cache/e2e-dist-${port}`

export default defineConfig({
  testDir: './tests/e2e',
  testMatch: '**/*.spec.ts',
  // Per run too: Playwright empties its output folder when it starts.
  outputDir: `./test-results/e2e-${port}`,
  fullyParallel: true,
  // Two workers on two cores: the tests spend most of their time waiting on
  // the browser, so two run side by side in about 60% of the time of one
  // (measured on the whole suite; nothing flaked).
  workers: 2,
  // No retries anywhere: a test that needs one is a defect to fix.
  retries: 0,
  forbidOnly: Boolean(process.env.CI),
  // Generous: the axe scans run inside each test, and CI may share the cores.
  timeout: 60_000,
  expect: { timeout: 7_000 },
  reporter: [['list']],
  globalTeardown: './tests/e2e/global-teardown.ts',
  use: {
    baseURL,
    serviceWorkers: 'allow',
    trace: 'retain-on-failure',
    screenshot: 'only-on-failure',
    actionTimeout: 10_000,
    navigationTimeout: 15_000,
  },
  projects: [
    {
      name: 'chromium',
      use: {
        ...devices['Desktop Chrome'],
        channel: undefined,
        launchOptions: {
          executablePath: chromiumPath(),
          args: [
            '--no-sandbox',
            '--disable-gpu',
            '--disable-quic',
            '--no-first-run',
            '--disable-background-networking',
            '--disable-component-update',
            '--disable-sync',
            // Keeps context.setOffline() across navigations and reloads; without
            // it Chromium 150+ brings the page and its worker back online.
            '--disable-features=RenderDocument',
          ],
        },
      },
    },
  ],
  webServer: {
    // Always the demo build: an empty VITE_API_URL overrides any .env file.
    command: `node node_modules/vite/bin/vite.js build --outDir ${outDir} --emptyOutDir --logLevel warn && node node_modules/vite/bin/vite.js preview --outDir ${outDir} --host 127.0.0.1 --port ${port} --strictPort`,
    cwd: root,
    url: baseURL,
    env: { VITE_API_URL: '', E2E_OUT_DIR: outDir },
    reuseExistingServer: false,
    timeout: 120_000,
    stdout: 'ignore',
    stderr: 'pipe',
  },
})
