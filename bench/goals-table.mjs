// Step 6 of `npm run bench`: the goals' table, written into docs/performance.md
// between its markers: each figure beside its floor from the same run, as a
// ratio, with its goal and whether it is met.
import { readFile, writeFile } from 'node:fs/promises'
import { join } from 'node:path'
import { kib, root } from './bench-env.mjs'
import { ALL_JS_BUDGET_KIB, BUDGET_KIB, DEMO_WORKER_BASELINE_KIB } from './bundle-report.mjs'

// The page the table lives in, with the goals it measures and what the missed ones show.
const PAGE = 'docs/performance.md'
const START = '<!-- bench:table:start -->'
const END = '<!-- bench:table:end -->'

const mark = (met) => (met === null ? '—' : met ? 'yes' : '**no**')

function timingRows(build, figures) {
  if (!figures) return []
  const rows = []
  const add = (label, fig, goal) =>
    rows.push([
      `${label} (${build})`,
      `${fig.app} ms`,
      `${fig.floor} ms`,
      `${fig.ratio}×`,
      goal ? `≤ ${goal}×` : '—',
      mark(goal ? fig.ratio !== null && fig.ratio <= goal : null),
    ])
  add('first visit: LCP of `/`', figures.firstVisit.lcp)
  add('first visit: the 6 cards on screen', figures.firstVisit.cards, 1.25)
  add('home-screen start, online: LCP', figures.online.lcp)
  add('home-screen start, online: the 6 cards on screen', figures.online.cards, 1.2)
  add('home-screen start, offline: LCP', figures.offline.lcp)
  add('home-screen start, offline: the 6 cards on screen', figures.offline.cards, 1.2)
  return rows
}

function lighthouseRows(build, results) {
  if (!results) return []
  return Object.entries(results).map(([route, r]) => {
    const met = r.worstScore >= 95 && r.worstCls <= 0.02 && r.worstTbt <= 150 && r.worstLcp <= 2500
    const worst = `CLS ≤ ${r.worstCls}; TBT ≤ ${r.worstTbt} ms; LCP ≤ ${(r.worstLcp / 1000).toFixed(2)} s`
    // With rounds (bench/median-of-rounds.mjs): the median of each round's worst, and each round's worst TBT and LCP.
    // The lowest score stands for every run's: the cell stays short enough for a line of the page.
    const lowest = Math.min(...r.runs.map((x) => x.score))
    const figure = r.rounds
      ? `score ${r.worstScore}, ${worst.replaceAll('≤ ', '')}` +
        ` (rounds: TBT ${r.rounds.map((x) => x.worstTbt).join(' / ')} ms, LCP ${r.rounds.map((x) => (x.worstLcp / 1000).toFixed(2)).join(' / ')} s;` +
        ` lowest score ${lowest})`
      : `lowest score ${lowest}; ${worst}`
    return [
      `Lighthouse \`${route}\` (${build})`,
      figure,
      '—',
      '—',
      '≥ 95, CLS ≤ 0.02, TBT ≤ 150 ms, LCP ≤ 2.5 s',
      mark(met),
    ]
  })
}

function bundleRows(build, report, bareReact) {
  const row = (label, bytes, floor, goalKib) => [
    `${label} (${build})`,
    `${kib(bytes)} KiB`,
    floor ? `${kib(floor)} KiB (bare React)` : '—',
    floor ? `${(bytes / floor).toFixed(2)}×` : '—',
    `≤ ${goalKib} KiB`,
    mark(bytes <= goalKib * 1024),
  ]
  const rows = [
    row('all app JS, gzip', report.totalJsGzip, null, ALL_JS_BUDGET_KIB),
    row('first-load JS, gzip', report.firstLoad.gzip, bareReact, BUDGET_KIB),
  ]
  if (build === 'demo') rows.push(row('demo worker JS, gzip', report.serviceWorkerGzip, null, DEMO_WORKER_BASELINE_KIB))
  return rows
}

/** The markdown table of a bench summary (bench/run.mjs). */
export function goalsTable(summary) {
  const rows = [
    ...timingRows('demo', summary.timings?.demo),
    ...timingRows('live', summary.timings?.live),
    ...lighthouseRows('demo', summary.lighthouse?.demo),
    ...lighthouseRows('live', summary.lighthouse?.live),
    ...bundleRows('demo', summary.demo, summary.bareReact.firstLoad.gzip),
    ...bundleRows('live', summary.live, summary.bareReact.firstLoad.gzip),
  ]
  const header = ['figure', 'StudyHub', 'floor', 'ratio', 'goal', 'met?']
  const line = (cells) => `| ${cells.join(' | ')} |`
  return [line(header), line(header.map(() => '---')), ...rows.map(line)].join('\n')
}

/** Replaces what is between the markers of docs/performance.md with the table and how it was measured. */
export async function writeGoalsTable(summary, how) {
  const path = join(root, PAGE)
  const page = await readFile(path, 'utf8')
  const start = page.indexOf(START)
  const end = page.indexOf(END)
  if (start < 0 || end < start) throw new Error(`${PAGE} has no ${START} … ${END} markers`)
  const block = `${START}\n\n${how}\n\n${goalsTable(summary)}\n\n${END}`
  // Formatted as `npm run format:check` wants it, so a bench run leaves the page committable as it is.
  const { format, resolveConfig } = await import('prettier')
  const text = page.slice(0, start) + block + page.slice(end + END.length)
  await writeFile(path, await format(text, { ...(await resolveConfig(path)), filepath: path }))
}
