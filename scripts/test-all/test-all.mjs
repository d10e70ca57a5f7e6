// `npm test`: every check, in order, stopping at the first that fails, and
// then where the time went: each phase's wall time and the slowest tests of
// the unit, conformance and browser runs. The suite must stay fast enough to
// keep landing (docs/testing.md gives the budget), and a run that does not
// say where its time goes cannot be kept so.
//
// `.ci/run` times its own install steps and hands them over in the file named
// by TEST_PHASE_TIMES (a line per phase: name, tab, seconds), so one table
// covers the whole run.
import { spawn } from 'node:child_process'
import { existsSync, mkdirSync, readFileSync, rmSync } from 'node:fs'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'

const root = fileURLToPath(new URL('../../', import.meta.url))
const reports = join(root, 'test-results', 'timings')
// A report left by an earlier run must not pass for this one's.
rmSync(reports, { recursive: true, force: true })
mkdirSync(reports, { recursive: true })
const vitestReport = (name) => join(reports, `vitest-${name}.json`)
const browserReport = join(reports, 'playwright.json')
const bin = (name) => join(root, 'node_modules', '.bin', name)

/** The steps of `npm test`, each a phase of the table. */
const STEPS = [
  { phase: 'lint', command: bin('eslint'), args: ['.', '--max-warnings=0'] },
  { phase: 'format check', command: bin('prettier'), args: ['--check', '.'] },
  { phase: 'type check', command: bin('tsc'), args: ['-b'] },
  { phase: 'unused code (knip)', command: bin('knip'), args: [] },
  {
    phase: 'unit tests',
    command: bin('vitest'),
    args: ['run', '--exclude', 'tests/conformance/**', ...vitestReporters('unit')],
  },
  {
    phase: 'conformance tests',
    command: bin('vitest'),
    args: ['run', '--project', 'server', 'tests/conformance', ...vitestReporters('conformance')],
  },
  {
    phase: 'browser tests',
    command: bin('playwright'),
    args: ['test', '--reporter=list,json'],
    env: { PLAYWRIGHT_JSON_OUTPUT_NAME: browserReport },
  },
]

function vitestReporters(name) {
  return ['--reporter=default', '--reporter=json', `--outputFile.json=${vitestReport(name)}`]
}

function run({ command, args, env }) {
  return new Promise((resolve) => {
    const child = spawn(command, args, { cwd: root, stdio: 'inherit', env: { ...process.env, ...env } })
    child.on('exit', (code, signal) => resolve(code ?? (signal ? 1 : 0)))
    child.on('error', (error) => {
      console.error(error)
      resolve(1)
    })
  })
}

/** Phases timed before this script ran (.ci/run's installs). */
function earlierPhases() {
  const file = process.env.TEST_PHASE_TIMES
  if (!file || !existsSync(file)) return []
  return readFileSync(file, 'utf8')
    .split('\n')
    .filter(Boolean)
    .map((line) => {
      const [phase, seconds] = line.split('\t')
      return { phase, seconds: Number(seconds), status: 'done' }
    })
}

const minutes = (seconds) => `${Math.floor(seconds / 60)} min ${String(Math.round(seconds % 60)).padStart(2, '0')} s`

function readJson(file) {
  try {
    return JSON.parse(readFileSync(file, 'utf8'))
  } catch {
    return null
  }
}

/** Every test of a vitest JSON report: name and milliseconds. */
function vitestTests(report) {
  return (report?.testResults ?? []).flatMap((file) =>
    (file.assertionResults ?? []).map((t) => ({
      name: `${file.name.replace(root, '')} › ${t.fullName}`,
      ms: t.duration ?? 0,
    })),
  )
}

/** Every test of a Playwright JSON report: project, title path and the duration of its one run. */
function browserTests(report) {
  const out = []
  const walk = (suite, path) => {
    for (const spec of suite.specs ?? []) {
      for (const t of spec.tests ?? []) {
        const ms = (t.results ?? []).reduce((sum, r) => sum + (r.duration ?? 0), 0)
        out.push({ name: `[${t.projectName}] ${[...path, spec.title].join(' › ')}`, ms })
      }
    }
    for (const child of suite.suites ?? []) walk(child, [...path, child.title])
  }
  // The top suites are the spec files; theirs are the describe blocks.
  for (const suite of report?.suites ?? []) walk(suite, [suite.title])
  return out
}

function printSlowest(title, tests, count = 10) {
  if (tests.length === 0) return
  console.log(`\n${title} (of ${tests.length}):`)
  for (const t of [...tests].sort((a, b) => b.ms - a.ms).slice(0, count)) {
    console.log(`  ${(t.ms / 1000).toFixed(1).padStart(6)} s  ${t.name}`)
  }
}

const phases = earlierPhases()
let failed = null
const started = Date.now()
for (const step of STEPS) {
  console.log(`\n==> ${step.phase}`)
  const t0 = Date.now()
  const code = await run(step)
  phases.push({ phase: step.phase, seconds: (Date.now() - t0) / 1000, status: code === 0 ? 'passed' : 'FAILED' })
  if (code !== 0) {
    failed = step.phase
    break
  }
}
const testSeconds = (Date.now() - started) / 1000

console.log('\nWhere the time went:')
for (const { phase, seconds, status } of phases) {
  console.log(`  ${phase.padEnd(22)} ${minutes(seconds).padStart(12)}  ${status}`)
}
console.log(`  ${'npm test in all'.padEnd(22)} ${minutes(testSeconds).padStart(12)}`)
printSlowest('The 10 slowest browser tests', browserTests(readJson(browserReport)))
printSlowest('The 10 slowest unit and conformance tests', [
  ...vitestTests(readJson(vitestReport('unit'))),
  ...vitestTests(readJson(vitestReport('conformance'))),
])

// The closing line: every test of the three runs, in the plain form CI reads.
const unit = [readJson(vitestReport('unit')), readJson(vitestReport('conformance'))]
const browser = readJson(browserReport)?.stats
const passed = unit.reduce((n, r) => n + (r?.numPassedTests ?? 0), 0) + (browser?.expected ?? 0) + (browser?.flaky ?? 0)
const failures = unit.reduce((n, r) => n + (r?.numFailedTests ?? 0), 0) + (browser?.unexpected ?? 0)
if (failed) console.error(`\nnpm test failed at: ${failed}`)
else console.log('\nAll checks passed')
console.log(`Tests: ${passed} passed, ${failures} failed`)
if (failed) process.exit(1)
