// `npm test`: every check, in stages (STAGES below), stopping after the
// first stage in which one fails, and then where the time went: each phase's
// wall time and the slowest tests of the vitest and browser runs. The suite must stay fast enough to
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
const vitestReport = join(reports, 'vitest.json')
const browserReport = join(reports, 'playwright.json')
const bin = (name) => join(root, 'node_modules', '.bin', name)

/**
 * The stages of `npm test`, in order. The checks of a stage run side by side
 * (each is one process on one core, and the machine has at least two): the
 * four static checks take about half their summed time that way. The unit
 * and conformance tests are one vitest run, so that their long files (the
 * conformance targets, the server's process tests) share both workers
 * instead of each run ending on one: 5.5 min instead of 6.8 on a 2-core
 * machine. Each check is still a phase of the table.
 */
const STAGES = [
  [
    { phase: 'lint', command: bin('eslint'), args: ['.', '--max-warnings=0'] },
    { phase: 'format check', command: bin('prettier'), args: ['--check', '.', '--log-level', 'warn'] },
    { phase: 'type check', command: bin('tsc'), args: ['-b'] },
    { phase: 'unused code (knip)', command: bin('knip'), args: [] },
  ],
  [
    {
      phase: 'unit and conformance tests',
      command: bin('vitest'),
      args: ['run', '--reporter=default', '--reporter=json', `--outputFile.json=${vitestReport}`],
    },
  ],
  [
    {
      phase: 'browser tests',
      command: bin('playwright'),
      args: ['test', '--reporter=list,json'],
      env: { PLAYWRIGHT_JSON_OUTPUT_NAME: browserReport },
    },
  ],
]

/**
 * Runs one check. Alone in its stage it writes to the terminal as it goes;
 * beside others its output is held and printed whole when it ends, so that
 * the outputs do not interleave.
 */
function run({ phase, command, args, env }, alone) {
  return new Promise((resolve) => {
    const child = spawn(command, args, {
      cwd: root,
      stdio: alone ? 'inherit' : ['ignore', 'pipe', 'pipe'],
      env: { ...process.env, ...env },
    })
    const held = []
    child.stdout?.on('data', (chunk) => held.push(chunk))
    child.stderr?.on('data', (chunk) => held.push(chunk))
    const done = (code) => {
      if (!alone) {
        console.log(`\n==> ${phase}`)
        process.stdout.write(Buffer.concat(held))
      }
      resolve(code)
    }
    child.on('exit', (code, signal) => done(code ?? (signal ? 1 : 0)))
    child.on('error', (error) => {
      console.error(error)
      done(1)
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

// Rounded first, so 839.6 s is 14 min 00 s, not 13 min 60 s.
const minutes = (seconds) => {
  const whole = Math.round(seconds)
  return `${Math.floor(whole / 60)} min ${String(whole % 60).padStart(2, '0')} s`
}

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
for (const stage of STAGES) {
  if (stage.length > 1) console.log(`\n==> ${stage.map((step) => step.phase).join(', ')}, side by side`)
  else console.log(`\n==> ${stage[0].phase}`)
  const results = await Promise.all(
    stage.map(async (step) => {
      const t0 = Date.now()
      const code = await run(step, stage.length === 1)
      return { phase: step.phase, seconds: (Date.now() - t0) / 1000, status: code === 0 ? 'passed' : 'FAILED' }
    }),
  )
  phases.push(...results)
  const failedHere = results.filter((r) => r.status === 'FAILED').map((r) => r.phase)
  if (failedHere.length > 0) {
    failed = failedHere.join(', ')
    break
  }
}
const testSeconds = (Date.now() - started) / 1000
const vitest = readJson(vitestReport)
const browser = readJson(browserReport)

/** The summed test time of the vitest files whose path `pick` accepts, in seconds. */
function fileSeconds(pick) {
  const files = (vitest?.testResults ?? []).filter((file) => pick(file.name.replace(root, '')))
  return files.reduce((sum, file) => sum + Math.max(0, (file.endTime ?? 0) - (file.startTime ?? 0)), 0) / 1000
}
const isConformance = (path) => path.startsWith('tests/conformance/')

console.log('\nWhere the time went (wall time; a stage’s checks ran side by side):')
for (const { phase, seconds, status } of phases) {
  console.log(`  ${phase.padEnd(28)} ${minutes(seconds).padStart(12)}  ${status}`)
  if (phase === 'unit and conformance tests' && vitest) {
    // The two share the run's workers, so each is given as its files' summed time.
    for (const [name, pick] of [
      ['unit test files', (path) => !isConformance(path)],
      ['conformance test files', isConformance],
    ]) {
      console.log(`    ${name.padEnd(26)} ${minutes(fileSeconds(pick)).padStart(12)}  summed`)
    }
  }
}
console.log(`  ${'npm test in all'.padEnd(28)} ${minutes(testSeconds).padStart(12)}`)
printSlowest('The 10 slowest browser tests', browserTests(browser))
printSlowest('The 10 slowest unit and conformance tests', vitestTests(vitest))

// The closing line: every test of both runs, in the plain form CI reads.
const stats = browser?.stats
const passed = (vitest?.numPassedTests ?? 0) + (stats?.expected ?? 0) + (stats?.flaky ?? 0)
const failures = (vitest?.numFailedTests ?? 0) + (stats?.unexpected ?? 0)
if (failed) console.error(`\nnpm test failed at: ${failed}`)
else console.log('\nAll checks passed')
console.log(`Tests: ${passed} passed, ${failures} failed`)
if (failed) process.exit(1)
