// Browser tests: Playwright in Debian's Chromium against built apps, never the
// dev server, so the service worker and precache are the ones users get. Two
// projects, one per kind of build (README, "Demo and live builds"):
//
// - `demo`: the demo build (`vite build && vite preview`), whose API is the
//   demo server inside its service worker. Every spec outside tests/e2e/live.
// - `live`: a live build served by the real API server, which signs users in
//   through the Firebase Auth emulator (tests/e2e/live/live-stack.ts). The
//   tests tagged @live: the journeys that are the same in both builds, written
//   once in the demo specs, and the live-only specs in tests/e2e/live.
//
// Ports: several suites may run on one machine at once, so each server takes
// E2E_PORT / E2E_LIVE_PORT or a free port chosen here. Playwright loads this
// file again in every worker; the ports are put into process.env first, and
// workers inherit the runner's environment, so they all agree on them.
import { execFileSync } from 'node:child_process'
import { existsSync, readFileSync } from 'node:fs'
import { createRequire } from 'node:module'
import { dirname, join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { defineConfig, devices, type PlaywrightTestConfig } from '@playwright/test'
import type { AppModeOption } from './tests/e2e/fixtures'

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

const PROJECTS = ['demo', 'live'] as const
type ProjectName = (typeof PROJECTS)[number]

/**
 * The projects `--project` picks on the runner's command line (every project
 * when it picks none of them): only their servers are started, so
 * `playwright test --project live` builds no demo build.
 */
function selectedProjects(argv: readonly string[]): Set<ProjectName> {
  const asked: string[] = []
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i]!
    if (arg.startsWith('--project=')) asked.push(arg.slice('--project='.length))
    else if (arg === '--project') while (argv[i + 1] && !argv[i + 1]!.startsWith('-')) asked.push(argv[++i]!)
  }
  // Playwright's own rule: case-insensitive names, `*` as a wildcard.
  const matches = (pattern: string, name: string) =>
    new RegExp(`^${pattern.replace(/[.+?^${}()|[\]\\]/g, '\\$&').replaceAll('*', '.*')}$`, 'i').test(name)
  const picked = PROJECTS.filter((name) => asked.some((pattern) => matches(pattern, name)))
  return new Set(picked.length > 0 ? picked : PROJECTS)
}

process.env.E2E_PORT ||= freePort()
process.env.E2E_LIVE_PORT ||= freePort()
// Where the live stack's API server sends mail: the mail spec listens there (tests/e2e/live/mail.spec.ts).
process.env.E2E_LIVE_SMTP_PORT ||= freePort()
const port = Number(process.env.E2E_PORT)
const livePort = Number(process.env.E2E_LIVE_PORT)
const baseURL = `http://127.0.0.1:${port}`
const liveURL = `http://127.0.0.1:${livePort}`
// One build per port, outside dist/, so parallel suites never overwrite each
// other's files (node_modules/.cache is ignored by git, lint and prettier).
const outDir = `node_modules/.cache/e2e-dist-${port}`
const liveOutDir = `node_modules/.cache/e2e-live-dist-${livePort}`

/**
 * The features Playwright turns off in Chromium for stable automation
 * (PaintHolding, HttpsUpgrades, ThirdPartyStoragePartitioning, ...). Chromium
 * keeps only the last `--disable-features` on its command line, and Playwright
 * puts its own before ours, so a list of our own would silently turn all of
 * Playwright's back on. Playwright has no option to add to its list; it is read
 * from the installed Playwright, and the run stops if that no longer holds one.
 */
function playwrightDisabledFeatures(): string[] {
  const core = dirname(createRequire(import.meta.url).resolve('playwright-core/package.json'))
  const source = readFileSync(join(core, 'lib/coreBundle.js'), 'utf8')
  const list = /disabledFeatures = \[([^\]]*)\]/.exec(source)?.[1]
  const names = [...(list ?? '').matchAll(/"(\w+)"/g)].map((match) => match[1]!)
  if (names.length === 0) {
    throw new Error(
      'playwright.config.ts: Playwright’s list of disabled Chromium features was not found; update playwrightDisabledFeatures()',
    )
  }
  return names
}

const chromium = {
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
      // RenderDocument off keeps context.setOffline() across navigations and
      // reloads (without it Chromium 150+ brings the page and its worker back
      // online), beside the features Playwright turns off itself.
      `--disable-features=${['RenderDocument', ...playwrightDisabledFeatures()].join(',')}`,
      // One renderer process for the app's pages and its service worker, as
      // a phone short of memory runs them: the run is Chromium's work on two
      // cores, and a process per page cost a fifth more of it
      // (docs/testing.md#the-budget).
      '--process-per-site',
    ],
  },
}

type WebServer = Exclude<NonNullable<PlaywrightTestConfig['webServer']>, unknown[]>

const servers: Record<ProjectName, WebServer> = {
  demo: {
    name: 'demo',
    // Always the demo build: an empty VITE_API_URL overrides any .env file.
    command: `node node_modules/vite/bin/vite.js build --outDir ${outDir} --emptyOutDir --logLevel warn && node node_modules/vite/bin/vite.js preview --outDir ${outDir} --host 127.0.0.1 --port ${port} --strictPort`,
    cwd: root,
    url: baseURL,
    // The demo server answers in 20 ms, not a person's 150 (mocks/config.ts): the tests wait on it less.
    env: { VITE_API_URL: '', VITE_DEMO_LATENCY_MS: '20', E2E_OUT_DIR: outDir },
    reuseExistingServer: false,
    timeout: 120_000,
    stdout: 'ignore',
    stderr: 'pipe',
  },
  live: {
    name: 'live',
    // The Auth emulator, the live build and the API server serving it.
    command: 'node --import tsx tests/e2e/live/live-stack.ts',
    cwd: root,
    url: `${liveURL}/healthz`,
    env: {
      E2E_LIVE_PORT: String(livePort),
      E2E_LIVE_OUT_DIR: liveOutDir,
      E2E_LIVE_SMTP_PORT: process.env.E2E_LIVE_SMTP_PORT,
    },
    reuseExistingServer: false,
    timeout: 240_000,
    // The stack stops its pieces and removes its folders on SIGTERM.
    gracefulShutdown: { signal: 'SIGTERM', timeout: 30_000 },
    stdout: 'ignore',
    stderr: 'pipe',
  },
}
const selected = selectedProjects(process.argv.slice(2))

export default defineConfig<AppModeOption>({
  testDir: './tests/e2e',
  testMatch: '**/*.spec.ts',
  // Per run too: Playwright empties its output folder when it starts.
  outputDir: `./test-results/e2e-${port}`,
  fullyParallel: true,
  // Two workers on two cores: the tests spend most of their time waiting on
  // the browser, so two run side by side in about 60% of the time of one
  // (measured on the whole suite; nothing flaked). A third gained nothing
  // (17.3 min against 17.8 with two, 26 Nov 2026) and made the slowest tests
  // 40% slower, toward the 60 s limit. E2E_WORKERS sets another count.
  workers: Number(process.env.E2E_WORKERS) || 2,
  // No retries anywhere: a test that needs one is a defect to fix.
  retries: 0,
  forbidOnly: Boolean(process.env.CI),
  // Generous: the axe scans run inside each test, and CI may share the cores.
  timeout: 60_000,
  expect: { timeout: 7_000 },
  reporter: [['list']],
  globalTeardown: './tests/e2e/global-teardown.ts',
  use: {
    serviceWorkers: 'allow',
    // Off unless asked for (E2E_TRACE=1): recording a trace of every test to keep
    // only the failures' made the whole run about a fifth slower (measured on
    // the workspaces specs, then one file: 142 s with, 111 s without). A
    // failure still leaves its screenshot and the page's accessibility tree
    // (error-context.md).
    trace: process.env.E2E_TRACE ? 'retain-on-failure' : 'off',
    screenshot: 'only-on-failure',
    actionTimeout: 10_000,
    navigationTimeout: 15_000,
  },
  projects: [
    {
      name: 'live',
      grep: /@live\b/,
      // One server and one database serve every test of this project, and
      // tests read totals (stats, counts) that another test's writes would
      // change under them: one at a time, beside the demo project's worker.
      // Listed first: workers take queued tests in project order, so the live
      // tests start at once on one worker while the demo tests use the other.
      workers: 1,
      use: { ...chromium, baseURL: liveURL, appMode: 'live' },
    },
    {
      name: 'demo',
      testIgnore: '**/live/**',
      use: { ...chromium, baseURL, appMode: 'demo' },
    },
  ],
  webServer: PROJECTS.filter((name) => selected.has(name)).map((name) => servers[name]),
})
