// `npm run bench -- --rounds N`: the browser steps run N times on the same
// builds, and the goals' table shows the median of the rounds (issue 31 asks
// for the median of 3 runs on a quiet machine). Per figure:
//
// - a timing: the median of the rounds' app figures, of their floors, and of
//   their ratios (each ratio is app ÷ floor within one round, as in a single
//   run: the median ratio is not the ratio of the medians);
// - a Lighthouse route: each round's worst run (lowest score, highest CLS,
//   TBT and LCP), and the median of those worsts; every run's score is kept.
import { median } from './bench-env.mjs'

const medianRatio = (values) => Number(median(values).toFixed(2))

function timingFigures(rounds) {
  const first = rounds[0]
  const out = {}
  for (const key of Object.keys(first)) {
    out[key] = {}
    for (const what of Object.keys(first[key])) {
      const figs = rounds.map((round) => round[key][what])
      out[key][what] = {
        app: median(figs.map((f) => f.app)),
        floor: median(figs.map((f) => f.floor)),
        ratio: medianRatio(figs.map((f) => f.ratio)),
        samples: figs.map((f) => f.app),
        floorSamples: figs.map((f) => f.floor),
      }
    }
  }
  return out
}

function lighthouseRoute(rounds) {
  const worst = (key) => median(rounds.map((r) => r[key]))
  return {
    runs: rounds.flatMap((r) => r.runs),
    rounds: rounds.map(({ worstScore, worstCls, worstTbt, worstLcp }) => ({
      worstScore,
      worstCls,
      worstTbt,
      worstLcp,
    })),
    medianScore: median(rounds.flatMap((r) => r.runs.map((run) => run.score))),
    worstScore: worst('worstScore'),
    worstCls: worst('worstCls'),
    worstTbt: worst('worstTbt'),
    worstLcp: worst('worstLcp'),
  }
}

/** { timings, lighthouse } of the median round, from each round's { timings, lighthouse }. */
export function medianOfRounds(rounds) {
  const timings = {}
  const lighthouse = {}
  for (const build of Object.keys(rounds[0].timings))
    timings[build] = timingFigures(rounds.map((r) => r.timings[build]))
  for (const build of Object.keys(rounds[0].lighthouse)) {
    lighthouse[build] = {}
    for (const route of Object.keys(rounds[0].lighthouse[build])) {
      lighthouse[build][route] = lighthouseRoute(rounds.map((r) => r.lighthouse[build][route]))
    }
  }
  return { timings, lighthouse }
}
